#!/usr/bin/env bash
# CI: the HIP backend keeps compiling on both platforms, warnings as errors.
# AMD: Debian's hipcc (ROCm 5.2), code objects for the default gfx targets.
# NVIDIA: nvcc from /usr/local/cuda/bin, when the machine has it. No GPU is
# needed: the GPU tests skip, with the reason, where there is none.
set -euo pipefail
cd "$(dirname "$0")/.."

export DEBIAN_FRONTEND=noninteractive
# apt may be busy with another job on a shared machine: wait for it.
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  if apt-get install -y -qq --no-install-recommends hipcc libamdhip64-dev >/dev/null; then
    break
  fi
  if [ "$attempt" = 10 ]; then
    echo "build_hip: apt-get install hipcc libamdhip64-dev failed" >&2
    exit 1
  fi
  sleep 30
done

# Builds BUILD_DIR's HIP tests and what they run (the module, the CLI, the
# shared library), not the rest of the suite, and runs them.
hip_suite() {
  local build=$1 targets
  targets=$(meson introspect --targets "$build" | python3 -c '
import json, os, sys
root = os.path.abspath(sys.argv[1])
wanted = lambda t: (t["name"].startswith("test_hip_") or
                    (t["name"] in ("hip_backend", "vmaf") and t["type"] != "static library"))
print(" ".join(os.path.relpath(t["filename"][0], root) for t in json.load(sys.stdin) if wanted(t)))' \
    "$build")
  # shellcheck disable=SC2086
  ninja -C "$build" $targets
  meson test -C "$build" --no-rebuild --print-errorlogs --suite hip
}

rm -rf build-hip-amd build-hip-nvidia-ci
meson setup build-hip-amd -Dwerror=true -Denable_hip=enabled -Dhip_platform=amd \
  -Dhip_offload_arch=gfx90a,gfx940,gfx1030 -Denable_bench=false -Dpython=disabled
hip_suite build-hip-amd
# Hardware decoding with the AMD backend, as far as a machine without a GPU
# goes: VA-API and CUDA asked for by name refused, naming the file and the
# device; auto decoding on the CPU, saying so, with the CPU's scores.
meson test -C build-hip-amd --no-rebuild --print-errorlogs hwdec

# VMAF_CI_NVIDIA_BUILD: a build of the NVIDIA platform, warnings as errors,
# whose suite (the HIP tests among it) has run already.
if [ -n "${VMAF_CI_NVIDIA_BUILD:-}" ] && grep -q nvcc "$VMAF_CI_NVIDIA_BUILD/build.ninja" 2>/dev/null; then
  echo "build_hip: the NVIDIA platform was built and tested in $VMAF_CI_NVIDIA_BUILD"
elif [ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc >/dev/null; then
  meson setup build-hip-nvidia-ci -Dwerror=true -Denable_hip=enabled -Dhip_platform=nvidia \
    -Denable_bench=false -Dpython=disabled
  hip_suite build-hip-nvidia-ci
else
  echo "build_hip: no nvcc here; the NVIDIA platform was not built"
fi
