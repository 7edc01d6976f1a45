#!/usr/bin/env python3
"""The whole chain through the CLI: `vmaf -r ref.y4m -d dis.y4m` with each
golden variant's invocation, every per-frame, pooled and aggregate value
against what libvmaf 3.2.0 printed, and the order of the keys in each
section (the reference's order, which CSV readers rely on); and thread-count
independence.

usage: test_vmaf_golden.py VMAF_BINARY SHARED_DIR WORK_DIR
"""
import json
import os
import subprocess
import sys

# The shared helpers of the Python tests.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file as shared_clip_file  # noqa: E402

VMAF, SHARED, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
INTEGER_TOL, FLOAT_TOL = 2e-6, 1e-5
# Keys of float features (the float models' adm2, aim, adm3, adm_scaleN,
# vif_scaleN and motion* are the aliases of the float extractors' keys).
FLOAT_FEATURES = ("float_", "ciede2000", "psnr_hvs", "adm", "aim", "vif_", "motion")
CHROMA = ("psnr_cb", "psnr_cr", "mse_cb", "mse_cr", "apsnr_cb", "apsnr_cr", "ciede2000", "psnr_hvs_cb",
          "psnr_hvs_cr", "psnr_hvs")
results = {"passed": 0, "failed": 0}


def check(name, problems):
    ok = not problems
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + "; ".join(problems[:5])))


def clip_file(clip, side):
    return shared_clip_file(SHARED, WORK, clip, side)


