#!/usr/bin/env python3
"""Decoding one input on several decoders at once (--decoders, issue 56).

Encodes made here by ffmpeg from a public clip, looped to 96 frames with a
keyframe every 10-12 frames and B-frames, score byte for byte as with one
decoder (the JSON report, fps aside): H.264 and HEVC with closed and open
GOPs (x265's default leading pictures, x264's open-gop), AV1, in MP4 and in
Matroska (whose index the demuxer reads at its first seek). Inputs that
cannot be cut (one keyframe, no index, a pipe) are decoded by one decoder,
saying so once; a truncated encode fails as with one decoder, naming the
file and the frame.

usage: test_gop_decoding.py VMAF_BINARY FFMPEG_BINARY SHARED_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402

VMAF, FFMPEG, SHARED = sys.argv[1], sys.argv[2], sys.argv[3]
results = {"passed": 0, "failed": 0}
tmp = tempfile.mkdtemp(prefix="vmaf_gop_")


def p(name):
    return os.path.join(tmp, name)


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + detail), flush=True)


def run(*args, stdin=None):
    proc = subprocess.run([VMAF, *args], capture_output=True, text=True, timeout=300,
                          stdin=stdin if stdin is not None else subprocess.DEVNULL)
    return proc.returncode, proc.stdout, proc.stderr


def ffmpeg(*args):
    # SVT_LOG=1: SVT-AV1's errors only.
    subprocess.run([FFMPEG, "-v", "error", "-nostdin", "-y", *args], check=True,
                   env={**os.environ, "SVT_LOG": "1"})


def encoders():
    out = subprocess.run([FFMPEG, "-hide_banner", "-encoders"], capture_output=True,
                         text=True).stdout
    return {line.split()[1] for line in out.splitlines() if len(line.split()) > 1}


def looped(side):
    """The clip's 24 frames four times over, as Y4M."""
    src = clip_file(SHARED, tmp, "vtest_576x324_420p8", side)
    dst = p(f"looped_{side}.y4m")
    ffmpeg("-stream_loop", "3", "-i", src, "-f", "yuv4mpegpipe", dst)
    return dst


def report(ref, dis, decoders, *extra, stdin=None):
    """The JSON report without fps, and stderr; None and stderr on failure."""
    rc, out, err = run("-r", ref, "-d", dis, "--decoders", str(decoders), "--json", "-o", "-",
                       *extra, stdin=stdin)
    if rc != 0:
        return None, err
    doc = json.loads(out)
    doc.pop("fps", None)
    return json.dumps(doc, sort_keys=True), err


def same_as_one_decoder(name, ref, dis, note, *extra):
    one, err_one = report(ref, dis, 1, *extra)
    many, err_many = report(ref, dis, 4, *extra)
    frames = len(json.loads(one)["frames"]) if one else 0
    check(f"{name}: --decoders 4 scores as --decoders 1 ({frames} frames)",
          one is not None and one == many and frames == 96,
          f"{err_one}{err_many}" if one is None or many is None else "reports differ")
    check(f"{name}: the log says {note!r} once", err_many.count(note) == 1, err_many)


def main():
    have = encoders()
    missing = {"libx264", "libx265"} - have
    if missing or not have & {"libsvtav1", "libaom-av1"}:
        check("ffmpeg has the encoders the test needs", False, f"missing {missing or 'AV1'}")
        return 1
    ref, dis = looped("ref"), looped("dis")
    ref_mp4 = p("ref_h264.mp4")
    ffmpeg("-i", ref, "-c:v", "libx264", "-g", "12", "-bf", "3", "-crf", "30", "-threads", "1",
           ref_mp4)
    x265 = ["-x265-params", "log-level=none:pools=none:frame-threads=1"]
    av1 = (["-c:v", "libsvtav1", "-preset", "12", "-crf", "50"] if "libsvtav1" in have
           else ["-c:v", "libaom-av1", "-cpu-used", "8", "-crf", "50"])
    encodes = [
        ("H.264 closed GOPs, MP4", "h264.mp4", ["-c:v", "libx264", "-g", "10", "-bf", "3",
                                                "-crf", "40", "-threads", "1"]),
        ("H.264 open GOPs, MP4", "h264_open.mp4", ["-c:v", "libx264", "-g", "12",
                                                   "-x264-params", "open-gop=1", "-crf", "35",
                                                   "-threads", "1"]),
        ("HEVC open GOPs (leading pictures), MP4", "hevc.mp4",
         ["-c:v", "libx265", "-g", "12", "-crf", "35", *x265]),
        ("HEVC closed GOPs, Matroska", "hevc.mkv",
         ["-c:v", "libx265", "-g", "12", "-crf", "35",
          "-x265-params", "log-level=none:pools=none:frame-threads=1:open-gop=0"]),
        ("AV1, Matroska", "av1.mkv", [*av1, "-g", "12"]),
    ]
    for name, file, opts in encodes:
        enc = p(file)
        ffmpeg("-i", dis, *opts, enc)
        same_as_one_decoder(name, ref_mp4, enc, f"{enc}: decoding")
    # A temporal feature and chroma planes, on the chunks of both sides.
    same_as_one_decoder("H.264 both sides, psnr and motion", ref_mp4, p("h264.mp4"),
                        f"{ref_mp4}: decoding", "--feature", "psnr", "--feature", "float_motion")

    # What cannot be cut is decoded by one decoder, and the log says why.
    single = p("single_gop.mp4")
    ffmpeg("-i", dis, "-c:v", "libx264", "-g", "1000", "-crf", "35", "-threads", "1", single)
    same_as_one_decoder("one keyframe", ref_mp4, single, "its index lists one keyframe")
    ts = p("h264.ts")
    ffmpeg("-i", p("h264.mp4"), "-c", "copy", ts)
    same_as_one_decoder("MPEG-TS, no index", ref_mp4, ts, f"{ts}: one decoder (--decoders 4)")
    faststart = p("faststart.mp4")
    ffmpeg("-i", p("h264.mp4"), "-c", "copy", "-movflags", "faststart", faststart)
    want, _ = report(ref_mp4, p("h264.mp4"), 1)
    with open(faststart, "rb") as f:
        got, err = report(ref_mp4, "-", 4, stdin=f)
    check("a pipe: one decoder, the same scores",
          got == want and err.count("read from a pipe") == 1, err)

    # A truncated encode fails as with one decoder: the file and the frame.
    with open(faststart, "rb") as f:
        data = f.read()
    cut = p("cut.mp4")
    with open(cut, "wb") as f:
        f.write(data[: len(data) * 2 // 3])
    for decoders in (1, 4):
        rc, _, err = run("-r", ref_mp4, "-d", cut, "--decoders", str(decoders), "-o", os.devnull)
        check(f"truncated encode, --decoders {decoders}: exit 1 naming the file and frame",
              rc == 1 and f"{cut}: cannot decode frame" in err, f"rc={rc} {err!r}")
    rc, _, err = run("-r", ref_mp4, "-d", cut, "--decoders", "x")
    check("--decoders takes a count", rc != 0 and "--decoders" in err, err)

    shutil.rmtree(tmp)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] or results["passed"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
