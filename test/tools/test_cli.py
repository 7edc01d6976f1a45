#!/usr/bin/env python3
"""CLI tests: bad input ends with a message and a non-zero exit (never a
signal, a hang or exit 0); good input writes the reference's structure.

usage: test_cli.py VMAF_BINARY SHARED_DIR libav|no-libav|libav-unloadable
  libav: the build reads containers and FFmpeg's libraries load; no-libav:
  built without them; libav-unloadable: built with them, but they cannot be
  loaded where it runs (a GPU suite packed without VMAF_LIBAV_DIR).
"""
import json
import lzma
import math
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from y4m_files import write_y4m, y4m_frames  # noqa: E402

LIBAV_MODES = ("libav", "no-libav", "libav-unloadable")
if len(sys.argv) != 4 or sys.argv[3] not in LIBAV_MODES:
    sys.exit(f"usage: {sys.argv[0]} VMAF_BINARY SHARED_DIR {'|'.join(LIBAV_MODES)}")
VMAF, SHARED, LIBAV_MODE = sys.argv[1:]
results = {"passed": 0, "failed": 0}


def run(*args, timeout=120, env=None):
    p = subprocess.run([VMAF, *args], capture_output=True, text=True, timeout=timeout,
                       stdin=subprocess.DEVNULL, env=None if env is None else {**os.environ, **env})
    return p.returncode, p.stdout, p.stderr


def run_stdin(stdin_path, *args, timeout=120, env=None):
    with open(stdin_path, "rb") as f:
        p = subprocess.run([VMAF, *args], capture_output=True, text=True, timeout=timeout, stdin=f,
                           env=None if env is None else {**os.environ, **env})
    return p.returncode, p.stdout, p.stderr


def y4m_to_raw(src, dst):
    """The frames of a Y4M file without its header and FRAME lines."""
    with open(dst, "wb") as f:
        f.write(b"".join(y4m_frames(src)[1]))


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + detail))


def expect_error(name, args, *words):
    rc, out, err = run(*args)
    msg = err.lower()
    ok = rc > 0 and all(w.lower() in msg for w in words)
    check(name, ok, f"rc={rc} stderr={err!r}")


def y4m(path, w, h, frames, tag="C420jpeg", value=128, extra=b""):
    cw, ch = (w + 1) // 2, (h + 1) // 2
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{w} H{h} F25:1 Ip A1:1 {tag}\n".encode())
        for _ in range(frames):
            f.write(b"FRAME\n" + bytes([value]) * (w * h + 2 * cw * ch))
        f.write(extra)


