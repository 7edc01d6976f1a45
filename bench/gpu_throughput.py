#!/usr/bin/env python3
"""GPU throughput of a model (default vmaf_v0.6.1) or of features, end to end
and at the library level, beside the CPU backend on all cores and, when
given, the Netflix libvmaf CUDA CLI, all in one run on one machine. Prints
one Markdown table; exits 1 when the backends' scores differ.

usage: gpu_throughput.py --vmaf VMAF [--bench BENCH_THROUGHPUT] --clips DIR
                         [--netflix NETFLIX_VMAF] [--work DIR] [--repeat R]
                         [--threads T] [--quick] [--model NAME]
                         [--feature SPEC --key KEY [--with-model]] [--sizes NAME,...]

--model scores another shipped model; --feature (repeatable) scores those
features instead of a model (beside it with --with-model), and --key names
the pooled key compared between backends. The library rows (bench_throughput) are the default
model's only.

Inputs are real footage made into long Y4M pairs (needs numpy): vtest
(576x324, 24 frames) cycled, and box_960x540 scaled 2x and 4x by sample
repetition to 1920x1080 and 3840x2160. They are written once to --work, so
runs read them from the page cache.

End to end: each CLI scores N frames and N/4 frames (--frame_cnt), R times,
alternating; "fps" is the steady rate (3N/4 frames over the difference of
the best times), which leaves out the start (GPU context, model); "wall
fps" is N over the best whole run. The CPU backend runs N/4 frames with
--threads T (default: all cores). Scores are compared on the N/4 runs.
Library: bench_throughput with pictures already in memory. Kernels:
VMAF_HIP_PROFILE's mean kernel time per frame of each twin; copy: one luma
plane from pinned memory (bench_throughput --copy).
"""
import argparse
import json
import os
import re
import subprocess
import sys

import numpy as np

from make_clips import read_y4m  # beside this file
from timed_run import run_timed  # beside this file

SIZES = {  # name: (width, height, source clip, scale, frames N)
    "576x324": (576, 324, "vtest_576x324_420p8", 1, 6000),
    "1920x1080": (1920, 1080, "box_960x540_420p8", 2, 1500),
    "3840x2160": (3840, 2160, "box_960x540_420p8", 4, 200),
}


