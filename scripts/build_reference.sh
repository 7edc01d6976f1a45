#!/usr/bin/env bash
# Builds Netflix's libvmaf (the reference) outside this repository, and the
# differential rig's runner against it (docs/differential.md).
#
#   scripts/build_reference.sh DEST [SOURCE]
#
# SOURCE: a checkout of github.com/Netflix/vmaf at v3.2.0 (default: cloned
# into DEST/vmaf). DEST gets build/ (libvmaf with its float extractors and
# its x86 assembly, as its default build) and ref-runner. Nothing of the
# reference comes into this repository.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 DEST [SOURCE]" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
dest=$(realpath -m "$1")
case "$dest/" in
  "$repo"/*) echo "$0: DEST must lie outside the repository ($repo)" >&2; exit 2 ;;
esac
mkdir -p "$dest"
src=${2:-$dest/vmaf}
if [ ! -d "$src/libvmaf" ]; then
  git clone --depth 1 --branch v3.2.0 https://github.com/Netflix/vmaf "$src"
fi
# nasm assembles the reference's x86 code; without it its build has none.
command -v nasm >/dev/null || { echo "$0: nasm is needed (apt-get install nasm)" >&2; exit 1; }
if [ ! -f "$dest/build/build.ninja" ]; then
  meson setup "$dest/build" "$src/libvmaf" -Dbuildtype=release -Denable_float=true \
    -Ddefault_library=both
fi
ninja -C "$dest/build"
cc -O2 -Wall -Wextra -I"$src/libvmaf/include" -I"$dest/build/include" \
  "$repo/test/differential/diff_runner.c" "$repo/test/differential/patterns.c" \
  -o "$dest/ref-runner" -L"$dest/build/src" -lvmaf -Wl,-rpath,"$dest/build/src" -lm
echo "$dest/ref-runner"
