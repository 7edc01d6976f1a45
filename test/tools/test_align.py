#!/usr/bin/env python3
"""--align auto and --offset (issue 58): inputs that do not line up.

- Every clip of ../shared/clips long enough to compare (8 frames or more),
  with 0 to n-4 frames cut from the start of the distorted or of the
  reference (files written cut, not skipped by a flag): the offset found,
  and the scores those of the run lined up by hand (--frame_skip_ref or
  --frame_skip_dist on the uncut file), every frame and pool; the default
  model on a few of them.
- A synthetic pair of 160 frames (a texture panning and changing, the
  distorted blurred and noisy) cut by 0 to 30 frames either way, the
  default window's edge; a duplicated and a dropped first frame; an encode
  that ffmpeg made with a leading black frame (tpad, libx264).
- Refused, saying why and naming --offset: a flat picture, a still one
  (noise of an encoder aside), a loop of eight frames, too few frames, a
  pipe (its frames would be read twice).
- The alignment's fields in every output format (XML, JSON, CSV, SUB), and
  in none without --align or --offset; --offset (negative too) reported
  with no margin; lengths that differ score the frames the inputs share and
  count the rest; --offset with --align auto, or with two distorted, refused.
- --align pts: an encode whose first frame comes two frames late by its
  presentation time (containers); Y4M, which states none, refused.

LIBAV is "libav" where vmaf reads containers (the --align pts encode is
scored), else "no-libav". FFMPEG "none" (the GPU machine has no ffmpeg):
the two encodes are not made, and the checks on them not run (said so).
$VMAF_ALIGN_ARGS: more vmaf arguments for every run ("--backend hip --gpu
0": the search and the scores on the GPU). $VMAF_ALIGN_SAMPLE=1 (the
sanitizer builds, where each run is several times slower): of the cuts of 0
to n frames, the first three, the middle one and the last, the same code
paths in a fifth of the runs.

usage: test_align.py VMAF_BINARY SHARED_DIR WORK_DIR FFMPEG LIBAV
"""
import csv
import json
import os
import subprocess
import sys
import tempfile
import threading

import numpy as np  # meson runs this with a Python that has it (test/meson.build)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402
from y4m_files import write_y4m, y4m_frames  # noqa: E402

VMAF, SHARED, WORK, FFMPEG, LIBAV = sys.argv[1:6]
EXTRA = os.environ.get("VMAF_ALIGN_ARGS", "").split()
SAMPLE = os.environ.get("VMAF_ALIGN_SAMPLE") == "1"
results = {"passed": 0, "failed": 0}
TMP = tempfile.mkdtemp(prefix="vmaf_align_")


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else f": {detail}"), flush=True)


def run(ref, dis, *more, fmt="json"):
    """(report text, stderr, exit status) of one run."""
    out = os.path.join(TMP, "out." + fmt)
    if os.path.exists(out):
        os.unlink(out)
    p = subprocess.run([VMAF, "-r", ref, "-d", dis, f"--{fmt}", "-o", out, *more, *EXTRA],
                       capture_output=True, text=True, timeout=600)
    text = open(out).read() if p.returncode == 0 else None
    return text, p.stderr, p.returncode


def scores(doc):
    """What must equal the hand-aligned run's: every frame's metrics and the
    pools, by position (frame numbers start at 0 in both)."""
    return [f["metrics"] for f in doc["frames"]], doc["pooled_metrics"]


def lined_up(name, ref, dis, want, hand, *more):
    """--align auto on (ref, dis) finds `want`, and scores as `hand` (the
    flags lining the files up by hand) does."""
    got, err, rc = run(ref, dis, "--align", "auto", "-q", *more)
    if rc:
        check(name, False, err.strip()[-300:])
        return
    doc = json.loads(got)
    a = doc.get("alignment", {})
    manual, err2, rc2 = run(ref, dis, *hand, "-q", *more)
    ok = a.get("method") == "auto" and a.get("offset") == want and rc2 == 0 and \
        scores(doc) == scores(json.loads(manual))
    check(name, ok, f"offset {a.get('offset')} (want {want}), margin {a.get('margin')}; "
                    f"hand-aligned run: {err2.strip()[-200:]}")


def refused(name, ref, dis, why, *more):
    got, err, rc = run(ref, dis, "--align", "auto", *more)
    ok = rc != 0 and why in err and "--offset" in err and "Traceback" not in err
    check(name, ok, f"exit {rc}: {err.strip()[-300:]}")


