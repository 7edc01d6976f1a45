#!/usr/bin/env python3
"""Hardware decoding (issue 36): --hwdec none|auto|cuda|vaapi.

Encodes of a public clip in the codecs GPUs decode (H.264, HEVC, AV1, VP9;
8 and 10 bits; HEVC 4:4:4) are scored with the CPU's decoder and with
--hwdec, the default model and psnr (which reads the chroma planes).

- Where a CUDA device decodes (the GPU machine): every encode the hardware
  takes scores exactly as the CPU's decoding (the codecs' decoders are
  bit-exact, and the hardware's NV12/P010/YUV444P16 frames are unpacked to
  the stream's own format); an encode it does not take (H.264 at 10 bits or
  4:4:4, AV1 before Ampere's GA10x)
  fails with --hwdec cuda naming the file and the reason, and with auto is
  decoded on the CPU, saying so, with the same scores. With --backend hip
  the frames stay in GPU memory and are read in place (saying so), with
  the same scores: one side or both decoded, in --batch (a ladder and
  single pairs), and copied back where --threads holds more frames than
  the decoder has.
- Where none does (CI): --hwdec cuda and vaapi fail naming the file and the
  device; auto decodes on the CPU, saying so, with the CPU's scores.
- Everywhere: Y4M inputs are read as ever with any --hwdec, and a word
  --hwdec does not know is refused.
- One input on several decoders (--decoders 4, issue 56): encodes of the
  clip looped to 96 frames with a keyframe every 12 (H.264, HEVC with open
  GOPs, VP9, AV1; H.264 and VP9 in Matroska). In CI, --hwdec auto cuts both
  sides into chunks on the CPU, saying so, with one decoder's scores. On the
  GPU machine, --hwdec cuda keeps each input on one NVDEC session, saying
  why (chunks on several sessions were measured slower), with the same
  scores, read in place or copied back, in --batch too.

usage: test_hwdec.py VMAF_BINARY SHARED_DIR ENCODES_DIR [FFMPEG_BINARY]

With FFMPEG_BINARY the encodes missing from ENCODES_DIR are made first; the
GPU machine, which has no ffmpeg, runs on encodes made beforehand
(`test_hwdec.py --make ENCODES_DIR FFMPEG_BINARY SHARED_DIR`).
"""
import json
import lzma
import os
import shutil
import subprocess
import sys

# The clips encoded, and their frame counts: 4:4:4 encodes are of a 4:4:4
# clip.
CLIPS = {"vtest_576x324_420p8": 24, "box_352x288_444p8": 10}
CRF30 = ["-crf", "30"]
X265 = CRF30 + ["-x265-params", "log-level=error"]
AV1 = ["-crf", "40", "-cpu-used", "8"]
VP9 = ["-crf", "40", "-b:v", "0", "-speed", "8"]
# name: (clip, encoder, container, pixel format, options, whether NVDEC
# takes it: None where that depends on the GPU, as AV1: Ampere's GA10x and
# later decode it, Turing, GA100 and Hopper (the H200) do not)
ENCODES = {
    "h264_420p8": ("vtest_576x324_420p8", "libx264", "mkv", "yuv420p", CRF30, True),
    "h264_420p10": ("vtest_576x324_420p8", "libx264", "mkv", "yuv420p10le", CRF30, False),
    "h264_444p8": ("box_352x288_444p8", "libx264", "mkv", "yuv444p", CRF30, False),
    "hevc_420p8": ("vtest_576x324_420p8", "libx265", "mp4", "yuv420p", X265, True),
    "hevc_420p10": ("vtest_576x324_420p8", "libx265", "mp4", "yuv420p10le", X265, True),
    "hevc_444p8": ("box_352x288_444p8", "libx265", "mkv", "yuv444p", X265, True),
    "hevc_444p10": ("box_352x288_444p8", "libx265", "mkv", "yuv444p10le", X265, True),
    "av1_420p8": ("vtest_576x324_420p8", "libaom-av1", "mkv", "yuv420p", AV1, None),
    "av1_420p10": ("vtest_576x324_420p8", "libaom-av1", "mkv", "yuv420p10le", AV1, None),
    "vp9_420p8": ("vtest_576x324_420p8", "libvpx-vp9", "webm", "yuv420p", VP9, True),
    "vp9_420p10": ("vtest_576x324_420p8", "libvpx-vp9", "webm", "yuv420p10le",
                   VP9 + ["-profile:v", "2"], True),
}

