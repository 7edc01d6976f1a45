#!/usr/bin/env python3
"""The metrics beyond libvmaf against their own references, on random
synthetic cases (docs/differential.md): xpsnr beside FFmpeg's xpsnr filter
(its stats file's four decimals, per frame and plane), ssimulacra2 beside
libjxl's ssimulacra2 tool on the frames FFmpeg exports (within 1e-4 per
frame, issue 55's bar; how many print the tool's eight decimals is
counted). Both references are built outside the repository
(scripts/xpsnr_golden.sh, scripts/ssimulacra2_golden.sh).

  rig_beyond.py --ours build/test/differential/diff_runner --models ../shared/models \\
      --ffmpeg FFMPEG --ssimulacra2 TOOL --cases 20000 --out /tmp/rig_beyond [--jobs 2]

Each case is diff_runner's line (the rig's patterns and transforms) with
fps= and one feature; diff_runner --y4m writes its pictures as Y4M for the
references. Cases the metric refuses (ssimulacra2 under 113x113 or of an
odd subsampled size, xpsnr under 2025 luma samples or odd above 2048x1152)
are not drawn; xpsnr of
chroma subsampled from an odd size is compared on luma alone (the pictures
hold libvmaf's chroma planes). Every case that differs is written to
OUT/found/ID.txt; OUT/summary.json counts cases, frames and differences.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rig  # noqa: E402

SSIMULACRA2_MIN = 113
MATRICES = {"bt709": "bt709", "bt601": "bt601", "bt2020": "bt2020"}
RANGES = {"limited": "tv", "full": "pc"}


def draw(rng, case_id):
    metric = rng.choice(["xpsnr", "ssimulacra2"])
    fmt = rng.choice([420, 420, 422, 444])
    bpc = rng.choice([8, 8, 10])
    if metric == "ssimulacra2":
        w, h = rng.randint(SSIMULACRA2_MIN, 300), rng.randint(SSIMULACRA2_MIN, 240)
        if fmt != 444:
            w += w % 2
        if fmt == 420:
            h += h % 2
        feat = (f"ssimulacra2:matrix={rng.choice(sorted(MATRICES))}"
                f":range={rng.choice(sorted(RANGES))}")
        fps, frames = 25, rng.randint(1, 3)
    else:
        roll = rng.random()
        # At least 2025 luma samples (the filter's block size is 0 below).
        if roll < 0.75:
            w, h = rng.randint(45, 260), rng.randint(45, 200)
        elif roll < 0.95:
            w = rng.randint(12, 100)
            h = rng.randint(-(-2025 // w), 2 * (-(-2025 // w)))
        else:  # 2x2 cells above 2048x1152, even sizes
            w, h = 2 * rng.randint(1025, 1100), 2 * rng.randint(577, 620)
        fps = rng.choice([24, 25, 30, 50, 60])
        feat = f"xpsnr:fps={fps}"
        frames = rng.randint(1, 4)
    words = [f"id={case_id}", f"seed={rng.getrandbits(63)}", f"w={w}", f"h={h}", f"fmt={fmt}",
             f"bpc={bpc}", f"frames={frames}", f"ref={rng.choice(rig.PATTERNS)}",
             f"dis={rng.choice(rig.TRANSFORMS + ['other:' + p for p in rig.PATTERNS])}",
             "threads=0", f"fps={fps}", f"feat={feat}"]
    return metric, " ".join(words)


class Process:
    """A long-lived diff_runner, one case at a time: its record's lines."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def record(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        for out in self.proc.stdout:
            lines.append(out.rstrip("\n"))
            if lines[-1] == "end":
                return lines
        raise RuntimeError(f"diff_runner stopped: {line}")


def ours_values(lines):
    """{(key, frame): value} of a diff_runner record, and its status."""
    values, status = {}, None
    for line in lines:
        if line.startswith("status "):
            status = line.split()[1]
        elif line.startswith("feature "):
            _, key, frame, value = line.split()
            values[(key, int(frame))] = float(value)
    return status, values


def xpsnr_reference(ffmpeg, ref, dis, work):
    stats = os.path.join(work, "xpsnr.txt")
    subprocess.run([ffmpeg, "-nostdin", "-loglevel", "error", "-i", ref, "-i", dis, "-lavfi",
                    f"[0:v][1:v]xpsnr=stats_file={stats}", "-f", "null", "-"], check=True,
                   capture_output=True)
    frames = []
    for line in open(stats):
        if line.startswith("n:"):
            frames.append(re.findall(r"XPSNR [yuv]: +(\S+)", line))
    return frames


