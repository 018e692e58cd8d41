#!/usr/bin/env bash
# Installs every Debian/Ubuntu package Phosphene's build, tests and tools need. The single list of
# system dependencies: if the build or a test needs a package, it is named here. Idempotent and
# quiet; prints what it installs. Works as root or through sudo.
set -euo pipefail

packages=(
  # toolchain and build; clang (Debian 12: clang 14) builds the minimal configuration in CI
  # (scripts/test-minimal.sh) and the fuzz targets
  build-essential cmake pkg-config ccache git clang
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev
  # bench/ profiling scripts: callgrind (valgrind) and apitrace for per-pass frame profiles
  valgrind apitrace
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
  # phosphene play: SDL2 window and audio; its tests run under Xvfb with xdotool's key events
  libsdl2-dev xvfb xdotool xauth
  # phosphene play's configuration file (phosphene.toml): toml++
  libtomlplusplus-dev
  # Python bindings (bindings/python) for Debian's /usr/bin/python3: pybind11, numpy, pytest, pip
  pybind11-dev python3-pybind11 python3-dev python3-numpy python3-pytest python3-setuptools python3-pip
  # Debian packages (debian/, scripts/package-deb.sh, the `package` tests): dpkg-buildpackage with
  # debhelper and dh-python, lintian, fakeroot; help2man writes the man pages from --help at build
  # time; appstream and desktop-file-utils validate the player's metadata
  dpkg-dev debhelper dh-python lintian fakeroot help2man appstream desktop-file-utils
)

if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# npm: Debian's package, unless a node that bundles its own npm (nodesource's) is installed.
command -v npm >/dev/null || missing+=(npm)

if [ ${#missing[@]} -eq 0 ]; then
  echo "deps.sh: all ${#packages[@]} packages present"
  exit 0
fi

echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "deps.sh: done"
