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
cd "$build"
ctest --output-on-failure -j "$jobs" --timeout 600
