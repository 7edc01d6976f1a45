#!/usr/bin/env python3
"""The Python package as users install it (docs/python.md): the sdist that
meson-python makes from this tree's last commit, a wheel built from that
sdist in an unrelated folder, installed into a fresh virtual environment,
then used from another folder.

    test_packaging.py SOURCE_ROOT SHARED_DIR WORK_DIR

Checks: the sdist carries the model files and Chart.js (vendor/) and
nothing of ../shared but them; the wheel holds only the package (no
libvmaf.so, headers, .pc or vmaf program); each shared object in it needs
only the C and C++ runtimes and what the wheel carries (libsvm, which the
package loads itself; their NEEDED entries listed), the GPU module of an
AMD build also ROCm's libamdhip64; the installed
package scores the public clip to golden's vmaf; where the wheel carries
the HIP module, backend="hip" finds it beside the package (on a machine
without a GPU the failure names the missing GPU, not a missing module).
The virtual environment sees the system's site-packages (numpy, pybind11
and meson-python come from Debian: no package index is reached).
"""
import glob
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile

# The C and C++ runtimes: what a manylinux-style wheel may need.
RUNTIMES = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libdl.so.2",
            "libpthread.so.0", "librt.so.1", "ld-linux-x86-64.so.2"}
# The GPU module alone may also need ROCm's HIP runtime (an AMD build): it is
# opened only when a GPU is asked for, on a machine that has ROCm.
GPU_MODULE = "vmaf_hip/libvmaf/hip_backend.so"
GPU_RUNTIME = re.compile(r"libamdhip64\.so\.\d+$")
CLIP = "vtest_576x324_420p8"
TOLERANCE = 2e-6
results = {"passed": 0, "failed": 0}


def check(name, problems):
    ok = not problems
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + "; ".join(problems[:5])))


def run(cmd, cwd=None, env=None):
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=3000)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}:\n{(p.stdout + p.stderr)[-3000:]}")
    return p.stdout


def needed(path):
    out = run(["readelf", "-d", path])
    return re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", out)


def main():
    source, shared, work = (os.path.abspath(a) for a in sys.argv[1:4])
    with tempfile.TemporaryDirectory(dir=work if os.path.isdir(work) else None) as tmp:
        # The sdist, as `python -m build --sdist` has meson-python make it.
        sdist_dir = os.path.join(tmp, "sdist")
        os.makedirs(sdist_dir)
        name = run([sys.executable, "-c",
                    "import mesonpy, sys; print(mesonpy.build_sdist(sys.argv[1]))", sdist_dir],
                   cwd=source).strip().splitlines()[-1]
        sdist = os.path.join(sdist_dir, name)
        with tarfile.open(sdist) as t:
            members = t.getnames()
        models = [m for m in members if "/vendor/models/" in m and m.endswith(".json")]
        shipped = len(glob.glob(os.path.join(shared, "models", "**", "*.json"), recursive=True))
        check("sdist carries every model file and Chart.js",
              ([] if len(models) == shipped else [f"{len(models)} model files, ../shared has "
                                                  f"{shipped}"]) +
              [f"no {f}" for f in ("vendor/chart.js/chart.min.js", "vendor/chart.js/copyright")
               if not any(m.endswith(f) for m in members)])
        vendored = [m for m in members if "/vendor/" in m and not m.endswith("/vendor")]
        check("sdist vendors nothing of ../shared but the model files",
              [m for m in vendored if not ("/vendor/models" in m or "/vendor/chart.js" in m)][:3])

        # The wheel, built from the unpacked sdist in an unrelated folder.
        elsewhere = os.path.join(tmp, "elsewhere")
        os.makedirs(elsewhere)
        wheel_dir = os.path.join(tmp, "wheel")
        run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
             "--no-index", "-w", wheel_dir, sdist], cwd=elsewhere)
        wheel = glob.glob(os.path.join(wheel_dir, "*.whl"))[0]
        with zipfile.ZipFile(wheel) as z:
            names = z.namelist()
            z.extractall(os.path.join(tmp, "unzipped"))
        stray = [n for n in names if not (n.startswith("vmaf_hip/") or ".dist-info/" in n)]
        check("wheel holds only the package", stray[:5])
        # A library the wheel carries itself (libsvm) is loaded by the
        # package before its extension (checked below: its mapping).
        problems = []
        objects = [n for n in names if ".so" in os.path.basename(n)]
        carried = {os.path.basename(n) for n in objects}
        for n in objects:
            libs = needed(os.path.join(tmp, "unzipped", n))
            print(f"  {n}: NEEDED {' '.join(libs)}")
            problems += [f"{n} needs {lib}" for lib in libs
                         if lib not in RUNTIMES and lib not in carried
                         and not (n == GPU_MODULE and GPU_RUNTIME.match(lib))]
        check("wheel's shared objects need only the C and C++ runtimes and what the wheel "
              "carries (the GPU module also ROCm's HIP runtime)", problems)

        # Installed into a fresh environment, used from another folder.
        venv = os.path.join(tmp, "venv")
        run([sys.executable, "-m", "venv", "--system-site-packages", venv])
        python = os.path.join(venv, "bin", "python")
        run([python, "-m", "pip", "install", "--no-deps", "--no-index", wheel], cwd=elsewhere)
        with open(os.path.join(shared, "golden", CLIP, "main.json")) as f:
            golden = json.load(f)["pooled_metrics"]["vmaf"]["mean"]
        ref, dis = (os.path.join(tmp, f"{side}.y4m") for side in ("ref", "dis"))
        for side, path in (("ref", ref), ("dis", dis)):
            with open(path, "wb") as out:
                subprocess.run(["xz", "-dc", os.path.join(shared, "clips", f"{CLIP}_{side}.y4m.xz")],
                               stdout=out, check=True)
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        env.pop("VMAF_HIP_MODULE", None)
        probe = f"""
import json, vmaf_hip
r = vmaf_hip.score({ref!r}, {dis!r})
hip = None
try:
    vmaf_hip.score({ref!r}, {dis!r}, backend="hip", frame_cnt=1)
    hip = "scored"
except vmaf_hip.VmafError as e:
    hip = str(e)
maps = [line.split()[-1] for line in open("/proc/self/maps") if "libsvm" in line]
print(json.dumps({{"file": vmaf_hip.__file__, "vmaf": r.pooled["vmaf"]["mean"], "hip": hip,
                  "libsvm": sorted(set(maps))}}))
"""
        got = json.loads(run([python, "-c", probe], cwd=elsewhere, env=env).splitlines()[-1])
        check(f"installed package scores {CLIP} to golden's vmaf",
              ([] if got["file"].startswith(venv) else [f"imported from {got['file']}"]) +
              ([] if abs(got["vmaf"] - golden) <= TOLERANCE else
               [f"vmaf {got['vmaf']}, golden {golden}"]))
        if "libsvm.so.3" in carried:
            check("the package's own libsvm.so.3 is the one loaded",
                  [] if got["libsvm"] and all(m.startswith(venv) for m in got["libsvm"])
                  else [f"libsvm mapped from {got['libsvm']}"])
        module = [n for n in names if n.endswith("libvmaf/hip_backend.so")]
        if module:
            check("backend='hip' finds the module shipped beside the package",
                  [] if "was not found" not in got["hip"] else [got["hip"]])
            print(f"  backend='hip': {got['hip'][:300]}")
        else:
            print("  (this build has no HIP backend: no module in the wheel to find)")
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
