#!/usr/bin/env python3
"""A HIP-enabled build on a machine without the GPU runtime: libvmaf and the
CLI load and score on the CPU, and `--backend hip` fails with a message that
names what is missing (ADR 0016), also when run from the build folder
without VMAF_HIP_MODULE (the module built there is found).

The runtime is hidden from the loader by a copy of the HIP module whose
runtime name is changed to one that does not exist: AMD's module needs
libamdhip64.so.N (its DT_NEEDED entry), NVIDIA's loads the driver's
libcuda.so.1 at run time (a string in the CUDA runtime inside it).

usage: test_runtime_absent.py VMAF_BINARY LIBVMAF_SO HIP_MODULE PLATFORM SHARED_DIR WORK_DIR
"""
import json
import os
import re
import subprocess
import sys
import tempfile

# The shared helpers of the Python tests.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402

VMAF, LIBVMAF, MODULE, PLATFORM, SHARED, WORK = sys.argv[1:7]
CLIP = "vtest_576x324_420p8"
RUNTIME = re.compile(r"amdhip|libhsa|libcuda|cudart|hiprtc")
results = {"passed": 0, "failed": 0}


def check(name, problems):
    ok = not problems
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + "; ".join(problems)))


def needed(path):
    out = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def hidden_runtime_module(folder):
    """A copy of the module that asks the loader for a runtime that is not there."""
    data = open(MODULE, "rb").read()
    if PLATFORM == "amd":
        pattern, expected = rb"libamdhip64\.so\.\d+", "libamdhip64"
    else:
        pattern, expected = rb"libcuda\.so\.1", "NVIDIA driver"
    patched, count = re.subn(pattern, lambda m: m.group(0)[:-1] + b"X", data)
    path = os.path.join(folder, "hip_backend.so")
    with open(path, "wb") as f:
        f.write(patched)
    return path, count, expected


def vmaf(env_module, *args):
    env = dict(os.environ, VMAF_HIP_MODULE=env_module)
    return subprocess.run([VMAF, "-r", clip_file(SHARED, WORK, CLIP, "ref"), "-d",
                           clip_file(SHARED, WORK, CLIP, "dis"), "-q", *args],
                          capture_output=True, text=True, env=env, timeout=600)


def main():
    check("libvmaf.so and vmaf link no GPU runtime",
          [f"{p} needs {lib}" for p in (LIBVMAF, VMAF) for lib in needed(p) if RUNTIME.search(lib)])
    if PLATFORM == "amd":
        check("the AMD module links the HIP runtime",
              [] if any("libamdhip64" in lib for lib in needed(MODULE)) else [f"NEEDED: {needed(MODULE)}"])

    with tempfile.TemporaryDirectory() as tmp:
        module, count, expected = hidden_runtime_module(tmp)
        check("the module names its runtime", [] if count else ["runtime name not found in the module"])

        out = os.path.join(tmp, "cpu.json")
        p = vmaf(module, "--backend", "cpu", "--json", "-o", out)
        problems = [] if p.returncode == 0 else [f"exit {p.returncode}: {p.stderr.strip()}"]
        if not problems:
            golden = json.load(open(os.path.join(SHARED, "golden", CLIP, "main.json")))
            got = json.load(open(out))["pooled_metrics"]["vmaf"]["mean"]
            want = golden["pooled_metrics"]["vmaf"]["mean"]
            if abs(got - want) > 2e-6:
                problems.append(f"pooled vmaf {got}, golden {want}")
        check("runtime absent: --backend cpu scores the golden vmaf", problems)

        p = vmaf(module, "--backend", "hip", "-o", os.devnull)
        problems = []
        if p.returncode != 1:
            problems.append(f"exit {p.returncode} (expected 1)")
        if expected not in p.stderr or "HIP" not in p.stderr:
            problems.append(f"message does not name {expected!r}: {p.stderr.strip()}")
        check(f"runtime absent: --backend hip names the {expected}", problems)
        print(p.stderr.strip())

        p = vmaf(os.path.join(tmp, "missing", "hip_backend.so"), "--backend", "hip", "-o", os.devnull)
        problems = [] if p.returncode == 1 and "was not found" in p.stderr else [
            f"exit {p.returncode}: {p.stderr.strip()}"]
        check("module absent: --backend hip says where it looked", problems)

    # Run from the build folder without VMAF_HIP_MODULE (meson devenv sets
    # it): the module built there is found, so what the message names is
    # what is really missing on a machine without a GPU, not the module.
    # The GPU suite's vmaf is a packed copy, outside any build folder.
    build_root = os.path.join(os.path.dirname(os.path.abspath(VMAF)), "..", "..")
    if not os.path.isdir(os.path.join(build_root, "meson-info")):
        print(f"not in a build folder ({VMAF}): the build folder's module is not looked for")
    else:
        env = {k: v for k, v in os.environ.items() if k != "VMAF_HIP_MODULE"}
        p = subprocess.run([VMAF, "-r", clip_file(SHARED, WORK, CLIP, "ref"), "-d",
                            clip_file(SHARED, WORK, CLIP, "dis"), "-q", "--backend", "hip", "-o",
                            os.devnull], capture_output=True, text=True, env=env, timeout=600)
        problems = [] if p.returncode == 0 or (p.returncode == 1 and "was not found" not in
                                               p.stderr and "HIP" in p.stderr) else [
            f"exit {p.returncode}: {p.stderr.strip()}"]
        check("from the build folder, no VMAF_HIP_MODULE: the module built there is used",
              problems)
        print(p.stderr.strip())

    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
