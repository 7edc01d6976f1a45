#!/usr/bin/env python3
"""--pool: pooling beyond min, max, mean and harmonic mean, against numpy.

Every clip of ../shared/clips is scored with the default model and psnr,
JSON report, with --pool median,p0,p5,p25,p50,p95,p99.9,p100,below:T (T the
clip's own vmaf mean, so some frames fall below), --fps 25, and with
--subsample 2. For every metric of the report:
- median and pN equal numpy.median and numpy.percentile (linear
  interpolation) of the report's per-frame values, within the reports' print
  rounding (6 decimals: 2e-6);
- seconds_below_T equals numpy's count of frames below T over the frame
  rate, times the subsampling step;
- min, max, mean and harmonic_mean are the report's as without --pool.
Batch mode's summary.csv gets a column per pool. And without --pool the
report is byte-identical to one written before the
option existed: exactly the four pooled keys; a method it does not know, and
below:T without a frame rate (raw YUV, no --fps), are refused.

usage: test_pooling.py VMAF_BINARY SHARED_DIR WORK_DIR
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

import numpy as np  # meson runs this with a Python that has it (test/meson.build)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402

VMAF, SHARED, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
PERCENTILES = [0, 5, 25, 50, 95, 99.9, 100]
TOLERANCE = 2e-6
results = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))


def score(ref, dis, *more):
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        p = subprocess.run([VMAF, "-r", ref, "-d", dis, "--feature", "psnr", "--json", "-o",
                            out.name, "-q", *more], capture_output=True, text=True, timeout=600)
        if p.returncode:
            return None, p.stderr
        with open(out.name) as f:
            return json.load(f), p.stderr


def clip_names():
    with open(os.path.join(SHARED, "clips", "MANIFEST.tsv")) as f:
        return [line.split("\t")[0] for line in f.read().splitlines()[1:] if line.strip()]


def per_frame(doc, metric):
    return np.array([f["metrics"][metric] for f in doc["frames"]])


def name_of(p):
    return f"p{p:g}"


def main():
    for clip in clip_names():
        ref, dis = clip_file(SHARED, WORK, clip, "ref"), clip_file(SHARED, WORK, clip, "dis")
        plain, err = score(ref, dis)
        if plain is None:
            check(f"{clip}: scores", False, err)
            continue
        threshold = round(plain["pooled_metrics"]["vmaf"]["mean"], 3)
        pools = ["median"] + [name_of(p) for p in PERCENTILES] + [f"below:{threshold}"]
        for step in (1, 2):
            more = ["--pool", ",".join(pools), "--fps", "25"]
            if step > 1:
                more += ["--subsample", str(step)]
            doc, err = score(ref, dis, *more)
            if doc is None:
                check(f"{clip} step {step}: scores with --pool", False, err)
                continue
            base = plain if step == 1 else score(ref, dis, "--subsample", str(step))[0]
            for metric, pooled in doc["pooled_metrics"].items():
                v = per_frame(doc, metric)
                want = {"median": np.median(v),
                        f"seconds_below_{threshold:g}": np.count_nonzero(v < threshold) * step / 25}
                for p in PERCENTILES:
                    want[name_of(p)] = np.percentile(v, p)
                got_all = all(abs(pooled[k] - w) <= TOLERANCE for k, w in want.items())
                same_four = all(pooled[k] == base["pooled_metrics"][metric][k]
                                for k in ("min", "max", "mean", "harmonic_mean"))
                check(f"{clip} step {step} {metric}: pools as numpy's", got_all and same_four,
                      {k: (pooled.get(k), w) for k, w in want.items()})
        check(f"{clip}: without --pool, the four pooled keys only",
              all(list(m) == ["min", "max", "mean", "harmonic_mean"]
                  for m in plain["pooled_metrics"].values()), plain["pooled_metrics"])

    ref = clip_file(SHARED, WORK, "vtest_576x324_420p8", "ref")
    dis = clip_file(SHARED, WORK, "vtest_576x324_420p8", "dis")
    # Batch mode: a column per pool after harmonic_mean, each the report's.
    with tempfile.TemporaryDirectory() as tmp:
        manifest = os.path.join(tmp, "pairs.csv")
        with open(manifest, "w") as f:
            f.write(f"ref,dis\n{ref},{dis}\n")
        out = os.path.join(tmp, "out")
        p = subprocess.run([VMAF, "--batch", manifest, "-o", out, "--json", "-q",
                            "--pool", "p5,median,below:86.5,mean"], capture_output=True, text=True)
        with open(os.path.join(out, "summary.csv")) as f:
            rows = list(csv.DictReader(f))
        report = next(n for n in os.listdir(out) if n.endswith(".json"))
        with open(os.path.join(out, report)) as f:
            pooled = json.load(f)["pooled_metrics"]
        header = list(rows[0]) if rows else []
        after = header[header.index("harmonic_mean"):][:4] if "harmonic_mean" in header else []
        same = p.returncode == 0 and after == ["harmonic_mean", "p5", "median", "seconds_below_86.5"]
        for r in rows:
            m = pooled[r["metric"]]
            same = same and all(abs(float(r[k]) - m[k]) <= TOLERANCE
                                for k in ("p5", "median", "seconds_below_86.5"))
        check("--batch: summary.csv has a column per pool, each the report's", same,
              (p.stderr, header))
    for bad in ("p101", "p-1", "pfive", "below:", "mode"):
        doc, err = score(ref, dis, "--pool", bad)
        check(f"--pool {bad} is refused, naming it", doc is None and bad in err, err)
    # Raw YUV states no frame rate: below:T needs --fps.
    with tempfile.TemporaryDirectory() as tmp:
        # The Y4M's frames without its header and FRAME lines.
        raw = os.path.join(tmp, "ref.yuv")
        raw_args = ["-w", "576", "-h", "324", "-p", "420", "-b", "8"]
        frame = 576 * 324 * 3 // 2
        with open(ref, "rb") as f:
            data = f.read()
        with open(raw, "wb") as out:
            pos = data.index(b"\n") + 1
            while pos < len(data):
                pos = data.index(b"\n", pos) + 1
                out.write(data[pos:pos + frame])
                pos += frame
        p = subprocess.run([VMAF, "-r", raw, "-d", raw, *raw_args, "--pool", "below:90", "-q",
                            "-o", os.devnull], capture_output=True, text=True)
        check("below:T on raw YUV without --fps is refused, asking for --fps",
              p.returncode != 0 and "--fps" in p.stderr, p.stderr)
        p = subprocess.run([VMAF, "-r", raw, "-d", raw, *raw_args, "--pool", "below:90", "--fps",
                            "30", "-q", "-o", os.devnull], capture_output=True, text=True)
        check("below:T on raw YUV with --fps scores", p.returncode == 0, p.stderr)

    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] or results["passed"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
