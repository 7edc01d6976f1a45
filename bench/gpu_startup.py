#!/usr/bin/env python3
"""Where a short GPU run's time goes: the phases of one process scoring one
1080p frame through the C API with the HIP backend, each timed, beside the
driver's own floor (cuInit and a context, through libcuda alone) and whole
CLI runs (one frame, both backends, alternating). Prints Markdown.

usage: gpu_startup.py --libvmaf LIBVMAF_SO --vmaf VMAF --work DIR [--runs R]
                      [--model NAME] [--phases]

--phases runs only the in-process phases (one process per call): the
script calls itself so that each measurement starts from a fresh process.
"""
import argparse
import ctypes
import os
import subprocess
import sys
import time

W, H = 1920, 1080


class HipConfig(ctypes.Structure):
    _fields_ = [("device", ctypes.c_int)]


class Config(ctypes.Structure):
    _fields_ = [("log_level", ctypes.c_int), ("n_threads", ctypes.c_uint),
                ("n_subsample", ctypes.c_uint), ("cpumask", ctypes.c_uint64),
                ("gpumask", ctypes.c_uint64)]


class ModelConfig(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("flags", ctypes.c_uint64)]


def phases(libvmaf, model_name):
    """One process: each step of scoring one frame, in ms."""
    out = []
    t = time.perf_counter()

    def step(name):
        nonlocal t
        now = time.perf_counter()
        out.append((name, (now - t) * 1e3))
        t = now

    lib = ctypes.CDLL(libvmaf)
    step("load libvmaf.so")
    if not lib.vmaf_hip_available():
        sys.exit("no usable HIP device")
    step("vmaf_hip_available (module loaded, driver initialised)")
    state = ctypes.c_void_p()
    assert lib.vmaf_hip_state_init(ctypes.byref(state), HipConfig(0)) == 0
    step("vmaf_hip_state_init (device context)")
    ctx = ctypes.c_void_p()
    assert lib.vmaf_init(ctypes.byref(ctx), Config(0, 0, 0, 0, 0)) == 0
    assert lib.vmaf_hip_import_state(ctx, state) == 0
    step("vmaf_init + import state")
    model = ctypes.c_void_p()
    mc = ModelConfig(b"vmaf", 0)
    assert lib.vmaf_model_load(ctypes.byref(model), ctypes.byref(mc), model_name.encode()) == 0
    step("vmaf_model_load")
    assert lib.vmaf_use_features_from_model(ctx, model) == 0
    step("vmaf_use_features_from_model")
    pics = [ctypes.create_string_buffer(1024) for _ in range(2)]
    for p in pics:
        assert lib.vmaf_picture_alloc(p, 1, 8, W, H) == 0
    step("2 pictures allocated")
    assert lib.vmaf_read_pictures(ctx, pics[0], pics[1], 0) == 0
    step("vmaf_read_pictures, frame 0")
    assert lib.vmaf_read_pictures(ctx, None, None, 0) == 0
    step("flush (frame 0 scored)")
    score = ctypes.c_double()
    assert lib.vmaf_score_pooled(ctx, model, 3, ctypes.byref(score), 0, 0) == 0
    step("vmaf_score_pooled")
    lib.vmaf_close(ctx)
    step("vmaf_close")
    return out


def driver_floor():
    """cuInit and a primary context through libcuda alone, in ms."""
    t0 = time.perf_counter()
    cuda = ctypes.CDLL("libcuda.so.1")
    t1 = time.perf_counter()
    assert cuda.cuInit(0) == 0
    t2 = time.perf_counter()
    dev = ctypes.c_int()
    assert cuda.cuDeviceGet(ctypes.byref(dev), 0) == 0
    ctx = ctypes.c_void_p()
    assert cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev) == 0
    assert cuda.cuCtxSetCurrent(ctx) == 0
    t3 = time.perf_counter()
    return [("load libcuda.so.1", (t1 - t0) * 1e3), ("cuInit", (t2 - t1) * 1e3),
            ("primary context", (t3 - t2) * 1e3)]


def write_frame_pair(work):
    paths = []
    for side, value in (("ref", 100), ("dis", 90)):
        path = os.path.join(work, f"startup_{W}x{H}_{side}.y4m")
        with open(path, "wb") as f:
            f.write(f"YUV4MPEG2 W{W} H{H} F25:1 Ip A1:1 C420jpeg\nFRAME\n".encode())
            f.write(bytes([value]) * (W * H) + bytes([128]) * (W * H // 2))
        paths.append(path)
    return paths


def wall(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--libvmaf", required=True)
    ap.add_argument("--vmaf")
    ap.add_argument("--work", default="/tmp")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--model", default="vmaf_v0.6.1")
    ap.add_argument("--phases", action="store_true")
    ap.add_argument("--driver", action="store_true")
    a = ap.parse_args()
    if a.phases or a.driver:
        for name, ms in (phases(a.libvmaf, a.model) if a.phases else driver_floor()):
            print(f"{name}\t{ms:.1f}")
        return
    me = [sys.executable, os.path.abspath(__file__), "--libvmaf", a.libvmaf, "--model", a.model]
    table = {}
    for kind in ("--driver", "--phases"):
        for _ in range(a.runs):
            out = subprocess.run(me + [kind], check=True, capture_output=True, text=True).stdout
            for line in out.splitlines():
                name, ms = line.split("\t")
                table.setdefault(name, []).append(float(ms))
    print("| phase (one process, fresh) | median ms | min ms |\n|---|---:|---:|")
    for name, v in table.items():
        v.sort()
        print(f"| {name} | {v[len(v) // 2]:.1f} | {v[0]:.1f} |")
    if a.vmaf:
        ref, dis = write_frame_pair(a.work)
        runs = {"hip": [], "cpu": []}
        for _ in range(a.runs):
            for backend in runs:
                runs[backend].append(wall([a.vmaf, "-r", ref, "-d", dis, "--backend", backend,
                                           "--model", f"version={a.model}", "-o", "/dev/null",
                                           "--json", "-q"]))
        print("\n| CLI, one 1080p frame | median s | min s |\n|---|---:|---:|")
        for backend, v in runs.items():
            v.sort()
            print(f"| --backend {backend} | {v[len(v) // 2]:.3f} | {v[0]:.3f} |")


if __name__ == "__main__":
    main()
