#!/usr/bin/env bash
# Builds Phosphene's Debian packages (debian/) from a clean export of this checkout, runs lintian
# on them, then checks them in a scratch root (tests/package/check-debs.sh: the examples built
# against the extracted -dev package with pkg-config and find_package, the extracted CLI and
# Python module run).
#
#   scripts/package-deb.sh [OUTDIR]      OUTDIR (default build-deb/debs) receives the .debs
#
# The export is `git archive HEAD` plus the working tree's uncommitted changes (modified, deleted
# and untracked files that git does not ignore), so it builds what you see, never a build folder.
# Environment:
#   PHOSPHENE_DEB_WORK   where the tree is exported and built (default build-deb/package); a
#                        fixed path, so ccache finds its earlier objects (paths are in its hash)
#   PHOSPHENE_DEB_SOURCE build this already-exported tree instead of exporting the checkout
#   DEB_BUILD_OPTIONS    default "nocheck parallel=$(nproc)": CI runs the test suite itself, on
#                        the same sources, so the package build does not run it a second time
#   PHOSPHENE_SKIP_DEPS=1  do not run scripts/deps.sh first (the CTest test sets it)
#   PHOSPHENE_DEB_CHECK=0  stop after lintian (no scratch-root check)
# ccache is used when installed (CCACHE_DIR as for your other builds). Exit status: non-zero when
# the build fails, lintian reports an error or warning that debian/*.lintian-overrides does not
# explain, or the scratch-root check fails.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
[ "${PHOSPHENE_SKIP_DEPS:-0}" = 1 ] || scripts/deps.sh

out=$(realpath -m "${1:-build-deb/debs}")
work=$(realpath -m "${PHOSPHENE_DEB_WORK:-build-deb/package}")

src=$work/phosphene
rm -rf "$work"
mkdir -p "$work" "$out" "$src"
if [ -n "${PHOSPHENE_DEB_SOURCE:-}" ]; then
  cp -a "$PHOSPHENE_DEB_SOURCE/." "$src/"
else
  git archive --format=tar HEAD | tar -x -C "$src"
  # Uncommitted changes on top: modified or deleted tracked files, then untracked ones.
  while IFS= read -r -d '' f; do
    if [ -e "$f" ] || [ -L "$f" ]; then
      mkdir -p "$src/$(dirname "$f")"
      cp -a "$f" "$src/$f"
    else
      rm -f "$src/$f"
    fi
  done < <(git diff --name-only -z HEAD; git ls-files -z --others --exclude-standard)
fi

# One version, the project's: debian/changelog must carry CMakeLists.txt's project VERSION.
version=$(sed -nE 's/^project\(phosphene VERSION ([0-9.]+).*/\1/p' "$src/CMakeLists.txt")
deb_version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
if [ -z "$version" ] || [ "${deb_version%%-*}" != "$version" ]; then
  echo "package-deb.sh: debian/changelog is at $deb_version but CMakeLists.txt says" \
    "'${version:-no version}': add a changelog entry (dch -v $version)" >&2
  exit 1
fi

export DEB_BUILD_OPTIONS=${DEB_BUILD_OPTIONS:-"nocheck parallel=$(nproc)"}
if command -v ccache >/dev/null; then
  # CMake reads these as its compiler launchers. debhelper points HOME at a scratch folder during
  # the build, so ccache is told where its cache is rather than finding it under HOME.
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
  CCACHE_DIR=${CCACHE_DIR:-$(ccache -k cache_dir)}
  export CCACHE_DIR
fi

echo "package-deb.sh: building phosphene $deb_version in $src (DEB_BUILD_OPTIONS=$DEB_BUILD_OPTIONS)"
start=$(date +%s)
if ! (cd "$src" && dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
  tail -n 80 "$work/build.log" >&2
  echo "package-deb.sh: dpkg-buildpackage failed; full log: $work/build.log" >&2
  exit 1
fi
echo "package-deb.sh: dpkg-buildpackage took $(($(date +%s) - start)) s"

changes=$(ls "$work"/phosphene_"${deb_version}"_*.changes)
find "$out" -maxdepth 1 -name '*.deb' -delete
cp "$work"/*.deb "$out"/
for deb in "$out"/*.deb; do
  printf '  %-48s %8s bytes %5s files\n' "$(basename "$deb")" "$(stat -c %s "$deb")" \
    "$(dpkg-deb -c "$deb" | grep -vc '/$')"
done

# lintian: everything it says is printed (info and pedantic too); errors and warnings fail,
# except those overridden with a reason in debian/*.lintian-overrides.
echo "package-deb.sh: lintian $(basename "$changes")"
lintian_rc=0
lintian --info --display-info --pedantic --show-overrides --fail-on error,warning "$changes" ||
  lintian_rc=$?
if [ "$lintian_rc" != 0 ]; then
  echo "package-deb.sh: lintian reported errors or warnings (exit $lintian_rc)" >&2
  exit 1
fi
echo "package-deb.sh: lintian clean (apart from the overrides listed above, if any)"

if [ "${PHOSPHENE_DEB_CHECK:-1}" != 0 ]; then
  tests/package/check-debs.sh "$out" "$work/check" "$src"
fi
echo "package-deb.sh: packages in $out"
