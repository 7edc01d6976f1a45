#!/usr/bin/env python3
"""A built vmaf_hip wheel as a user gets it: installed by the target
interpreter's pip into an empty folder (pip refuses a wheel whose tags that
interpreter does not accept), then used from another folder.

    check_wheel.py [--python CMD] [--manylinux X.Y] WHEEL SHARED_DIR

CMD runs the target interpreter (default: this one), for example the
aarch64 Python under qemu (scripts/cross/arm64_python_root.sh); it needs
numpy and pip. Checks: the wheel holds only the package (no libvmaf.so,
headers, .pc or vmaf program); each shared object in it needs only the C
and C++ runtimes and what the wheel carries (libsvm, which the package loads
itself; their NEEDED entries listed), the GPU module of an AMD build also
ROCm's libamdhip64; the installed package scores the public clip to golden's
vmaf; the package's own libsvm is the one loaded; where the wheel carries
the HIP module, backend="hip" finds it beside the package (on a machine
without a GPU the failure names the missing GPU, not a missing module).
With --manylinux X.Y (manylinux.sh: 2.27), as auditwheel's policy of
manylinux_X_Y would check it: the wheel's platform tags name it, and no
shared object needs a symbol version above the policy's (GLIBC_X.Y; for
2.27 GLIBCXX_3.4.24, CXXABI_1.3.11, GCC_7.0.0) or a library outside its list.
Exit status 1 when a check fails.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import zipfile

# The C and C++ runtimes: what a manylinux wheel may need.
RUNTIMES = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libdl.so.2",
            "libpthread.so.0", "librt.so.1", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}
# The GPU module alone may also need ROCm's HIP runtime (an AMD build): it is
# opened only when a GPU is asked for, on a machine that has ROCm.
GPU_MODULE = "vmaf_hip/libvmaf/hip_backend.so"
GPU_RUNTIME = re.compile(r"libamdhip64\.so\.\d+$")
# auditwheel's policy (policy/manylinux-policy.json) for manylinux_2_27: the
# libraries a wheel may need without carrying them, and the highest symbol
# versions of each.
MANYLINUX_LIBS = {"libc.so.6", "libm.so.6", "libdl.so.2", "librt.so.1", "libpthread.so.0",
                  "libgcc_s.so.1", "libstdc++.so.6", "libutil.so.1", "libresolv.so.2",
                  "libnsl.so.1", "ld-linux-x86-64.so.2"}
MANYLINUX_VERSIONS = {"2.27": {"GLIBC": (2, 27), "GLIBCXX": (3, 4, 24), "CXXABI": (1, 3, 11),
                               "GCC": (7, 0, 0)}}
CLIP = "vtest_576x324_420p8"
TOLERANCE = 2e-6
PROBE = """
import json, sys, vmaf_hip
ref, dis = sys.argv[1:3]
r = vmaf_hip.score(ref, dis)
hip = None
try:
    vmaf_hip.score(ref, dis, backend="hip", frame_cnt=1)
    hip = "scored"
except vmaf_hip.VmafError as e:
    hip = str(e)
maps = [line.split()[-1] for line in open("/proc/self/maps") if "libsvm" in line]
import os
print(json.dumps({"file": vmaf_hip.__file__, "vmaf": r.pooled["vmaf"]["mean"], "hip": hip,
                  "libsvm": sorted(set(maps)), "libc": os.confstr("CS_GNU_LIBC_VERSION"),
                  "python": sys.version.split()[0], "numpy": __import__("numpy").__version__}))
"""


class Checks:
    def __init__(self):
        self.failed = 0
        self.passed = 0

    def __call__(self, name, problems):
        if problems:
            self.failed += 1
            print(f"FAIL {name}: " + "; ".join(problems[:5]))
        else:
            self.passed += 1
            print(f"PASS {name}")


def run(cmd, cwd=None, env=None):
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=3000)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}:\n{(p.stdout + p.stderr)[-3000:]}")
    return p.stdout


def dynamic(path):
    """The object's NEEDED libraries and its RUNPATH (or RPATH) entries."""
    out = run(["readelf", "-d", path])
    return (re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", out),
            [entry for found in re.findall(r"\((?:RUNPATH|RPATH)\)\s+Library r(?:un)?path: \[(.*)\]",
                                           out) for entry in found.split(":")])


def check_contents(check, wheel, unzipped):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        z.extractall(unzipped)
    check("wheel holds only the package",
          [n for n in names if not (n.startswith("vmaf_hip/") or ".dist-info/" in n)])
    objects = {n: dynamic(os.path.join(unzipped, n)) for n in names
               if ".so" in os.path.basename(n)}
    carried = {os.path.basename(n) for n in objects}
    problems = []
    for n, (libs, _) in objects.items():
        print(f"  {n}: NEEDED {' '.join(libs)}")
        problems += [f"{n} needs {lib}" for lib in libs
                     if lib not in RUNTIMES and lib not in carried
                     and not (n == GPU_MODULE and GPU_RUNTIME.match(lib))]
    check("wheel's shared objects need only the C and C++ runtimes and what the wheel "
          "carries (the GPU module also ROCm's HIP runtime)", problems)
    return names, objects, carried


