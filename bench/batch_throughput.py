#!/usr/bin/env python3
"""Fleet scoring on one host: what batch mode and several GPUs buy.

Rows (default model, 1920x1080 8-bit pairs made from the public clips):
  - one `vmaf` process per pair, one after the other (today's way);
  - `vmaf --batch` over the same pairs, on the GPUs given, with 1..J pairs
    in flight per GPU;
  - one long pair on one GPU, then split over the GPUs given (--gpu a,b).
Each row prints wall seconds, frames per second and the ratio to its
baseline; every report is checked equal (but its fps line) to the
one-process report of the same pair.

usage: batch_throughput.py --vmaf VMAF --clips CLIPS_DIR [--gpus 0,1] [--pairs N]
       [--frames N] [--long-frames N] [--jobs 1 2 3] [--backend hip|cpu]
"""
import argparse
import csv
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_throughput import write_pair  # noqa: E402
from timed_run import run_seconds  # noqa: E402


def without_fps(path):
    with open(path) as f:
        return [line for line in f if '"fps"' not in line]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--vmaf", required=True)
    p.add_argument("--clips", required=True)
    p.add_argument("--gpus", default="0")
    p.add_argument("--backend", default="hip")
    p.add_argument("--pairs", type=int, default=16)
    p.add_argument("--frames", type=int, default=120)
    p.add_argument("--long-frames", type=int, default=1500)
    p.add_argument("--jobs", type=int, nargs="+", default=[1, 2, 3])
    a = p.parse_args()
    work = tempfile.mkdtemp(prefix="vmaf_fleet_")
    try:
        backend = ["--backend", a.backend]
        first_gpu = a.gpus.split(",")[0]
        one_gpu = backend + (["--gpu", first_gpu] if a.backend == "hip" else [])
        all_gpus = backend + (["--gpu", a.gpus] if a.backend == "hip" else [])
        ref, dis = write_pair(work, "short", (1920, 1080, "box_960x540_420p8", 2, a.frames),
                              a.clips)
        frames = a.pairs * a.frames
        rows = []
        want = os.path.join(work, "want.json")
        t = run_seconds([a.vmaf, "-r", ref, "-d", dis, "-q", "--json", "-o", want, *one_gpu])
        t = sum(run_seconds([a.vmaf, "-r", ref, "-d", dis, "-q", "--json", "-o",
                       os.path.join(work, "single.json"), *one_gpu]) for _ in range(a.pairs))
        base = t
        rows.append((f"{a.pairs} processes, one after the other, GPU {first_gpu}", t, frames / t, 1.0))
        manifest = os.path.join(work, "pairs.csv")
        with open(manifest, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["ref", "dis"])
            w.writerows([[ref, dis]] * a.pairs)
        for jobs in a.jobs:
            out = os.path.join(work, f"batch{jobs}")
            t = run_seconds([a.vmaf, "--batch", manifest, "-o", out, "-q", "--json", "--jobs",
                       str(jobs), *all_gpus])
            for name in os.listdir(out):
                if name.endswith(".json") and without_fps(os.path.join(out, name)) != without_fps(want):
                    sys.exit(f"batch report {name} differs from the single run's")
            rows.append((f"--batch, {jobs} per GPU, --gpu {a.gpus}", t, frames / t, base / t))
            shutil.rmtree(out)

        lref, ldis = write_pair(work, "long", (1920, 1080, "box_960x540_420p8", 2,
                                              a.long_frames), a.clips)
        one = os.path.join(work, "long_one.json")
        t1 = run_seconds([a.vmaf, "-r", lref, "-d", ldis, "-q", "--json", "-o", one, *one_gpu])
        rows.append((f"one pair of {a.long_frames} frames, GPU {first_gpu}", t1,
                     a.long_frames / t1, 1.0))
        if "," in a.gpus:
            split = os.path.join(work, "long_split.json")
            t2 = run_seconds([a.vmaf, "-r", lref, "-d", ldis, "-q", "--json", "-o", split, *all_gpus])
            if without_fps(split) != without_fps(one):
                sys.exit("the split pair's report differs from the one-GPU report")
            rows.append((f"the same pair, --gpu {a.gpus}", t2, a.long_frames / t2, t1 / t2))
        print("| run | seconds | fps | ratio |\n|---|---:|---:|---:|")
        for name, t, fps, ratio in rows:
            print(f"| {name} | {t:.2f} | {fps:.0f} | {ratio:.2f} |")
        print("reports: identical to the one-process runs (fps lines aside)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
