#!/usr/bin/env bash
# CI: the aarch64 build (issue 60, docs/arm64.md), cross-compiled with
# Debian's g++-aarch64-linux-gnu against the :arm64 packages, warnings as
# errors, without libav (so the CLI's "not built in" messages are tested
# here): its Python wheel, installed and checked under qemu-user, and the
# tests that tell whether ARM scores as x86 does, also under qemu-user:
#   checkasm        every NEON kernel against its portable twin, bit-exact;
#   *_golden        the golden tests of the metrics with NEON kernels (libvmaf's
#                   printed values on every clip, the NEON kernels in their
#                   pipelines);
#   model_golden    the models' scores, every feature on aarch64;
#   differential_golden  the rig's recorded cases, among them where libvmaf's
#                   own aarch64 build prints other values than its x86 one
#                   (ADR 0063: ours prints the x86 ones);
#   cli             the vmaf program: bad input, outputs, one golden clip.
# The rest runs code with no ARM path, which the x86 build tests: under qemu
# it would cost CI minutes (every metric's golden test passed under qemu on
# 2026-12-07, docs/arm64.md).
set -euo pipefail
cd "$(dirname "$0")/.."

export DEBIAN_FRONTEND=noninteractive
dpkg --add-architecture arm64
apt-get update -qq
apt-get install -y -qq --no-install-recommends g++-aarch64-linux-gnu qemu-user \
  libfmt-dev:arm64 libsvm-dev:arm64 libcsv-dev:arm64 libgtest-dev:arm64 >/dev/null

# The Python tests run the aarch64 vmaf as a program: the kernel hands it to
# qemu (binfmt_misc), which loads the :arm64 C library from / (the cross
# file's exe wrapper says why not /usr/aarch64-linux-gnu).
export QEMU_LD_PREFIX=/
binfmt=/proc/sys/fs/binfmt_misc
[ -e "$binfmt/register" ] || mount -t binfmt_misc binfmt_misc "$binfmt"
if [ ! -e "$binfmt/qemu-aarch64" ]; then
  printf '%s' ':qemu-aarch64:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:/usr/bin/qemu-aarch64:F' \
    >"$binfmt/register"
fi

rm -rf build-arm64
# The wheel first (scripts/wheel/arm64.sh: meson-python under the aarch64
# Python, the wheel installed and scoring golden's vmaf under qemu), in the
# tests' build folder: the tests then add their programs to the same
# objects, where a build of their own would compile the library again.
# Optimised (the release build type, as every wheel), without debug
# information: built at -O0 the library made model_golden alone take 421 s
# under qemu (2026-12-07); the test programs are -O0 in every build.
WHEEL_BUILD_DIR=$PWD/build-arm64 \
  WHEEL_SETUP_ARGS="-Dwerror=true -Ddebug=false -Denable_hip=disabled -Dcontainers=disabled" \
  scripts/wheel/arm64.sh . build-arm64-wheel
# The package's own tests (test/python) would want pytest, pandas and Dask
# in the aarch64 Python: the wheel's check stands for them here. With the
# aarch64 Python in the build's cross file, meson runs the Python tests
# below with it (its `python` entry answers every lookup), under qemu.
meson setup --reconfigure build-arm64 -Denable_tests=true -Dpython=disabled >/dev/null
# The metrics with NEON kernels (docs/arm64.md's table) have their golden
# tests here; the others run the portable code that the x86 build tests.
tests=(checkasm model_golden cli motion_golden adm_golden vif_golden speed_golden cambi_golden
       differential_golden)
# Only what those tests run is built.
targets=$(python3 -c '
import json, os, subprocess, sys
intro = lambda what: json.loads(subprocess.check_output(["meson", "introspect", what, "build-arm64"]))
wanted = set(sys.argv[1:])
ids = {d for t in intro("--tests") if t["name"] in wanted for d in t["depends"]}
root = os.path.abspath("build-arm64")
print(" ".join(os.path.relpath(t["filename"][0], root) for t in intro("--targets") if t["id"] in ids))' \
  "${tests[@]}")
# shellcheck disable=SC2086
ninja -C build-arm64 $targets
meson test -C build-arm64 --no-rebuild --print-errorlogs --timeout-multiplier 4 "${tests[@]}"