def ssimulacra2_reference(ffmpeg, tool, ref, dis, work, matrix, rng_name):
    scale = (f"scale=in_color_matrix={MATRICES[matrix]}:in_range={RANGES[rng_name]}"
             ":flags=bicubic+accurate_rnd+full_chroma_int+bitexact,format=rgb24")
    for side, path in (("ref", ref), ("dis", dis)):
        subprocess.run([ffmpeg, "-nostdin", "-loglevel", "error", "-i", path, "-vf", scale,
                        "-f", "image2", os.path.join(work, f"{side}_%d.ppm")], check=True,
                       capture_output=True)
    values, n = [], 1
    while os.path.exists(os.path.join(work, f"ref_{n}.ppm")):
        out = subprocess.run([tool, os.path.join(work, f"ref_{n}.ppm"),
                              os.path.join(work, f"dis_{n}.ppm")], check=True, capture_output=True,
                             text=True).stdout
        values.append(out.strip())
        n += 1
    return values


def printed_xpsnr(v):
    return "inf" if v == float("inf") else f"{v:3.4f}"


class Worker(threading.local):
    """Each thread's folder and diff_runner processes."""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ours", required=True)
    ap.add_argument("--models", required=True)
    ap.add_argument("--ffmpeg", required=True)
    ap.add_argument("--ssimulacra2", required=True)
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(os.path.join(args.out, "found"), exist_ok=True)
    rng = random.Random(args.seed)
    cases = [draw(rng, i) for i in range(args.cases)]
    local = Worker()
    lock = threading.Lock()
    summary = {"cases": 0, "frames": 0, "differ": 0,
               "xpsnr": {"cases": 0, "values": 0},
               "ssimulacra2": {"cases": 0, "frames": 0, "eight_decimals": 0, "largest": 0.0}}

    def run(case):
        metric, line = case
        if not hasattr(local, "writer"):
            local.work = tempfile.mkdtemp(prefix="rig_beyond_")
            local.writer = Process([args.ours, "--y4m", local.work])
            local.scorer = Process([args.ours, args.models])
        for f in os.listdir(local.work):
            os.unlink(os.path.join(local.work, f))
        word = dict(w.split("=", 1) for w in line.split())
        local.writer.record(line)
        ref = os.path.join(local.work, f"{word['id']}_ref.y4m")
        dis = os.path.join(local.work, f"{word['id']}_dis.y4m")
        status, values = ours_values(local.scorer.record(line))
        differ = []
        if status != "ok":
            differ.append(f"ours: status {status}")
            frames = 0
        elif metric == "xpsnr":
            want = xpsnr_reference(args.ffmpeg, ref, dis, local.work)
            w, h, fmt = int(word["w"]), int(word["h"]), int(word["fmt"])
            planes = 1 if fmt != 444 and (w % 2 or (fmt == 420 and h % 2)) else 3
            frames = len(want)
            for i, printed in enumerate(want):
                for c, key in enumerate(["xpsnr_y", "xpsnr_cb", "xpsnr_cr"][:planes]):
                    got = values.get((key, i))
                    if got is None or printed_xpsnr(got) != printed[c]:
                        differ.append(f"frame {i} {key}: ours {got} reference {printed[c]}")
        else:
            opts = dict(o.split("=") for o in word["feat"].split(":")[1:])
            want = ssimulacra2_reference(args.ffmpeg, args.ssimulacra2, ref, dis, local.work,
                                         opts["matrix"], opts["range"])
            frames = len(want)
            exact, largest = 0, 0.0
            for i, printed in enumerate(want):
                got = values.get(("ssimulacra2", i))
                if got is None:
                    differ.append(f"frame {i}: ours none, reference {printed}")
                    continue
                d = abs(got - float(printed))
                largest = max(largest, d)
                exact += f"{got:.8f}" == printed
                if d > 1e-4:
                    differ.append(f"frame {i}: ours {got:.8f} reference {printed}")
        with lock:
            summary["cases"] += 1
            summary["frames"] += frames
            if metric == "xpsnr":
                summary["xpsnr"]["cases"] += 1
                summary["xpsnr"]["values"] += frames
            elif status == "ok":
                s = summary["ssimulacra2"]
                s["cases"] += 1
                s["frames"] += frames
                s["eight_decimals"] += exact
                s["largest"] = max(s["largest"], largest)
            if differ:
                summary["differ"] += 1
                with open(os.path.join(args.out, "found", f"{word['id']}.txt"), "w") as f:
                    f.write(line + "\n" + "\n".join(differ) + "\n")

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(run, cases))
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(json.dumps(summary))
    return 1 if summary["differ"] else 0


if __name__ == "__main__":
    sys.exit(main())
