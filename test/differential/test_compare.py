#!/usr/bin/env python3
"""compare.py's reading and classes on records written here: each value of
a bootstrap line (bagging, stddev, 95% interval) is a key of its own, and
within the contract a difference of the full-precision values is hidden,
beyond it a failure."""
import io
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402


def record(bootstrap, vmaf):
    text = (f"case 1\nstatus ok\nscore 0 {vmaf}\nbootstrap 0 {bootstrap}\n"
            "xml <frame frameNum=\"0\" vmaf=\"87.000000\" />\nend\n")
    return compare.read_record(io.StringIO(text))


def classes(a, b):
    return sorted((d[0], d[1]) for d in compare.compare(a, b))


def main():
    base = record("88.799518207989053 4.0691150892145185 78.69699302885337 94.646874170300322", "87")
    problems = []
    keys = sorted(base["values"])
    want = ["bootstrap 0 bagging", "bootstrap 0 ci_hi", "bootstrap 0 ci_lo", "bootstrap 0 stddev",
            "score 0", "xml frame 0 vmaf"]
    if keys != want:
        problems.append(f"keys {keys}, want {want}")
    # The last bits of the stddev and the interval's top: hidden, not a new key.
    near = record("88.799518207989053 4.0691150892144847 78.69699302885337 94.646874170300379", "87")
    got = classes(base, near)
    if got != [("hidden", "bootstrap 0 ci_hi"), ("hidden", "bootstrap 0 stddev")]:
        problems.append(f"last bits: {got}")
    # 1e-5 on the bagging score: beyond the contract (2e-6).
    far = record("88.799528207989053 4.0691150892145185 78.69699302885337 94.646874170300322", "87")
    got = classes(base, far)
    if got != [("differs", "bootstrap 0 bagging")]:
        problems.append(f"1e-5 apart: {got}")
    for p in problems:
        print("FAIL " + p)
    print(f"compare: {3 - len(problems)} of 3 checks passed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
