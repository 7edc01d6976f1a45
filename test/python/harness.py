"""What the vmaf_hip tests share: the module (the tests skip only where it
was not built), the vmaf CLI they compare with, the public clips, and the
comparison at the CLI's printed precision.

Environment (test/python/meson.build sets it): PYTHONPATH=<build>/python,
VMAF_TEST_VMAF (the CLI), VMAF_TEST_SHARED_DIR (../shared),
VMAF_TEST_WORK_DIR (where the clips are unpacked).
"""
import importlib.util
import json
import math
import os
import subprocess
import sys
import tempfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "support"))
from clip_files import clip_file  # noqa: E402

SHARED = os.environ.get("VMAF_TEST_SHARED_DIR", os.path.join(HERE, "..", "..", "..", "shared"))
WORK = os.environ.get("VMAF_TEST_WORK_DIR", os.path.join(tempfile.gettempdir(), "vmaf_hip_clips"))


def import_vmaf_hip():
    """The built module; skips the calling test file where there is none."""
    if importlib.util.find_spec("vmaf_hip") is None:
        pytest.skip("vmaf_hip is not built (pybind11 or the Python headers missing, or "
                    "-Dpython=disabled) or not on PYTHONPATH", allow_module_level=True)
    import vmaf_hip
    return vmaf_hip


def clip(name, side):
    """The unpacked Y4M of a public clip; side is "ref" or "dis"."""
    return clip_file(SHARED, WORK, name, side)


def golden(name, variant):
    with open(os.path.join(SHARED, "golden", name, f"{variant}.json")) as f:
        return json.load(f)


def cli_json(ref, dis, *args):
    """What `vmaf -r REF -d DIS -q --json ARGS` writes, parsed."""
    vmaf = os.environ.get("VMAF_TEST_VMAF")
    if not vmaf:
        pytest.fail("VMAF_TEST_VMAF must name the vmaf CLI to compare with")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.json")
        p = subprocess.run([vmaf, "-r", ref, "-d", dis, "-q", "--json", "-o", out, *args],
                           capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        assert p.returncode == 0, f"vmaf {' '.join(args)}: {p.stderr}"
        with open(out) as f:
            return json.load(f)


def printed(value):
    """A score as the CLI's JSON carries it: six decimals, null if not finite."""
    if value is None or not math.isfinite(value):
        return None
    return f"{value:.6f}"


def assert_pooled_match_cli(pooled, doc):
    """Every pooled score of a result (or summary) equals the CLI's, in the
    CLI's order of names."""
    assert list(pooled) == list(doc["pooled_metrics"])
    for key, methods in doc["pooled_metrics"].items():
        for method, value in methods.items():
            assert printed(pooled[key][method]) == printed(value), f"{key} {method}"


def assert_matches_cli(result, doc):
    """Every pooled and per-frame score equals the CLI's; a name the CLI
    gives no value for in a frame, or a frame it leaves out (subsample), has
    NaN."""
    assert_pooled_match_cli(result.pooled, doc)
    listed = {frame["frameNum"]: frame["metrics"] for frame in doc["frames"]}
    assert listed and max(listed) < result.frames
    for key, values in result.scores.items():
        assert len(values) == result.frames
        for n in range(result.frames):
            want = listed.get(n, {}).get(key, float("nan"))
            assert printed(values[n]) == printed(want), f"frame {n} {key}"
