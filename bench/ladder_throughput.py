#!/usr/bin/env python3
"""A six-rung 1080p encoding ladder scored in one run (`vmaf -r REF -d R1
... -d R6 -o DIR`) beside six separate runs, alternating, on one backend.
Prints a Markdown table; exits 1 when a ladder report differs from its
separate run's (fps aside).

usage: ladder_throughput.py --vmaf VMAF --clips DIR --work DIR
                            [--backend cpu|hip] [--threads T] [--frames N]
                            [--runs R] [--model NAME] [--reference-codec CODEC]

The reference is box_960x540_420p8's reference scaled 2x to 1920x1080
(sample repetition, as gpu_throughput.py makes it); each rung is its
distorted brought down to 640x360, 854x480, 960x540, 1280x720, 1600x900
and 1920x1080 (area-free nearest sampling) and back up to 1080p, as a
ladder's renditions are scaled to the reference's size before scoring:
the up-scaling is done here, so the runs need no libswscale.
--reference-codec (libx264, ffv1, ...; needs ffmpeg) scores against the
reference encoded with it in MKV, as a ladder's master often is: each
separate run then decodes it again.
"""
import argparse
import json
import os
import subprocess
import sys

import numpy as np

from make_clips import read_y4m  # beside this file
from timed_run import run_seconds  # beside this file

W, H = 1920, 1080
RUNGS = [(640, 360), (854, 480), (960, 540), (1280, 720), (1600, 900), (1920, 1080)]


def nearest(plane, w, h):
    ys = (np.arange(h) * plane.shape[0]) // h
    xs = (np.arange(w) * plane.shape[1]) // w
    return plane[ys][:, xs]


def write_y4m(path, frames, n):
    if os.path.exists(path) and os.path.getsize(path) >= n * (W * H * 3 // 2 + 6):
        return
    blobs = [b"FRAME\n" + b"".join(np.ascontiguousarray(p).tobytes() for p in f) for f in frames]
    with open(path + ".part", "wb") as out:
        out.write(f"YUV4MPEG2 W{W} H{H} F25:1 Ip A1:1 C420jpeg\n".encode())
        for i in range(n):
            out.write(blobs[i % len(blobs)])
    os.replace(path + ".part", path)


def make_ladder(clips, work, n):
    src = os.path.join(clips, "box_960x540_420p8_{}.y4m.xz")
    ref = [[nearest(p, p.shape[1] * 2, p.shape[0] * 2) for p in f]
           for f in read_y4m(src.format("ref"), 8)[2]]
    ref_path = os.path.join(work, "ladder_ref.y4m")
    write_y4m(ref_path, ref, n)
    dis = read_y4m(src.format("dis"), 8)[2]
    rungs = []
    for w, h in RUNGS:
        frames = []
        for f in dis:
            planes = []
            for i, p in enumerate(f):
                full_w, full_h = (W, H) if i == 0 else (W // 2, H // 2)
                small = nearest(p, w if i == 0 else w // 2, h if i == 0 else h // 2)
                planes.append(nearest(small, full_w, full_h))
            frames.append(planes)
        path = os.path.join(work, f"ladder_{h}p.y4m")
        write_y4m(path, frames, n)
        rungs.append(path)
    return ref_path, rungs


def without_fps(path):
    with open(path) as f:
        report = json.load(f)
    report.pop("fps", None)
    return report


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vmaf", required=True)
    ap.add_argument("--clips", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--backend", default="cpu", choices=["cpu", "hip"])
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--frames", type=int, default=48)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--model", default="vmaf_v0.6.1")
    ap.add_argument("--reference-codec")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    ref, rungs = make_ladder(a.clips, a.work, a.frames)
    if a.reference_codec:
        encoded = os.path.join(a.work, f"ladder_ref_{a.reference_codec}.mkv")
        if not os.path.exists(encoded):
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", ref, "-c:v", a.reference_codec,
                            *(["-qp", "0"] if a.reference_codec == "libx264" else []), encoded],
                           check=True)
        ref = encoded
    common = ["--backend", a.backend, "--model", f"version={a.model}", "--frame_cnt",
              str(a.frames), "--json", "-q"] + (["--threads", str(a.threads)] if a.threads else [])
    out = os.path.join(a.work, "ladder_out")
    separate, ladder = [], []
    for _ in range(a.runs):
        separate.append(sum(run_seconds([a.vmaf, "-r", ref, "-d", r, *common, "-o",
                                   os.path.join(a.work, f"alone_{os.path.basename(r)}.json")])
                            for r in rungs))
        ladder.append(run_seconds([a.vmaf, "-r", ref, *[x for r in rungs for x in ("-d", r)], *common,
                             "-o", out]))
    same = all(without_fps(os.path.join(out, os.path.basename(r)[:-4] + ".json")) ==
               without_fps(os.path.join(a.work, f"alone_{os.path.basename(r)}.json"))
               for r in rungs)
    s, l = min(separate), min(ladder)
    frames = a.frames * len(rungs)
    print(f"| {a.backend}, {a.model}, threads {a.threads}, 6 rungs x {a.frames} frames of 1080p, "
          f"reference {a.reference_codec or 'Y4M'} "
          f"| six runs s | one ladder run s | speed-up | reports equal |")
    print("|---|---:|---:|---:|---|")
    print(f"| best of {a.runs} | {s:.3f} ({frames / s:.0f} fps) | {l:.3f} ({frames / l:.0f} fps) "
          f"| {s / l:.2f} | {'yes' if same else 'NO'} |")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
