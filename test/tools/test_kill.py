#!/usr/bin/env python3
"""The CLI killed (SIGKILL) at random moments, 50 times (issue 57): after
each kill the report's name holds either nothing or a complete report, the
one an undisturbed run writes (fps aside); never a part of one. Run again
once more, it writes that report. Reports in each format, and an HTML page.

usage: test_kill.py VMAF_BINARY SHARED_DIR [KILLS]
VMAF_KILL_ARGS: more arguments for every run (the GPU suite: --backend hip).
"""
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402

VMAF, SHARED = sys.argv[1], sys.argv[2]
KILLS = int(sys.argv[3]) if len(sys.argv) > 3 else 50
results = {"passed": 0, "failed": 0}
tmp = tempfile.mkdtemp(prefix="vmaf_kill_")
FORMATS = ["json", "xml", "csv", "sub"]
EXTRA = os.environ.get("VMAF_KILL_ARGS", "").split()


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + detail), flush=True)


def without_fps(path):
    with open(path, "rb") as f:
        return [line for line in f.read().splitlines() if b"fps" not in line]


def command(fmt, out, page):
    ref = clip_file(SHARED, os.path.join(tmp, "clips"), "vtest_576x324_420p8", "ref")
    dis = clip_file(SHARED, os.path.join(tmp, "clips"), "vtest_576x324_420p8", "dis")
    return [VMAF, "-r", ref, "-d", dis, f"--{fmt}", "-o", out, "--html", page, "--threads", "2",
            "-q", "--feature", "psnr"] + EXTRA


def main():
    clean = {}
    seconds = []
    for fmt in FORMATS:
        out, page = os.path.join(tmp, f"clean.{fmt}"), os.path.join(tmp, f"clean_{fmt}.html")
        t0 = time.monotonic()
        subprocess.run(command(fmt, out, page), check=True, stdin=subprocess.DEVNULL)
        seconds.append(time.monotonic() - t0)
        clean[fmt] = (without_fps(out), without_fps(page))
    run_time = max(seconds)
    rng = random.Random(57)
    partial = []
    complete = 0
    for i in range(KILLS):
        fmt = FORMATS[i % len(FORMATS)]
        d = os.path.join(tmp, f"kill{i}")
        os.makedirs(d)
        out, page = os.path.join(d, f"r.{fmt}"), os.path.join(d, "r.html")
        p = subprocess.Popen(command(fmt, out, page), stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # From start-up to the writing of the outputs at the end.
        time.sleep(rng.uniform(0, run_time * 1.1))
        p.send_signal(signal.SIGKILL)
        p.wait()
        for path, want in ((out, clean[fmt][0]), (page, clean[fmt][1])):
            if not os.path.exists(path):
                continue
            if without_fps(path) == want:
                complete += 1
            else:
                partial.append(path)
        # Run again: the outputs an undisturbed run writes.
        subprocess.run(command(fmt, out, page), check=True, stdin=subprocess.DEVNULL)
        if without_fps(out) != clean[fmt][0] or without_fps(page) != clean[fmt][1]:
            partial.append(f"{out} after the run again")
    check(f"{KILLS} kills: no output's name ever held part of it ({complete} complete ones "
          "were there already), and each run again wrote what an undisturbed run writes",
          not partial, ", ".join(partial[:5]))
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] or results["passed"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
