#!/usr/bin/env bash
# Re-approves golden images: runs the GL tests with PHOSPHENE_APPROVE_GOLDENS=1, which makes every
# golden comparison write the rendered image to tests/gl/golden/<name>.png instead of comparing.
# LOOK at each changed PNG (git diff / an image viewer) before committing it: an approved golden
# is a claim that the picture is right.
#
# Usage: scripts/approve-goldens.sh [BUILD_DIR] [CTEST_REGEX]
#   BUILD_DIR    an already configured build (default: build, or $PHOSPHENE_BUILD_DIR)
#   CTEST_REGEX  which tests (default: gl_ — all GL tests; e.g. 'gl_.*SpectrumView' for one)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-${PHOSPHENE_BUILD_DIR:-build}}
regex=${2:-gl_}
if [ ! -f "$build/CMakeCache.txt" ]; then
  echo "approve-goldens.sh: $build is not a configured build directory (run cmake first)" >&2
  exit 2
fi
cmake --build "$build" -j "$(nproc)"
PHOSPHENE_APPROVE_GOLDENS=1 ctest --test-dir "$build" -R "$regex" --output-on-failure -j "$(nproc)"
echo "approve-goldens.sh: goldens written; review them:"
git status --short -- tests/gl/golden
