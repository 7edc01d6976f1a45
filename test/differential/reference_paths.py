#!/usr/bin/env python3
"""Where libvmaf's aarch64 and x86 builds disagree, which of their paths
makes the difference (docs/arm64.md, ADR 0063).

  reference_paths.py --arm ARM_RUNNER --x86 X86_RUNNER --models MODELS FOUND_DIR

FOUND_DIR is the found/ folder of `rig.py --same-library --ours ARM_RUNNER
--ref X86_RUNNER` (the reference's runner built for each platform,
scripts/build_reference.sh and docs/arm64.md). Each case is run again with
the SIMD paths off (the case word cpumask: 1 turns NEON off, all ones every
x86 level) and put in the classes whose comparison fails:
  neon      the aarch64 build's NEON code against its own C code;
  x86 simd  the x86 build's AVX2 / AVX-512 code against its own C code;
  c         the two C builds against each other (compiler and libm).
Prints a count per combination of classes and per class and feature (its
options' suffix dropped), and an example case line of each combination.
"""
import argparse
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402
import rig  # noqa: E402

NEON_OFF, X86_OFF = " cpumask=1", " cpumask=18446744073709551615"


def base_name(feature):
    """A key without its options' suffix (integer_adm2_egl_1 -> integer_adm2),
    a bootstrap model's members as one."""
    name = re.sub(r"(_[a-z0-9]+_-?[0-9.]+)+$", "", feature)
    return re.sub(r"^vmaf_\d{4}$", "vmaf_NNNN", name)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--arm", required=True)
    ap.add_argument("--x86", required=True)
    ap.add_argument("--models", required=True)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("found")
    args = ap.parse_args()
    arm, x86 = rig.Runner([args.arm, args.models]), rig.Runner([args.x86, args.models])
    combos, features, examples = Counter(), Counter(), {}
    for name in sorted(os.listdir(args.found)):
        with open(os.path.join(args.found, name)) as f:
            line = f.readline().strip()
        runs = {"arm": arm.run(line, args.timeout), "arm c": arm.run(line + NEON_OFF, args.timeout),
                "x86": x86.run(line, args.timeout), "x86 c": x86.run(line + X86_OFF, args.timeout)}
        classes = []
        for label, (p, q) in {"neon": ("arm", "arm c"), "x86 simd": ("x86", "x86 c"),
                              "c": ("arm c", "x86 c")}.items():
            diffs = compare.failing(compare.compare(runs[p], runs[q]))
            if diffs:
                classes.append(label)
                features.update({f"{label}: {base_name(compare.feature_name(d[1]))}" for d in diffs
                                 if d[0] != "status"})
        combo = " + ".join(classes) or "none (differs only between runs)"
        combos[combo] += 1
        examples.setdefault(combo, line)
    for combo, n in combos.most_common():
        print(f"{n:5d}  {combo}\n       e.g. {examples[combo]}")
    print("features (cases with a failing key of the feature, per class):")
    for feature, n in features.most_common():
        print(f"{n:5d}  {feature}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
