#!/usr/bin/env python3
"""Seed corpora for the libFuzzer harnesses of test/fuzz, made from the
shared clips and models (nothing of them is kept in the repository).

    make_corpora.py SHARED_DIR OUT_DIR FEATURE_CATALOG

writes OUT_DIR/<harness>/<seed> for fuzz_video_input, fuzz_model_json,
fuzz_options, fuzz_c_api, fuzz_batch_manifest and fuzz_container_input (its
encodes made with ffmpeg). Each seed starts with the control bytes its
harness reads (see the harness's opening comment).
"""
import hashlib
import json
import lzma
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile

import extractor_table

# Small crops keep the harnesses fast; a few sizes reach the odd-size and
# chroma rounding paths.
CROPS = [(16, 16), (17, 9), (32, 24), (1, 1)]
FRAMES = 2
# fuzz_video_input's control byte: bits 1-2 pixel format, bits 3-4 depth.
PIX_FMT_BITS = {"420": 0, "422": 1, "444": 2, "mono": 3}
DEPTH_BITS = {8: 0, 10: 1, 12: 2, 16: 3}


def write_seed(folder, data):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def y4m_header_fields(header):
    fields = {t[0]: t[1:] for t in header.split()[1:]}
    w, h = int(fields["W"]), int(fields["H"])
    # 420jpeg, 420paldv, 420p10, 444, mono, mono12 ...
    colour = re.fullmatch(r"(420|422|444|mono)(?:p(\d+)|(\d+))?.*", fields.get("C", "420"))
    return w, h, colour.group(1), int(colour.group(2) or colour.group(3) or 8)


