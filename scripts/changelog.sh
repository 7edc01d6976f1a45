#!/usr/bin/env bash
# Assembles changelog.d/ into CHANGELOG.md for a release (ADR 0023):
#
#   scripts/changelog.sh [VERSION]     (default: the meson project's version)
#   scripts/changelog.sh --draft [VERSION]
#
# towncrier (Debian's package) writes the release's section at the top of
# CHANGELOG.md, grouped by type, and removes the fragments it used (git rm);
# --draft prints the section and changes nothing. A fragment is one entry,
# changelog.d/<name>.<type>.md or <name>.<type>.<n>.md, its type one of
# pyproject.toml's [[tool.towncrier.type]] (added, changed, performance,
# fixed, removed, development). Drop or rewrite a fragment that a later
# change superseded before the release.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v towncrier >/dev/null ||
    { echo "changelog.sh: towncrier is missing (apt-get install towncrier)" >&2; exit 2; }
draft=()
if [[ ${1:-} == --draft ]]; then
    draft=(--draft)
    shift
fi
version=${1:-$(sed -n "s/^ *version : '\([^']*\)'.*/\1/p" meson.build | head -n1)}
[[ -n $version ]] || { echo "changelog.sh: no version given or found in meson.build" >&2; exit 2; }
if ((${#draft[@]})); then
    towncrier build --draft --version "$version"
else
    towncrier build --yes --version "$version"
fi
