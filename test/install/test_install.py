#!/usr/bin/env python3
"""The installed library as FFmpeg sees it: install the build into a
temporary destdir, check the installed files, libvmaf.pc, the soname and the
exported symbols, then build a C client (score_clip.c) with the C compiler
and only `pkg-config --cflags --libs libvmaf`, once against libvmaf.so and
once with `--static` against libvmaf.a, and check each one's score of a clip
against what libvmaf 3.2.0 printed.

usage: test_install.py MESON BUILD_ROOT CLIENT_SOURCE SHARED_DIR WORK_DIR
environment: CC (the C compiler command), SANITIZE (meson's b_sanitize)
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

# The shared helpers of the Python tests.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file as shared_clip_file  # noqa: E402

MESON, BUILD, CLIENT, SHARED, WORK = sys.argv[1:6]
CLIP, TOLERANCE = "vtest_576x324_420p8", 2e-6
HEADERS = ("libvmaf.h", "feature.h", "model.h", "picture.h", "version.h", "libvmaf_ext.h")
results = {"passed": 0, "failed": 0}


def check(name, problems):
    ok = not problems
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + "; ".join(problems[:5])))
    return ok


def run(cmd, env=None):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    if p.returncode != 0:
        raise RuntimeError(f"{shlex.join(cmd)}: exit {p.returncode}: {p.stderr.strip()[-2000:]}")
    return p.stdout


def clip_file(side):
    return shared_clip_file(SHARED, WORK, CLIP, side)


def find(root, name):
    for folder, _, files in os.walk(root):
        if name in files:
            return os.path.join(folder, name)
    raise RuntimeError(f"{name} is not installed")


def pkg_config(destdir, pcdir, *args):
    # Only the installed .pc is visible (no fmt or nlohmann_json .pc files),
    # and its prefix moves into the destdir. Not a sysroot: that would move
    # the absolute paths too, such as the CUDA runtime's folder in the
    # Libs.private of an NVIDIA build.
    with open(os.path.join(pcdir, "libvmaf.pc")) as f:
        prefix = next(line.split("=", 1)[1].strip() for line in f if line.startswith("prefix="))
    env = dict(os.environ, PKG_CONFIG_LIBDIR=pcdir,
               PKG_CONFIG_ALLOW_SYSTEM_CFLAGS="1", PKG_CONFIG_ALLOW_SYSTEM_LIBS="1")
    env.pop("PKG_CONFIG_PATH", None)
    env.pop("PKG_CONFIG_SYSROOT_DIR", None)
    moved = "--define-variable=prefix=" + destdir + prefix
    return shlex.split(run(["pkg-config", moved, *args, "libvmaf"], env=env))


def declared_functions(include_dir):
    names = set()
    for header in os.listdir(include_dir):
        with open(os.path.join(include_dir, header)) as f:
            text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
        names |= set(re.findall(r"\b(vmaf_\w+)\s*\(", text))
    return names


def check_library(libdir, include_dir):
    shared = os.path.join(libdir, "libvmaf.so.3")
    soname = re.findall(r"\(SONAME\)\s+Library soname: \[(.*)\]", run(["readelf", "-d", shared]))
    check("soname libvmaf.so.3", [] if soname == ["libvmaf.so.3"] else [f"soname {soname}"])
    exported = {line.split()[-1] for line in run(["nm", "-D", "--defined-only", shared]).splitlines()}
    declared = declared_functions(include_dir)
    check("exports exactly the installed headers' functions",
          [f"not declared: {n}" for n in sorted(exported - declared)[:3]] +
          [f"not exported: {n}" for n in sorted(declared - exported)])


def golden_mean():
    with open(os.path.join(SHARED, "golden", CLIP, "main.json")) as f:
        return json.load(f)["pooled_metrics"]["vmaf"]["mean"]


def check_client(name, exe, env):
    fields = run([exe, clip_file("ref"), clip_file("dis")], env=env).split()
    problems = []
    if fields[:2] != ["3.2.0", "3.2.0"]:
        problems.append(f"version {fields[:2]}, not 3.2.0")
    if abs(float(fields[3]) - golden_mean()) > TOLERANCE:
        problems.append(f"vmaf mean {fields[3]}, golden {golden_mean()}")
    check(f"{name} client scores {CLIP}", problems)


# FFmpeg's configure enables its libvmaf_cuda filter where this compiles and
# links: `check_pkg_config libvmaf_cuda "libvmaf >= 2.0.0" libvmaf_cuda.h
# vmaf_cuda_state_init`. NVIDIA builds install the header, others do not.
CUDA_PROBE = """#include <libvmaf_cuda.h>
int main(int argc, char **argv)
{
    VmafCudaState *state = 0;
    VmafCudaConfiguration cfg = {0};
    (void)argv;
    return argc > 99 ? vmaf_cuda_state_init(&state, cfg) : 0;
}
"""


def check_cuda_header(cc, cflags, tmp, include_dir, flags):
    nvidia = os.environ.get("HIP_PLATFORM") == "nvidia"
    installed = os.path.exists(os.path.join(include_dir, "libvmaf_cuda.h"))
    check("libvmaf_cuda.h installed by NVIDIA builds only",
          [] if installed == nvidia else [f"installed: {installed}, platform "
                                          f"{os.environ.get('HIP_PLATFORM')}"])
    if not installed:
        return
    probe = os.path.join(tmp, "cuda_probe.c")
    with open(probe, "w") as f:
        f.write(CUDA_PROBE)
    try:
        run([*cc, *cflags, probe, "-o", os.path.join(tmp, "cuda_probe"), *flags])
        problems = []
    except RuntimeError as e:
        problems = [str(e)]
    check("FFmpeg's libvmaf_cuda check compiles and links", problems)


def main():
    cc = shlex.split(os.environ.get("CC", "cc"))
    sanitize = os.environ.get("SANITIZE", "none")
    sanitizer_libs = []
    cflags = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
    if sanitize != "none":
        cflags.append("-fsanitize=" + sanitize)
        # clang links UBSan's C++ half (the vptr checks of the C++ library)
        # only into C++ programs unless told, and it needs the C++ runtime.
        if "undefined" in sanitize and "clang" in os.path.basename(cc[0]):
            cflags.append("-fsanitize-link-c++-runtime")
            sanitizer_libs = ["-lstdc++"]
    with tempfile.TemporaryDirectory() as tmp:
        destdir = os.path.join(tmp, "root")
        run([MESON, "install", "-C", BUILD, "--no-rebuild", "--quiet", "--destdir", destdir])
        pc = find(destdir, "libvmaf.pc")
        pcdir = os.path.dirname(pc)
        libdir = os.path.dirname(pcdir)
        include_dir = os.path.dirname(find(destdir, "version.h"))
        check("installed files", [f"missing {h}" for h in HEADERS
                                  if not os.path.exists(os.path.join(include_dir, h))] +
              [f"missing {lib}" for lib in ("libvmaf.a", "libvmaf.so", "libvmaf.so.3")
               if not os.path.exists(os.path.join(libdir, lib))])
        with open(pc) as f:
            requires = [line.strip() for line in f if line.startswith("Requires")]
        check("libvmaf.pc requires no other .pc file", requires)
        check_library(libdir, include_dir)

        flags = pkg_config(destdir, pcdir, "--cflags", "--libs")
        include_root = os.path.dirname(include_dir)
        check("pkg-config --cflags: both include paths",
              [f"no -I{d}" for d in (include_root, include_dir) if "-I" + d not in flags])
        exe = os.path.join(tmp, "score_clip")
        run([*cc, *cflags, CLIENT, "-o", exe, *flags, *sanitizer_libs])
        env = dict(os.environ, LD_LIBRARY_PATH=libdir)
        loaded = re.findall(r"libvmaf\.so\.3 => (\S+)", run(["ldd", exe], env=env))
        check("dynamic client loads the installed libvmaf.so.3",
              [] if loaded == [os.path.join(libdir, "libvmaf.so.3")] else [f"loads {loaded}"])
        check_client("dynamic", exe, env)
        check_cuda_header(cc, cflags, tmp, include_dir, flags)

        # libvmaf.so sits beside libvmaf.a, so -lvmaf would pick it: name the
        # archive, and link everything else as pkg-config --static says.
        static_flags = ["-l:libvmaf.a" if f == "-lvmaf" else f
                        for f in pkg_config(destdir, pcdir, "--static", "--cflags", "--libs")]
        static_exe = os.path.join(tmp, "score_clip_static")
        run([*cc, *cflags, CLIENT, "-o", static_exe, *static_flags])
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", run(["readelf", "-d", static_exe]))
        check("static client links libvmaf.a", [f"needs {n}" for n in needed if n.startswith("libvmaf")])
        check_client("static", static_exe, dict(os.environ))

    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