# The same encoders with a keyframe every 12 frames, of the clip looped to
# 96 frames: name: (encoder, container, pixel format, options, whether
# NVDEC takes it, as ENCODES says).
GOP = ["-g", "12", "-keyint_min", "12"]
GOP_FRAMES = 96
GOP_ENCODES = {
    "gop_h264_420p8": ("libx264", "mkv", "yuv420p", CRF30 + GOP + ["-bf", "3"], True),
    "gop_h264_420p10": ("libx264", "mp4", "yuv420p10le", CRF30 + GOP, False),
    "gop_hevc_420p10": ("libx265", "mp4", "yuv420p10le", X265 + GOP, True),
    "gop_vp9_420p8": ("libvpx-vp9", "mkv", "yuv420p", VP9 + GOP, True),
    "gop_av1_420p8": ("libaom-av1", "mkv", "yuv420p", AV1 + GOP, None),
}
# The reference of the GOP encodes, itself encoded (the GPU machine has no
# ffmpeg to loop the clip): H.264 in MP4.
GOP_REF = ("gop_ref_h264", "libx264", "mp4", "yuv420p", CRF30 + GOP + ["-bf", "3"])

results = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + detail), flush=True)


def clip_files(shared, work, name):
    """A clip's reference and distorted as Y4M in `work`."""
    os.makedirs(work, exist_ok=True)
    paths = []
    for side in ("ref", "dis"):
        dst = os.path.join(work, f"{name}_{side}.y4m")
        if not os.path.exists(dst):
            with lzma.open(os.path.join(shared, "clips", f"{name}_{side}.y4m.xz")) as src, \
                    open(dst + ".part", "wb") as out:
                shutil.copyfileobj(src, out)
            os.replace(dst + ".part", dst)
        paths.append(dst)
    return paths


