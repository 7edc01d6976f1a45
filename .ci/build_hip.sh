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

rm -rf build-hip-amd build-hip-nvidia-ci
meson setup build-hip-amd -Dwerror=true -Denable_hip=enabled -Dhip_platform=amd \
  -Dhip_offload_arch=gfx90a,gfx940,gfx1030 -Denable_bench=false
meson test -C build-hip-amd --print-errorlogs --suite hip

if [ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc >/dev/null; then
  meson setup build-hip-nvidia-ci -Dwerror=true -Denable_hip=enabled -Dhip_platform=nvidia \
    -Denable_bench=false -Dpython=disabled
  meson test -C build-hip-nvidia-ci --print-errorlogs --suite hip
else
  echo "build_hip: no nvcc here; the NVIDIA platform was not built"
fi