def write_pair(work, name, spec, clips):
    w, h, clip, scale, n = spec
    paths = []
    for side in ("ref", "dis"):
        path = os.path.join(work, f"{name}_{side}.y4m")
        paths.append(path)
        if os.path.exists(path) and os.path.getsize(path) >= n * (w * h * 3 // 2 + 6):
            continue
        frames = read_y4m(os.path.join(clips, f"{clip}_{side}.y4m.xz"), 8)[2]
        blobs = [b"FRAME\n" + b"".join(
            np.ascontiguousarray(p.repeat(scale, 0).repeat(scale, 1)).tobytes() for p in f)
            for f in frames]
        with open(path + ".part", "wb") as out:
            out.write(f"YUV4MPEG2 W{w} H{h} F25:1 Ip A1:1 C420jpeg\n".encode())
            for i in range(n):
                out.write(blobs[i % len(blobs)])
        os.replace(path + ".part", path)
    return paths


def pooled(path, key):
    with open(path) as f:
        return json.load(f)["pooled_metrics"][key]["mean"]


def scored(args):
    """The CLI arguments that choose what is scored."""
    model = ["--model", f"version={args.model}"]
    if args.feature:
        return (model if args.with_model else ["-n"]) + [x for f in args.feature for x in ("--feature", f)]
    return model


def cli_command(kind, args, ref, dis, frames, out):
    if kind == "netflix":
        return [args.netflix, "-r", ref, "-d", dis, *scored(args), "-q", "--json", "-o", out,
                "--frame_cnt", str(frames)]
    cmd = [args.vmaf, "-r", ref, "-d", dis, *scored(args), "-q", "--json", "-o", out,
           "--frame_cnt", str(frames)]
    if kind == "hip":
        return cmd + ["--backend", "hip"]
    return cmd + ["--backend", "cpu", "--threads", str(args.threads)]


def end_to_end(args, name, ref, dis, n):
    """Best times of N and N/4 frames per GPU CLI, alternating; CPU on N/4."""
    quarter = max(n // 4, 1)
    kinds = ["hip"] + (["netflix"] if args.netflix else [])
    best, scores = {}, {}
    for _ in range(args.repeat):
        for kind in kinds:
            for frames in (n, quarter):
                out = os.path.join(args.work, f"{name}_{kind}_{frames}.json")
                seconds, err = run_timed(cli_command(kind, args, ref, dis, frames, out))
                if kind == "netflix" and "using CPU" in err:
                    sys.exit(f"the Netflix CLI fell back to its CPU: {err.strip()}")
                key = (kind, frames)
                best[key] = min(best.get(key, seconds), seconds)
                if frames == quarter:
                    scores[kind] = pooled(out, args.key)
    rows = []
    for kind in kinds:
        steady = (n - quarter) / max(best[(kind, n)] - best[(kind, quarter)], 1e-9)
        rows.append((kind, n, steady, n / best[(kind, n)]))
    out = os.path.join(args.work, f"{name}_cpu_{quarter}.json")
    seconds, _ = run_timed(cli_command("cpu", args, ref, dis, quarter, out))
    scores["cpu"] = pooled(out, args.key)
    rows.append(("cpu", quarter, quarter / seconds, quarter / seconds))
    return rows, scores


def library(args, w, h, n):
    rows = []
    for backend, frames, threads in (("hip", n, 0), ("cpu", max(n // 8, 64), args.threads)):
        p = subprocess.run([args.bench, "--backend", backend, "--threads", str(threads),
                            "--frames", str(frames), str(w), str(h)],
                           capture_output=True, text=True, check=True)
        m = re.search(r"([\d.]+) fps vmaf ([\d.]+) \(", p.stdout)
        rows.append((backend, float(m.group(1)), m.group(2)))
    return rows


def kernels(args, ref, dis, n):
    frames = min(n, 300)
    env = dict(os.environ, VMAF_HIP_PROFILE="1")
    _, err = run_timed(cli_command("hip", args, ref, dis, frames,
                               os.path.join(args.work, "profile.json")), env)
    times = dict(re.findall(r"(\w+_hip): \d+ frames, kernels ([\d.]+) ms per frame", err))
    if not args.bench:
        return times, "copy not measured (no --bench)"
    p = subprocess.run([args.bench, "--copy", *ref_size(ref)], capture_output=True, text=True,
                       check=True)
    return times, p.stdout.strip()


def ref_size(path):
    with open(path, "rb") as f:
        fields = f.readline().split()
    return [next(x[1:].decode() for x in fields if x.startswith(c)) for c in (b"W", b"H")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vmaf", required=True)
    ap.add_argument("--bench", help="bench_throughput: the library rows and the copy time")
    ap.add_argument("--clips", required=True)
    ap.add_argument("--netflix")
    ap.add_argument("--work", default="/tmp/vmaf_gpu_throughput")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--quick", action="store_true", help="a tenth of the frames")
    ap.add_argument("--model", default="vmaf_v0.6.1")
    ap.add_argument("--feature", action="append", default=[])
    ap.add_argument("--with-model", action="store_true", help="score --model beside the features")
    ap.add_argument("--key", default="vmaf", help="pooled key compared between backends")
    ap.add_argument("--sizes", default=",".join(SIZES), help="comma-separated sizes to run")
    args = ap.parse_args()
    if args.feature and args.key == "vmaf" and not args.with_model:
        ap.error("--feature needs --key, the pooled key to compare (or --with-model)")
    default_model = not args.feature and args.model == "vmaf_v0.6.1"
    os.makedirs(args.work, exist_ok=True)

    table = [f"| size | run | frames | fps | wall fps | {args.key} (N/4 frames) |",
             "|---|---|---:|---:|---:|---:|"]
    notes, ok = [], True
    for name in args.sizes.split(","):
        spec = SIZES[name]
        n = max(spec[4] // 10, 40) if args.quick else spec[4]
        ref, dis = write_pair(args.work, name, spec[:4] + (n,), args.clips)
        rows, scores = end_to_end(args, name, ref, dis, n)
        label = {"hip": "CLI, vmaf-hip --backend hip", "netflix": "CLI, Netflix CUDA",
                 "cpu": f"CLI, vmaf-hip --backend cpu --threads {args.threads}"}
        for kind, frames, fps, wall in rows:
            table.append(f"| {name} | {label[kind]} | {frames} | {fps:.0f} | {wall:.0f} | "
                         f"{scores[kind]:.6f} |")
        if f"{scores['hip']:.6f}" != f"{scores['cpu']:.6f}":
            ok = False
            notes.append(f"{name}: hip {scores['hip']} != cpu {scores['cpu']}")
        if default_model and args.bench:
            lib = library(args, spec[0], spec[1], n)
            for backend, fps, score in lib:
                table.append(f"| {name} | library, {backend} | | {fps:.0f} | | {score} (64 frames) |")
            if lib[0][2] != lib[1][2]:
                ok = False
                notes.append(f"{name}: library hip {lib[0][2]} != cpu {lib[1][2]}")
        times, copy_line = kernels(args, ref, dis, n)
        total = sum(float(v) for v in times.values())
        parts = ", ".join(f"{k} {v}" for k, v in sorted(times.items()))
        notes.append(f"{name}: kernels ms/frame: {parts} (sum {total:.3f}); {copy_line}")
    print("\n".join(table))
    print()
    for line in notes:
        print(f"- {line}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