def score(clip, args):
    out = os.path.join(WORK, f"out_{clip}_{os.getpid()}.json")
    p = subprocess.run([VMAF, "-r", clip_file(clip, "ref"), "-d", clip_file(clip, "dis"), "-q", "--json",
                        "-o", out, *args], capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        return None, f"exit {p.returncode}: {p.stderr.strip()}"
    with open(out) as f:
        doc = json.load(f)
    os.remove(out)
    return doc, None


def compared(key, chroma_ok):
    return chroma_ok or key not in CHROMA


def tolerance(key):
    return FLOAT_TOL if key.startswith(FLOAT_FEATURES) else INTEGER_TOL


def close(a, b, tol):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= tol


def compare(got, want, chroma_ok):
    problems = []
    got_frames = {f["frameNum"]: f["metrics"] for f in got["frames"]}
    if sorted(got_frames) != [f["frameNum"] for f in want["frames"]]:
        problems.append(f"frames {sorted(got_frames)} vs {[f['frameNum'] for f in want['frames']]}")
        return problems
    for f in want["frames"]:
        mine = got_frames[f["frameNum"]]
        for key, value in f["metrics"].items():
            if not compared(key, chroma_ok):
                continue
            if key not in mine:
                problems.append(f"frame {f['frameNum']} lacks {key}")
            elif not close(mine[key], value, tolerance(key)):
                problems.append(f"frame {f['frameNum']} {key}: {mine[key]} vs {value}")
    for key, methods in want["pooled_metrics"].items():
        if not compared(key, chroma_ok):
            continue
        for method, value in methods.items():
            mine = got["pooled_metrics"].get(key, {}).get(method)
            if not close(mine, value, tolerance(key)):
                problems.append(f"pooled {key} {method}: {mine} vs {value}")
    for key, value in want["aggregate_metrics"].items():
        if not compared(key, chroma_ok):
            continue
        mine = got["aggregate_metrics"].get(key)
        if not close(mine, value, tolerance(key)):
            problems.append(f"aggregate {key}: {mine} vs {value}")
    return problems


def order_problems(got, want):
    """Keys in the reference's order: each frame's metrics, the pooled and the
    aggregate metrics (json.load keeps the order of the file)."""
    problems = []
    got_frames = {f["frameNum"]: list(f["metrics"]) for f in got["frames"]}
    for f in want["frames"]:
        if got_frames.get(f["frameNum"]) != list(f["metrics"]):
            problems.append(f"frame {f['frameNum']} key order {got_frames.get(f['frameNum'])} "
                            f"vs {list(f['metrics'])}")
    for section in ("pooled_metrics", "aggregate_metrics"):
        if list(got[section]) != list(want[section]):
            problems.append(f"{section} key order {list(got[section])} vs {list(want[section])}")
    return problems


def enc_overrides(clip, variant):
    """v1_enc: the v1 model with its CAMBI's encode size and depth set to half
    the clip's size (rounded down to even) and 8 bits; nothing for others."""
    if variant != "v1_enc":
        return []
    w, h = (int(n) for n in clip.split("_")[1].split("x"))
    return ["--model", f"version=vmaf_v1.0.16_3d0h:cambi.enc_width={w // 2 // 2 * 2}:"
            f"cambi.enc_height={h // 2 // 2 * 2}:cambi.enc_bitdepth=8"]


def main():
    with open(os.path.join(SHARED, "clips", "MANIFEST.tsv")) as f:
        clips = [line.split("\t")[0] for line in f.read().splitlines()[1:] if line]
    variants = {
        "main": [],
        "neg": ["--model", "version=vmaf_v0.6.1neg"],
        "4k": ["--model", "version=vmaf_4k_v0.6.1"],
        "bootstrap": ["--model", "version=vmaf_b_v0.6.3"],
        "float": ["--model", "version=vmaf_float_v0.6.1", "--feature", "float_psnr",
                  "--feature", "float_ansnr", "--feature", "float_moment"],
        "subsample3": ["--subsample", "3"],
        "debug": ["-n", "--feature", "adm=debug=true", "--feature", "vif=debug=true",
                  "--feature", "motion=debug=true"],
        "psnr_opts": ["-n", "--feature", "psnr=enable_mse=true:enable_apsnr=true"],
        "v1": ["--model", "version=vmaf_v1.0.16_3d0h"],
        "v1_phone": ["--model", "version=vmaf_v1.0.16_5d0h"],
        "v1_4k": ["--model", "version=vmaf_v1.0.16_1d5h_2160"],
        "v1_4k_3h": ["--model", "version=vmaf_v1.0.16_3d0h_2160"],
        "v1_hfr": ["--model", "version=vmaf_v1.0.16_hfr_3d0h"],
        "v1_hfr_phone": ["--model", "version=vmaf_v1.0.16_hfr_5d0h"],
        "v1_enc": [],  # enc_overrides() gives its arguments
        "speed": ["-n", "--feature", "speed_chroma", "--feature", "speed_temporal"],
        "speed_opts": ["-n", "--feature",
                       "speed_chroma=speed_prescale=0.5:speed_prescale_method=bicubic:speed_weight_var_mode=3",
                       "--feature", "speed_temporal=speed_kernelscale=2.0:speed_use_ref_diff=true:speed_sigma_nn=0.5"],
    }
    for clip in clips:
        with open(os.path.join(SHARED, "golden", clip, "SOURCE.json")) as f:
            source = json.load(f)
        chroma_ok = "note" not in source
        for variant, args in variants.items():
            golden_path = os.path.join(SHARED, "golden", clip, f"{variant}.json")
            said = source.get(variant, "")
            if said.startswith("refused by the reference"):
                # Refused here too, with a message.
                _, error = score(clip, args + enc_overrides(clip, variant) + ["--threads", "2"])
                said_why = error and not error.rstrip().endswith(":")
                check(f"{clip} {variant} refused",
                      [] if said_why else [error or "scored what the reference refused"])
                continue
            if not os.path.exists(golden_path):
                continue  # the reference failed here; SOURCE.json says why
            with open(golden_path) as f:
                want = json.load(f)
            extra = []
            if variant == "main":
                # The reference refused float_ms_ssim and cambi at 64x64 (too small
                # for their scales). The reference's order of --feature, which
                # is the order of the keys.
                refused = [f for f in ("float_ms_ssim", "cambi") if f not in want["frames"][0]["metrics"]]
                features = [f for f in ("psnr", "float_ssim", "float_ms_ssim", "ciede", "psnr_hvs", "cambi")
                            if f not in refused]
                extra = [a for feat in features for a in ("--feature", feat)]
            if variant == "v1_enc":
                args = enc_overrides(clip, variant)
            got, error = score(clip, args + extra + ["--threads", "2"])
            check(f"{clip} {variant}", [error] if error else compare(got, want, chroma_ok))
            if not error:
                check(f"{clip} {variant} key order", order_problems(got, want))

    # The same document for any thread count.
    for clip in ("vtest_576x324_420p8", "tree_640x360_420p10"):
        docs = []
        for threads in ("1", "2", "8"):
            doc, error = score(clip, ["--threads", threads, "--feature", "psnr", "--feature", "float_ssim"])
            if doc:
                doc.pop("fps")
            docs.append(doc)
        same = docs[0] is not None and docs[0] == docs[1] == docs[2]
        check(f"{clip} threads 1/2/8 identical", [] if same else ["documents differ"])

    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
