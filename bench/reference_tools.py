#!/usr/bin/env python3
"""Speed of the metrics beyond libvmaf on the CPU, one thread, beside their
own references, in alternating runs: ssimulacra2 beside libjxl's
`ssimulacra2` tool on the PPM frames FFmpeg exports (no PNG decoding), and
xpsnr beside FFmpeg's `xpsnr` filter (both built as
scripts/ssimulacra2_golden.sh and scripts/xpsnr_golden.sh build them).

usage: reference_tools.py --vmaf VMAF --ffmpeg FFMPEG --ssimulacra2 TOOL
                          [--frames 8] [--repeat 3] REF.y4m DIS.y4m

ssimulacra2: our CLI (`-n --feature ssimulacra2 --threads 1`) over N and 2
frames, per frame = the difference over N - 2 (start-up left out), beside
the tool's whole run on one exported frame pair (its start and PPM reading
in, a few milliseconds). xpsnr: our CLI and FFmpeg's filter over all N
frames, start-up in both. Each round runs both, the ratio of a round's
times is reported with the median over the rounds (a shared machine drifts
between runs; one round's two runs see the same drift).
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time


def timed(cmd):
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vmaf", required=True)
    ap.add_argument("--ffmpeg", required=True)
    ap.add_argument("--ssimulacra2", required=True)
    ap.add_argument("--frames", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("ref")
    ap.add_argument("dis")
    args = ap.parse_args()
    n = args.frames
    ours = [args.vmaf, "-r", args.ref, "-d", args.dis, "-n", "--threads", "1", "-q", "-o", os.devnull]
    with tempfile.TemporaryDirectory() as tmp:
        ppm = {}
        for side, path in (("ref", args.ref), ("dis", args.dis)):
            ppm[side] = os.path.join(tmp, f"{side}.ppm")
            subprocess.run([args.ffmpeg, "-nostdin", "-loglevel", "error", "-i", path, "-vf",
                            "scale=in_color_matrix=bt709:in_range=tv:flags=bicubic+accurate_rnd+"
                            "full_chroma_int+bitexact,format=rgb24", "-frames:v", "1", ppm[side]],
                           check=True)
        xpsnr = [args.ffmpeg, "-nostdin", "-loglevel", "error", "-i", args.ref, "-i", args.dis,
                 "-frames:v", str(n), "-lavfi", "[0:v][1:v]xpsnr", "-f", "null", "-"]
        s2_ratio, s2_ours, s2_ref, xp_ratio, xp_ours, xp_ref = [], [], [], [], [], []
        for _ in range(args.repeat):
            long = timed(ours + ["--feature", "ssimulacra2", "--frame_cnt", str(n)])
            short = timed(ours + ["--feature", "ssimulacra2", "--frame_cnt", "2"])
            per_frame = (long - short) / (n - 2)
            tool = timed([args.ssimulacra2, ppm["ref"], ppm["dis"]])
            s2_ours.append(per_frame)
            s2_ref.append(tool)
            s2_ratio.append(tool / per_frame)
            mine = timed(ours + ["--feature", "xpsnr", "--frame_cnt", str(n)])
            theirs = timed(xpsnr)
            xp_ours.append(mine)
            xp_ref.append(theirs)
            xp_ratio.append(theirs / mine)
    print("| metric | ours (s) | reference (s) | speed ratio (median of rounds) |")
    print("|---|---:|---:|---:|")
    print(f"| ssimulacra2, a frame | {min(s2_ours):.3f} | {min(s2_ref):.3f} (libjxl tool) | "
          f"{statistics.median(s2_ratio):.2f} ({', '.join(f'{r:.2f}' for r in s2_ratio)}) |")
    print(f"| xpsnr, {n} frames | {min(xp_ours):.3f} | {min(xp_ref):.3f} (FFmpeg filter) | "
          f"{statistics.median(xp_ratio):.2f} ({', '.join(f'{r:.2f}' for r in xp_ratio)}) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
