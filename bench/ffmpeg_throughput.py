#!/usr/bin/env python3
"""fps of FFmpeg's VMAF filters on the GPU: libvmaf_cuda on vmaf-hip and on
Netflix's libvmaf (CUDA), the same ffmpeg binary, and the stock libvmaf
filter on vmaf-hip with VMAF_BACKEND=hip (scripts/ffmpeg_dropin_gpu.sh
runs it; docs/dropin.md, docs/performance.md).

  ffmpeg_throughput.py --ffmpeg FFMPEG --ours DIR --netflix DIR --ref REF --dis DIS
                       [--libs DIRS] [--size 60] [--short 4] [--long 49] [--repeat 2]

DIR: a folder holding that library's libvmaf.so.3 (LD_LIBRARY_PATH, with
--libs after it). REF, DIS: encodes NVDEC decodes (H.264). Each run decodes
the first --size frames once and loops them (the loop filter) so that the
filter, not the decoder, is timed: for libvmaf_cuda the frames are NVDEC's,
converted to yuv420p by scale_cuda (nearest: a copy) and looped on the
device; for the stock filter they are decoded in software and looped in
host memory. A run's time is the wall time of the whole ffmpeg process;
steady fps is the frames between a short and a long run over the
difference of their best times, which leaves out start-up (CUDA context,
model, first frames). Runs alternate between the libraries.
"""
import argparse
import os
import subprocess
import sys
import time

TO_YUV = "scale_cuda=format=yuv420p:interp_algo=nearest"
NVDEC = ["-hwaccel", "cuda", "-hwaccel_output_format", "cuda"]


def graph(loops, size, device, vmaf_filter):
    convert = TO_YUV + "," if device else ""
    loop = f"loop=loop={loops}:size={size}"
    return f"[0:v]{convert}{loop}[d];[1:v]{convert}{loop}[r];[d][r]{vmaf_filter}"


def run_once(args, lib, loops, device, vmaf_filter, env_extra):
    env = dict(os.environ, **env_extra)
    env["LD_LIBRARY_PATH"] = lib + (":" + args.libs if args.libs else "")
    hw = NVDEC if device else []
    cmd = [args.ffmpeg, "-v", "error", "-nostdin", *hw, "-i", args.dis, *hw, "-i", args.ref,
           "-filter_complex", graph(loops, args.size, device, vmaf_filter), "-f", "null", "-"]
    start = time.monotonic()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    took = time.monotonic() - start
    if p.returncode != 0:
        sys.exit(f"ffmpeg_throughput: {' '.join(cmd)} failed: {p.stderr.strip()[-1500:]}")
    return took


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ffmpeg", required=True)
    ap.add_argument("--ours", required=True)
    ap.add_argument("--netflix", required=True)
    ap.add_argument("--libs", default="")
    ap.add_argument("--ref", required=True)
    ap.add_argument("--dis", required=True)
    ap.add_argument("--size", type=int, default=60)
    ap.add_argument("--short", type=int, default=4)
    ap.add_argument("--long", type=int, default=49)
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()

    runs = [
        ("libvmaf_cuda, vmaf-hip", args.ours, True, "libvmaf_cuda", {}),
        ("libvmaf_cuda, Netflix libvmaf 3.2.0 CUDA", args.netflix, True, "libvmaf_cuda", {}),
        ("libvmaf, vmaf-hip, VMAF_BACKEND=hip (software decoding)", args.ours, False, "libvmaf",
         {"VMAF_BACKEND": "hip"}),
    ]
    best = {}
    for _ in range(args.repeat):
        for name, lib, device, vmaf_filter, env in runs:
            for loops in (args.short, args.long):
                t = run_once(args, lib, loops, device, vmaf_filter, env)
                key = (name, loops)
                best[key] = min(best.get(key, t), t)

    frames = lambda loops: args.size * (loops + 1)
    print(f"{'run':58} {'frames':>13} {'best s':>15} {'steady fps':>10} {'wall fps':>9}")
    steady = {}
    for name, *_ in runs:
        s, l = best[(name, args.short)], best[(name, args.long)]
        steady[name] = (frames(args.long) - frames(args.short)) / (l - s)
        print(f"{name:58} {frames(args.short):>6}/{frames(args.long):<6} {s:7.3f}/{l:<7.3f} "
              f"{steady[name]:10.0f} {frames(args.long) / l:9.0f}")
    ours, netflix = steady[runs[0][0]], steady[runs[1][0]]
    print(f"libvmaf_cuda steady fps, vmaf-hip over Netflix: {ours / netflix:.2f}x")


if __name__ == "__main__":
    main()
