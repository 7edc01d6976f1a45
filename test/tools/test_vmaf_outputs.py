#!/usr/bin/env python3
"""The output files, byte for byte: `vmaf` with the golden main invocation on
vtest_576x324_420p8, written as XML, CSV, SUB and JSON, against the files the
reference CLI (libvmaf 3.2.0) wrote for the same run.

Only the lines that carry the reference's version and its fps are masked, in
both files, and only where the reference writes them:
  XML   line 1  <VMAF version="...">   the version of the build
  XML   line 3  <fyi fps="..." />      a speed measure, different every run
  JSON  line 2  "version": "...",      the version of the build
  JSON  line 3  "fps": ...,            a speed measure, different every run
CSV and SUB carry neither and are compared whole.

usage: test_vmaf_outputs.py VMAF_BINARY SHARED_DIR WORK_DIR
"""
import os
import re
import subprocess
import sys

# The shared helpers of the Python tests.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file as shared_clip_file  # noqa: E402

VMAF, SHARED, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
CLIP = "vtest_576x324_420p8"
FEATURES = ["psnr", "float_ssim", "float_ms_ssim", "ciede", "psnr_hvs", "cambi"]
# Per format: (line number counted from 1, the pattern that line must match).
MASKED = {
    "xml": [(1, r'<VMAF version="[^"]*">'), (3, r'  <fyi fps="[^"]*" />')],
    "json": [(2, r'  "version": "[^"]*",'), (3, r'  "fps": [^,]*,')],
    "csv": [],
    "sub": [],
}


def clip_file(side):
    return shared_clip_file(SHARED, WORK, CLIP, side)


def masked(text, fmt, whose):
    """The lines of `text` with MASKED[fmt] replaced; a masked line that is
    missing or has another shape is a failure, not something to hide."""
    lines = text.split("\n")
    for number, pattern in MASKED[fmt]:
        if number > len(lines) or not re.fullmatch(pattern, lines[number - 1]):
            raise AssertionError(f"{whose} {fmt} line {number} is not /{pattern}/")
        lines[number - 1] = "<masked>"
    return lines


def first_difference(got, want):
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            return f"line {i + 1}:\n  ours: {g[:300]}\n  ref:  {w[:300]}"
    return f"{len(got)} lines vs {len(want)}"


def main():
    failed = 0
    for fmt in MASKED:
        out = os.path.join(WORK, f"out_{CLIP}_{os.getpid()}.{fmt}")
        args = [VMAF, "-r", clip_file("ref"), "-d", clip_file("dis")]
        args += [a for feature in FEATURES for a in ("--feature", feature)]
        p = subprocess.run(args + ["-q", f"--{fmt}", "-o", out], capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            print(f"FAIL {fmt}: exit {p.returncode}: {p.stderr.strip()}")
            failed += 1
            continue
        # Bytes, not text: newline translation must not hide a difference.
        with open(out, "rb") as f:
            got = f.read().decode("ascii")
        os.remove(out)
        with open(os.path.join(SHARED, "golden", CLIP, f"main.{fmt}"), "rb") as f:
            want = f.read().decode("ascii")
        try:
            got_lines, want_lines = masked(got, fmt, "ours"), masked(want, fmt, "reference")
        except AssertionError as e:
            print(f"FAIL {fmt}: {e}")
            failed += 1
            continue
        if got_lines == want_lines:
            print(f"PASS {fmt}")
        else:
            print(f"FAIL {fmt}: {first_difference(got_lines, want_lines)}")
            failed += 1
    print(f"{len(MASKED) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
