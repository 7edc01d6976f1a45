#!/usr/bin/env python3
"""The Python package as users install it (docs/python.md): the sdist that
meson-python makes from this tree's last commit, a wheel built from that
sdist in an unrelated folder, then checked as a user gets it by
scripts/wheel/check_wheel.py (installed, used from another folder, golden's
vmaf; its docstring lists the checks).

    test_packaging.py SOURCE_ROOT SHARED_DIR WORK_DIR

Checks here: the sdist carries the model files and Chart.js (vendor/) and
nothing of ../shared but them. numpy, pybind11 and meson-python come from
Debian: no package index is reached.
"""
import glob
import os
import subprocess
import sys
import tarfile
import tempfile

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
        check("sdist carries every model file, Chart.js and stb_image_write.h",
              ([] if len(models) == shipped else [f"{len(models)} model files, ../shared has "
                                                  f"{shipped}"]) +
              [f"no {f}" for f in ("vendor/chart.js/chart.min.js", "vendor/chart.js/copyright",
                                   "vendor/stb/stb_image_write.h")
               if not any(m.endswith(f) for m in members)])
        vendored = [m for m in members if "/vendor/" in m and not m.endswith("/vendor")]
        check("sdist vendors nothing but the model files, Chart.js and stb_image_write.h",
              [m for m in vendored if not ("/vendor/models" in m or "/vendor/chart.js" in m or
                                           m.endswith("/vendor/stb/stb_image_write.h") or
                                           m.endswith("/vendor/stb"))][:3])

        # The wheel, built from the unpacked sdist in an unrelated folder,
        # then checked as a user gets it (scripts/wheel/check_wheel.py).
        elsewhere = os.path.join(tmp, "elsewhere")
        os.makedirs(elsewhere)
        wheel_dir = os.path.join(tmp, "wheel")
        run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
             "--no-index", "-w", wheel_dir, sdist], cwd=elsewhere)
        wheel = glob.glob(os.path.join(wheel_dir, "*.whl"))[0]
        p = subprocess.run([sys.executable, os.path.join(source, "scripts", "wheel",
                                                         "check_wheel.py"), wheel, shared])
        check("the wheel as a user installs it (check_wheel.py)",
              [] if p.returncode == 0 else [f"check_wheel.py: exit {p.returncode}"])
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
