#!/usr/bin/env bash
# Installs dependencies, builds everything with warnings as errors, and runs every test.
# This is the README's test command and exactly what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
build=${PHOSPHENE_BUILD_DIR:-build}
jobs=$(nproc)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPHOSPHENE_WERROR=ON "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$jobs"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
(cd "$build" && ctest --output-on-failure -j "$jobs" --timeout 900) | tee "$log"
# A skipped test did not run (no EGL display, no projectm-data, ...): deps.sh installs everything
# the tests need, so here a skip is a failure. GoogleTest skips show as "Skipped" in CTest
# (SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt), and CTest lists every test that did not run.
if grep -qE "^The following tests did not run:|\*\*\*Skipped|\*\*\*Not Run" "$log"; then
  echo "test.sh: some tests were skipped or not run:" >&2
  grep -E "\((Skipped|Disabled)\)|\*\*\*Not Run" "$log" >&2 || true
  exit 1
fi
# The minimal configuration (library only, no optional dependency), built with Clang, and its
# tests: one step covers "minimal" and "Clang" (PHOSPHENE_SKIP_MINIMAL=1 leaves it out locally).
if [ "${PHOSPHENE_SKIP_MINIMAL:-0}" != 1 ]; then
  scripts/test-minimal.sh
fi
# The part of the sanitizer run CI can afford, ASan + UBSan over the unit and API tests and the
# corpus lint (scripts/sanitize.sh address runs all of it); PHOSPHENE_SKIP_SANITIZE=1 leaves it
# out locally.
if [ "${PHOSPHENE_SKIP_SANITIZE:-0}" != 1 ]; then
  scripts/sanitize.sh address --ci
fi
