#!/usr/bin/env bash
# Installs dependencies, builds Phosphene and renders the built-in demo headless (embedded preset
# and generated audio) into ./demo-out. Extra arguments go to 'phosphene render'.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
build=${PHOSPHENE_BUILD_DIR:-build}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)" --target phosphene_cli
"$build/apps/phosphene/phosphene" render --out demo-out "$@"
