#!/usr/bin/env python3
"""Replays the cases the differential rig found (golden/*.case) and compares
vmaf-hip's output with the reference's, recorded beside each case.

  check_golden.py DIFF_RUNNER MODEL_DIR GOLDEN_DIR

A golden file: comment lines (# ...: the command that found it, what it
found), the case line, `--- ref`, then the reference runner's output.
"""
import io
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402


def main():
    runner, models, golden = sys.argv[1:4]
    files = sorted(f for f in os.listdir(golden) if f.endswith(".case"))
    if not files:
        print(f"no golden cases in {golden}")
        return 1
    failed = 0
    for name in files:
        with open(os.path.join(golden, name)) as f:
            lines = [line for line in f.read().splitlines() if not line.startswith("#")]
        case, marker, ref_lines = lines[0], lines[1], lines[2:]
        assert marker == "--- ref", f"{name}: no '--- ref' line"
        ref = compare.read_record(io.StringIO("\n".join(ref_lines) + "\n"))
        out = subprocess.run([runner, models], input=case + "\n", capture_output=True, text=True,
                             timeout=240)
        ours = compare.read_record(io.StringIO(out.stdout))
        if ours is None:
            print(f"{name}: the runner printed nothing (exit {out.returncode})")
            failed += 1
            continue
        diffs = compare.failing(compare.compare(ours, ref))
        compared = len(ref["values"])
        if diffs or compared == 0:
            failed += 1
            print(f"{name}: {len(diffs)} of {compared} keys differ")
            for d in diffs[:20]:
                print("   ", *d)
        else:
            print(f"{name}: {compared} keys agree")
    print(f"{len(files) - failed} of {len(files)} golden cases agree")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
