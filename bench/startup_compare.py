#!/usr/bin/env python3
"""Short clips, whole processes: our vmaf CLI beside the reference's, one
thread, default model, runs alternating. Rows: one frame of 576x324 (start-up
alone: wall and peak memory), and 24 frames of 576x324 and 1920x1080 8-bit.
Prints a Markdown table; the ratio is the reference's median wall over ours.

usage: startup_compare.py OURS REFERENCE CLIPS_DIR WORK_DIR [--runs R]

CLIPS_DIR holds the public clips (*.y4m.xz); the pairs are made in WORK_DIR
by make_clips.py (beside this file, needs numpy).
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd):
    """Wall seconds and peak resident MiB of one process."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    if status:
        sys.exit(f"{cmd[0]} failed (status {status})")
    return time.perf_counter() - t, usage.ru_maxrss / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ours")
    ap.add_argument("reference")
    ap.add_argument("clips")
    ap.add_argument("work")
    ap.add_argument("--runs", type=int, default=15)
    a = ap.parse_args()
    subprocess.run([sys.executable, os.path.join(HERE, "make_clips.py"), a.clips, a.work,
                    "--frames", "24"], check=True, stdout=subprocess.DEVNULL)
    rows = [("576x324, 1 frame", "576x324_8bit", 1), ("576x324, 24 frames", "576x324_8bit", 24),
            ("1920x1080, 24 frames", "1920x1080_8bit", 24)]
    print("| run | ours ms | reference ms | ratio | ours MiB | reference MiB |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, name, frames in rows:
        ref, dis = (os.path.join(a.work, f"{name}_{side}.y4m") for side in ("ref", "dis"))
        args = ["-r", ref, "-d", dis, "--frame_cnt", str(frames), "--threads", "1", "-o",
                "/dev/null", "--json"]
        got = {"ours": [], "reference": []}
        for _ in range(a.runs):
            for who, binary in (("ours", a.ours), ("reference", a.reference)):
                got[who].append(run([binary, *args]))
        med = {k: sorted(t for t, _ in v)[len(v) // 2] for k, v in got.items()}
        mem = {k: max(m for _, m in v) for k, v in got.items()}
        print(f"| {label} | {med['ours'] * 1e3:.1f} | {med['reference'] * 1e3:.1f} | "
              f"{med['reference'] / med['ours']:.2f} | {mem['ours']:.1f} | {mem['reference']:.1f} |")


if __name__ == "__main__":
    main()
