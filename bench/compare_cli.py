#!/usr/bin/env python3
"""Frames/s of whole `vmaf` runs (default model), ours beside another vmaf
CLI such as Netflix's, on the same Y4M pairs, for several thread counts.

usage: compare_cli.py --ours BUILD/core/tools/vmaf [--reference PATH/vmaf] [--model path=M.json]
                      [--threads 1 2] [--repeat 3] REF.y4m:DIS.y4m:FRAMES ...

Prints a Markdown table: wall-clock frames/s (best of --repeat runs) and
frames per CPU second. Each run writes JSON to a temporary file, and the
vmaf pooled means of the two CLIs are compared, so a fast wrong answer
shows up.
"""
import argparse
import json
import os
import resource
import subprocess
import tempfile
import time


def run(binary, ref, dis, threads, model):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
        out = tmp.name
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([binary, "-r", ref, "-d", dis, "--model", model, "--threads", str(threads),
                    "-q", "--json", "-o", out],
                   check=True, capture_output=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    with open(out) as f:
        vmaf = json.load(f)["pooled_metrics"]["vmaf"]["mean"]
    os.remove(out)
    return wall, cpu, vmaf


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ours", required=True)
    p.add_argument("--reference")
    p.add_argument("--threads", nargs="+", type=int, default=[1, 2])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--model", default="version=vmaf_v0.6.1",
                   help="the --model value for both CLIs (path=... for a build without built-in models)")
    p.add_argument("pairs", nargs="+")
    a = p.parse_args()
    binaries = [("vmaf-hip", a.ours)] + ([("reference", a.reference)] if a.reference else [])
    print("| input | threads | CLI | wall fps | fps per CPU second | vmaf mean |")
    print("|---|---:|---|---:|---:|---:|")
    for pair in a.pairs:
        ref, dis, frames = pair.split(":")
        frames = int(frames)
        for threads in a.threads:
            for name, binary in binaries:
                runs = [run(binary, ref, dis, threads, a.model) for _ in range(a.repeat)]
                wall = min(r[0] for r in runs)
                cpu = min(r[1] for r in runs)
                print(f"| {os.path.basename(ref)} | {threads} | {name} | {frames / wall:.1f} | "
                      f"{frames / cpu:.1f} | {runs[0][2]:.6f} |", flush=True)


if __name__ == "__main__":
    main()