def main():
    tmp = tempfile.mkdtemp(prefix="vmaf_cli_")
    p = lambda name: os.path.join(tmp, name)
    good = p("good.y4m")
    y4m(good, 16, 16, 2)
    y4m(p("good2.y4m"), 16, 16, 2, value=120)
    y4m(p("wide.y4m"), 32, 16, 2)
    y4m(p("short.y4m"), 16, 16, 1)
    y4m(p("trunc.y4m"), 16, 16, 1, extra=b"FRAME\n" + b"\x80" * 100)
    y4m(p("noframe.y4m"), 16, 16, 1, extra=b"JUNK!\n" + b"\x80" * 384)
    y4m(p("c411.y4m"), 16, 16, 1, tag="C411")
    y4m(p("zero.y4m"), 0, 16, 0)
    with open(p("absurd.y4m"), "wb") as f:
        f.write(b"YUV4MPEG2 W99999999 H16 C420jpeg\n")
    with open(p("garbage.y4m"), "wb") as f:
        f.write(b"YUV4MPEG2 W16 H16 Zfoo\x00\x01\n")
    with open(p("noheaderend.y4m"), "wb") as f:
        f.write(b"YUV4MPEG2 W16 H16" + b" " * 5000)
    open(p("empty.y4m"), "wb").close()
    with open(p("raw.yuv"), "wb") as f:
        f.write(b"\x80" * (16 * 16 * 3 // 2 * 2))
    with open(p("raw_partial.yuv"), "wb") as f:
        f.write(b"\x80" * (16 * 16 * 3 // 2 + 10))
    with open(p("notavideo.txt"), "w") as f:
        f.write("hello\n")

    n = ["-n", "--feature", "psnr", "-q"]
    # --help lists the flags by group, each flag once, and exits 0.
    rc, out, err = run("--help")
    groups = [line.rstrip(":") for line in out.splitlines()
              if line.endswith(":") and not line.startswith(" ")]
    flags = re.findall(r"^  (?:-\w,)?(--[\w-]+)", out, re.M)
    check("help lists the flags by group",
          rc == 0 and groups == ["Options", "Input", "Scoring", "Report", "Running"]
          and len(flags) == len(set(flags))
          and {"--reference", "--pool", "--gpu", "--model"} <= set(flags),
          f"rc={rc} groups={groups} flags={flags}")
    # Clear messages: an empty output path, a report that cannot be written
    # to standard output, keys given twice.
    expect_error("empty output path", ["-r", good, "-d", good, *n, "-o", ""], "output", "empty")
    with open("/dev/full", "w") as full:
        proc = subprocess.run([VMAF, "-r", good, "-d", good, *n], stdout=full,
                              stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    check("full standard output", proc.returncode == 1 and "standard output" in proc.stderr,
          f"rc={proc.returncode} stderr={proc.stderr!r}")
    expect_error("model key twice", ["-r", good, "-d", good, "-q",
                                     "-m", "version=vmaf_v0.6.1:version=vmaf_v0.6.1neg"],
                 "version", "twice")
    expect_error("feature option twice", ["-r", good, "-d", good, "-n", "-q",
                                          "--feature", "psnr=enable_mse=true:enable_mse=false"],
                 "enable_mse", "twice")
    expect_error("too many threads", ["-r", good, "-d", good, *n, "--threads", "100000"],
                 "100000 threads")
    # A flag that would be read nowhere is refused rather than ignored.
    expect_error("--gpumask is not accepted", ["-r", good, "-d", good, "--gpumask", "1", *n], "--gpumask")
    expect_error("--cpumask not a number", ["-r", good, "-d", good, "--cpumask", "avx2", *n],
                 "--cpumask", "whole number")
    expect_error("missing file", ["-r", p("nope.y4m"), "-d", good, *n], "nope.y4m", "cannot open")
    expect_error("empty file", ["-r", p("empty.y4m"), "-d", good, *n], "empty")
    expect_error("truncated frame", ["-r", p("trunc.y4m"), "-d", p("trunc.y4m"), *n], "truncated", "frame 1")
    expect_error("garbage header", ["-r", p("garbage.y4m"), "-d", good, *n], "garbage.y4m", "header")
    expect_error("header without newline", ["-r", p("noheaderend.y4m"), "-d", good, *n], "newline")
    expect_error("not a video", ["-r", p("notavideo.txt"), "-d", good, *n], "not a y4m file")
    expect_error("zero width", ["-r", p("zero.y4m"), "-d", good, *n], "out of range")
    expect_error("absurd width", ["-r", p("absurd.y4m"), "-d", good, *n], "99999999x16", "out of range")
    expect_error("negative raw width", ["-r", p("raw.yuv"), "-d", p("raw.yuv"), "-w", "-16", "-h", "16",
                                        "-p", "420", "-b", "8", *n], "out of range")
    expect_error("absurd raw size", ["-r", p("raw.yuv"), "-d", p("raw.yuv"), "-w", "100000", "-h", "16",
                                     "-p", "420", "-b", "8", *n], "out of range")
    expect_error("non-numeric raw width", ["-r", p("raw.yuv"), "-d", p("raw.yuv"), "-w", "abc", "-h", "16",
                                           "-p", "420", "-b", "8", *n], "--width")
    expect_error("unknown chroma tag", ["-r", p("c411.y4m"), "-d", good, *n], "c411")
    expect_error("missing FRAME marker", ["-r", p("noframe.y4m"), "-d", p("noframe.y4m"), *n], "frame marker")
    expect_error("size mismatch", ["-r", good, "-d", p("wide.y4m"), *n], "16x16", "32x16")
    expect_error("length mismatch", ["-r", good, "-d", p("short.y4m"), *n],
                 f"{p('short.y4m')} has 1 frames but {good} has 2")
    expect_error("raw not whole frames", ["-r", p("raw_partial.yuv"), "-d", p("raw_partial.yuv"), "-w", "16",
                                          "-h", "16", "-p", "420", "-b", "8", *n], "whole number")
    expect_error("raw unknown pixel format", ["-r", p("raw.yuv"), "-d", p("raw.yuv"), "-w", "16", "-h", "16",
                                              "-p", "411", "-b", "8", *n], "--pixel_format", "'411'")
    expect_error("unknown feature", ["-r", good, "-d", good, "-n", "--feature", "nosuch", "-q"], "nosuch")
    expect_error("bad option value", ["-r", good, "-d", good, "-n", "--feature", "psnr=enable_mse=maybe", "-q"],
                 "maybe", "enable_mse")
    expect_error("unknown option", ["-r", good, "-d", good, "-n", "--feature", "psnr=nope=1", "-q"], "nope")
    expect_error("output into missing folder", ["-r", good, "-d", good, *n, "-o", p("missing/out.xml")],
                 "does not exist")
    for flag in ("--threads", "--subsample", "--frame_cnt"):
        expect_error(f"non-numeric {flag}", ["-r", good, "-d", good, *n, flag, "abc"], flag)
        expect_error(f"negative {flag}", ["-r", good, "-d", good, *n, flag, "-1"], flag, "whole number")
    expect_error("two output formats", ["-r", good, "-d", good, *n, "--json", "--csv"], "one output format")
    expect_error("no distorted", ["-r", good, *n], "--distorted")
    for depth, words in (("8", ["--bitdepth-convert", "9 to 16", "got 8"]),
                         ("17", ["--bitdepth-convert", "9 to 16", "got 17"]),
                         ("ten", ["--bitdepth-convert", "whole number"])):
        expect_error(f"--bitdepth-convert {depth}", ["-r", good, "-d", good, *n,
                                                     "--bitdepth-convert", depth], *words)
    # 128 against 120 at 10 bits: 512 against 480, an MSE of 32 * 32.
    args = ["-r", good, "-d", p("good2.y4m"), *n, "--json", "--bitdepth-convert", "10"]
    if LIBAV_MODE == "libav":
        rc, out, err = run(*args)
        want = round(10 * math.log10(1023 ** 2 / 1024), 6)
        ok = rc == 0 and all(f["metrics"]["psnr_y"] == want for f in json.loads(out)["frames"])
        check("--bitdepth-convert 10: the 10-bit psnr", ok, f"rc={rc} err={err!r} out={out[:300]!r}")
    elif LIBAV_MODE == "libav-unloadable":
        expect_error("--bitdepth-convert with FFmpeg's libraries missing", args,
                     "need ffmpeg's", "could not be loaded", "VMAF_LIBAV_DIR")
    else:
        expect_error("--bitdepth-convert without libswscale", args, "good2.y4m",
                     "built without libswscale")
        # A container is not misread as raw YUV where libav was not built in.
        with open(p("not_really.mkv"), "wb") as f:
            f.write(b"\x1aE\xdf\xa3 not really a Matroska file")
        expect_error("container without libavformat", ["-r", p("not_really.mkv"), "-d", good, *n],
                     "not_really.mkv", "container input (mp4, mkv, ...) was not built in")
        expect_error("--scale without libswscale", ["-r", good, "-d", good, *n, "--scale"],
                     "scaling was not built in")

    # The output must never replace an input.
    before = open(good, "rb").read()
    expect_error("output is an input", ["-r", good, "-d", p("good2.y4m"), *n, "-o", good], "refusing")
    check("input untouched", open(good, "rb").read() == before)

    rc, out, err = run("-v")
    check("version", rc == 0 and out.strip() != "", f"rc={rc} out={out!r}")

    # Raw YUV is read when described; a file starting with YUV4MPEG2 is Y4M whatever the flags say.
    rc, out, err = run("-r", p("raw.yuv"), "-d", p("raw.yuv"), "-w", "16", "-h", "16", "-p", "420", "-b", "8",
                       *n, "--json")
    check("raw yuv", rc == 0 and len(json.loads(out)["frames"]) == 2, f"rc={rc} err={err!r}")
    rc, out, err = run("-r", good, "-d", p("good2.y4m"), "-w", "99", "-h", "7", "-p", "444", "-b", "10",
                       *n, "--json")
    ok = rc == 0 and json.loads(out)["frames"][0]["metrics"]["psnr_y"] > 0
    check("y4m wins over raw flags", ok, f"rc={rc} err={err!r}")

    # vtest_576x324 with --feature psnr --json: the golden main.json's shape and values.
    clip = "vtest_576x324_420p8"
    files = []
    for side in ("ref", "dis"):
        dst = p(f"{clip}_{side}.y4m")
        with lzma.open(os.path.join(SHARED, "clips", f"{clip}_{side}.y4m.xz")) as src, open(dst, "wb") as f:
            f.write(src.read())
        files.append(dst)
    out_path = p("out.json")
    rc, out, err = run("-r", files[0], "-d", files[1], *n, "--json", "-o", out_path)
    golden = json.load(open(os.path.join(SHARED, "golden", clip, "main.json")))
    ok = rc == 0
    if ok:
        got = json.load(open(out_path))
        ok = set(got) == set(golden) and len(got["frames"]) == len(golden["frames"])
        for g, w in zip(got["frames"], golden["frames"]):
            ok = ok and g["frameNum"] == w["frameNum"] and set(g) == set(w)
            for k in ("psnr_y", "psnr_cb", "psnr_cr"):
                ok = ok and abs(g["metrics"][k] - w["metrics"][k]) <= 2e-6
        for k in ("psnr_y", "psnr_cb", "psnr_cr"):
            ok = ok and set(got["pooled_metrics"][k]) == set(golden["pooled_metrics"][k])
            for m, v in golden["pooled_metrics"][k].items():
                ok = ok and abs(got["pooled_metrics"][k][m] - v) <= 2e-6
    check("json shape of golden main.json", ok, f"rc={rc} err={err!r}")

    # --fallback cpu: a pair the GPU fails (here the 60th HIP call and every
    # later one, as a lost device fails them; on a machine without a GPU,
    # the GPU cannot be used at all) is scored again on the CPU, with the
    # CPU's report and a warning; without it the run fails, saying why.
    lost = {"VMAF_HIP_FAULT": "60:lost"}
    cpu_out, fb_out = p("fallback_cpu.json"), p("fallback.json")
    rc_cpu, _, _ = run("-r", files[0], "-d", files[1], "-q", "--json", "-o", cpu_out)
    rc, _, err = run("-r", files[0], "-d", files[1], "-q", "--json", "-o", fb_out, "--backend", "hip",
                     "--fallback", "cpu", env=lost)
    same = rc_cpu == 0 and rc == 0 and [ln for ln in open(cpu_out) if "fps" not in ln] == [
        ln for ln in open(fb_out) if "fps" not in ln]
    check("--fallback cpu: a pair the GPU fails is scored on the CPU, the CPU's report",
          same and "scoring the pair again on the CPU (--fallback cpu)" in err, f"rc={rc} err={err!r}")
    rc, _, err = run("-r", files[0], "-d", files[1], "-q", "--json", "-o", p("nofallback.json"),
                     "--backend", "hip", env=lost)
    check("without --fallback a pair the GPU fails fails, saying why",
          rc == 1 and "HIP" in err and "again" not in err and not os.path.exists(p("nofallback.json")),
          f"rc={rc} err={err!r}")
    expect_error("--fallback names what it takes", ["-r", files[0], "-d", files[1], "--fallback",
                                                    "gpu"], "--fallback", "'none' or 'cpu'", "gpu")
    rc, _, err = run_stdin(files[0], "-r", "-", "-d", files[1], "-q", "-o", os.devnull,
                           "--backend", "hip", "--fallback", "cpu", env=lost)
    check("--fallback cpu does not score a pair read from a pipe again, saying so",
          rc == 1 and "is a pipe, read once" in err, f"rc={rc} err={err!r}")

    # xpsnr's temporal term follows the input's frame rate, as FFmpeg's
    # filter's does: a 60 fps Y4M header (or --fps 60) scores as fps=60 does
    # (the last two frames), a 10 fps one as the first order.
    def xpsnr_rows(*args):
        rc, out, err = run(*args, "-n", "-q", "--csv")
        return out.splitlines()[1:] if rc == 0 else [f"rc={rc} {err!r}"]
    header, frames = y4m_frames(files[0])
    fast = [write_y4m(p(f"fast_{side}.y4m"), header.replace(b" F10:1 ", b" F60:1 "), y4m_frames(f)[1])
            for side, f in zip(("ref", "dis"), files)]
    at_60 = xpsnr_rows("-r", fast[0], "-d", fast[1], "--feature", "xpsnr")
    told_60 = xpsnr_rows("-r", files[0], "-d", files[1], "--feature", "xpsnr=fps=60")
    flag_60 = xpsnr_rows("-r", files[0], "-d", files[1], "--feature", "xpsnr", "--fps", "60")
    at_10 = xpsnr_rows("-r", files[0], "-d", files[1], "--feature", "xpsnr")
    check("xpsnr takes the input's frame rate", b" F10:1 " in header and len(at_60) == 24 and
          at_60 == told_60 == flag_60 and at_60[2] != at_10[2], f"{at_60[:3]} {told_60[:3]} {at_10[:3]}")

    # --cpumask 24 (the portable kernels) and VMAF_CPU_MASK give the default
    # model's every per-frame value unchanged; a mask in the environment that
    # is not a number is refused with its name.
    model_run = ["-r", files[0], "-d", files[1], "-q", "--json"]
    rc, out, err = run(*model_run)
    plain = json.loads(out)["frames"] if rc == 0 else None
    rc, out, err = run(*model_run, "--cpumask", "24")
    portable = json.loads(out)["frames"] if rc == 0 else None
    check("--cpumask 24 scores as the SIMD kernels", plain is not None and portable == plain,
          f"rc={rc} err={err!r}")
    os.environ["VMAF_CPU_MASK"] = "16"
    rc, out, err = run(*model_run)
    check("VMAF_CPU_MASK=16 scores the same", rc == 0 and json.loads(out)["frames"] == plain)
    os.environ["VMAF_CPU_MASK"] = "32"
    rc, out, err = run(*model_run)
    check("VMAF_CPU_MASK=32 (AVX-512 without ICL) scores the same",
          rc == 0 and json.loads(out)["frames"] == plain)
    os.environ["VMAF_CPU_MASK"] = "avx"
    expect_error("VMAF_CPU_MASK not a number", model_run, "VMAF_CPU_MASK", "avx", "not a number")
    del os.environ["VMAF_CPU_MASK"]

    # Standard input and pipes: the same scores as the file, Y4M and raw YUV
    # (the bytes read to tell the two apart must not be lost).
    def scores(rc, out):
        return json.loads(out)["frames"] if rc == 0 else None
    want = scores(*run("-r", files[0], "-d", files[1], *n, "--json")[:2])
    got = scores(*run_stdin(files[0], "-r", "-", "-d", files[1], *n, "--json")[:2])
    check("y4m from standard input", want is not None and got == want)
    raw_ref, raw_dis = p("ref.yuv"), p("dis.yuv")
    y4m_to_raw(files[0], raw_ref)
    y4m_to_raw(files[1], raw_dis)
    geometry = ["-w", "576", "-h", "324", "-p", "420", "-b", "8"]
    got = scores(*run_stdin(raw_ref, "-r", "-", "-d", raw_dis, *geometry, *n, "--json",
                            "--frame_cnt", "24")[:2])
    check("raw yuv from standard input", want is not None and got == want)
    expect_error("both inputs on standard input", ["-r", "-", "-d", "-", *n], "standard input")

    # Every thread count gives the same document (but for fps); 0, as
    # Netflix's vmaf takes it, is no worker threads.
    docs = []
    for threads in ("0", "1", "2", "8"):
        rc, out, err = run("-r", files[0], "-d", files[1], *n, "--json", "--threads", threads)
        d = json.loads(out) if rc == 0 else None
        if d:
            d.pop("fps")
        docs.append(d)
    check("thread count independence", docs[0] is not None and docs[0] == docs[1] == docs[2] == docs[3])
    # --subsample 0 and --frame_cnt 0, as Netflix's vmaf takes them: every frame.
    plain = run("-r", files[0], "-d", files[1], *n, "--json")
    zeros = run("-r", files[0], "-d", files[1], *n, "--json", "--subsample", "0", "--frame_cnt", "0")
    same = plain[0] == zeros[0] == 0 and {**json.loads(plain[1]), "fps": 0} == {**json.loads(zeros[1]), "fps": 0}
    check("--subsample 0 and --frame_cnt 0 score every frame", same, f"{plain[0]} {zeros[0]} {zeros[2]!r}")

    # Subsample and frame_cnt pick the frames the reference picks.
    rc, out, err = run("-r", files[0], "-d", files[1], *n, "--json", "--subsample", "3", "--frame_cnt", "10")
    nums = [f["frameNum"] for f in json.loads(out)["frames"]] if rc == 0 else None
    check("subsample and frame_cnt", nums == [0, 3, 6, 9], f"rc={rc} frames={nums}")

    # Skipping distorted frames shifts the pairing.
    rc, out, err = run("-r", files[0], "-d", files[0], *n, "--json", "--frame_skip_dist", "1", "--frame_cnt", "2")
    ok = rc == 0 and json.loads(out)["frames"][0]["metrics"]["psnr_y"] < 60
    check("frame_skip_dist", ok, f"rc={rc} err={err!r}")

    # Motion with both inputs skipped by one frame is the plain run shifted:
    # frame i there compares reference frames i and i + 1 of the file.
    motion = ["-n", "--feature", "motion", "-q", "--json"]
    rc1, out1, _ = run("-r", files[0], "-d", files[1], *motion)
    rc2, out2, _ = run("-r", files[0], "-d", files[1], *motion, "--frame_skip_ref", "1", "--frame_skip_dist", "1")
    ok = rc1 == 0 and rc2 == 0
    if ok:
        key = "VMAF_integer_feature_motion_sad_score"
        plain = [f["metrics"][key] for f in json.loads(out1)["frames"]]
        skipped = [f["metrics"][key] for f in json.loads(out2)["frames"]]
        ok = len(skipped) == len(plain) - 1 and skipped[0] == 0 and skipped[1:] == plain[2:]
    check("motion with frame_skip", ok, f"rc={rc1},{rc2}")


    # Luma-only reading: with the default model (adm, vif, motion read luma
    # only) the chroma bytes are passed over, so garbage there changes
    # nothing; psnr reads them, and its chroma scores move.
    header, frames = y4m_frames(files[1])
    luma = 576 * 324
    garbage = write_y4m(p("garbage_chroma.y4m"), header,
                        [fr[:luma] + b"\xff" * (len(fr) - luma) for fr in frames[:6]])
    five = ["--frame_cnt", "5", "-q", "--json"]
    def frames_of(rc, out):
        return json.loads(out)["frames"] if rc == 0 else None
    clean = frames_of(*run("-r", files[0], "-d", files[1], *five)[:2])
    dirty = frames_of(*run("-r", files[0], "-d", garbage, *five)[:2])
    check("default model ignores the chroma bytes", clean is not None and clean == dirty,
          f"{clean and clean[0]} vs {dirty and dirty[0]}")
    clean = frames_of(*run("-r", files[0], "-d", files[1], *five, "--feature", "psnr")[:2])
    dirty = frames_of(*run("-r", files[0], "-d", garbage, *five, "--feature", "psnr")[:2])
    ok = clean is not None and dirty is not None
    ok = ok and all(c["metrics"]["psnr_cb"] != d["metrics"]["psnr_cb"] and
                    c["metrics"]["psnr_y"] == d["metrics"]["psnr_y"] and
                    c["metrics"]["vmaf"] == d["metrics"]["vmaf"] for c, d in zip(clean, dirty))
    check("psnr reads the chroma bytes beside the default model", ok)
    # Sample values are checked in the planes read: 10-bit chroma beyond
    # 1023 stops a psnr run, not a luma-only one.
    deep = p("deep_bad_chroma.y4m")
    with open(deep, "wb") as f:
        f.write(b"YUV4MPEG2 W64 H64 F25:1 C420p10\n")
        for k in range(3):
            f.write(b"FRAME\n" + bytes((i * 7 + k) % 256 if i % 2 == 0 else (i // 2) % 4
                                       for i in range(2 * 64 * 64)) + b"\xff\xff" * (2 * 32 * 32))
    rc, out, err = run("-r", deep, "-d", deep, "-q", "--json")
    check("luma-only run does not read bad chroma samples", rc == 0, f"rc={rc} err={err!r}")
    expect_error("bad chroma sample stops a psnr run", ["-r", deep, "-d", deep, *n],
                 deep, "frame 0 has sample value 65535 in plane 1")

    # psnr's chroma keys and vmaf with the default model present: the golden
    # main.json's values.
    golden_frames = json.load(open(os.path.join(SHARED, "golden", clip, "main.json")))["frames"]
    for threads in ([], ["--threads", "2"]):
        got = frames_of(*run("-r", files[0], "-d", files[1], "-q", "--json", "--feature", "psnr",
                             *threads)[:2])
        ok = got is not None and len(got) == len(golden_frames)
        for g, w in zip(got or [], golden_frames):
            for k in ("vmaf", "psnr_y", "psnr_cb", "psnr_cr"):
                ok = ok and abs(g["metrics"][k] - w["metrics"][k]) <= 2e-6
        check(f"default model with psnr matches golden {threads}", ok)

    # A distorted file truncated inside frame 3's chroma: the message names
    # the file, the frame and where, whether the chroma is read or passed
    # over, with and without worker threads; --frame_cnt 3 never reads it.
    cut = write_y4m(p("cut_dis.y4m"), header, frames[:3] + [frames[3][:luma + 100]])
    for threads in ([], ["--threads", "2"]):
        for features in ([], ["--feature", "psnr"]):
            expect_error(f"truncated distorted frame {threads} {features}",
                         ["-r", files[0], "-d", cut, "-q", *threads, *features],
                         f"{cut}: frame 3 is truncated (file ends inside plane 1, row 0)")
    rc, out, err = run("-r", files[0], "-d", cut, "-q", "--json", "--frame_cnt", "3")
    check("--frame_cnt stops before a truncated frame", rc == 0 and len(json.loads(out)["frames"]) == 3,
          f"rc={rc} err={err!r}")

    # Luma only from standard input: the chroma read and dropped from a pipe.
    want = frames_of(*run("-r", files[0], "-d", files[1], "-q", "--json")[:2])
    got = frames_of(*run_stdin(files[1], "-r", files[0], "-d", "-", "-q", "--json")[:2])
    check("default model from standard input", want is not None and got == want)

    # An error on one side while the other is a pipe that never ends: the
    # reader waiting on the pipe is stopped, and the CLI exits at once.
    import threading
    cut_ref = write_y4m(p("cut_ref.y4m"), header, frames[:1] + [frames[1][:1000]])
    for threads in ([], ["--threads", "2"]):
        with tempfile.TemporaryFile() as err_file:
            proc = subprocess.Popen([VMAF, "-r", cut_ref, "-d", "-", "-q", *threads],
                                    stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err_file)
            def feed():
                try:
                    proc.stdin.write(header + b"FRAME\n" + frames[0])
                    proc.stdin.flush()
                except OSError:
                    pass
            writer = threading.Thread(target=feed)
            writer.start()
            try:
                proc.wait(timeout=20)  # standard input stays open meanwhile
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            writer.join()
            proc.stdin.close()
            err_file.seek(0)
            err = err_file.read()
            ok = proc.returncode == 1 and b"frame 1 is truncated" in err
        check(f"error beside a pipe that never ends {threads}", ok, repr(err))

    # On a terminal (util-linux `script` gives one) a progress line with fps
    # goes to stderr, unless -q.
    def on_tty(*args):
        cmd = " ".join([VMAF, "-r", files[0], "-d", files[1], "-o", p("tty.xml"), *args])
        t = subprocess.run(["script", "-qec", cmd, "/dev/null"], capture_output=True, text=True,
                           timeout=120, stdin=subprocess.DEVNULL)
        return t.returncode, t.stdout
    rc, shown = on_tty()
    check("progress line on a tty: done/total, fps, ETA", rc == 0 and "24/24 frames" in shown
          and "FPS, ETA 0:00:00" in shown, repr(shown[-200:]))
    rc, shown = on_tty("--frame_cnt", "5")
    check("--frame_cnt is the total", rc == 0 and "5/5 frames" in shown, repr(shown[-200:]))
    # From a pipe the length is not known: done and fps only.
    t = subprocess.run(["script", "-qec", f"cat {files[0]} | {VMAF} -r - -d {files[1]} -o "
                        f"{p('tty_pipe.xml')}", "/dev/null"], capture_output=True, text=True,
                       timeout=120, stdin=subprocess.DEVNULL)
    check("progress from a pipe: no total", t.returncode == 0 and "24 frames" in t.stdout
          and "/24" not in t.stdout and "ETA" not in t.stdout, repr(t.stdout[-200:]))
    rc, shown = on_tty("-q")
    check("no progress line with -q", rc == 0 and "FPS" not in shown, repr(shown[-200:]))

    # --log-level debug names the extractor and backend of every feature.
    two = ["-r", files[0], "-d", files[1], "--frame_cnt", "2", "-q"]
    rc, _, err = run(*two, "--log-level", "debug", "-o", p("log.xml"))
    check("--log-level debug names each extractor and its backend",
          rc == 0 and all(f"CPU backend: extractor {e} for " in err
                          for e in ("adm", "vif", "motion")), f"rc={rc} err={err!r}")
    expect_error("--log-level takes a known level", ["-r", good, "-d", good, "--log-level", "loud"],
                 "log-level")

    # Without a usable GPU (or HIP in the build) a clear error; with one,
    # the CPU's scores.
    rc, out, err = run("-r", good, "-d", good, *n, "--json", "--backend", "hip")
    if rc == 0:
        rc_cpu, out_cpu, _ = run("-r", good, "-d", good, *n, "--json", "--backend", "cpu")
        same = rc_cpu == 0 and {**json.loads(out), "fps": 0} == {**json.loads(out_cpu), "fps": 0}
        check("backend hip on a GPU scores as the CPU does", same, f"rc_cpu={rc_cpu}")
        # The default model entirely on the GPU, and every other metric too:
        # no extractor is left on the CPU.
        rc, _, err = run(*two, "--backend", "hip", "--feature", "cambi", "--feature", "psnr_hvs",
                         "--log-level", "debug", "-o", p("hip.xml"))
        check("backend hip runs the default model's features and cambi, psnr_hvs on the GPU",
              rc == 0 and all(f"HIP backend: extractor {e}_hip for " in err
                              for e in ("adm", "vif", "motion", "cambi", "psnr_hvs"))
              and "no HIP twin" not in err, f"rc={rc} err={err!r}")
    else:
        check("backend hip without a device fails cleanly", rc == 1 and "hip" in err.lower(),
              f"rc={rc} err={err!r}")

    # cambi names the least size it can score: one side of 216, and a
    # coarsest scale that holds half its window.
    y4m(p("cambi_small.y4m"), 64, 64, 1)
    expect_error("cambi names the least side", ["-r", p("cambi_small.y4m"), "-d", p("cambi_small.y4m"),
                                                "-n", "-q", "--feature", "cambi"], "cambi", "64x64", "216")
    y4m(p("cambi_thin.y4m"), 1920, 160, 1)
    expect_error("cambi names the least size for its window",
                 ["-r", p("cambi_thin.y4m"), "-d", p("cambi_thin.y4m"), "-n", "-q", "--feature", "cambi"],
                 "cambi", "23-pixel window", "1920x161")
    expect_error("cambi names an unknown eotf", ["-r", p("cambi_thin.y4m"), "-d", p("cambi_thin.y4m"),
                                                 "-n", "-q", "--feature", "cambi=eotf=hlg:window_size=15"],
                 "cambi", "eotf", "hlg")

    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
