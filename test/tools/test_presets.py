#!/usr/bin/env python3
"""The reference CLI's presets, --aom_ctc v1.0 ... v7.0 and --nflx_ctc v1.0:

- every version against what the reference CLI printed for the same
  arguments (preset_reference_values.json, which says how it was made): the
  keys, in the reference's order, and every value; versions the reference
  defines as another's (v2.0 is v1.0; v4.0, v5.0 and v6.0 are v3.0 on inputs
  of one depth) against that one's values. Presets mixed with --feature and
  --model in either order too, as the reference appends them.
- whole clips against the golden data where the math allows: the models'
  scores against the golden runs of those models, default-option features
  against the golden main run, dB SSIM from the golden SSIM, the 10-bit
  clip's psnr with the reduced peak (1020, not 1023) from the golden psnr,
  the aggregate APSNR against the golden psnr_opts run's.
- bad versions and a model name given twice end with a message.

usage: test_presets.py VMAF_BINARY SHARED_DIR WORK_DIR
"""
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file as shared_clip_file  # noqa: E402

VMAF, SHARED, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
HERE = os.path.dirname(os.path.abspath(__file__))
INTEGER_TOL, FLOAT_TOL = 2e-6, 1e-5
# What the reference defines each version as, on inputs of one depth.
SAME_AS = {"v1.0": "v1.0", "v2.0": "v1.0", "v3.0": "v3.0", "v4.0": "v3.0", "v5.0": "v3.0",
           "v6.0": "v3.0", "v7.0": "v7.0"}
results = {"passed": 0, "failed": 0}


def check(name, problems):
    ok = not problems
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + "; ".join(problems[:5])),
          flush=True)


def score(clip, args):
    p = subprocess.run([VMAF, "-r", shared_clip_file(SHARED, WORK, clip, "ref"),
                        "-d", shared_clip_file(SHARED, WORK, clip, "dis"), "-q", "--json",
                        "-o", "-", *args], capture_output=True, text=True, timeout=600,
                       stdin=subprocess.DEVNULL)
    if p.returncode != 0:
        return None, f"exit {p.returncode}: {p.stderr.strip()}"
    return json.loads(p.stdout), None


def tolerance(key):
    integer = key.startswith(("integer_", "VMAF_integer")) or key in ("vmaf", "vmaf_neg")
    return INTEGER_TOL if integer else FLOAT_TOL


def differences(got, want, tol):
    """Values of `want` (key -> number or None) that `got` lacks or differs from."""
    problems = []
    for key, value in want.items():
        mine = got.get(key, "missing")
        if mine == "missing":
            problems.append(f"{key} missing")
        elif value is None or mine is None:
            if value is not mine:
                problems.append(f"{key}: {mine} vs {value}")
        elif abs(mine - value) > tol(key):
            problems.append(f"{key}: {mine} vs {value}")
    return problems


def against_reference(run, args):
    doc, err = score(run["clip"], [*args, "--frame_cnt", "3"])
    if doc is None:
        return [err]
    problems = []
    frame_keys = [list(f["metrics"]) for f in doc["frames"]]
    if any(keys != run["keys"] for keys in frame_keys) or list(doc["pooled_metrics"]) != run["keys"]:
        problems.append(f"keys {frame_keys[0]} vs the reference's {run['keys']}")
    if len(doc["frames"]) != len(run["frames"]):
        return problems + [f"{len(doc['frames'])} frames vs {len(run['frames'])}"]
    for i, (frame, values) in enumerate(zip(doc["frames"], run["frames"])):
        problems += [f"frame {i} {p}" for p in
                     differences(frame["metrics"], dict(zip(run["keys"], values)), tolerance)]
    if list(doc["aggregate_metrics"]) != list(run["aggregate"]):
        problems.append(f"aggregate keys {list(doc['aggregate_metrics'])} vs {list(run['aggregate'])}")
    problems += differences(doc["aggregate_metrics"], run["aggregate"], tolerance)
    return problems


def reference_runs():
    with open(os.path.join(HERE, "preset_reference_values.json")) as f:
        runs = json.load(f)["runs"]
    by_args = {(r["clip"], tuple(r["args"])): r for r in runs}
    clips = sorted({r["clip"] for r in runs})
    for clip in clips:
        for version, like in SAME_AS.items():
            run = by_args[(clip, ("--aom_ctc", like))]
            check(f"--aom_ctc {version} equals the reference's {like} on {clip}",
                  against_reference(run, ["--aom_ctc", version]))
        check(f"--nflx_ctc v1.0 equals the reference's on {clip}",
              against_reference(by_args[(clip, ("--nflx_ctc", "v1.0"))], ["--nflx_ctc", "v1.0"]))
    # Presets among --feature and --model: the runs whose arguments are more
    # than the preset alone.
    for run in runs:
        if len(run["args"]) > 2:
            check(f"{' '.join(run['args'])} equals the reference's on {run['clip']}",
                  against_reference(run, run["args"]))


