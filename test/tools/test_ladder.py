#!/usr/bin/env python3
"""Encoding ladders (issue 35): `vmaf -r REF -d R1 -d R2 ... -o DIR` scores
every rendition against one reading of the reference, and each rendition's
report is exactly what its own run writes (fps aside).

- Renditions of every kind at once: the distorted Y4M, one at half size
  (--scale), one in a container (lossless FFV1), the reference itself; JSON
  and XML, default threads and --threads 2, with an extra feature and frame
  skips; each report equal to the separate run's.
- The reference is read once: a FIFO (readable once) serves as reference.
- Mistakes stop before any report is written, naming the file: no --output,
  --output a file, two renditions with one report name, a rendition of
  another size without --scale, one of another length, standard input.

usage: test_ladder.py VMAF_BINARY FFMPEG_BINARY SHARED_DIR
"""
import json
import lzma
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

VMAF, FFMPEG, SHARED = sys.argv[1:4]
results = {"passed": 0, "failed": 0}
tmp = tempfile.mkdtemp(prefix="vmaf_ladder_")


def p(*names):
    return os.path.join(tmp, *names)


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))


def vmaf(*args):
    return subprocess.run([VMAF, *args], capture_output=True, text=True, timeout=600)


def without_fps(path):
    with open(path) as f:
        text = f.read()
    if path.endswith(".json"):
        report = json.loads(text)
        report.pop("fps", None)
        return report
    return re.sub(r'fps="[^"]*"', "", text)


def ffmpeg(*args):
    subprocess.run([FFMPEG, "-v", "error", "-y", *args], check=True)


def make_inputs():
    for side in ("ref", "dis"):
        with lzma.open(os.path.join(SHARED, "clips", f"vtest_576x324_420p8_{side}.y4m.xz")) as f, \
                open(p(f"{side}.y4m"), "wb") as g:
            shutil.copyfileobj(f, g)
    os.makedirs(p("renditions"))
    shutil.copy(p("dis.y4m"), p("renditions", "r_576.y4m"))
    ffmpeg("-i", p("dis.y4m"), "-vf", "scale=288:162", "-pix_fmt", "yuv420p",
           p("renditions", "r_288.y4m"))
    ffmpeg("-i", p("dis.y4m"), "-c:v", "ffv1", p("renditions", "r_ffv1.mkv"))
    shutil.copy(p("ref.y4m"), p("renditions", "r_same.y4m"))
    ffmpeg("-i", p("dis.y4m"), "-frames:v", "12", "-pix_fmt", "yuv420p", p("short.y4m"))
    os.makedirs(p("other"))
    shutil.copy(p("dis.y4m"), p("other", "r_576.y4m"))


RENDITIONS = ["r_576.y4m", "r_288.y4m", "r_ffv1.mkv", "r_same.y4m"]


def ladder_matches_runs(label, fmt, extra):
    out = p(f"ladder_{label}")
    rends = [p("renditions", r) for r in RENDITIONS]
    lad = vmaf("-r", p("ref.y4m"), *[a for r in rends for a in ("-d", r)], "--scale", f"--{fmt}",
               "-o", out, *extra)
    check(f"{label}: the ladder scores", lad.returncode == 0, lad.stderr)
    if lad.returncode:
        return
    for r in rends:
        check(f"{label}: {os.path.basename(r)}'s scores on stderr under its name",
              f"{r}:\nvmaf_v0.6.1: " in lad.stderr, lad.stderr)
    for r in rends:
        stem = os.path.splitext(os.path.basename(r))[0]
        alone = p(f"alone_{label}_{stem}.{fmt}")
        run = vmaf("-r", p("ref.y4m"), "-d", r, "--scale", f"--{fmt}", "-o", alone, *extra)
        report = os.path.join(out, f"{stem}.{fmt}")
        same = run.returncode == 0 and os.path.exists(report) and \
            without_fps(report) == without_fps(alone)
        check(f"{label}: {stem}.{fmt} equals its own run's report", same,
              run.stderr or f"{report} differs from {alone}")


def refused(label, args, status, pattern):
    before = set(os.listdir(tmp))
    r = vmaf("-r", p("ref.y4m"), *args)
    check(f"refused: {label} (exit {status})", r.returncode == status and
          re.search(pattern, r.stderr) is not None, (r.returncode, r.stderr))
    made = set(os.listdir(tmp)) - before
    check(f"refused: {label}: no report written", not any(
        f.endswith((".json", ".xml")) for d in made for f in
        (os.listdir(p(d)) if os.path.isdir(p(d)) else [d])), made)


def main():
    make_inputs()
    ladder_matches_runs("json", "json", [])
    ladder_matches_runs("xml_threads", "xml", ["--threads", "2"])
    ladder_matches_runs("features_skips", "json",
                        ["--feature", "psnr", "--frame_skip_ref", "2", "--frame_skip_dist", "2",
                         "--frame_cnt", "10", "--threads", "2"])

    # A FIFO can be read once: the ladder must not read its reference twice.
    fifo = p("ref.fifo")
    os.mkfifo(fifo)

    def writer():
        with open(fifo, "wb") as w, open(p("ref.y4m"), "rb") as r:
            shutil.copyfileobj(r, w)

    t = threading.Thread(target=writer)
    t.start()
    lad = vmaf("-r", fifo, "-d", p("renditions", "r_576.y4m"), "-d", p("renditions", "r_same.y4m"),
               "--json", "-o", p("ladder_fifo"))
    t.join()
    ok = lad.returncode == 0
    if ok:
        for stem in ("r_576", "r_same"):
            alone = p(f"alone_json_{stem}.json")
            ok = ok and without_fps(p("ladder_fifo", f"{stem}.json")) == without_fps(alone)
    check("a reference read once (a FIFO) serves every rendition, reports as their own runs'", ok,
          lad.stderr)

    d1, d2 = p("renditions", "r_576.y4m"), p("renditions", "r_same.y4m")
    refused("no --output", ["-d", d1, "-d", d2], 2, r"need --output DIR")
    with open(p("a_file"), "w") as f:
        f.write("keep")
    refused("--output a file", ["-d", d1, "-d", d2, "-o", p("a_file")], 1,
            r"a_file'.*this is a file")
    with open(p("a_file")) as f:
        check("... and the file is kept", f.read() == "keep")
    refused("two renditions, one report name",
            ["-d", d1, "-d", p("other", "r_576.y4m"), "-o", p("dup")], 1,
            r"r_576\.y4m's report '.*dup/r_576\.xml' and .*other/r_576\.y4m's report .* are one file")
    refused("a rendition of another size without --scale",
            ["-d", d1, "-d", p("renditions", "r_288.y4m"), "-o", p("noscale")], 1,
            r"r_288\.y4m: reference is 576x324 but distorted is 288x162")
    refused("a rendition of another length", ["-d", d1, "-d", p("short.y4m"), "-o", p("short")], 1,
            r"short\.y4m has 12 frames but .*ref\.y4m has 24")
    # A rendition named like another one's report: -o the renditions'
    # folder, r_same.y4m's report would be r_same.xml; make r_same.xml an
    # input too (a Y4M under that name).
    shutil.copy(p("dis.y4m"), p("renditions", "r_same.xml"))
    refused("a report that is another rendition",
            ["-d", d2, "-d", p("renditions", "r_same.xml"), "-o", p("renditions")], 1,
            r"report '.*r_same\.xml' is the distorted video .*refusing to overwrite it")
    refused("standard input as a rendition", ["-d", d1, "-d", "-", "-o", p("stdin")], 1,
            r"must be files, not '-'")

    shutil.rmtree(tmp)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