def plane_sizes(w, h, family):
    cw, ch = {"420": ((w + 1) // 2, (h + 1) // 2), "422": ((w + 1) // 2, h),
              "444": (w, h), "mono": (0, 0)}[family]
    return [(w, h), (cw, ch), (cw, ch)]


def first_frames(path, count=FRAMES):
    """The header line and the first `count` frames' planes of an .xz clip."""
    with lzma.open(path) as f:
        header = f.readline().decode().strip()
        w, h, family, depth = y4m_header_fields(header)
        size = 2 if depth > 8 else 1
        frames = []
        for _ in range(count):
            f.readline()  # FRAME
            planes = []
            for pw, ph in plane_sizes(w, h, family):
                data = f.read(pw * ph * size)
                planes.append([data[y * pw * size:(y + 1) * pw * size] for y in range(ph)])
            frames.append(planes)
    return header, (w, h, family, depth), frames


def crop(frames, fmt, cw, ch):
    """Raw bytes of the top-left cw x ch of every frame, one list per frame."""
    w, h, family, depth = fmt
    size = 2 if depth > 8 else 1
    out = []
    for planes in frames:
        data = b""
        for (pw, ph), rows in zip(plane_sizes(cw, ch, family), planes):
            data += b"".join(row[:pw * size] for row in rows[:ph])
        out.append(data)
    return out


def video_seeds(shared, out):
    folder = out / "fuzz_video_input"
    for clip in sorted((shared / "clips").glob("*.y4m.xz")):
        header, fmt, frames = first_frames(clip)
        _, _, family, depth = fmt
        tags = " ".join(t for t in header.split()[1:] if t[0] not in "WH")
        for cw, ch in CROPS:
            frames_bytes = crop(frames, fmt, cw, ch)
            y4m = f"YUV4MPEG2 W{cw} H{ch} {tags}\n".encode()
            y4m += b"".join(b"FRAME\n" + f for f in frames_bytes)
            for through_pipe in (0, 1):
                write_seed(folder, bytes([through_pipe, 0]) + y4m)
            if cw <= 32 and ch <= 32:
                control = (PIX_FMT_BITS[family] << 1) | (DEPTH_BITS[depth] << 3)
                control |= ((cw - 1) >> 4) << 5 | ((ch - 1) >> 4) << 6
                size = ((cw - 1) & 15) | ((ch - 1) & 15) << 4
                write_seed(folder, bytes([control, size]) + b"".join(frames_bytes))


def shrunk(model, support_vectors=3):
    """A model whose SVM keeps its first few support vectors: it loads and
    scores as the whole does, many times faster, so the fuzzer mutates it
    more often."""
    svm = model["model_dict"]["model"].split("\n")
    sv = svm.index("SV")
    header = [f"total_sv {support_vectors}" if line.startswith("total_sv") else line
              for line in svm[:sv + 1]]
    model["model_dict"]["model"] = "\n".join(header + svm[sv + 1:sv + 1 + support_vectors]) + "\n"
    return model


def model_seeds(shared, out):
    folder = out / "fuzz_model_json"
    for path in sorted((shared / "models").glob("*.json")):
        model = json.loads(path.read_bytes())
        collection = 8 if "0" in model else 0
        if collection:
            small = {k: shrunk(model[k]) for k in ("0", "1", "2", "3")}
        else:
            small = shrunk(model)
        for flags in (0, 1, 2, 4):
            write_seed(folder, bytes([collection | flags | 0x30]) + json.dumps(small).encode())


def other_value(option):
    """A value of the option other than its default, in its range (the
    largest, or the smallest where that is the default); None for text."""
    if option["type"] == "bool":
        return "false" if option["default"] else "true"
    if option["type"] == "string":
        return None
    value = option["max"] if option["default"] != option["max"] else option["min"]
    return str(int(value)) if option["type"] == "int" else repr(float(value))


def option_seeds(shared, out, catalog):
    """Command lines: each extractor of the table alone and with each of its
    options moved from its default, and each model version."""
    folder = out / "fuzz_options"
    versions = sorted(p.stem for p in (shared / "models").glob("*.json"))
    extractors = extractor_table.read(catalog)
    features = []
    for name, extractor in extractors.items():
        features.append(name)
        for option in extractor["options"]:
            value = other_value(option)
            if value is not None:
                features.append(f"{name}={option['name']}={value}")
    base = ["-r", "ref.y4m", "-d", "dis.y4m"]
    for i, feature in enumerate(features):
        args = base + ["--feature", feature, "-n", ["--json", "--csv", "--xml", "--sub"][i % 4]]
        write_seed(folder, "\n".join(args).encode())
    for version in versions:
        spec = f"version={version}"
        for extra in ("", ":name=m:disable_clip", ":enable_transform=true",
                      ":vif.vif_enhn_gain_limit=1.0", ":adm.adm_enhn_gain_limit=1.0"):
            write_seed(folder, "\n".join(base + ["-m", spec + extra, "--threads", "2"]).encode())
    raw = base + ["-w", "16", "-h", "16", "-p", "420", "-b", "10", "--frame_cnt", "3",
                  "--subsample", "2", "--frame_skip_ref", "1", "--backend", "cpu", "-q"]
    write_seed(folder, "\n".join(raw).encode())


def c_api_seeds(shared, out):
    """The C API harness reads its choices from the bytes; seeds of clip
    bytes and of fixed pseudo-random bytes give it varied starts."""
    folder = out / "fuzz_c_api"
    for clip in sorted((shared / "clips").glob("*_ref.y4m.xz")):
        _, fmt, frames = first_frames(clip)
        data = crop(frames, fmt, 16, 16)[0]
        write_seed(folder, data[:512])
    rng = random.Random(11)
    for n in (16, 64, 256, 1024):
        for _ in range(8):
            write_seed(folder, bytes(rng.randrange(256) for _ in range(n)))


def manifest_seeds(out):
    """Batch manifests and summary lines: every column, quoting, lists,
    spaces, a byte order mark, CRLF line ends."""
    folder = out / "fuzz_batch_manifest"
    for text in (
            "ref,dis\nref.y4m,dis.y4m\n",
            "reference,distorted,model,feature,output\n"
            "a.y4m,b.y4m,version=vmaf_v0.6.1;version=vmaf_4k_v0.6.1,psnr;cambi=tvi_threshold=0.02,"
            "out/1.json\n",
            "\ufeffref,dis,output\r\n\"a,1.y4m\",\" b.y4m \",\"say \"\"x\"\"\"\r\n",
            "ref,dis\n\n  ,  \nx.mp4,y.mkv\n",
            "row,reference,distorted,report,status,frames,seconds,metric,mean\n"
            "1,r.y4m,d.y4m,1.json,ok,48,0.25,vmaf,76.6689\n"):
        write_seed(folder, text.encode())


# fuzz_container_input's encodes of a 32x24 crop, 12 frames: (file, ffmpeg's
# options), keyframes close together so that --decoders has GOPs to cut.
CONTAINER_ENCODES = [
    ("h264.mp4", ["-c:v", "libx264", "-g", "3", "-bf", "2"]),
    ("h264.ts", ["-c:v", "libx264", "-g", "3"]),
    ("hevc.mkv", ["-c:v", "libx265", "-g", "4", "-x265-params", "log-level=none"]),
    ("vp9.webm", ["-c:v", "libvpx-vp9", "-g", "4", "-speed", "8"]),
    ("av1.mkv", ["-c:v", "libaom-av1", "-g", "4", "-cpu-used", "8"]),
    ("ffv1.mkv", ["-c:v", "ffv1"]),
    ("mpeg4.avi", ["-c:v", "mpeg4", "-g", "3"]),
    ("mjpeg.mov", ["-c:v", "mjpeg"]),
    ("raw.nut", ["-c:v", "rawvideo"]),
]


def container_seeds(shared, out):
    """Small encodes in the containers and codecs users give, each as a
    file with one and with four decoders, and through a pipe; made where
    ffmpeg is (CI installs it), its encoders missing skipped."""
    folder = out / "fuzz_container_input"
    folder.mkdir(parents=True, exist_ok=True)
    ffmpeg = shutil.which("ffmpeg")
    if not ffmpeg:
        return
    clip = shared / "clips" / "vtest_576x324_420p8_dis.y4m.xz"
    header, fmt, frames = first_frames(clip, 12)
    tags = " ".join(t for t in header.split()[1:] if t[0] not in "WH")
    y4m = f"YUV4MPEG2 W32 H24 {tags}\n".encode()
    y4m += b"".join(b"FRAME\n" + f for f in crop(frames, fmt, 32, 24))
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(work, "crop.y4m")
        with open(src, "wb") as f:
            f.write(y4m)
        for name, opts in CONTAINER_ENCODES:
            dst = os.path.join(work, name)
            if subprocess.run([ffmpeg, "-v", "quiet", "-nostdin", "-y", "-i", src, *opts, dst],
                              check=False).returncode != 0:
                continue
            with open(dst, "rb") as f:
                data = f.read()
            for control in (0, 6, 1):
                write_seed(folder, bytes([control]) + data)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    shared, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    video_seeds(shared, out)
    model_seeds(shared, out)
    option_seeds(shared, out, sys.argv[3])
    c_api_seeds(shared, out)
    manifest_seeds(out)
    container_seeds(shared, out)
    for harness in sorted(os.listdir(out)):
        print(f"{harness}: {len(os.listdir(out / harness))} seeds")


if __name__ == "__main__":
    main()