def symbol_versions(path):
    """Each versioned symbol the object needs from elsewhere: (name, version)."""
    out = run(["objdump", "-T", path])
    return re.findall(r"\*UND\*\s+\S+\s+(?:\(([A-Z]+)_([0-9.]+)\)|([A-Z]+)_([0-9.]+))\s+(\S+)", out)


def check_manylinux(check, policy, wheel, unzipped, objects, carried):
    limits = MANYLINUX_VERSIONS[policy]
    tag = f"manylinux_{policy.replace('.', '_')}_x86_64"
    check(f"wheel's name carries the tag {tag}", [] if tag in os.path.basename(wheel) else
          [os.path.basename(wheel)])
    too_new, outside, unfound = set(), set(), set()
    for n, (libs, runpath) in objects.items():
        for lib in libs:
            if lib not in MANYLINUX_LIBS and lib not in carried:
                outside.add(f"{n} needs {lib}")
            # auditwheel follows each NEEDED library as the loader would: one
            # the wheel carries must be found beside the object that needs it.
            if lib in carried and "$ORIGIN" not in runpath:
                unfound.add(f"{n} needs {lib} but its RUNPATH is {runpath or 'unset'}")
        for a, b, c, d, symbol in symbol_versions(os.path.join(unzipped, n)):
            family, version = (a, b) if a else (c, d)
            limit = limits.get(family)
            if limit and tuple(int(x) for x in version.split(".")) > limit:
                too_new.add(f"{os.path.basename(n)}: {symbol}@{family}_{version}")
    check(f"no symbol version above manylinux_{policy}'s "
          f"({', '.join(f'{k}_' + '.'.join(map(str, v)) for k, v in limits.items())})",
          sorted(too_new))
    check(f"no library outside manylinux_{policy}'s list but what the wheel carries",
          sorted(outside))
    check("each object finds what the wheel carries beside it (RUNPATH $ORIGIN)",
          sorted(unfound))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable,
                        help="command that runs the target interpreter")
    parser.add_argument("--manylinux", choices=sorted(MANYLINUX_VERSIONS),
                        help="also check the wheel against that manylinux policy")
    parser.add_argument("wheel")
    parser.add_argument("shared")
    args = parser.parse_args()
    python = shlex.split(args.python)
    check = Checks()
    with tempfile.TemporaryDirectory() as tmp:
        names, objects, carried = check_contents(check, args.wheel,
                                                 os.path.join(tmp, "unzipped"))
        if args.manylinux:
            check_manylinux(check, args.manylinux, args.wheel, os.path.join(tmp, "unzipped"),
                            objects, carried)
        site, elsewhere = os.path.join(tmp, "site"), os.path.join(tmp, "elsewhere")
        os.makedirs(elsewhere)
        run(python + ["-m", "pip", "install", "--no-deps", "--no-index", "--no-compile",
                      "--target", site, os.path.abspath(args.wheel)], cwd=elsewhere)
        with open(os.path.join(args.shared, "golden", CLIP, "main.json")) as f:
            golden = json.load(f)["pooled_metrics"]["vmaf"]["mean"]
        clips = []
        for side in ("ref", "dis"):
            clips.append(os.path.join(tmp, f"{side}.y4m"))
            with open(clips[-1], "wb") as out:
                subprocess.run(["xz", "-dc", os.path.join(args.shared, "clips",
                                                          f"{CLIP}_{side}.y4m.xz")],
                               stdout=out, check=True)
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VMAF_HIP_MODULE")}
        env["PYTHONPATH"] = site
        got = json.loads(run(python + ["-c", PROBE] + clips, cwd=elsewhere,
                             env=env).splitlines()[-1])
        site_real = os.path.realpath(site)
        check(f"installed package scores {CLIP} to golden's vmaf",
              ([] if os.path.realpath(got["file"]).startswith(site_real)
               else [f"imported from {got['file']}"]) +
              ([] if abs(got["vmaf"] - golden) <= TOLERANCE else
               [f"vmaf {got['vmaf']}, golden {golden}"]))
        print(f"  vmaf {got['vmaf']:.6f}, golden {golden:.6f} (Python {got['python']}, "
              f"numpy {got['numpy']}, {got['libc']})")
        if "libsvm.so.3" in carried:
            check("the package's own libsvm.so.3 is the one loaded",
                  [] if got["libsvm"] and all(os.path.realpath(m).startswith(site_real)
                                              for m in got["libsvm"])
                  else [f"libsvm mapped from {got['libsvm']}"])
        if any(n.endswith("libvmaf/hip_backend.so") for n in names):
            check("backend='hip' finds the module shipped beside the package",
                  [] if "was not found" not in got["hip"] else [got["hip"]])
            print(f"  backend='hip': {got['hip'][:300]}")
        else:
            print("  (this wheel has no HIP backend: no module to find)")
    print(f"{check.passed} passed, {check.failed} failed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())
