#!/usr/bin/env bash
# The minimal configuration, built with Clang: the library alone, with every optional dependency
# off (no SDL2 player, no FreeType/fontconfig, no Python, no HLSL translator, no apps, no video),
# compiled by Debian's clang 14 (the full build uses GCC), then its tests: unit, API, examples,
# install and fuzz replays (the GL golden-image, corpus, player and Python tests need the apps or
# the optional parts and run in the full build). One step covers both "minimal configuration" and
# "builds with Clang" for CI (scripts/test.sh calls it).
#
# Also checks that the configuration really is minimal: phosphene_version_features() is empty and
# libphosphene.so needs none of the optional libraries.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${PHOSPHENE_MINIMAL_BUILD_DIR:-build-minimal}
jobs=$(nproc)
cc=${PHOSPHENE_MINIMAL_CC:-clang-14}
cxx=${PHOSPHENE_MINIMAL_CXX:-clang++-14}
source scripts/compiler-cache.sh
started=$(date +%s)

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPHOSPHENE_WERROR=ON \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
  -DPHOSPHENE_BUILD_APPS=OFF -DPHOSPHENE_BUILD_PLAYER=OFF -DPHOSPHENE_WITH_FREETYPE=OFF \
  -DPHOSPHENE_BUILD_PYTHON=OFF -DPHOSPHENE_WITH_HLSL=OFF \
  -DPHOSPHENE_BUILD_BENCH=OFF -DPHOSPHENE_BUILD_TESTS=ON -DPHOSPHENE_BUILD_EXAMPLES=ON \
  "${launcher[@]}" >/dev/null
cat "$build/phosphene-features.txt"
cmake --build "$build" -j "$jobs"
built=$(date +%s)

fail() {
  echo "test-minimal.sh: $*" >&2
  exit 1
}
# Nothing optional slipped in.
grep -qE "^  (hlsl-translation|freetype|fontconfig|cli|player|python|video) +ON" \
  "$build/phosphene-features.txt" && fail "an optional part is on in the minimal configuration"
lib="$build/src/libphosphene.so"
if readelf -d "$lib" | grep -E "NEEDED.*(freetype|fontconfig|spirv|glslang|SDL2|python)"; then
  fail "$lib needs an optional library"
fi
grep -q "clang" "$build/CMakeCache.txt" || fail "not built with clang"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
(cd "$build" && ctest --output-on-failure -j "$jobs" --timeout 900 -LE "gl|corpus|bench|player|python|web|format") |
  tee "$log"
# As in scripts/test.sh: a skipped test did not run, and deps.sh installs what every test needs.
if grep -qE "^The following tests did not run:|\*\*\*Skipped|\*\*\*Not Run" "$log"; then
  fail "some tests were skipped or not run"
fi
echo "test-minimal.sh: build $((built - started)) s, tests $(($(date +%s) - built)) s"
