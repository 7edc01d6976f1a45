#!/usr/bin/env bash
# The aarch64 wheel, cross-built from an sdist or a source tree (issue 60,
# docs/arm64.md), then installed into the aarch64 Python under qemu and
# checked (scripts/wheel/check_wheel.py: its contents, what its objects
# link, golden's vmaf from the bundled pair).
#   scripts/wheel/arm64.sh SOURCE OUT [SHARED]
# SOURCE: vmaf_hip-*.tar.gz or a checkout; OUT: where the wheel, the aarch64
# Python root (OUT/arm64-python, kept between runs) and the build go;
# SHARED: ../shared beside the checkout by default. WHEEL_BUILD_DIR: the
# meson build folder (OUT/build; .ci/arm64.sh builds its tests in it
# afterwards); WHEEL_SETUP_ARGS: more meson options, as one string.
# meson-python runs under the aarch64 interpreter, so the wheel's tag and the
# extension's suffix are that interpreter's; meson, ninja and the cross
# compilers it starts are this machine's.
set -euo pipefail
repo=$(realpath "$(dirname "$0")/../..")
source=$(realpath "${1:?usage: arm64.sh SOURCE OUT [SHARED]}")
out=$(realpath -m "${2:?usage: arm64.sh SOURCE OUT [SHARED]}")
shared=$(realpath "${3:-$repo/../shared}")
mkdir -p "$out"
root=$out/arm64-python
[ -x "$root/bin/python3" ] || "$repo/scripts/cross/arm64_python_root.sh" "$root"
# shellcheck source=scripts/wheel/source_tree.sh
. "$repo/scripts/wheel/source_tree.sh"
wheel_source_tree "$source" "$out"
build=$(realpath -m "${WHEEL_BUILD_DIR:-$out/build}")
# A fresh build folder: meson-python reconfigures a given one, unless its
# own native file in the source tree (.mesonpy-native-file.ini) is new.
rm -rf "$build" "$out"/vmaf_hip-*.whl "$out/wheel.txt" "$tree/.mesonpy-native-file.ini"
# meson's and the compilers' output goes to OUT/build.log, the wheel's name
# to OUT/wheel.txt.
# shellcheck disable=SC2086
if ! (cd "$tree" && "$root/bin/python3" - "$out" "$build" "$repo/scripts/cross/aarch64-linux-gnu.ini" \
      "$root/python.ini" ${WHEEL_SETUP_ARGS:-} <<'EOF'
import mesonpy, sys
out, build, cross, python, *more = sys.argv[1:]
settings = {"builddir": build,
            "setup-args": [f"--cross-file={cross}", f"--cross-file={python}"] + more}
with open(f"{out}/wheel.txt", "w") as f:
    f.write(mesonpy.build_wheel(out, settings))
EOF
) >"$out/build.log" 2>&1; then
  tail -n 40 "$out/build.log" >&2
  echo "arm64.sh: the wheel's build failed (its log: $out/build.log)" >&2
  exit 1
fi
wheel=$out/$(cat "$out/wheel.txt")
echo "arm64 wheel: $wheel"
python3 "$repo/scripts/wheel/check_wheel.py" --python "$root/bin/python3" "$wheel" "$shared"
