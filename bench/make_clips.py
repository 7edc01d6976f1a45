#!/usr/bin/env python3
"""Y4M pairs for the CPU speed comparison, made from the public clips.

usage: make_clips.py CLIPS_DIR OUT_DIR [--frames N]

Writes OUT_DIR/{576x324,1920x1080}_{8,10}bit_{ref,dis}.y4m (4:2:0):
- 576x324 8-bit: vtest_576x324_420p8 as it is;
- 576x324 10-bit: the same samples scaled to 10 bits (v * 4 + v / 64);
- 1920x1080 8-bit: box_960x540_420p8, each sample repeated 2x2;
- 1920x1080 10-bit: tree_640x360_420p10, each sample repeated 3x3.
Clips shorter than N frames are looped. Existing complete files are kept.
"""
import argparse
import os
import subprocess

import numpy as np

PAIRS = {  # name: (source clip, bits of the source, scale, bits out)
    "576x324_8bit": ("vtest_576x324_420p8", 8, 1, 8),
    "576x324_10bit": ("vtest_576x324_420p8", 8, 1, 10),
    "1920x1080_8bit": ("box_960x540_420p8", 8, 2, 8),
    "1920x1080_10bit": ("tree_640x360_420p10", 10, 3, 10),
}


def read_y4m(path, bits):
    """(w, h, frames of (Y, U, V) arrays) of a 4:2:0 Y4M file, xz or plain."""
    data = subprocess.run(["xz", "-dc", path], check=True, capture_output=True).stdout \
        if path.endswith(".xz") else open(path, "rb").read()
    header_end = data.index(b"\n")
    fields = data[:header_end].split()
    w = int(next(f[1:] for f in fields if f.startswith(b"W")))
    h = int(next(f[1:] for f in fields if f.startswith(b"H")))
    dtype = np.dtype(np.uint8 if bits == 8 else "<u2")
    cw, ch = (w + 1) // 2, (h + 1) // 2
    frames, at = [], header_end + 1
    while at < len(data):
        at = data.index(b"\n", at) + 1
        planes = []
        for pw, ph in ((w, h), (cw, ch), (cw, ch)):
            n = pw * ph
            planes.append(np.frombuffer(data, dtype, n, at).reshape(ph, pw))
            at += n * dtype.itemsize
        frames.append(planes)
    return w, h, frames


def convert(plane, bits_in, bits_out, scale):
    p = plane.repeat(scale, 0).repeat(scale, 1)
    if bits_in == 8 and bits_out == 10:
        p = (p.astype(np.uint16) << 2) | (p >> 6)
    return np.ascontiguousarray(p.astype("<u2" if bits_out > 8 else np.uint8))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("clips")
    ap.add_argument("out")
    ap.add_argument("--frames", type=int, default=48)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for name, (clip, bits_in, scale, bits_out) in PAIRS.items():
        for side in ("ref", "dis"):
            path = os.path.join(a.out, f"{name}_{side}.y4m")
            w, h, frames = read_y4m(os.path.join(a.clips, f"{clip}_{side}.y4m.xz"), bits_in)
            w, h = w * scale, h * scale
            frame_bytes = (w * h + 2 * ((w + 1) // 2) * ((h + 1) // 2)) * (2 if bits_out > 8 else 1)
            if os.path.exists(path) and os.path.getsize(path) >= a.frames * (frame_bytes + 6):
                continue
            blobs = [b"FRAME\n" + b"".join(convert(p, bits_in, bits_out, scale).tobytes() for p in f)
                     for f in frames]
            colour = "C420jpeg" if bits_out == 8 else "C420p10 XYSCSS=420P10"
            with open(path + ".part", "wb") as out:
                out.write(f"YUV4MPEG2 W{w} H{h} F25:1 Ip A1:1 {colour}\n".encode())
                for i in range(a.frames):
                    out.write(blobs[i % len(blobs)])
            os.replace(path + ".part", path)
            print(path)


if __name__ == "__main__":
    main()
