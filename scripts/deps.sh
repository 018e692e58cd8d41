#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Phosphene needs. The single list of system dependencies: if
# the build or a test needs a package, it is named here. Idempotent and quiet; prints what it
# installs. Works as root or through sudo.
#   scripts/deps.sh build   building the library and the programs, running them (scripts/demo.sh)
#   scripts/deps.sh         everything: the above plus what the tests, the web build and the Debian
#                           packaging need (scripts/test.sh, CI)
set -euo pipefail

# What building Phosphene and running its programs needs (scripts/demo.sh installs only these).
build_packages=(
  # toolchain and build
  build-essential cmake pkg-config ccache git
  # GoogleTest and Google Benchmark: the default configuration builds the tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev
  # audio: FFT and file decoding (WAV, FLAC, OGG, MP3 via libsndfile >= 1.1)
  libkissfft-dev libsndfile1-dev
  # GL: libepoxy for function loading; EGL + Mesa (llvmpipe) for headless contexts
  libepoxy-dev libegl-dev libgles-dev libgl-dev libegl-mesa0 libgl1-mesa-dri
  # images: libpng; libdeflate compresses render's PNG frames (optional: zlib without it)
  libpng-dev libdeflate-dev
  # on-screen text (phosphene_overlay.h): FreeType, fontconfig and the default font, DejaVu Sans
  libfreetype-dev libfontconfig-dev fonts-dejavu-core
  # texture decoding (stb_image: JPEG, PNG, TGA, BMP) for preset user textures
  libstb-dev
  # shaders: glslang's HLSL front end (its CMake package needs glslang-tools and SPIRV-Tools'
  # static libraries) and SPIRV-Cross
  glslang-dev glslang-tools spirv-tools libspirv-cross-c-shared-dev
  # phosphene play: SDL2 window and audio; its configuration file (phosphene.toml): toml++
  libsdl2-dev libtomlplusplus-dev
  # phosphene play's "now playing" from media players (MPRIS over the D-Bus session bus):
  # libdbus-1, the reference implementation (no GLib, no systemd library needed)
  libdbus-1-dev
)

# What the tests, benchmarks, web build and packaging add (scripts/test.sh installs all).
test_packages=(
  # clang (Debian 12: clang 14) builds the minimal configuration in CI (scripts/test-minimal.sh)
  # and the fuzz targets
  clang
  # bench/ profiling scripts: callgrind (valgrind) and apitrace for per-pass frame profiles
  valgrind apitrace
  # preset collection for the corpus tests
  projectm-data
  # web build and its browser test (scripts/build-web.sh, tests/web): Debian's emscripten, its
  # dependencies compiled from Debian source packages (apt-get source needs dpkg-dev; the script
  # enables deb-src), chromium driven by playwright-core (npm, web/package-lock.json)
  emscripten dpkg-dev chromium nodejs
  # tools/projectm_render (differential check, performance comparisons): Debian's libprojectM 3.1;
  # tools/differential/differential.py reads and writes PNGs with PIL
  libprojectm-dev python3-pil
  # render --out FILE.mp4 pipes frames to the ffmpeg program; its test runs the real one and
  # reads the file back with ffprobe
  ffmpeg
  # the player's tests run under Xvfb with xdotool's key events; its capture test runs a private
  # PulseAudio server with a null sink and plays a WAV into it (paplay, pactl)
  xvfb xdotool xauth pulseaudio pulseaudio-utils
  # its MPRIS test runs fake media players (python3-dbus, its GLib main loop from python3-gi) on a
  # private session bus (dbus-run-session from dbus-bin, the bus from dbus-daemon; dbus-send)
  dbus-bin dbus-daemon python3-dbus python3-gi
  # Python bindings (bindings/python) for Debian's /usr/bin/python3: pybind11, numpy, pytest, pip
  pybind11-dev python3-pybind11 python3-dev python3-numpy python3-pytest python3-setuptools python3-pip
  # Debian packages (debian/, scripts/package-deb.sh, the `package` tests): dpkg-buildpackage with
  # debhelper and dh-python, lintian, fakeroot; help2man writes the man pages from --help at build
  # time; appstream and desktop-file-utils validate the player's metadata
  dpkg-dev debhelper dh-python lintian fakeroot help2man appstream desktop-file-utils
  # the ABI check of the public library against its 1.0 description (scripts/check-abi.sh)
  abigail-tools
  # formatting check of the sources (scripts/check-format.sh)
  clang-format
)

case "${1:-all}" in
  build) packages=("${build_packages[@]}") ;;
  all) packages=("${build_packages[@]}" "${test_packages[@]}") ;;
  *)
    echo "usage: scripts/deps.sh [build|all]   (build: what building and running needs; all: tests too)" >&2
    exit 2
    ;;
esac

if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# npm (the web test's playwright-core): Debian's package, unless a node that bundles its own npm
# (nodesource's) is installed.
if [ "${1:-all}" = all ] && ! command -v npm >/dev/null; then missing+=(npm); fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "deps.sh: all ${#packages[@]} packages present"
  exit 0
fi

echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "deps.sh: done"