def clip_names():
    with open(os.path.join(SHARED, "clips", "MANIFEST.tsv")) as f:
        return [line.split("\t") for line in f.read().splitlines()[1:] if line.strip()]


def cuts(n):
    """The frames cut from the start, 0 to n - 1: each, or a sample of them."""
    return sorted({0, 1, 2, n // 2, n - 1} & set(range(n))) if SAMPLE else range(n)


def cut_either(name, k, ref, dis):
    """`k` frames cut from the start of the distorted, then of the reference
    (each side given as (path, Y4M header, frames)): found and scored as
    lined up by hand."""
    cut = write_y4m(os.path.join(TMP, "cut_dis.y4m"), dis[1], dis[2][k:])
    lined_up(f"{name}: {k} distorted frames cut", ref[0], cut, -k,
             ["--frame_skip_ref", str(k)], "-n", "--feature", "psnr")
    cut = write_y4m(os.path.join(TMP, "cut_ref.y4m"), ref[1], ref[2][k:])
    lined_up(f"{name}: {k} reference frames cut", cut, dis[0], k,
             ["--frame_skip_dist", str(k)], "-n", "--feature", "psnr")


def real_clips():
    for row in clip_names():
        name, frames = row[0], int(row[5])
        ref, dis = clip_file(SHARED, WORK, name, "ref"), clip_file(SHARED, WORK, name, "dis")
        rh, rf = y4m_frames(ref)
        dh, df = y4m_frames(dis)
        if frames < 8:
            refused(f"{name}: {frames} frames are too few to compare", ref, dis,
                    "too few frames")
            continue
        for k in cuts(frames - 3):
            cut_either(name, k, (ref, rh, rf), (dis, dh, df))
        if name.startswith("vtest_576"):
            cut = write_y4m(os.path.join(TMP, "cut_dis.y4m"), dh, df[3:])
            lined_up(f"{name}: 3 distorted frames cut, default model", ref, cut, -3,
                     ["--frame_skip_ref", "3"])


def synthetic(frames=160, w=192, h=108, seed=5):
    """A texture panning two samples a frame and slowly changing, as Y4M 4:2:0
    8-bit; the distorted blurred with noise of its own, as an encode's."""
    rng = np.random.default_rng(seed)
    big = rng.normal(128, 40, (h + 16, w + 2 * frames + 16))
    k = np.ones(5) / 5
    big = np.apply_along_axis(lambda r: np.convolve(r, k, "same"), 1, big)
    big = np.apply_along_axis(lambda c: np.convolve(c, k, "same"), 0, big)
    ref, dis = [], []
    for i in range(frames):
        y = big[8:8 + h, 2 * i:2 * i + w] + 10 * np.sin(i / 7)
        yd = (y + np.roll(y, 1, 1) + np.roll(y, 1, 0)) / 3 + rng.normal(0, 3, y.shape)
        uv = np.full((h // 2) * (w // 2) * 2, 128, np.uint8).tobytes()
        for planes, luma in ((ref, y), (dis, yd)):
            planes.append(np.clip(luma, 0, 255).astype(np.uint8).tobytes() + uv)
    header = f"YUV4MPEG2 W{w} H{h} F25:1 Ip A1:1 C420jpeg\n".encode()
    return header, ref, dis


def synthetic_cases():
    header, rf, df = synthetic()
    ref = write_y4m(os.path.join(TMP, "syn_ref.y4m"), header, rf)
    dis = write_y4m(os.path.join(TMP, "syn_dis.y4m"), header, df)
    for k in cuts(31):
        cut_either("synthetic", k, (ref, header, rf), (dis, header, df))
    dup = write_y4m(os.path.join(TMP, "syn_dup.y4m"), header, [df[0]] + df)
    lined_up("synthetic: the distorted's first frame duplicated", ref, dup, 1,
             ["--frame_skip_dist", "1"], "-n", "--feature", "psnr")
    dropped = write_y4m(os.path.join(TMP, "syn_drop.y4m"), header, df[1:])
    lined_up("synthetic: the distorted's first frame dropped", ref, dropped, -1,
             ["--frame_skip_ref", "1"], "-n", "--feature", "psnr")
    # Past the window: 31 frames cut is not found with the default window,
    # and is with --align-window 40.
    cut = write_y4m(os.path.join(TMP, "syn_cut.y4m"), header, df[35:])
    got, err, rc = run(ref, cut, "--align", "auto", "-n", "--feature", "psnr", "-q")
    found = json.loads(got)["alignment"]["offset"] if rc == 0 else None
    check("synthetic: 35 frames cut, past the default window, is not taken for another",
          found != -35 and (rc != 0 or found is None or abs(found) <= 30), f"{found} {err[-200:]}")
    lined_up("synthetic: 35 frames cut, --align-window 40", ref, cut, -35,
             ["--frame_skip_ref", "35"], "--align-window", "40", "-n", "--feature", "psnr")
    return header, rf, df, ref, dis


def leading_black_frame():
    """An encode that ffmpeg made with a black frame before the content."""
    if FFMPEG == "none":
        print("NOT RUN ffmpeg's encode with a leading black frame: no ffmpeg", flush=True)
        return
    ref = clip_file(SHARED, WORK, "vtest_576x324_420p8", "ref")
    dis = os.path.join(TMP, "black_first.y4m")
    mkv = os.path.join(TMP, "black_first.mkv")
    subprocess.run([FFMPEG, "-v", "error", "-nostdin", "-y", "-i", ref, "-vf",
                    "tpad=start=1:color=black", "-c:v", "libx264", "-preset", "medium", "-crf", "30",
                    "-threads", "1", mkv], check=True)
    subprocess.run([FFMPEG, "-v", "error", "-nostdin", "-y", "-i", mkv, "-f", "yuv4mpegpipe",
                    "-pix_fmt", "yuv420p", dis], check=True)
    lined_up("ffmpeg's encode with a leading black frame", ref, dis, 1,
             ["--frame_skip_dist", "1"])


def presentation_times():
    """--align pts: an encode whose first frame comes two frames after the
    reference's (ffmpeg's trim keeps the times); Y4M, which has none,
    refused."""
    ref = clip_file(SHARED, WORK, "vtest_576x324_420p8", "ref")
    dis = clip_file(SHARED, WORK, "vtest_576x324_420p8", "dis")
    _, err, rc = run(ref, dis, "--align", "pts", "-n", "--feature", "psnr")
    check("--align pts refuses Y4M, naming --align auto", rc != 0 and
          "states no presentation times" in err and "--align auto" in err, err[-300:])
    if LIBAV != "libav" or FFMPEG == "none":
        return
    ref_mkv, dis_mkv = os.path.join(TMP, "ref.mkv"), os.path.join(TMP, "late.mkv")
    subprocess.run([FFMPEG, "-v", "error", "-nostdin", "-y", "-i", ref, "-c:v", "ffv1", ref_mkv],
                   check=True)
    subprocess.run([FFMPEG, "-v", "error", "-nostdin", "-y", "-i", dis, "-vf",
                    "trim=start_frame=2", "-c:v", "libx264", "-crf", "20", "-threads", "1",
                    dis_mkv], check=True)
    got, err, rc = run(ref_mkv, dis_mkv, "--align", "pts", "-n", "--feature", "psnr", "-q")
    a = json.loads(got)["alignment"] if rc == 0 else {}
    hand, _, _ = run(ref_mkv, dis_mkv, "--frame_skip_ref", "2", "-n", "--feature", "psnr", "-q")
    check("--align pts: an encode starting two frames late",
          a.get("method") == "pts" and a.get("offset") == -2 and a.get("margin") is None and
          hand is not None and scores(json.loads(got)) == scores(json.loads(hand)),
          f"{a} {err[-300:]}")


def ambiguous(header, rf, df):
    flat = clip_file(SHARED, WORK, "flat_64x64_420p8", "ref")
    fh, ff = y4m_frames(flat)
    flat_ref = write_y4m(os.path.join(TMP, "flat_ref.y4m"), fh, ff * 10)
    flat_dis = write_y4m(os.path.join(TMP, "flat_dis.y4m"), fh, y4m_frames(
        clip_file(SHARED, WORK, "flat_64x64_420p8", "dis"))[1] * 10)
    refused("a flat picture is refused", flat_ref, flat_dis, "hardly changes")
    rng = np.random.default_rng(3)
    still = [rf[40]] * 60
    w, h = 192, 108
    noisy = []
    for _ in range(60):
        y = np.frombuffer(rf[40][:w * h], np.uint8).astype(float) + rng.normal(0, 2, w * h)
        noisy.append(np.clip(y, 0, 255).astype(np.uint8).tobytes() + rf[40][w * h:])
    refused("a still picture is refused", write_y4m(os.path.join(TMP, "still_ref.y4m"), header, still),
            write_y4m(os.path.join(TMP, "still_dis.y4m"), header, noisy), "hardly changes")
    loop_ref = write_y4m(os.path.join(TMP, "loop_ref.y4m"), header, rf[:8] * 10)
    loop_dis = write_y4m(os.path.join(TMP, "loop_dis.y4m"), header, df[3:8] + df[:8] * 9)
    refused("a loop of eight frames is refused", loop_ref, loop_dis, "repeats itself")


def outputs_and_options(ref, dis, header, df):
    cut = write_y4m(os.path.join(TMP, "opt_cut.y4m"), header, df[2:150])
    common = ["-n", "--feature", "psnr", "-q"]
    xml, _, _ = run(ref, cut, "--align", "auto", *common, fmt="xml")
    check("XML has the alignment element",
          xml is not None and '<alignment method="auto" offset="-2" margin="' in xml and
          'ref_skipped="2" dis_skipped="0" ref_unscored="10" dis_unscored="0" />' in xml, xml and
          xml[:400])
    js, _, _ = run(ref, cut, "--align", "auto", *common)
    a = json.loads(js)["alignment"]
    check("JSON has the alignment object",
          a["offset"] == -2 and 0.2 <= a["margin"] <= 1 and a["ref_skipped"] == 2 and
          a["dis_skipped"] == 0 and a["ref_unscored"] == 10 and a["dis_unscored"] == 0 and
          len(json.loads(js)["frames"]) == 148, str(a))
    text, _, _ = run(ref, cut, "--align", "auto", *common, fmt="csv")
    rows = list(csv.DictReader(text.splitlines()))
    check("CSV has the alignment's fields on every row",
          len(rows) == 148 and all(r["align_offset"] == "-2" and r["ref_unscored"] == "10" and
                                   r["align_method"] == "auto" for r in rows) and
          rows[0]["psnr_y"] != "", str(rows[:1]))
    sub, _, _ = run(ref, cut, "--align", "auto", *common, fmt="sub")
    lines = sub.splitlines()
    check("SUB has the alignment's fields on every line",
          len(lines) == 148 and all("|align_offset: -2|" in line and "|dis_unscored: 0|" in line
                                    for line in lines), lines[0])
    page = os.path.join(TMP, "page.html")
    _, err, rc = run(ref, cut, "--align", "auto", "--html", page, *common)
    html = open(page).read() if rc == 0 else ""
    check("the HTML report shows the offset and what was scored",
          '"alignment":{"method":"auto","offset":-2,' in html and
          "--align auto: offset -2 (margin " in html and "reference frames 2 to 149" in html,
          err[-300:])
    for fmt in ("xml", "json", "csv", "sub"):
        plain, _, _ = run(ref, dis, *common, fmt=fmt)
        check(f"{fmt}: no alignment without --align", "align" not in plain, plain[:200])
    js, err, rc = run(ref, cut, "--offset", "-2", "-n", "--feature", "psnr")
    a = json.loads(js)["alignment"] if rc == 0 else {}
    check("--offset -2: reported with no margin, the log saying what was scored",
          a.get("method") == "offset" and a.get("offset") == -2 and a.get("margin") is None and
          a.get("ref_unscored") == 10 and "148 frames scored, reference frames 2 to 149 against "
          "distorted 0 to 147" in err, f"{a} {err[-300:]}")
    js, err, rc = run(cut, ref, "--offset", "2", *common)
    a = json.loads(js)["alignment"] if rc == 0 else {}
    check("--offset 2: the distorted's first two frames left out",
          a.get("dis_skipped") == 2 and a.get("ref_skipped") == 0 and a.get("dis_unscored") == 10,
          f"{a} {err[-300:]}")
    js, err, rc = run(ref, cut, "--offset", "-2", "--frame_cnt", "149", *common)
    a = json.loads(js)["alignment"] if rc == 0 else {}
    check("--frame_cnt past the shared frames: the longer's rest not counted, not undercounted",
          rc == 0 and "ref_unscored" in a and a["ref_unscored"] is None and a["dis_unscored"] == 0,
          f"{a} {err[-300:]}")
    js, err, rc = run(ref, cut, *common)
    check("without --align, lengths that differ are still an error", rc != 0 and "160" in err and
          "148" in err, err[-300:])
    for args, why in ((["--offset", "1", "--align", "auto"], "give one"),
                      (["--offset", "x1"], "whole number"),
                      (["--align", "sideways"], "'none', 'auto' or 'pts'"),
                      (["--align", "auto", "--align-window", "0"], "1 to 1000")):
        _, err, rc = run(ref, cut, *args, *common)
        check(f"refused: {' '.join(args)}", rc != 0 and why in err, err[-300:])
    _, err, rc = run(ref, cut, "--offset", "-160", *common)
    check("an offset past the shorter input: no frames shared, said so", rc != 0 and
          "share none" in err, err[-300:])
    _, err, rc = run(ref, cut, "--offset", "170", *common)
    check("an offset past an input's end names the offset and the file's length", rc != 0 and
          "--offset 170 leaves out the first 170 frames of" in err and "which has 148" in err,
          err[-300:])
    ladder = os.path.join(TMP, "ladder")
    p = subprocess.run([VMAF, "-r", ref, "-d", cut, "-d", dis, "--align", "auto", "-o", ladder,
                        *common, *EXTRA], capture_output=True, text=True, timeout=120)
    check("refused: --align auto with two distorted", p.returncode != 0 and
          "one distorted" in p.stderr, p.stderr[-300:])
    p = piped(ref, cut, "--align", "auto", *common)
    check("--align auto refuses a pipe, naming --offset",
          p.returncode != 0 and "is a pipe" in p.stderr and "--offset" in p.stderr, p.stderr[-300:])
    p = piped(ref, cut, "--offset", "-2", *common)
    check("--offset reads a pipe", p.returncode == 0, p.stderr[-300:])


def batch(ref, dis, header, df):
    """A manifest's align column: auto, an offset, none, and a bad value that
    fails its row alone."""
    cut = write_y4m(os.path.join(TMP, "batch_cut.y4m"), header, df[3:])
    folder = os.path.join(TMP, "batch")
    manifest = os.path.join(TMP, "pairs.csv")
    with open(manifest, "w") as f:
        f.write(f"ref,dis,align,output\n{ref},{cut},auto,a.json\n{ref},{cut},-3,b.json\n"
                f"{ref},{dis},none,c.json\n{ref},{cut},sideways,d.json\n")
    p = subprocess.run([VMAF, "--batch", manifest, "-o", folder, "--json", "-n", "--feature",
                        "psnr", "-q", *EXTRA], capture_output=True, text=True, timeout=300)

    def alignment(name):
        path = os.path.join(folder, name)
        return json.load(open(path)).get("alignment") if os.path.exists(path) else "missing"

    a, b, c = alignment("a.json"), alignment("b.json"), alignment("c.json")
    check("batch: the align column, each row lined up as it says",
          a and a["method"] == "auto" and a["offset"] == -3 and b and b["method"] == "offset" and
          b["offset"] == -3 and c is None and not os.path.exists(os.path.join(folder, "d.json")) and
          p.returncode != 0 and "align 'sideways'" in p.stderr, f"{a} {b} {c} {p.stderr[-300:]}")


def piped(ref, dis, *more):
    """vmaf with the distorted written to it through a FIFO."""
    fifo = os.path.join(TMP, "pipe.y4m")
    if not os.path.exists(fifo):
        os.mkfifo(fifo)
    data = open(dis, "rb").read()

    def write():
        try:
            with open(fifo, "wb") as f:
                f.write(data)
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=write)
    writer.start()
    p = subprocess.run([VMAF, "-r", ref, "-d", fifo, "--json", "-o", os.path.join(TMP, "p.json"),
                        *more, *EXTRA], capture_output=True, text=True, timeout=120)
    # A writer still waiting for a reader (vmaf never opened the FIFO) is let go.
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    writer.join(timeout=0.5)
    os.close(fd)
    writer.join()
    return p


def main():
    real_clips()
    header, rf, df, ref, dis = synthetic_cases()
    leading_black_frame()
    presentation_times()
    ambiguous(header, rf, df)
    outputs_and_options(ref, dis, header, df)
    batch(ref, dis, header, df)
    print(f"{results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
