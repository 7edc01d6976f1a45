#!/usr/bin/env python3
"""Decode fps of 1080p H.264 and HEVC encodes beside the scoring fps of the
same pairs, from Y4M and straight from the containers: which of the two
bounds an end-to-end run (docs/containers.md).

Two steps, since the GPU machine has no ffmpeg:

  decode_throughput.py --make-encodes DIR --clips CLIPS_DIR [--frames N]
      Here, with ffmpeg: the 1920x1080 8-bit pair of make_clips.py (N
      frames, 25 fps) encoded as DIR/dis_h264.mp4 (x264, medium, 6 Mbit/s),
      DIR/dis_hevc.mp4 (x265, fast, 4 Mbit/s) and DIR/ref_h264.mp4 (x264,
      medium, 8 Mbit/s).

  decode_throughput.py --vmaf VMAF [--decode BENCH_DECODE] --clips CLIPS_DIR
                       --encodes DIR [--frames N] [--repeat R] [--work W]
                       [--backends hip,cpu] [--hwdec none,cuda]
      There: remakes the Y4M pair (the same bytes), then times, alternating
      and R times each (median):
      - bench_decode on each encode (where given): decode fps, nothing
        scored;
      - vmaf --backend hip and --backend cpu (--threads: every core) on the
        Y4M pair, on the Y4M reference beside each encode, and on both
        sides decoded, with each --hwdec mode; each also with --frame_cnt 1, whose time (start-up,
        opening, the first frame) is taken off to give the steady rate,
        (N - 1) / (t(N) - t(1)), which a long title runs at.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PAIR = "1920x1080_8bit"


def make_pair(clips, work, frames):
    subprocess.run([sys.executable, os.path.join(HERE, "make_clips.py"), clips, work,
                    "--frames", str(frames)], check=True, stdout=subprocess.DEVNULL)
    return (os.path.join(work, f"{PAIR}_ref.y4m"), os.path.join(work, f"{PAIR}_dis.y4m"))


def make_encodes(a):
    os.makedirs(a.make_encodes, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        ref, dis = make_pair(a.clips, work, a.frames)
        jobs = [(dis, "dis_h264.mp4", ["-c:v", "libx264", "-preset", "medium", "-b:v", "6M"]),
                (dis, "dis_hevc.mp4", ["-c:v", "libx265", "-preset", "fast", "-b:v", "4M",
                                       "-tag:v", "hvc1", "-x265-params", "log-level=error"]),
                (ref, "ref_h264.mp4", ["-c:v", "libx264", "-preset", "medium", "-b:v", "8M"])]
        for src, name, opts in jobs:
            out = os.path.join(a.make_encodes, name)
            subprocess.run([a.ffmpeg, "-v", "error", "-nostdin", "-y", "-i", src, *opts, out],
                           check=True)
            print(f"{out}: {os.path.getsize(out) / 1e6:.1f} MB")


def timed(cmd):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{p.stderr}")
    return seconds


def measure(a):
    work = a.work or tempfile.mkdtemp(prefix="vmaf_decode_")
    ref, dis = make_pair(a.clips, work, a.frames)
    enc = {name: os.path.join(a.encodes, f"{name}.mp4")
           for name in ("dis_h264", "dis_hevc", "ref_h264")}
    # (name, command, command for one frame or None)
    rows = []
    if a.decode:
        rows = [("decode H.264 1080p (bench_decode)", [a.decode, enc["dis_h264"]], None),
                ("decode HEVC 1080p (bench_decode)", [a.decode, enc["dis_hevc"]], None)]
    pairs = (("Y4M ref + Y4M dis", ref, dis),
             ("Y4M ref + H.264 dis", ref, enc["dis_h264"]),
             ("Y4M ref + HEVC dis", ref, enc["dis_hevc"]),
             ("H.264 ref + H.264 dis", enc["ref_h264"], enc["dis_h264"]))
    for backend in a.backends.split(","):
        for hwdec in a.hwdec.split(","):
            base = [a.vmaf, "--backend", backend, "--hwdec", hwdec, "-q", "-o", os.devnull]
            if backend == "cpu":
                base += ["--threads", str(os.cpu_count())]
            for name, r, d in pairs:
                if hwdec != "none" and name.startswith("Y4M ref + Y4M"):
                    continue
                cmd = base + ["-r", r, "-d", d]
                rows.append((f"{backend}, --hwdec {hwdec}: score {name}", cmd,
                             cmd + ["--frame_cnt", "1"]))
    # The Y4M pair in the page cache before anything is timed.
    timed([a.vmaf, "-r", ref, "-d", dis, "-q", "-o", os.devnull, "--frame_cnt", "1"])
    times = {name: [] for name, _, _ in rows}
    ones = {name: [] for name, _, _ in rows}
    for _ in range(a.repeat):
        for name, cmd, one in rows:
            times[name].append(timed(cmd))
            if one:
                ones[name].append(timed(one))
    print(f"{a.frames} frames of {PAIR}, {os.cpu_count()} cores, median of {a.repeat} runs, "
          "alternating")
    print("| run | s | fps | s for 1 frame | steady fps |")
    print("|---|---:|---:|---:|---:|")
    for name, _, one in rows:
        s = statistics.median(times[name])
        if one:
            s1 = statistics.median(ones[name])
            steady = f"{(a.frames - 1) / (s - s1):.0f}" if s > s1 else "-"
            print(f"| {name} | {s:.2f} | {a.frames / s:.0f} | {s1:.2f} | {steady} |")
        else:
            print(f"| {name} | {s:.2f} | {a.frames / s:.0f} | | |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--make-encodes")
    ap.add_argument("--ffmpeg", default="ffmpeg")
    ap.add_argument("--clips", required=True)
    ap.add_argument("--frames", type=int, default=240)
    ap.add_argument("--vmaf")
    ap.add_argument("--decode")
    ap.add_argument("--encodes")
    ap.add_argument("--work")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--backends", default="hip,cpu")
    ap.add_argument("--hwdec", default="none",
                    help="--hwdec modes to time, comma-separated (none,cuda)")
    a = ap.parse_args()
    if a.make_encodes:
        make_encodes(a)
    elif a.vmaf and a.encodes:
        measure(a)
    else:
        ap.error("give --make-encodes DIR, or --vmaf and --encodes (and --decode)")


if __name__ == "__main__":
    main()
