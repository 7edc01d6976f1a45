#!/usr/bin/env python3
"""What --align auto costs (issue 58): a 1080p pair scored with the default
model, with --align auto against the same frames lined up by --offset, in
alternating runs; the search's share of the run and its rate (frames read
and compared a second).

    align_cost.py VMAF [--frames 300] [--cut 3] [--repeat 3] [--ffmpeg PATH]
                  [VMAF ARGS...]        e.g. --threads 2

The pair is made with ffmpeg in a temporary folder: testsrc2 at 1920x1080,
25 fps, as the reference; libx264 at CRF 35 of it, decoded back to Y4M, with
its first `--cut` frames dropped, as the distorted (so the search has an
offset to find). Prints a Markdown row per run and the medians.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timed_run import run_timed  # noqa: E402


def make_pair(ffmpeg, folder, frames, cut):
    ref, mp4, dis = (os.path.join(folder, n) for n in ("ref.y4m", "dis.mp4", "dis.y4m"))
    src = "testsrc2=size=1920x1080:rate=25,format=yuv420p"
    subprocess.run([ffmpeg, "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", src, "-frames:v",
                    str(frames), "-f", "yuv4mpegpipe", ref], check=True)
    subprocess.run([ffmpeg, "-v", "error", "-nostdin", "-y", "-i", ref, "-c:v", "libx264", "-crf",
                    "35", "-preset", "veryfast", mp4], check=True)
    subprocess.run([ffmpeg, "-v", "error", "-nostdin", "-y", "-i", mp4, "-vf",
                    f"select=gte(n\\,{cut})", "-vsync", "0", "-f", "yuv4mpegpipe", dis], check=True)
    return ref, dis


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("vmaf")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--cut", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ffmpeg", default=shutil.which("ffmpeg") or "ffmpeg")
    args, argv = parser.parse_known_args()
    vmaf, frames, cut, repeat, ffmpeg = args.vmaf, args.frames, args.cut, args.repeat, args.ffmpeg
    folder = tempfile.mkdtemp(prefix="vmaf_align_cost_")
    try:
        ref, dis = make_pair(ffmpeg, folder, frames, cut)
        base = [vmaf, "-r", ref, "-d", dis, "--json", "-o", os.path.join(folder, "o.json"), *argv]
        print("| round | --offset -%d s | --align auto s | its search s (log) | share |" % cut)
        print("|---:|---:|---:|---:|---:|")
        given, searched, search = [], [], []
        for i in range(repeat):
            g, _ = run_timed(base + ["--offset", str(-cut)])
            a, log = run_timed(base + ["--align", "auto"])
            found = re.search(r"searched in ([0-9.]+) s", log)
            if not found:
                sys.exit(f"--align auto's log names no search time:\n{log[-1000:]}")
            s = float(found.group(1))
            given.append(g)
            searched.append(a)
            search.append(s)
            print(f"| {i + 1} | {g:.2f} | {a:.2f} | {s:.2f} | {s / g:.1%} |", flush=True)
        g, s = statistics.median(given), statistics.median(search)
        # Each input's first 150 frames (120 compared plus the window of 30).
        read = 2 * min(frames, 150)
        print(f"median: {g:.2f} s scoring the frames lined up by --offset; the search "
              f"{s:.2f} s, {s / g:.1%} of that; {read} frames read and shrunk, "
              f"{read / s:.0f} frames/s")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