def golden(clip, variant):
    with open(os.path.join(SHARED, "golden", clip, f"{variant}.json")) as f:
        return json.load(f)


def db(ssim):
    """dB of a golden SSIM and how far the rounding of its 6 decimals moves it."""
    if ssim >= 1:
        return None, 0
    return -10 * math.log10(1 - ssim), 10 / math.log(10) * 5e-7 / (1 - ssim) + 1e-6


def golden_frames(clip, preset, model_variants, reduced_peak):
    """Each frame of a whole clip under `preset` against values derived from
    the golden runs, and the aggregate APSNR against golden psnr_opts' (on
    8-bit clips, where the reduced peak changes nothing); returns the
    problems."""
    doc, err = score(clip, preset)
    if doc is None:
        return [err]
    problems = []
    if not reduced_peak:
        problems += differences(doc["aggregate_metrics"],
                                golden(clip, "psnr_opts")["aggregate_metrics"], tolerance)
    main = golden(clip, "main")["frames"]
    models = {name: golden(clip, variant)["frames"] for name, variant in model_variants.items()}
    if len(doc["frames"]) != len(main):
        return problems + [f"{len(doc['frames'])} frames vs {len(main)}"]
    # The reduced peak of 10-bit psnr: 255 << 2 in place of 1023.
    psnr_shift = 20 * math.log10(1020 / 1023) if reduced_peak else 0.0
    for i, frame in enumerate(doc["frames"]):
        got, gold = frame["metrics"], main[i]["metrics"]
        want = {name: models[name][i]["metrics"]["vmaf"] for name in models}
        for key in ("psnr_y", "psnr_cb", "psnr_cr"):
            want[key] = gold[key] + psnr_shift
        for key in ("ciede2000", "psnr_hvs_y", "psnr_hvs_cb", "psnr_hvs_cr", "psnr_hvs", "cambi"):
            if key in got:
                want[key] = gold[key]
        tols = {}
        for key in ("float_ssim", "float_ms_ssim"):
            if key in got:
                want[key], tols[key] = db(gold[key])
        problems += [f"frame {i} {p}" for p in
                     differences(got, want, lambda k: tols.get(k, tolerance(k)))]
    return problems


def golden_runs():
    clip = "vtest_576x324_420p8"
    check(f"--aom_ctc v3.0 on the whole of {clip} against golden main, neg and psnr_opts",
          golden_frames(clip, ["--aom_ctc", "v3.0"], {"vmaf": "main", "vmaf_neg": "neg"}, False))
    check(f"--nflx_ctc v1.0 on the whole of {clip} against golden 4k, main and psnr_opts",
          golden_frames(clip, ["--nflx_ctc", "v1.0"], {"vmaf": "4k"}, False))
    clip = "tree_640x360_420p10"
    check(f"--aom_ctc v1.0 on the whole of {clip}: psnr with the reduced 10-bit peak",
          golden_frames(clip, ["--aom_ctc", "v1.0"], {"vmaf": "main", "vmaf_neg": "neg"}, True))


def errors():
    clip = "vtest_576x324_420p8"
    ref, dis = (shared_clip_file(SHARED, WORK, clip, side) for side in ("ref", "dis"))
    cases = [("--aom_ctc proposed", ["--aom_ctc", "proposed"], 2, ["proposed", "deprecated"]),
             ("--aom_ctc v8.0", ["--aom_ctc", "v8.0"], 2, ["--aom_ctc", "v8.0", "v1.0 to v7.0"]),
             ("--nflx_ctc v2.0", ["--nflx_ctc", "v2.0"], 2, ["--nflx_ctc", "v2.0"]),
             ("a preset's model name given again", ["--aom_ctc", "v1.0", "-m",
                                                    "version=vmaf_v0.6.1"], 1,
              ["two models are named 'vmaf'"]),
             ("one preset twice", ["--nflx_ctc", "v1.0", "--nflx_ctc", "v1.0"], 1,
              ["two models are named 'vmaf'"])]
    for name, args, rc_wanted, words in cases:
        p = subprocess.run([VMAF, "-r", ref, "-d", dis, "-q", "-o", os.devnull, *args],
                           capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
        problems = [] if p.returncode == rc_wanted and all(w in p.stderr for w in words) else \
            [f"rc={p.returncode} stderr={p.stderr!r}"]
        check(f"{name} is refused", problems)


def main():
    reference_runs()
    golden_runs()
    errors()
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
