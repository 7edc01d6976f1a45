#!/usr/bin/env python3
"""FFmpeg's libraries are loaded when an input needs them, never at start
(issue 35, ADR 0030).

- Neither the vmaf CLI nor the Python extension lists a libav* library
  among its NEEDED entries.
- A Y4M pair is scored without mapping any of them (the loader's own
  record, LD_DEBUG=files); a container input maps them and scores.
- VMAF_LIBAV_DIR loads them from a folder: the system's own folder scores
  a container exactly as without it; a folder without them fails the
  container with a message naming the library, the package and the
  variable (exit 1), while a Y4M pair still scores, with the same numbers.

usage: test_libav_loading.py VMAF_BINARY FFMPEG_BINARY SHARED_DIR [PYTHON_EXTENSION]
"""
import json
import lzma
import os
import re
import shutil
import subprocess
import sys
import tempfile

VMAF, FFMPEG, SHARED = sys.argv[1:4]
EXTENSION = sys.argv[4] if len(sys.argv) > 4 else None
results = {"passed": 0, "failed": 0}
tmp = tempfile.mkdtemp(prefix="vmaf_libav_loading_")
LIBAV = re.compile(r"lib(avformat|avcodec|avutil|swscale|swresample|avfilter|avdevice)\.so")


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))


def needed(path):
    out = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def run(args, env_extra=None, trace=False):
    env = dict(os.environ)
    env.update(env_extra or {})
    if trace:
        env["LD_DEBUG"] = "files"
        env["LD_DEBUG_OUTPUT"] = os.path.join(tmp, "ld")
        for f in os.listdir(tmp):
            if f.startswith("ld."):
                os.remove(os.path.join(tmp, f))
    out = os.path.join(tmp, "out.json")
    if os.path.exists(out):
        os.remove(out)
    p = subprocess.run([VMAF, *args, "--json", "-o", out, "-q"], capture_output=True, text=True,
                       env=env, timeout=300)
    score = None
    if p.returncode == 0:
        with open(out) as f:
            score = json.load(f)["pooled_metrics"]["vmaf"]["mean"]
    loaded = ""
    if trace:
        for f in os.listdir(tmp):
            if f.startswith("ld."):
                with open(os.path.join(tmp, f), errors="replace") as g:
                    loaded += g.read()
    return p, score, loaded


def main():
    for name, path in (("vmaf", VMAF), ("python extension", EXTENSION)):
        if path:
            libs = needed(path)
            check(f"{name} has no libav* among its NEEDED entries", not any(LIBAV.search(n) for n in libs),
                  libs)

    pair = []
    for side in ("ref", "dis"):
        y4m = os.path.join(tmp, f"vtest_{side}.y4m")
        with lzma.open(os.path.join(SHARED, "clips", f"vtest_576x324_420p8_{side}.y4m.xz")) as f, \
                open(y4m, "wb") as g:
            shutil.copyfileobj(f, g)
        pair.append(y4m)
    ref, dis = pair
    ffv1 = os.path.join(tmp, "dis.mkv")
    subprocess.run([FFMPEG, "-v", "error", "-y", "-i", dis, "-c:v", "ffv1", ffv1], check=True)

    p, y4m_score, loaded = run(["-r", ref, "-d", dis], trace=True)
    check("a Y4M pair scores", p.returncode == 0 and y4m_score is not None, p.stderr)
    check("a Y4M pair maps no libav* library", loaded and not LIBAV.search(loaded),
          LIBAV.findall(loaded) or "no LD_DEBUG record")

    p, mkv_score, loaded = run(["-r", ref, "-d", ffv1], trace=True)
    check("a container maps libavformat and scores as its Y4M (lossless FFV1)",
          p.returncode == 0 and mkv_score == y4m_score and "libavformat.so" in loaded,
          f"{p.stderr} {mkv_score} vs {y4m_score}")

    ldd = subprocess.run(["ldd", FFMPEG], capture_output=True, text=True).stdout
    m = re.search(r"libavformat\.so\.\d+ => (\S+)/libavformat\.so", ldd)
    libdir = m.group(1) if m else None
    if libdir:
        p, score, _ = run(["-r", ref, "-d", ffv1], {"VMAF_LIBAV_DIR": libdir})
        check("VMAF_LIBAV_DIR of the system's libraries scores the same", p.returncode == 0 and
              score == mkv_score, p.stderr)
    else:
        check("ffmpeg's libavformat is found by ldd", False, ldd)

    empty = os.path.join(tmp, "no-ffmpeg")
    os.mkdir(empty)
    p, score, _ = run(["-r", ref, "-d", ffv1], {"VMAF_LIBAV_DIR": empty})
    check("without FFmpeg's libraries a container fails with exit 1", p.returncode == 1 and
          score is None, p.returncode)
    check("... naming the library, its package and VMAF_LIBAV_DIR",
          re.search(r"dis\.mkv: .*libavutil\.so\.\d+, which could not be loaded .*package is "
                    r"libavutil\d+.*VMAF_LIBAV_DIR", p.stderr) is not None, p.stderr)
    p, score, _ = run(["-r", ref, "-d", ffv1, "--scale", "bicubic"], {"VMAF_LIBAV_DIR": empty})
    check("... as does --scale (exit 2, before any input is read)",
          p.returncode == 2 and "libavutil.so" in p.stderr, (p.returncode, p.stderr))
    p, score, _ = run(["-r", ref, "-d", dis], {"VMAF_LIBAV_DIR": empty})
    check("... while a Y4M pair scores the same", p.returncode == 0 and score == y4m_score, p.stderr)

    shutil.rmtree(tmp)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
