#!/usr/bin/env bash
# tests/package/check-debs.sh DEBDIR WORKDIR [SOURCE]
#
# Checks the .debs that scripts/package-deb.sh built, as a user of the packages would meet them,
# without installing anything on this machine: every package is extracted (dpkg-deb -x) into
# WORKDIR/root, then
#   - the five packages are there and nothing else;
#   - libphosphene.so.1 exports only phosphene_* symbols;
#   - the examples/ C programs (and the C++ one) build against the extracted -dev package with
#     pkg-config only (shared and static) and with CMake's find_package only, and they run against
#     the extracted library and presets;
#   - the extracted `phosphene` prints the project's version, and has a man page per command;
#   - the extracted Python module imports from the root and reports the same version;
#   - the .desktop file and the AppStream metadata in the package validate.
# SOURCE (default: this checkout) is the tree the packages were built from; its examples/ and
# tests/package/consumer are the ones built. Every failing check stops the script with a message
# naming it.
set -euo pipefail
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: $0 DEBDIR WORKDIR [SOURCE]" >&2; exit 2; }
debs=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(realpath "${3:-$(dirname "$0")/../..}")
root=$work/root
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
libdir=$root/usr/lib/$ma

fail() { echo "check-debs.sh: FAILED: $*" >&2; exit 1; }
step() { echo "check-debs.sh: $*"; }

rm -rf "$work"
mkdir -p "$root" "$work/bin"