def make_encodes(ffmpeg, encodes_dir, shared, work):
    os.makedirs(encodes_dir, exist_ok=True)
    listed = subprocess.run([ffmpeg, "-hide_banner", "-encoders"], capture_output=True,
                            text=True).stdout.split()
    for name, (clip, encoder, container, pix_fmt, opts, _) in ENCODES.items():
        dst = os.path.join(encodes_dir, f"{name}.{container}")
        if os.path.exists(dst):
            continue
        if encoder not in listed:
            print(f"note: this ffmpeg has no {encoder} encoder; {name} is not made")
            continue
        part = os.path.join(encodes_dir, f"{name}.part.{container}")
        subprocess.run([ffmpeg, "-v", "error", "-nostdin", "-y", "-i",
                        clip_files(shared, work, clip)[1], "-c:v", encoder, "-pix_fmt", pix_fmt,
                        *opts, part], check=True)
        os.replace(part, dst)
    ref, dis = clip_files(shared, work, "vtest_576x324_420p8")
    loops = str(GOP_FRAMES // CLIPS["vtest_576x324_420p8"] - 1)
    for name, encoder, container, pix_fmt, opts, source in (
            (*GOP_REF, ref), *((n, *spec[:4], dis) for n, spec in GOP_ENCODES.items())):
        dst = os.path.join(encodes_dir, f"{name}.{container}")
        if os.path.exists(dst) or encoder not in listed:
            continue
        part = os.path.join(encodes_dir, f"{name}.part.{container}")
        subprocess.run([ffmpeg, "-v", "error", "-nostdin", "-y", "-stream_loop", loops, "-i",
                        source, "-c:v", encoder, "-pix_fmt", pix_fmt, *opts, part], check=True)
        os.replace(part, dst)


def run(vmaf, *args):
    return subprocess.run([vmaf, *args], capture_output=True, text=True, timeout=600,
                          stdin=subprocess.DEVNULL)


def scores(vmaf, ref, dis, hwdec, *more):
    """Scores without fps, stderr, and the exit status; a 10-bit encode
    against the reference brought to 10 bits."""
    depth = ["--bitdepth-convert", "10"] if "p10." in os.path.basename(dis) else []
    p = run(vmaf, "-r", ref, "-d", dis, "--feature", "psnr", "--json", "-o", "-",
            "--hwdec", hwdec, *depth, *more)
    if p.returncode != 0:
        return None, p.stderr, p.returncode
    doc = json.loads(p.stdout)
    doc.pop("fps", None)
    return doc, p.stderr, 0


def written_report(path):
    """A JSON report a batch wrote, without fps; None where it is missing or
    not JSON."""
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return None
    doc.pop("fps", None)
    return doc


def gop_checks(vmaf, encodes_dir, encodes, device, hip):
    """--decoders 4 on the GOP encodes against one decoder on the CPU."""
    gop_ref = os.path.join(encodes_dir, f"{GOP_REF[0]}.{GOP_REF[2]}")
    gops = {name: os.path.join(encodes_dir, f"{name}.{spec[1]}")
            for name, spec in GOP_ENCODES.items()
            if os.path.exists(os.path.join(encodes_dir, f"{name}.{spec[1]}"))}
    check("the GOP encodes are there", os.path.exists(gop_ref) and "gop_h264_420p8" in gops,
          encodes_dir)
    if not os.path.exists(gop_ref):
        return
    four = ["--decoders", "4"]
    taken = {}  # the encodes NVDEC decodes here: their paths and one CPU decoder's report
    for name, path in gops.items():
        base = os.path.basename(path)
        want, err, _ = scores(vmaf, gop_ref, path, "none", "--decoders", "1")
        check(f"{name}: one decoder on the CPU gives {GOP_FRAMES} frames",
              want is not None and len(want["frames"]) == GOP_FRAMES, err)
        if not device:
            got, err, _ = scores(vmaf, gop_ref, path, "auto", *four)
            # Both sides cut, the reference's note kept through the 10-bit
            # conversion (--bitdepth-convert) of a 10-bit encode's pair.
            check(f"{name}: auto, no device: both sides cut into chunks on the CPU, the same "
                  "scores",
                  got is not None and got == want and f"{base}: decoding" in err
                  and "on the CPU" in err and err.count("chunks on") == 2, err)
            continue
        got, err, rc = scores(vmaf, gop_ref, path, "cuda", "--backend", "hip", *four)
        takes = GOP_ENCODES[name][4]
        if takes is None:
            takes = rc == 0
            print(f"note: {name}: this GPU {'decodes' if takes else 'does not decode'} it")
        if not takes:
            # The GPU refuses it once it has decoded its first frame; Auto's
            # CPU decoder takes over from there and cuts the rest.
            got, err, _ = scores(vmaf, gop_ref, path, "auto", *four)
            check(f"{name}: auto, refused by the GPU: the CPU's decoder cuts it into chunks, "
                  "the scores of one decoder",
                  got is not None and got == want and f"{base}: decoding" in err
                  and "on the CPU" in err and "chunks on" in err, err)
            continue
        taken[name] = (path, want)
        one = f"{base}: decoding"
        why = "one decoder (--decoders 4): it is decoded on the GPU"
        if hip:
            check(f"{name}: --hwdec cuda --decoders 4 with the HIP backend: one NVDEC session, "
                  "saying why, the scores of one decoder on the CPU",
                  got is not None and got == want and one in err and why in err, err)
        got, err, _ = scores(vmaf, gop_ref, path, "cuda", *four)
        check(f"{name}: --hwdec cuda --decoders 4, copied back: one NVDEC session, saying why, "
              "the same scores",
              got is not None and got == want and one in err and why in err, err)
    if not device or not hip:
        return
    work = os.path.join(encodes_dir, "clips")
    with open(os.path.join(work, "gop_batch.csv"), "w") as f:
        f.write("ref,dis,output\n")
        # The 8-bit encodes: a 10-bit one needs --bitdepth-convert against
        # the 8-bit reference, which would change the others' scores.
        batched = {n: pw for n, pw in taken.items() if "p10" not in n}
        for name, (path, _) in batched.items():
            f.write(f"{gop_ref},{path},{name}.json\n")
    out = os.path.join(work, "gop_batch")
    shutil.rmtree(out, ignore_errors=True)
    p = run(vmaf, "--batch", os.path.join(work, "gop_batch.csv"), "-o", out, "--backend", "hip",
            "--hwdec", "cuda", *four, "--feature", "psnr", "--json", "-q")
    same = p.returncode == 0
    for name, (_, want) in batched.items():
        same = same and written_report(os.path.join(out, f"{name}.json")) == want
    check("--batch of GOP encodes with --hwdec cuda --decoders 4: every report as one decoder "
          "on the CPU",
          same, p.stderr)


def main():
    if sys.argv[1] == "--make":
        encodes_dir, ffmpeg, shared = sys.argv[2:5]
        make_encodes(ffmpeg, encodes_dir, shared, os.path.join(encodes_dir, "clips"))
        return 0
    vmaf, shared, encodes_dir = sys.argv[1:4]
    ffmpeg = sys.argv[4] if len(sys.argv) > 4 else None
    work = os.path.join(encodes_dir, "clips")
    os.makedirs(work, exist_ok=True)
    if ffmpeg:
        make_encodes(ffmpeg, encodes_dir, shared, work)
    encodes = {name: os.path.join(encodes_dir, f"{name}.{spec[2]}")
               for name, spec in ENCODES.items()
               if os.path.exists(os.path.join(encodes_dir, f"{name}.{spec[2]}"))}
    check("the H.264 encode is there", "h264_420p8" in encodes, encodes_dir)
    if "h264_420p8" not in encodes:
        return 1
    ref, dis = clip_files(shared, work, "vtest_576x324_420p8")

    probe = run(vmaf, "-r", ref, "-d", encodes["h264_420p8"], "--hwdec", "cuda", "-q",
                "-o", os.devnull)
    device = probe.returncode == 0
    print(f"note: {'a' if device else 'no'} CUDA device decodes here"
          + ("" if device else f" ({probe.stderr.strip()})"))
    # The HIP backend reads the decoder's frames in place where it runs on
    # the decoding GPU.
    hip = device and run(vmaf, "-r", ref, "-d", dis, "--backend", "hip", "-q",
                         "-o", os.devnull).returncode == 0
    print(f"note: {'with' if hip else 'without'} the HIP backend")

    for name, path in encodes.items():
        base = os.path.basename(path)
        clip = ENCODES[name][0]
        ref = clip_files(shared, work, clip)[0]
        want, err, rc = scores(vmaf, ref, path, "none")
        check(f"{name}: the CPU decodes it",
              want is not None and len(want["frames"]) == CLIPS[clip], err)
        got_cuda, err_cuda, rc_cuda = scores(vmaf, ref, path, "cuda")
        takes = device and ENCODES[name][5]
        if device and ENCODES[name][5] is None:
            takes = rc_cuda == 0
            print(f"note: {name}: this GPU {'decodes' if takes else 'does not decode'} it")
        if takes:
            check(f"{name}: cuda scores as the CPU's decoding",
                  got_cuda is not None and got_cuda == want, err_cuda)
        if takes and hip:
            got_hip, err_hip, _ = scores(vmaf, ref, path, "cuda", "--backend", "hip")
            check(f"{name}: cuda with --backend hip, read in place, scores as the CPU's decoding",
                  got_hip is not None and got_hip == want and "read in place" in err_hip,
                  err_hip)
        else:
            reason = "hardware does not decode this stream" if device else "no cuda device"
            check(f"{name}: cuda refused, naming the file and why",
                  rc_cuda == 1 and base in err_cuda and "--hwdec cuda" in err_cuda
                  and reason in err_cuda, err_cuda)
        got, err, rc = scores(vmaf, ref, path, "auto")
        check(f"{name}: auto scores as the CPU's decoding", got is not None and got == want, err)
        where = "on the GPU (cuda)" if takes else "on the CPU"
        check(f"{name}: auto says it decodes {where}", f"{base}: decoding" in err and where in err,
              err)

    if hip:
        h264 = encodes["h264_420p8"]
        want, err, _ = scores(vmaf, h264, h264, "none")
        got, err, _ = scores(vmaf, h264, h264, "cuda", "--backend", "hip")
        check("both sides decoded on the GPU and read in place score as the CPU's decoding",
              got is not None and got == want and err.count("read in place") == 2, err)
        ref = clip_files(shared, work, "vtest_576x324_420p8")[0]
        want, _, _ = scores(vmaf, ref, h264, "none")
        got, err, _ = scores(vmaf, ref, h264, "cuda", "--backend", "hip", "--threads", "8")
        check("with more frames held than the decoder has, copied back, and as the CPU's",
              got is not None and got == want and "copied to host memory" in err, err)
        with open(os.path.join(work, "batch.csv"), "w") as f:
            f.write("ref,dis,output\n")
            for i, name in enumerate(n for n in ("h264_420p8", "hevc_420p8", "vp9_420p8")
                                     if n in encodes):
                f.write(f"{ref},{encodes[name]},{i}.json\n")
                f.write(f"{encodes[name]},{encodes[name]},{i}-self.json\n")
        out = os.path.join(work, "batch")
        shutil.rmtree(out, ignore_errors=True)
        p = run(vmaf, "--batch", os.path.join(work, "batch.csv"), "-o", out, "--backend", "hip",
                "--hwdec", "cuda", "--feature", "psnr", "--json", "-q")
        same = p.returncode == 0
        for i, name in enumerate(n for n in ("h264_420p8", "hevc_420p8", "vp9_420p8")
                                 if n in encodes):
            for report, r in ((f"{i}.json", ref), (f"{i}-self.json", encodes[name])):
                want, _, _ = scores(vmaf, r, encodes[name], "none")
                same = same and written_report(os.path.join(out, report)) == want
        check("--batch with --hwdec cuda on the HIP backend: every report as the CPU's decoding",
              same, p.stderr)

    gop_checks(vmaf, encodes_dir, encodes, device, hip)

    if not device:
        p = run(vmaf, "-r", ref, "-d", encodes["h264_420p8"], "--hwdec", "vaapi", "-q")
        check("vaapi without a device is refused, naming the file",
              p.returncode == 1 and "--hwdec vaapi" in p.stderr and "h264_420p8" in p.stderr,
              p.stderr)
    ref = clip_files(shared, work, "vtest_576x324_420p8")[0]
    want, _, _ = scores(vmaf, ref, dis, "none")
    got, err, rc = scores(vmaf, ref, dis, "cuda")
    check("Y4M inputs are read as ever with --hwdec cuda",
          got is not None and got == want and "decoding" not in err, err)
    p = run(vmaf, "-r", ref, "-d", dis, "--hwdec", "gpu")
    check("--hwdec gpu is refused", p.returncode != 0 and "--hwdec" in p.stderr, p.stderr)

    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] or results["passed"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
