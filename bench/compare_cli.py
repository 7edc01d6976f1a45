#!/usr/bin/env python3
"""Speed of whole `vmaf` runs (default model), ours beside another vmaf CLI
such as Netflix's, on the same Y4M pairs, in alternating runs.

usage: compare_cli.py --ours BUILD/core/tools/vmaf [--reference PATH/vmaf]
                      [--model version=vmaf_v0.6.1 | --feature NAME] [--threads 1 2]
                      [--cpumask 0 16] [--repeat 3] REF.y4m:DIS.y4m:FRAMES ...

For every pair, thread count and --cpumask (given to both CLIs: 16 forbids
AVX-512, so an AVX-512 machine also measures the AVX2 code), the two CLIs
run one after the other, --repeat times. Prints a Markdown table: wall-clock
frames/s (best run), frames per CPU second (best run), and the speed ratio
ours / reference: the median, over the repeats, of the ratio of two
neighbouring runs' wall times. A shared machine's speed drifts between
runs by tens of percent; neighbours see the same drift, so their ratio
holds where the ratio of the best times of each need not. Our CLI honours
--cpumask in every loop, so those rows run all of the code an AVX2-only CPU
would. Each run writes JSON, and the
pooled scores of the two CLIs must agree, so a fast wrong answer shows up.
--feature NAME scores one feature without a model (`-n --feature NAME`)
instead; the table then shows that feature's pooled mean.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import tempfile
import time


def run(binary, ref, dis, threads, scoring, cpumask):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
        out = tmp.name
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([binary, "-r", ref, "-d", dis, *scoring, "--threads", str(threads),
                    "--cpumask", str(cpumask), "-q", "--json", "-o", out],
                   check=True, capture_output=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    with open(out) as f:
        pooled = {k: v["mean"] for k, v in json.load(f)["pooled_metrics"].items()}
    os.remove(out)
    return wall, cpu, pooled


def paired_ratio(ours, reference):
    return statistics.median(r[0] / o[0] for o, r in zip(ours, reference))


def first_mean(pooled, shown):
    key = shown if shown in pooled else next(iter(pooled))
    return f"{pooled[key]:.6f}"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ours", required=True)
    p.add_argument("--reference")
    p.add_argument("--threads", nargs="+", type=int, default=[1, 2])
    p.add_argument("--cpumask", nargs="+", type=int, default=[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--model", default="version=vmaf_v0.6.1",
                   help="the --model value for both CLIs (path=... for a build without built-in models)")
    p.add_argument("--feature", help="score this feature alone (-n --feature NAME), no model")
    p.add_argument("pairs", nargs="+")
    a = p.parse_args()
    def binaries(cpumask):
        return [("vmaf-hip", a.ours)] + ([("reference", a.reference)] if a.reference else [])
    scoring = ["-n", "--feature", a.feature] if a.feature else ["--model", a.model]
    shown = a.feature or "vmaf"
    print(f"| input | threads | cpumask | CLI | wall fps | fps per CPU second | {shown} mean | speed ratio |")
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    for pair in a.pairs:
        ref, dis, frames = pair.split(":")
        frames = int(frames)
        for cpumask in a.cpumask:
            for threads in a.threads:
                runs = {name: [] for name, _ in binaries(cpumask)}
                for _ in range(a.repeat):
                    for name, binary in binaries(cpumask):
                        runs[name].append(run(binary, ref, dis, threads, scoring, cpumask))
                best = {name: min(r[0] for r in rs) for name, rs in runs.items()}
                printed = {name: {k: f"{m:.6f}" for k, m in rs[0][2].items()} for name, rs in runs.items()}
                if len({tuple(sorted(p.items())) for p in printed.values()}) > 1:
                    raise SystemExit(f"{pair}: the CLIs disagree on the pooled scores: {printed}")
                for name, rs in runs.items():
                    cpu = min(r[1] for r in rs)
                    ratio = (f"{paired_ratio(rs, runs['reference']):.2f}"
                             if name == "vmaf-hip" and "reference" in runs else "")
                    print(f"| {os.path.basename(ref)} | {threads} | {cpumask} | {name} | "
                          f"{frames / best[name]:.1f} | {frames / cpu:.1f} | {first_mean(rs[0][2], shown)} | {ratio} |",
                          flush=True)


if __name__ == "__main__":
    main()