# The package set, exactly.
shopt -s nullglob
files=("$debs"/*.deb)
names=()
for deb in "${files[@]}"; do
  name=$(dpkg-deb -f "$deb" Package)
  case $name in *-dbgsym) continue ;; esac  # detached debug symbols: nothing to check here
  names+=("$name")
  dpkg-deb -x "$deb" "$root"
done
got=$(printf '%s\n' "${names[@]}" | sort | tr '\n' ' ')
want="libphosphene-dev libphosphene1 phosphene phosphene-data python3-phosphene "
[ "$got" = "$want" ] || fail "packages in $debs are '$got', expected '$want'"
# The version every package carries (scripts/package-deb.sh checked it is the project's).
version=$(dpkg-deb -f "$debs"/phosphene_*.deb Version)
step "extracted ${#names[@]} packages ($version) into $root"

# Only the C API is exported. (A C++ or third-party symbol here would become ABI by accident.)
[ -e "$libdir/libphosphene.so.1" ] || fail "no libphosphene.so.1 in libphosphene1"
others=$(nm -D --defined-only "$libdir/libphosphene.so.1" | awk '{print $3}' |
  grep -v '^phosphene_' || true)
[ -z "$others" ] || fail "libphosphene.so.1 exports symbols besides phosphene_*:
$(echo "$others" | head -20)"
step "libphosphene.so.1 exports $(nm -D --defined-only "$libdir/libphosphene.so.1" | wc -l) symbols, all phosphene_*"

# pkg-config, from the root only. The .pc file's paths are found inside the root, whether it
# names them relative to its own folder or as /usr with the sysroot prepended.
export PKG_CONFIG_PATH=$libdir/pkgconfig
export PKG_CONFIG_SYSROOT_DIR=$root
cflags=$(pkg-config --cflags phosphene) || fail "pkg-config cannot find phosphene in the root"
libs=$(pkg-config --libs phosphene)
incdir=$(realpath -m "$(pkg-config --variable=includedir phosphene)")
linkdir=$(realpath -m "$(pkg-config --variable=libdir phosphene)")
[ "$incdir" = "$root/usr/include" ] && [ "$linkdir" = "$libdir" ] ||
  fail "phosphene.pc does not point into the root: includedir $incdir, libdir $linkdir"
gl=$(pkg-config --cflags --libs egl glesv2) || fail "pkg-config cannot find egl/glesv2"
build() {  # build NAME COMPILER SOURCE FLAGS...: one example, warnings are errors
  local name=$1 compiler=$2 source=$3
  shift 3
  "$compiler" -Wall -Wextra -pedantic -Werror "$source" "$@" -o "$work/bin/$name" ||
    fail "building $name from $source"
}
ex=$repo/examples
# shellcheck disable=SC2086  # flags are word lists
{
  build audio_levels cc "$ex/audio_levels.c" -std=c99 $cflags $libs -lm
  build render_preset cc "$ex/render_preset.c" -std=c99 $cflags $libs $gl -lm
  build play_folder cc "$ex/play_folder.c" -std=c99 $cflags $libs $gl -lm
  build native_preset c++ "$ex/native_preset.cpp" -std=c++17 $cflags $libs $gl
  # Static: libphosphene.a plus what `pkg-config --static` says it needs (Libs.private).
  build audio_levels_static cc "$ex/audio_levels.c" -std=c99 $cflags \
    $(pkg-config --libs-only-L phosphene) -Wl,-Bstatic -lphosphene -Wl,-Bdynamic \
    $(pkg-config --static --libs-only-l phosphene | sed 's/-lphosphene//') -lm
}
step "built the examples with pkg-config (shared and static)"

# find_package only: a CMake project with the root as its only prefix.
cmake -S "$repo/tests/package/consumer" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$root/usr" \
  -DEXAMPLES_DIR="$ex" -DCMAKE_BUILD_TYPE=Release >"$work/cmake.log" 2>&1 ||
  { cat "$work/cmake.log"; fail "configuring tests/package/consumer with find_package(Phosphene)"; }
cmake --build "$work/cmake" >>"$work/cmake.log" 2>&1 ||
  { cat "$work/cmake.log"; fail "building tests/package/consumer"; }
grep -q "Phosphene_DIR:PATH=$root/" "$work/cmake/CMakeCache.txt" ||
  fail "find_package(Phosphene) did not find the package in the root"
step "built the examples with find_package(Phosphene)"

# Run them against the root's library (and nothing else: ldd must resolve it there).
export LD_LIBRARY_PATH=$libdir
for exe in "$work/bin/audio_levels" "$work/cmake/audio_levels"; do
  resolved=$(ldd "$exe" | awk '/libphosphene\.so/ {print $3}')
  [ "$resolved" = "$libdir/libphosphene.so.1" ] || fail "$exe loads libphosphene from '$resolved'"
done
presets=$root/usr/share/phosphene/presets
ls "$presets"/*.milk >/dev/null 2>&1 || fail "no presets in phosphene-data ($presets)"
"$work/bin/audio_levels" >"$work/audio_levels.out" || fail "audio_levels (pkg-config build)"
"$work/bin/audio_levels_static" >"$work/audio_levels_static.out" || fail "audio_levels (static)"
cmp -s "$work/audio_levels.out" "$work/audio_levels_static.out" ||
  fail "the static and shared audio_levels print different results"
"$work/cmake/audio_levels" >/dev/null || fail "audio_levels (find_package build)"
first_preset=$(ls "$presets"/*.milk | head -n 1)
"$work/bin/render_preset" "$first_preset" >/dev/null || fail "render_preset $first_preset"
"$work/bin/play_folder" "$presets" 60 >/dev/null || fail "play_folder $presets"
"$work/cmake/play_folder" "$presets" 60 >/dev/null || fail "play_folder (find_package build)"
(cd "$work" && "$work/bin/native_preset" "$work/native.png" >/dev/null) || fail "native_preset"
step "ran the examples against the extracted library and the presets of phosphene-data"

# The CLI from the package.
cli=$root/usr/bin/phosphene
got=$("$cli" --version) || fail "phosphene --version"
# The program and the library it loaded (the packaged libphosphene1) carry the same version.
want="phosphene $version (library $version)"
[ "$got" = "$want" ] || fail "phosphene --version says '$got', expected '$want'"
step "$cli --version: $got"
# debian/rules turns every optional feature on, so the packaged build must report them all.
verbose=$("$cli" --version --verbose) || fail "phosphene --version --verbose"
echo "$verbose" | sed 's/^/    /'
for feature in "library features: hlsl-translation freetype fontconfig" \
  "program features: player video libdeflate"; do
  echo "$verbose" | grep -qxF "$feature" || fail "phosphene --version --verbose lacks '$feature'"
done
commands=$("$cli" --help | awk '/^Commands:/ {on=1; next} on && /^$/ {exit} on {print $1}')
[ -n "$commands" ] || fail "phosphene --help lists no commands"
man=$root/usr/share/man/man1
[ -e "$man/phosphene.1.gz" ] || fail "no man page phosphene(1)"
for c in $commands; do
  page=$man/phosphene-$c.1.gz
  [ -e "$page" ] || fail "no man page for 'phosphene $c' ($page)"
  # The page is the command's own help: its first option is in it.
  opt=$("$cli" "$c" --help | grep -oE -- '--[a-z][a-z0-9-]+' | grep -v -- '--help' | head -n 1 || true)
  if [ -n "$opt" ]; then
    zcat "$page" | sed 's/\\-/-/g' | grep -q -- "$opt" || fail "phosphene-$c(1) does not mention $opt"
  fi
done
step "man pages: phosphene(1) and $(echo "$commands" | wc -w) command pages ($(echo $commands))"
desktop-file-validate "$root"/usr/share/applications/*.desktop || fail "desktop-file-validate"
appstreamcli validate --no-net "$root"/usr/share/metainfo/*.metainfo.xml >/dev/null ||
  fail "appstreamcli validate --no-net $(ls "$root"/usr/share/metainfo/)"
step ".desktop file and AppStream metadata valid"

# The Python module, from the root's dist-packages, for Debian's python3.
pyver=$(PYTHONPATH=$root/usr/lib/python3/dist-packages PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -c \
  'import phosphene, sys; assert phosphene.__file__.startswith(sys.argv[1]), phosphene.__file__; print(phosphene.__version__)' \
  "$root/") || fail "import phosphene from the root's dist-packages"
[ "$pyver" = "$version" ] || fail "phosphene.__version__ is '$pyver', expected '$version'"
step "python3: phosphene $pyver imported from $root/usr/lib/python3/dist-packages"
echo "check-debs.sh: all checks passed"
