#!/usr/bin/env python3
"""The differential rig: random cases scored by vmaf-hip and by Netflix's
libvmaf, every key compared (docs/differential.md).

  rig.py --ours build/test/differential/diff_runner --ref /path/ref-runner \\
         --models ../shared/models --cases 100000 --out /tmp/rig

--ref is diff_runner.c (with patterns.c) compiled against the reference
library, built outside this repository (scripts/build_reference.sh does
both). Each case is a line of key=value words (diff_runner.c); every case
that fails the comparison is written to OUT/found/ with both outputs, and
OUT/summary.json counts cases, extractors, models and differences. The
extractors and options the cases draw are the extractor table's
(feature_catalog, beside --ours unless --catalog names it), drawn over each
option's type and range but where DRAWN says otherwise. With
--same-library, --ours and --ref are two builds of one library (vmaf-hip's
or the reference's, for aarch64 and x86: docs/arm64.md), which no rule
explains a difference between.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402
import explained  # noqa: E402

MODELS = ["vmaf_v0.6.1", "vmaf_v0.6.1neg", "vmaf_4k_v0.6.1", "vmaf_4k_v0.6.1neg",
          "vmaf_b_v0.6.3", "vmaf_float_v0.6.1", "vmaf_float_v0.6.1neg",
          "vmaf_float_4k_v0.6.1", "vmaf_float_b_v0.6.3"]
# VMAF v1, in the models folder's sub-folders (the runners load MODELS/NAME.json).
MODELS += [f"vmaf_v1.0.16/vmaf_v1.0.16_{v}" for v in ("3d0h", "5d0h", "1d5h_2160", "3d0h_2160")]
MODELS += [f"vmaf_v1.0.16_hfr/vmaf_v1.0.16_hfr_{v}" for v in ("3d0h", "5d0h", "1d5h_2160", "3d0h_2160")]
PATTERNS = ["noise", "ramp", "bands", "checker", "flat", "extremes", "mix", "blocks"]
TRANSFORMS = ["same", "noise", "shift", "quant", "blur", "invert"]

B, I, D, S = "bool", "int", "double", "string"
METHODS = ("nearest", "bilinear", "bicubic", "lanczos4")
# Where the rig draws an option otherwise than over the extractor table's
# type and range (feature_catalog): a string option's words (the table has
# none), the kernel scales the reference takes (another one crashes it) and
# speed_temporal's prescale at most 1 (above, the reference writes past its
# unscaled frame buffers): ADR 0027; min_sse up to 1000 (its range reaches
# DBL_MAX). test_rig_catalog.py holds these to the table.
DRAWN = {
    "cambi": {"eotf": (S, "bt1886", "pq"), "cambi_eotf": (S, "bt1886", "pq")},
    "float_vif": {"vif_prescale_method": (S, *METHODS)},
    "psnr": {"min_sse": (D, 0.0, 1000.0)},
    "speed_chroma": {"speed_kernelscale": (S, "0.5", "1", "1.5", "2", "3"),
                     "speed_prescale_method": (S, *METHODS)},
    "speed_temporal": {"speed_kernelscale": (S, "0.5", "1", "1.5", "2", "3"),
                       "speed_prescale": (S, "0.3", "0.5", "0.75", "1"),
                       "speed_prescale_method": (S, *METHODS)},
    "ssimulacra2": {"matrix": (S, "bt709", "bt601", "bt2020"), "range": (S, "limited", "full")},
}
# Options of the table that no case sets, and why.
NOT_DRAWN = {
    "cambi": {"heatmaps_path": "writes a folder of heat-map files; no score depends on it"},
}


def extractors(catalog):
    """Every extractor of the table (feature_catalog's JSON) with the options
    its cases draw: (name, type, low, high) or the words of a string, as
    DRAWN says or else over the table's type and range."""
    out = {}
    for name, entry in catalog.items():
        drawn = DRAWN.get(name, {})
        options = []
        for o in entry["options"]:
            if o["name"] in NOT_DRAWN.get(name, {}):
                continue
            if o["name"] in drawn:
                options.append((o["name"], *drawn[o["name"]]))
            elif o["type"] in (I, D):
                options.append((o["name"], o["type"], o["min"], o["max"]))
            else:
                options.append((o["name"], o["type"]))
        out[name] = options
    return out


def read_catalog(path):
    """feature_catalog's table, run from `path`."""
    return json.loads(subprocess.run([path], capture_output=True, text=True,
                                     check=True).stdout)


def option_value(rng, opt):
    kind = opt[1]
    if kind == B:
        return rng.choice(["true", "false"])
    if kind == S:
        return rng.choice(opt[2:])
    lo, hi = opt[2], opt[3]
    roll = rng.random()
    if roll < 0.03:  # outside the range: both libraries must refuse it
        return str(hi + (1 if kind == I else 0.5) if rng.random() < 0.5 else lo - 1)
    if roll < 0.15:
        return str(rng.choice([lo, hi]))
    if kind == I:
        return str(rng.randint(lo, hi))
    return f"{rng.uniform(lo, hi):.6g}"


def feature_word(rng, name, options):
    opts = [o for o in options if rng.random() < 0.3]
    return ":".join([name] + [f"{o[0]}={option_value(rng, o)}" for o in opts])


def make_case(rng, case_id, depths, drawn):
    roll = rng.random()
    if roll < 0.7:
        w, h = rng.randint(32, 160), rng.randint(32, 160)
    elif roll < 0.9:
        w, h = rng.randint(8, 48), rng.randint(8, 48)
    else:
        w, h = rng.randint(161, 480), rng.randint(161, 320)
    fmt = rng.choice([420, 420, 420, 422, 444, 400])
    bpc = rng.choice(depths)
    model = "none" if rng.random() < 0.4 else rng.choice(MODELS)
    n = rng.randint(1, 3) if model == "none" else rng.choice([0, 0, 1, 2])
    feats = [feature_word(rng, f, drawn[f]) for f in rng.sample(sorted(drawn), n)]
    ref = rng.choice(PATTERNS)
    dis = rng.choice(TRANSFORMS + ["other:" + p for p in PATTERNS])
    words = [f"id={case_id}", f"seed={rng.getrandbits(63)}", f"w={w}", f"h={h}", f"fmt={fmt}",
             f"bpc={bpc}", f"frames={rng.choice([1, 2, 2, 3, 3, 4])}", f"ref={ref}", f"dis={dis}",
             f"threads={rng.choice([0, 0, 1, 2, 4])}",
             f"subsample={1 if rng.random() < 0.85 else rng.randint(2, 3)}",
             f"model={model}", f"mflags={rng.choice([0, 0, 0, 1, 2, 4, 3])}"]
    return " ".join(words + [f"feat={f}" for f in feats])


class Runner:
    """A runner process, restarted after a crash or a hang."""

    def __init__(self, argv):
        self.argv = argv
        self.proc = None

    def run(self, line, timeout):
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        result = {}

        def read():
            result["rec"] = compare.read_record(self.proc.stdout)

        t = threading.Thread(target=read, daemon=True)
        t.start()
        t.join(timeout)
        if t.is_alive():
            self.proc.kill()
            self.proc = None
            return {"case": None, "status": "hang", "values": {}, "lines": []}
        rec = result.get("rec")
        if rec is None or rec["lines"][-1:] != ["end"]:
            code = self.proc.wait()
            self.proc = None
            return {"case": None, "status": f"crash {code}", "values": {}, "lines": []}
        return rec


def judge(ours, ref, line, timeout, explain=True):
    """Runs a case on both libraries: (ours, ref, differences, explanation).

    The reference's thread pool drops an extractor's error (the feature is
    then missing, the run 'succeeds'), so a threaded case that fails the
    comparison is compared again with the reference run on one thread.
    """
    a, b = ours.run(line, timeout), ref.run(line, timeout)
    diffs = compare.compare(a, b)
    if not explain:
        return a, b, diffs, None
    failing = compare.failing(diffs)
    if failing and " threads=0 " not in line:
        b1 = ref.run(re.sub(r" threads=\d+ ", " threads=0 ", line), timeout)
        diffs1 = compare.compare(a, b1)
        failing1 = compare.failing(diffs1)
        if not failing1:
            return a, b1, diffs1, "the reference's thread pool drops extractor errors (ADR 0025)"
        b, diffs, failing = b1, diffs1, failing1
    reason = None
    if failing:
        case = dict(w.split("=", 1) for w in line.split(" ") if not w.startswith("feat="))
        case["line"] = line
        reason = explained.explain(case, a, b, failing)
    return a, b, diffs, reason


def replay(args):
    ours, ref = Runner([args.ours, args.models]), Runner([args.ref, args.models])
    a, b = ours.run(args.case, args.timeout), ref.run(args.case, args.timeout)
    for d in compare.compare(a, b):
        print(*d)
    if args.verbose:
        print("\n".join(["--- ours"] + a["lines"] + ["--- ref"] + b["lines"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--ours", required=True)
    ap.add_argument("--ref", required=True)
    ap.add_argument("--models", required=True)
    ap.add_argument("--catalog", help="feature_catalog, which prints the extractor table "
                    "(default: beside --ours)")
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="id of the first case")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--out", default="rig-out")
    ap.add_argument("--depths", default="8,8,8,10,10,12,16,9,11,13,14,15",
                    help="bit depths to draw from (repeat one to weigh it)")
    ap.add_argument("--same-library", action="store_true",
                    help="--ours and --ref are two builds of one library (another "
                         "platform's): no rule explains a difference")
    ap.add_argument("--case", help="run this one case line and print its differences")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    if args.case:
        return replay(args)
    drawn = extractors(read_catalog(args.catalog or os.path.join(os.path.dirname(
        os.path.abspath(args.ours)), "feature_catalog")))
    os.makedirs(os.path.join(args.out, "found"), exist_ok=True)
    rng = random.Random(args.seed)
    depths = [int(d) for d in args.depths.split(",")]
    ours, ref = Runner([args.ours, args.models]), Runner([args.ref, args.models])
    counts, uses, classes, explanations = Counter(), Counter(), Counter(), Counter()
    start = time.time()
    summary_path = os.path.join(args.out, "summary.json")
    for k in range(args.cases):
        case_id = args.first + k
        line = make_case(rng, case_id, depths, drawn)
        for w in line.split(" "):
            if w.startswith("feat="):
                uses["extractor " + w[5:].split(":")[0]] += 1
            elif w.startswith("model="):
                uses["model " + w[6:]] += 1
        a, b, diffs, reason = judge(ours, ref, line, args.timeout, explain=not args.same_library)
        counts["cases"] += 1
        counts["ok" if (b["status"] or "").startswith("ok") else "refused"] += 1
        kinds = Counter(d[0] for d in diffs)
        classes.update(kinds)
        if reason:
            explanations[reason] += 1
            examples = os.path.join(args.out, "explained")
            os.makedirs(examples, exist_ok=True)
            with open(os.path.join(examples, "cases.txt"), "a") as f:
                f.write(f"{reason}\t{line}\n")
        elif any(kind in compare.FAILURES for kind in kinds):
            counts["failed"] += 1
            with open(os.path.join(args.out, "found", f"{case_id}.txt"), "w") as f:
                f.write(line + "\n")
                for d in diffs:
                    f.write(" | ".join(str(x) for x in d) + "\n")
                f.write("\n".join(["--- ours"] + a["lines"] + ["--- ref"] + b["lines"]) + "\n")
        if (k + 1) % 200 == 0 or k + 1 == args.cases:
            with open(summary_path, "w") as f:
                json.dump({"seed": args.seed, "first": args.first, "counts": counts,
                           "differences": classes, "explained": explanations,
                           "uses": dict(sorted(uses.items())),
                           "seconds": round(time.time() - start)}, f, indent=1)
    print(json.dumps({"counts": counts, "differences": classes, "explained": explanations}))
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
