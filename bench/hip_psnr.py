#!/usr/bin/env python3
"""Frames/s of psnr on the CPU and through the HIP backend, whole CLI runs
on a synthetic 1920x1080 8-bit 4:2:0 pair (textured frames, made here).

usage: hip_psnr.py VMAF_BINARY [FRAMES]

Prints a Markdown table; the two runs' JSON outputs must be identical (but
for fps), or it exits 1.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

W, H = 1920, 1080


def write_pair(folder, frames):
    paths = []
    row = bytes((x * 7) & 0xFF for x in range(W))
    for side, offset in (("ref", 0), ("dis", 3)):
        path = os.path.join(folder, f"{side}.y4m")
        with open(path, "wb") as f:
            f.write(f"YUV4MPEG2 W{W} H{H} F25:1 Ip C420jpeg\n".encode())
            for n in range(frames):
                f.write(b"FRAME\n")
                luma = bytearray()
                for y in range(H):
                    shift = (y + n + (offset if y % 5 == 0 else 0)) % W
                    luma += row[shift:] + row[:shift]
                f.write(luma)
                f.write(bytes([128 + (offset if n % 2 else 0)]) * (W * H // 2))
        paths.append(path)
    return paths


def run(vmaf, ref, dis, backend, out):
    t0 = time.perf_counter()
    subprocess.run([vmaf, "-r", ref, "-d", dis, "-n", "--feature", "psnr", "--backend", backend,
                    "-q", "--json", "-o", out], check=True)
    return time.perf_counter() - t0


def main():
    vmaf = sys.argv[1]
    frames = int(sys.argv[2]) if len(sys.argv) > 2 else 120
    with tempfile.TemporaryDirectory() as folder:
        ref, dis = write_pair(folder, frames)
        docs = {}
        print("| backend | frames | seconds (best of 3) | fps |")
        print("|---|---:|---:|---:|")
        for backend in ("cpu", "hip"):
            out = os.path.join(folder, f"{backend}.json")
            best = min(run(vmaf, ref, dis, backend, out) for _ in range(3))
            with open(out) as f:
                doc = json.load(f)
            doc.pop("fps")
            docs[backend] = doc
            print(f"| {backend} | {frames} | {best:.3f} | {frames / best:.1f} |")
        same = docs["cpu"] == docs["hip"]
        print("outputs identical" if same else "OUTPUTS DIFFER")
        return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
