#!/usr/bin/env python3
"""End-to-end fps of scoring encodes on the GPU, decoded by the CPU
(--hwdec none) or by NVDEC with the frames read in place (--hwdec cuda), in
one call, beside the Y4M pair: which of decoding, copies and scoring bounds
a run (docs/containers.md, docs/performance.md).

Two steps, since the GPU machine has no ffmpeg:

  decode_throughput.py --make-encodes DIR --clips CLIPS_DIR [--frames N]
      Here, with ffmpeg: the 1920x1080 8-bit pair of make_clips.py (N
      frames, 25 fps) encoded at 1080p as DIR/ref_h264.mp4 (x264, medium,
      5 Mbit/s), DIR/ref_hevc.mp4 (x265, fast, 3 Mbit/s), DIR/dis_h264.mp4
      (x264, medium, 4 Mbit/s), DIR/dis_hevc.mp4 (x265, fast, 2.5 Mbit/s) and
      DIR/dis_av1.mkv (SVT-AV1, preset 10, 2
      Mbit/s); and, scaled to 3840x2160 (lanczos), DIR/ref_h264_2160p.mp4
      (x264, veryfast, 6 Mbit/s), DIR/dis_h264_2160p.mp4 (4 Mbit/s) and
      DIR/dis_hevc_2160p.mp4 (x265, ultrafast, 2.5 Mbit/s). Bitrates are
      kept low so that 240 frames of all of them travel to the GPU machine
      beside the suite (the device tool carries 64 MiB). A keyframe every
      --gop frames (default 50: 2 s, as streaming encodes have; 0: the
      encoders' own, one keyframe in 240 frames), so that --decoders has
      GOPs to decode at once; --rate-scale X multiplies the bitrates (0.25
      keeps 960 frames within the same megabytes).

  decode_throughput.py --vmaf VMAF --clips CLIPS_DIR --encodes DIR
                       [--frames N] [--repeat R] [--work W] [--backends hip]
                       [--hwdec none,auto] [--batch 8] [--decoders 1,0]
      There: remakes the Y4M pair (the same bytes), then times, alternating
      and R times each (median), with each --hwdec mode:
      - vmaf on the Y4M pair, the Y4M reference beside each 1080p encode,
        and encodes on both sides (1080p and 2160p): the whole run's fps,
        and the report's (first frame to the end: no start-up, opening or
        decoder set-up), the rate a long title runs at;
      - the same H.264 pairs scored for psnr alone (no model): the rate
        that decoding and the picture path allow;
      - vmaf --batch over B copies of the Y4M + H.264, Y4M + HEVC and
        H.264 pairs (each reference under its own name, so none is shared;
        the H.264 pairs also for psnr alone), B pairs in flight on GPU 0:
        the aggregate rate, B * N frames over the wall time, and the sum
        of the pairs' own rates (all of them in flight at once).
      With --decoders, each row once per count given (0: the default, as
      the cores allow).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from timed_run import run_seconds  # beside this file

HERE = os.path.dirname(os.path.abspath(__file__))
PAIR = "1920x1080_8bit"


def make_pair(clips, work, frames):
    subprocess.run([sys.executable, os.path.join(HERE, "make_clips.py"), clips, work,
                    "--frames", str(frames)], check=True, stdout=subprocess.DEVNULL)
    return (os.path.join(work, f"{PAIR}_ref.y4m"), os.path.join(work, f"{PAIR}_dis.y4m"))


def make_encodes(a):
    os.makedirs(a.make_encodes, exist_ok=True)
    uhd = ["-vf", "scale=3840:2160:flags=lanczos"]
    with tempfile.TemporaryDirectory() as work:
        ref, dis = make_pair(a.clips, work, a.frames)
        x265 = ["-tag:v", "hvc1", "-x265-params", "log-level=error"]
        jobs = [(dis, "dis_h264.mp4", ["-c:v", "libx264", "-preset", "medium", "-b:v", "4M"]),
                (dis, "dis_hevc.mp4", ["-c:v", "libx265", "-preset", "fast", "-b:v", "2500k",
                                       *x265]),
                (dis, "dis_av1.mkv", ["-c:v", "libsvtav1", "-preset", "10", "-b:v", "2M"]),
                (ref, "ref_h264.mp4", ["-c:v", "libx264", "-preset", "medium", "-b:v", "5M"]),
                (ref, "ref_hevc.mp4", ["-c:v", "libx265", "-preset", "fast", "-b:v", "3M",
                                       *x265]),
                (ref, "ref_h264_2160p.mp4",
                 [*uhd, "-c:v", "libx264", "-preset", "veryfast", "-b:v", "6M"]),
                (dis, "dis_h264_2160p.mp4",
                 [*uhd, "-c:v", "libx264", "-preset", "veryfast", "-b:v", "4M"]),
                (dis, "dis_hevc_2160p.mp4",
                 [*uhd, "-c:v", "libx265", "-preset", "ultrafast", "-b:v", "2500k", *x265])]
        gop = ["-g", str(a.gop)] if a.gop else []
        if a.rate_scale != 1:
            jobs = [(src, name, [f"{float(o[:-1]) * (1000 if o[-1] == 'M' else 1) * a.rate_scale:.0f}k"
                                 if prev == "-b:v" else o for prev, o in zip([None, *opts], opts)])
                    for src, name, opts in jobs]
        for src, name, opts in jobs:
            out = os.path.join(a.make_encodes, name)
            subprocess.run([a.ffmpeg, "-v", "error", "-nostdin", "-y", "-i", src, *opts, *gop, out],
                           check=True, env={**os.environ, "SVT_LOG": "1"})
            print(f"{out}: {os.path.getsize(out) / 1e6:.1f} MB")


def batch_manifest(work, ref, dis, copies):
    """B rows of the pair, each reference under a name of its own (a link),
    so that batch mode scores them as B pairs, not as a ladder."""
    ext = os.path.splitext(ref)[1]
    path = os.path.join(work, f"batch{copies}{ext}.csv")
    ref, dis = os.path.abspath(ref), os.path.abspath(dis)
    with open(path, "w") as f:
        f.write("ref,dis,output\n")
        for i in range(copies):
            link = os.path.join(work, f"ref{i}{ext}")
            if os.path.lexists(link):
                os.remove(link)
            os.symlink(ref, link)
            f.write(f"{link},{dis},{i}.json\n")
    return path


def measure(a):
    work = a.work or tempfile.mkdtemp(prefix="vmaf_decode_")
    ref, dis = make_pair(a.clips, work, a.frames)
    enc = {os.path.splitext(name)[0]: os.path.join(a.encodes, name)
           for name in os.listdir(a.encodes)}
    pairs = [("1080p Y4M ref + Y4M dis", ref, dis),
             ("1080p Y4M ref + H.264 dis", ref, enc["dis_h264"]),
             ("1080p Y4M ref + HEVC dis", ref, enc["dis_hevc"]),
             ("1080p Y4M ref + AV1 dis", ref, enc.get("dis_av1")),
             ("1080p H.264 ref + H.264 dis", enc["ref_h264"], enc["dis_h264"]),
             ("1080p H.264 ref + HEVC dis", enc["ref_h264"], enc["dis_hevc"]),
             ("1080p HEVC ref + HEVC dis", enc.get("ref_hevc"), enc["dis_hevc"]),
             ("2160p H.264 ref + H.264 dis", enc.get("ref_h264_2160p"),
              enc.get("dis_h264_2160p")),
             ("2160p H.264 ref + HEVC dis", enc.get("ref_h264_2160p"),
              enc.get("dis_hevc_2160p"))]
    bound = [("1080p H.264 ref + H.264 dis, psnr only", enc["ref_h264"], enc["dis_h264"]),
             ("2160p H.264 ref + H.264 dis, psnr only", enc.get("ref_h264_2160p"),
              enc.get("dis_h264_2160p"))]
    report = os.path.join(work, "report.json")
    # (name, command, its report or its batch folder)
    rows = []
    modes = [(hwdec, decoders) for hwdec in a.hwdec.split(",")
             for decoders in (a.decoders.split(",") if a.decoders else [None])]
    for backend in a.backends.split(","):
        for hwdec, decoders in modes:
            decoding = ["--hwdec", hwdec] + (["--decoders", decoders] if decoders else [])
            base = [a.vmaf, "--backend", backend, *decoding, "-q"]
            hwdec = " ".join(decoding[1:])
            if backend == "cpu":
                base += ["--threads", str(os.cpu_count())]
            for name, r, d, extra in ([(n, r, d, []) for n, r, d in pairs] +
                                      [(n, r, d, ["--no_prediction", "--feature", "psnr"])
                                       for n, r, d in bound]):
                if not r or not d or (decoding[1] != "none" and "Y4M dis" in name):
                    continue
                rows.append((f"{backend}, --hwdec {hwdec}: {name}",
                             base + extra + ["-r", r, "-d", d, "--json", "-o", report], None))
            for kind, r, d, extra in (
                    ("Y4M ref + H.264 dis", ref, enc["dis_h264"], []),
                    ("Y4M ref + HEVC dis", ref, enc["dis_hevc"], []),
                    ("H.264 ref + H.264 dis", enc["ref_h264"], enc["dis_h264"], []),
                    ("H.264 ref + H.264 dis, psnr only", enc["ref_h264"], enc["dis_h264"],
                     ["--no_prediction", "--feature", "psnr"])):
                if not a.batch or backend != "hip":
                    continue
                manifest = batch_manifest(work, r, d, a.batch)
                out = os.path.join(work, "batch")
                rows.append((f"{backend}, --hwdec {hwdec}: --batch of {a.batch} 1080p {kind} "
                              f"pairs, {a.batch} in flight",
                              [a.vmaf, "--batch", manifest, "-o", out, "--backend", backend,
                               "--gpu", "0", "--jobs", str(a.batch), *decoding, "-q",
                               "--json", *extra], out))
    # The Y4M pair in the page cache before anything is timed.
    run_seconds([a.vmaf, "-r", ref, "-d", dis, "-q", "-o", os.devnull, "--frame_cnt", "1"])
    times = {name: [] for name, _, _ in rows}
    steady = {name: [] for name, _, _ in rows}
    for _ in range(a.repeat):
        for name, cmd, batch in rows:
            if batch:
                # A batch skips pairs whose reports are there (resume).
                shutil.rmtree(batch, ignore_errors=True)
                times[name].append(run_seconds(cmd))
                # All its pairs run at once: their rates add up.
                total = 0.0
                for i in range(a.batch):
                    with open(os.path.join(batch, f"{i}.json")) as f:
                        total += json.load(f)["fps"]
                steady[name].append(total)
            else:
                times[name].append(run_seconds(cmd))
                with open(report) as f:
                    steady[name].append(json.load(f)["fps"])
    print(f"{a.frames} frames a pair, {os.cpu_count()} cores, median of {a.repeat} runs, "
          "alternating. fps: the whole run's (start-up, opening, decoder set-up included); "
          "steady: the report's fps (first frame to the end), for a batch the sum of its "
          "pairs' (all in flight at once).")
    print("| run | s | fps | steady fps |")
    print("|---|---:|---:|---:|")
    for name, _, batch in rows:
        t = statistics.median(times[name])
        frames = (a.batch if batch else 1) * a.frames
        print(f"| {name} | {t:.2f} | {frames / t:.0f} | {statistics.median(steady[name]):.0f} |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--make-encodes")
    ap.add_argument("--ffmpeg", default="ffmpeg")
    ap.add_argument("--clips", required=True)
    ap.add_argument("--frames", type=int, default=240)
    ap.add_argument("--gop", type=int, default=50,
                    help="--make-encodes: a keyframe every N frames (0: the encoders' own)")
    ap.add_argument("--rate-scale", type=float, default=1.0,
                    help="--make-encodes: bitrates times this (longer --frames in as many MB)")
    ap.add_argument("--decoders", help="--decoders counts of every row, "
                                       "comma-separated (0: the default)")
    ap.add_argument("--vmaf")
    ap.add_argument("--encodes")
    ap.add_argument("--work")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--backends", default="hip")
    ap.add_argument("--batch", type=int, default=8,
                    help="pairs of the --batch rows (0: none)")
    ap.add_argument("--hwdec", default="none,auto",
                    help="--hwdec modes to time, comma-separated (auto: AV1, which the "
                         "H200's NVDEC does not take, on the CPU)")
    a = ap.parse_args()
    if a.make_encodes:
        make_encodes(a)
    elif a.vmaf and a.encodes:
        measure(a)
    else:
        ap.error("give --make-encodes DIR, or --vmaf and --encodes")


if __name__ == "__main__":
    main()
