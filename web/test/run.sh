#!/usr/bin/env bash
# CTest's web_browser test: builds the site with scripts/build-web.sh (the WebAssembly
# dependencies come from its cache after the first run), installs the test's npm packages
# (web/package-lock.json) and runs the browser test in Debian's chromium.
#   web/test/run.sh SITE_DIR OUT_DIR
# A missing emcc, node, npm or chromium fails the test (scripts/deps.sh installs them).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
site=$(realpath -m "${1:?usage: run.sh SITE_DIR OUT_DIR}")
out=$(realpath -m "${2:?usage: run.sh SITE_DIR OUT_DIR}")
for tool in emcc node npm chromium; do
  command -v "$tool" >/dev/null || { echo "web test: $tool not found (run scripts/deps.sh)" >&2; exit 1; }
done
"$repo/scripts/build-web.sh" "$site"
# npm ci reinstalls only when the lock file changed since the last install.
stamp="$repo/web/node_modules/.package-lock.json"
if [ ! -f "$stamp" ] || [ "$repo/web/package-lock.json" -nt "$stamp" ]; then
  (cd "$repo/web" && npm ci --no-audit --no-fund --loglevel=error)
fi
cd "$repo/web"
node test/browser-test.mjs "$site" "$out"
