#!/usr/bin/env bash
# Installs dependencies, builds Phosphene and renders the built-in demo headless (embedded preset
# and generated audio) into ./demo-out. Extra arguments go to 'phosphene render'.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
build=${PHOSPHENE_BUILD_DIR:-build}
source scripts/compiler-cache.sh
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)" --target phosphene_cli
"$build/apps/phosphene/phosphene" render --out demo-out "$@"
