#!/usr/bin/env python3
"""Container input (issue 20): encodes made here from the public clips with
ffmpeg (the same libraries' encoders) are scored straight from MKV and MP4.

- Lossless FFV1 in MKV scores exactly as the Y4M pair, in every pixel
  format VMAF takes.
- Lossy encodes (MPEG-4 part 2, H.264, HEVC) score exactly as ffmpeg's own
  decode of them written to Y4M: the same frames, in the same order.
- --scale gives exactly the pictures of ffmpeg's scale filter with the same
  flags, so a distorted at a lower resolution scores as
  `ffmpeg -vf scale=W:H:flags=...` then vmaf on Y4M would.
- ssimulacra2's matrix and range default to the reference file's tags.
- --bitdepth-convert (and the mixed depths the aom_ctc presets take from
  v6.0) gives exactly ffmpeg's `-pix_fmt yuv420p10le` conversion.
- Broken, truncated and mismatched inputs end with a message naming the file
  (and the frame or both counts) and exit 1: never a signal, a hang or a
  score.

usage: test_containers.py VMAF_BINARY FFMPEG_BINARY SHARED_DIR
"""
import json
import lzma
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

VMAF, FFMPEG, SHARED = sys.argv[1], sys.argv[2], sys.argv[3]
results = {"passed": 0, "failed": 0}
tmp = tempfile.mkdtemp(prefix="vmaf_containers_")


def p(name):
    return os.path.join(tmp, name)


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + detail), flush=True)


def run(*args, stdin=None, timeout=300):
    proc = subprocess.run([VMAF, *args], capture_output=True, text=True, timeout=timeout,
                          stdin=stdin if stdin is not None else subprocess.DEVNULL)
    return proc.returncode, proc.stdout, proc.stderr


def ffmpeg(*args):
    subprocess.run([FFMPEG, "-v", "error", "-nostdin", "-y", *args], check=True)


def has_encoder(name):
    out = subprocess.run([FFMPEG, "-hide_banner", "-encoders"], capture_output=True,
                         text=True).stdout
    return any(line.split()[1:2] == [name] for line in out.splitlines() if line.strip())


def clip(name, side):
    dst = p(f"{name}_{side}.y4m")
    if not os.path.exists(dst):
        with lzma.open(os.path.join(SHARED, "clips", f"{name}_{side}.y4m.xz")) as src, \
                open(dst, "wb") as out:
            shutil.copyfileobj(src, out)
    return dst


def scores(ref, dis, *extra, stdin=None):
    """Every frame's scores and the pooled ones, or None with the error."""
    args = ["-r", ref, "-d", dis, "--json", "-o", "-", "-q", *extra]
    rc, out, err = run(*args, stdin=stdin)
    if rc != 0:
        return None, err
    doc = json.loads(out)
    doc.pop("fps", None)
    return doc, ""


def same_scores(name, a, b, extra=()):
    got, err_a = scores(*a, *extra)
    want, err_b = scores(*b, *extra)
    ok = got is not None and got == want and len(got["frames"]) > 0
    check(name, ok, f"{err_a}{err_b}" if got is None or want is None else "scores differ")
    return got


def expect_error(name, args, *words, rc_wanted=1):
    rc, _, err = run(*args)
    ok = rc == rc_wanted and all(w.lower() in err.lower() for w in words)
    check(name, ok, f"rc={rc} stderr={err!r}")


def frames_in(path):
    """Frames of a Y4M file, counted by its FRAME lines."""
    with open(path, "rb") as f:
        return f.read().count(b"FRAME")


def lossless():
    # Each clip's pair in FFV1/MKV, and conversions to the formats the
    # clips lack: 4:2:2 10-bit, 4:4:4 12-bit, 4:2:0 16-bit and gray.
    pairs = [("vtest_576x324_420p8", None), ("vtest_481x271_420p8", None),
             ("tree_640x360_420p10", None), ("box_352x288_444p8", None),
             ("vtest_576x324_420p8", "yuv422p10le"), ("box_352x288_444p8", "yuv444p12le"),
             ("tree_640x360_420p10", "yuv420p16le"), ("vtest_576x324_420p8", "gray")]
    for name, pix_fmt in pairs:
        y4ms, mkvs = [], []
        for side in ("ref", "dis"):
            src = clip(name, side)
            tag = f"{name}_{side}_{pix_fmt or 'native'}"
            if pix_fmt:
                y4m = p(tag + ".y4m")
                ffmpeg("-i", src, "-pix_fmt", pix_fmt, "-strict", "-1", "-f", "yuv4mpegpipe", y4m)
            else:
                y4m = src
            mkv = p(tag + ".mkv")
            ffmpeg("-i", y4m, "-c:v", "ffv1", "-level", "3", mkv)
            y4ms.append(y4m)
            mkvs.append(mkv)
        # psnr reads the chroma planes too.
        features = ["--feature", "psnr"] if pix_fmt != "gray" else []
        same_scores(f"lossless FFV1/MKV equals Y4M: {name} {pix_fmt or ''}", mkvs, y4ms, features)
    return y4ms, mkvs


def lossy():
    ref, dis = clip("vtest_576x324_420p8", "ref"), clip("vtest_576x324_420p8", "dis")
    encodes = [("mpeg4", "mp4", ["-q:v", "5"]), ("libx264", "mp4", ["-crf", "30"]),
               ("libx265", "mkv", ["-crf", "30", "-x265-params", "log-level=error"])]
    for codec, container, opts in encodes:
        if not has_encoder(codec):
            print(f"note: this ffmpeg has no {codec} encoder; that case is not run")
            continue
        enc = p(f"dis_{codec}.{container}")
        ffmpeg("-i", dis, "-c:v", codec, *opts, enc)
        decoded = p(f"dis_{codec}_decoded.y4m")
        ffmpeg("-i", enc, "-f", "yuv4mpegpipe", decoded)
        same_scores(f"{codec} in {container.upper()} equals ffmpeg's decode", (ref, enc),
                    (ref, decoded), ["--feature", "psnr"])


def scaling():
    cases = [("vtest_576x324_420p8", "288x162", "libx264", [], "bicubic"),
             ("vtest_481x271_420p8", "240x136", "ffv1", ["--scale", "lanczos"], "lanczos"),
             ("tree_640x360_420p10", "320x180", "ffv1", ["--scale", "bicubic"], "bicubic"),
             ("box_352x288_444p8", "176x144", "ffv1", ["--scale", "spline+accurate_rnd"],
              "spline+accurate_rnd")]
    for name, small, codec, flag, flags in cases:
        if not has_encoder(codec):
            continue
        ref, dis = clip(name, "ref"), clip(name, "dis")
        w, h = small.split("x")
        low = p(f"{name}_{small}.mkv")
        ffmpeg("-i", dis, "-vf", f"scale={w}:{h}", "-c:v", codec, low)
        with open(ref, "rb") as f:
            header = f.readline().split()
        rw = next(t[1:] for t in header if t.startswith(b"W")).decode()
        rh = next(t[1:] for t in header if t.startswith(b"H")).decode()
        up = p(f"{name}_{small}_up.y4m")
        ffmpeg("-i", low, "-vf", f"scale={rw}:{rh}:flags={flags}", "-strict", "-1",
               "-f", "yuv4mpegpipe", up)
        # --scale alone is bicubic.
        same_scores(f"--scale {' '.join(flag[1:]) or '(bicubic)'} equals ffmpeg's scale filter: "
                    f"{name} from {small}", (ref, low), (ref, up),
                    ["--scale", *flag[1:]] + ["--feature", "psnr"])
    name = "vtest_576x324_420p8"
    low = p(f"{name}_288x162.mkv")
    if os.path.exists(low):
        expect_error("sizes differ without --scale", ["-r", clip(name, "ref"), "-d", low, "-q"],
                     "576x324", "288x162", "--scale")
        expect_error("--scale with an unknown algorithm", ["-r", clip(name, "ref"), "-d", low,
                                                           "--scale", "nosuch", "-q"], "nosuch",
                     "one algorithm", rc_wanted=2)
        expect_error("--scale naming no algorithm", ["-r", clip(name, "ref"), "-d", low,
                                                     "--scale", "accurate_rnd", "-q"],
                     "accurate_rnd", "one algorithm", rc_wanted=2)


def converted(name, side, pix_fmt):
    """A clip converted by ffmpeg to another pixel format (its depth)."""
    dst = p(f"{name}_{side}_{pix_fmt}.y4m")
    if not os.path.exists(dst):
        ffmpeg("-i", clip(name, side), "-pix_fmt", pix_fmt, "-strict", "-1", "-f", "yuv4mpegpipe",
               dst)
    return dst


def shifted_to_10_bits(path):
    """An 8-bit 4:2:0 Y4M file as 10-bit, each sample times 4."""
    with open(path, "rb") as f:
        data = f.read()
    end = data.index(b"\n") + 1
    header = data[:end].split()
    w = int(next(t[1:] for t in header if t.startswith(b"W")))
    h = int(next(t[1:] for t in header if t.startswith(b"H")))
    size = w * h + 2 * ((w + 1) // 2) * ((h + 1) // 2)
    kept = [t for t in header if not t.startswith((b"C", b"XYSCSS"))]
    out = [b" ".join(kept + [b"C420p10", b"XYSCSS=420P10"]) + b"\n"]
    pos = end
    while pos < len(data):
        pos = data.index(b"\n", pos) + 1
        out.append(b"FRAME\n")
        out.append(b"".join(struct.pack("<H", v << 2) for v in data[pos:pos + size]))
        pos += size
    dst = path[:-len(".y4m")] + "_shifted10.y4m"
    with open(dst, "wb") as f:
        f.write(b"".join(out))
    return dst


def same_reports(name, got, want):
    """Checks that two runs gave the same report (every key of every frame)."""
    (a, err_a), (b, err_b) = got, want
    ok = a is not None and a == b and len(a["frames"]) > 0
    check(name, ok, f"{err_a}{err_b}" if a is None or b is None else "scores differ")


def depth_conversion():
    # --bitdepth-convert: the 8-bit pair scored at N bits equals the pair
    # ffmpeg converted with -pix_fmt, scored as it is.
    features = ["--feature", "psnr", "--feature", "float_ssim", "--feature", "cambi",
                "--feature", "ciede"]
    cases = [("vtest_576x324_420p8", "yuv420p10le", "10"),
             ("box_352x288_444p8", "yuv444p10le", "10"),
             ("vtest_576x324_420p8", "yuv420p12le", "12")]
    for name, pix_fmt, depth in cases:
        same_reports(f"--bitdepth-convert {depth} equals ffmpeg -pix_fmt {pix_fmt}: {name}",
                      scores(clip(name, "ref"), clip(name, "dis"), "--bitdepth-convert", depth,
                             *features),
                      scores(converted(name, "ref", pix_fmt), converted(name, "dis", pix_fmt),
                             *features))
    # At an odd size ffmpeg 5.1's Y4M file has samples beyond 10 bits in its
    # chroma planes, which the Y4M reader refuses; there the conversion is
    # checked against libswscale's rule for limited range: each sample
    # shifted up by two bits.
    name = "vtest_481x271_420p8"
    same_reports(f"--bitdepth-convert 10 shifts each sample up by 2 bits: {name}",
                 scores(clip(name, "ref"), clip(name, "dis"), "--bitdepth-convert", "10",
                        *features),
                 scores(shifted_to_10_bits(clip(name, "ref")),
                        shifted_to_10_bits(clip(name, "dis")), *features))
    name = "vtest_576x324_420p8"
    ref8, dis8 = clip(name, "ref"), clip(name, "dis")
    ref10, dis10 = converted(name, "ref", "yuv420p10le"), converted(name, "dis", "yuv420p10le")
    same_reports("--bitdepth-convert 10 of a 10-bit pair changes nothing",
                  scores(ref10, dis10, "--bitdepth-convert", "10"), scores(ref10, dis10))
    # One pass of libswscale, as ffmpeg's one scale filter does both.
    low = p(f"{name}_288x162_ffv1.mkv")
    ffmpeg("-i", dis8, "-vf", "scale=288:162", "-c:v", "ffv1", low)
    up = p(f"{name}_288x162_up10.y4m")
    ffmpeg("-i", low, "-vf", "scale=576:324:flags=bicubic", "-pix_fmt", "yuv420p10le", "-strict",
           "-1", "-f", "yuv4mpegpipe", up)
    same_reports("--scale with --bitdepth-convert 10 equals ffmpeg -vf scale -pix_fmt",
                  scores(ref8, low, "--scale", "--bitdepth-convert", "10", "--feature", "psnr"),
                  scores(ref10, up, "--feature", "psnr"))
    # The aom_ctc presets from v6.0 score a pair of two depths at the higher,
    # the lower converted as --bitdepth-convert converts it.
    aom = ["--aom_ctc", "v6.0", "--frame_cnt", "4"]
    same_reports("--aom_ctc v6.0 scores an 8-bit reference at the distorted's 10 bits",
                  scores(ref8, dis10, *aom), scores(ref10, dis10, *aom))
    same_reports("--aom_ctc v6.0 scores an 8-bit distorted at the reference's 10 bits",
                  scores(ref10, dis8, *aom), scores(ref10, dis10, *aom))
    expect_error("depths differ before --aom_ctc v6.0", ["-r", ref8, "-d", dis10, "-q",
                                                         "--aom_ctc", "v5.0"],
                 "8 bits per sample", "distorted has 10", "--bitdepth-convert 10")
    expect_error("--bitdepth-convert below an input's depth", ["-r", ref8, "-d", dis10, "-q",
                                                               "--bitdepth-convert", "9"],
                 dis10, "10 bits per sample", "never down")
    expect_error("--bitdepth-convert to a depth libswscale lacks", ["-r", ref8, "-d", dis8, "-q",
                                                                    "--bitdepth-convert", "11"],
                 "libswscale", "11-bit")


def options_and_pipes(y4ms, mkvs):
    ref, dis = clip("vtest_576x324_420p8", "ref"), clip("vtest_576x324_420p8", "dis")
    ref_mkv, dis_mkv = p("vtest_576x324_420p8_ref_native.mkv"), p("vtest_576x324_420p8_dis_native.mkv")
    same_scores("--frame_skip_dist and --frame_cnt as with Y4M", (ref_mkv, dis_mkv), (ref, dis),
                ["--frame_skip_dist", "3", "--frame_skip_ref", "2", "--frame_cnt", "9"])
    same_scores("--subsample as with Y4M", (ref_mkv, dis_mkv), (ref, dis), ["--subsample", "3"])
    with open(dis_mkv, "rb") as f:
        got, err = scores(ref_mkv, "-", stdin=f)
    want, _ = scores(ref, dis)
    check("MKV from standard input", got is not None and got == want, err)
    # A Y4M reference beside an MKV distorted.
    same_scores("Y4M reference, MKV distorted", (ref, dis_mkv), (ref, dis))
    # Raw YUV's geometry on the command line does not make an MKV raw.
    raw = p("ref.yuv")
    ffmpeg("-i", ref, "-f", "rawvideo", raw)
    same_scores("raw YUV reference beside an MKV, geometry given", (raw, dis_mkv), (ref, dis),
                ["-w", "576", "-h", "324", "-p", "420", "-b", "8"])

    # The terminal progress line knows a container's length.
    cmd = f"{VMAF} -r {ref_mkv} -d {dis_mkv} -o {p('tty.xml')}"
    t = subprocess.run(["script", "-qec", cmd, "/dev/null"], capture_output=True, text=True,
                       timeout=120, stdin=subprocess.DEVNULL)
    total = frames_in(ref)
    check("progress shows a container's length", t.returncode == 0 and
          f"{total}/{total} frames" in t.stdout, repr(t.stdout[-200:]))


def damaged_copy(data, rng, path):
    """`data` with 64 bytes inverted in its middle part (the samples, past
    the headers), written to `path`."""
    bad = bytearray(data)
    start = len(bad) // 3
    for _ in range(64):
        bad[start + rng.randrange(len(bad) // 2)] ^= 0xFF
    with open(path, "wb") as f:
        f.write(bad)
    return path


def errors():
    ref, dis = clip("vtest_576x324_420p8", "ref"), clip("vtest_576x324_420p8", "dis")
    total = frames_in(ref)
    ref_mkv = p("vtest_576x324_420p8_ref_native.mkv")
    dis_mkv = p("vtest_576x324_420p8_dis_native.mkv")

    short = p("short.mkv")
    ffmpeg("-i", dis, "-frames:v", "10", "-c:v", "ffv1", short)
    expect_error("frame counts differ: both named", ["-r", ref_mkv, "-d", short, "-q"],
                 f"{short} has 10 frames", f"{ref_mkv} has {total}")
    expect_error("a longer distorted: both named", ["-r", short, "-d", dis_mkv, "-q"],
                 f"{short} has 10 frames", f"{dis_mkv} has {total}")
    fast = p("rate25.mkv")
    ffmpeg("-r", "25", "-i", dis, "-c:v", "ffv1", fast)
    expect_error("frame rates differ: both named", ["-r", ref_mkv, "-d", fast, "-q"],
                 "reference is 10 fps", "distorted is 25 fps")
    expect_error("a Y4M's rate against a container's", ["-r", ref, "-d", fast, "-q"],
                 "10 fps", "25 fps")

    # A colour space that is none of FFmpeg's values (MatrixCoefficients 194
    # in an MKV, copied unchecked by libavformat) scores as its tagged twin;
    # read as the enum it was undefined behaviour (fuzz_container_input's
    # hour, UBSan in CI's sanitizer stage).
    tagged, odd = p("colour_bt709.mkv"), p("colour_194.mkv")
    ffmpeg("-i", dis, "-frames:v", "4", "-c:v", "ffv1", "-colorspace", "bt709", tagged)
    with open(tagged, "rb") as f:
        data = f.read()
    matrix = b"\x55\xb1\x81\x01"  # MatrixCoefficients, one byte: 1 (BT.709)
    check("ffmpeg tags the MKV's matrix once", data.count(matrix) == 1)
    with open(odd, "wb") as f:
        f.write(data.replace(matrix, b"\x55\xb1\x81\xc2"))
    same_scores("an MKV whose colour space is no known value scores as its tagged twin",
                (tagged, odd), (tagged, tagged), ("--feature", "ssimulacra2", "-n"))

    with open(dis_mkv, "rb") as f:
        data = f.read()
    cut = p("cut.mkv")
    with open(cut, "wb") as f:
        f.write(data[:len(data) // 2])
    expect_error("truncated MKV: the frames it has, against the reference's",
                 ["-r", ref_mkv, "-d", cut, "-q"], cut, "frames but", f"has {total}")

    if has_encoder("libx264"):
        h264 = p("dis_fs.mp4")
        ffmpeg("-i", dis, "-c:v", "libx264", "-crf", "20", "-movflags", "+faststart", h264)
        with open(h264, "rb") as f:
            data = f.read()
        # Index at the end, cut off: no moov atom.
        tail = p("tail_index.mp4")
        ffmpeg("-i", dis, "-c:v", "libx264", "-crf", "20", tail)
        with open(tail, "rb") as f:
            tail_data = f.read()
        with open(tail, "wb") as f:
            f.write(tail_data[:len(tail_data) // 2])
        expect_error("MP4 cut before its index", ["-r", ref, "-d", tail, "-q"], tail, "moov")
        # Index first, samples cut: the decoder runs out.
        cut = p("cut.mp4")
        with open(cut, "wb") as f:
            f.write(data[:len(data) * 3 // 4])
        expect_error("MP4 cut inside its samples", ["-r", ref, "-d", cut, "-q"], cut)
        # Damage in the samples: the decoder's error, with the frame.
        rng = random.Random(20)
        for trial in range(3):
            damaged = damaged_copy(data, rng, p(f"damaged{trial}.mp4"))
            rc, _, err = run("-r", ref, "-d", damaged, "-q", "-o", os.devnull)
            ok = rc == 1 and damaged in err and ("frame" in err or "has" in err)
            check(f"damaged H.264 samples ({trial}): an error naming the file and frame", ok,
                  f"rc={rc} stderr={err!r}")

    # MPEG-4 Part 2 (frame threads in libavcodec): libavcodec 5.1 aborted
    # the process on each of these (an assertion in its frame threads, found
    # by fuzz_container_input).
    avi = p("mpeg4.avi")
    ffmpeg("-i", dis, "-c:v", "mpeg4", "-g", "12", avi)
    with open(avi, "rb") as f:
        data = f.read()
    for trial in range(3):
        damaged = damaged_copy(data, random.Random(trial), p(f"damaged{trial}.avi"))
        for decoders in ("1", "4"):
            rc, _, err = run("-r", ref, "-d", damaged, "--decoders", decoders, "-q", "-o",
                             os.devnull)
            check(f"damaged MPEG-4 Part 2 samples ({trial}, --decoders {decoders}): an error "
                  "naming the file and frame, no abort",
                  rc == 1 and damaged in err and "frame" in err, f"rc={rc} stderr={err!r}")

    junk = p("junk.bin")
    with open(junk, "wb") as f:
        f.write(random.Random(3).randbytes(100000))
    expect_error("random bytes", ["-r", ref, "-d", junk, "-q"], junk, "not a y4m file",
                 "nor a container", "--width")
    # Named .mp4, the bytes are tried as MP4 (as ffmpeg tries them).
    shutil.copy(junk, p("junk.mp4"))
    expect_error("random bytes named .mp4", ["-r", ref, "-d", p("junk.mp4"), "-q"], p("junk.mp4"),
                 "mp4", "moov")
    empty = p("empty.mkv")
    open(empty, "wb").close()
    expect_error("empty file", ["-r", ref, "-d", empty, "-q"], empty, "empty")
    audio = p("audio.mkv")
    ffmpeg("-f", "lavfi", "-i", "sine=duration=1", "-c:a", "pcm_s16le", audio)
    expect_error("no video stream", ["-r", ref, "-d", audio, "-q"], audio, "no video stream")
    rgb = p("rgb.mkv")
    ffmpeg("-i", dis, "-pix_fmt", "bgr0", "-c:v", "ffv1", rgb)
    expect_error("RGB video", ["-r", rgb, "-d", rgb, "-q"], rgb, "bgr0", "not one VMAF scores")
    expect_error("8-bit against 10-bit", ["-r", ref_mkv, "-d",
                                          p("vtest_576x324_420p8_dis_yuv422p10le.mkv"), "-q"],
                 "4:2:0", "4:2:2")


def cover_art():
    # A still picture before the video, as a PNG track or an attached
    # picture: the video is scored, never the picture.
    ref, dis = clip("vtest_576x324_420p8", "ref"), clip("vtest_576x324_420p8", "dis")
    cover = p("cover.png")
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x64:duration=1", "-frames:v", "1", cover)
    png_first = p("dis_png_first.mkv")
    ffmpeg("-i", cover, "-i", dis, "-map", "0", "-map", "1", "-c:v:0", "png", "-c:v:1", "ffv1",
           png_first)
    same_scores("MKV with a PNG picture as its first video stream", (ref, png_first), (ref, dis))
    attached = p("dis_attached.mkv")
    ffmpeg("-i", dis, "-attach", cover, "-metadata:s:t", "mimetype=image/png", "-c:v", "ffv1",
           attached)
    same_scores("MKV with an attached cover picture", (ref, attached), (ref, dis))
    if has_encoder("libx264"):
        mp4 = p("dis_cover.mp4")
        ffmpeg("-i", cover, "-i", dis, "-map", "0", "-map", "1", "-c:v:0", "png",
               "-disposition:v:0", "attached_pic", "-c:v:1", "libx264", "-qp", "0", mp4)
        same_scores("MP4 (lossless H.264) with cover art", (ref, mp4), (ref, dis))
    only_cover = p("only_cover.mkv")
    ffmpeg("-i", cover, "-c:v", "png", "-disposition:v:0", "attached_pic", only_cover)
    expect_error("a still picture and nothing else", ["-r", ref, "-d", only_cover, "-q"],
                 only_cover, "not one VMAF scores")


def pooled_ssimulacra2(ref, dis, *extra):
    doc, err = scores(ref, dis, "-n", "--feature", "ssimulacra2", "--frame_cnt", "3", *extra)
    return doc["pooled_metrics"]["ssimulacra2"]["mean"] if doc else err


def colour_tags():
    # ssimulacra2 converts with the matrix and range the reference file
    # states: a container's colour space and range, Y4M's XCOLORRANGE.
    ref, dis = clip("vtest_576x324_420p8", "ref"), clip("vtest_576x324_420p8", "dis")
    tagged = p("tagged_ref.mkv")
    ffmpeg("-i", ref, "-frames:v", "3", "-c:v", "ffv1", "-colorspace", "bt470bg", "-color_range", "pc",
           tagged)
    explicit = ["-n", "--feature", "ssimulacra2=matrix=bt601:range=full"]
    want = scores(ref, dis, "--frame_cnt", "3", *explicit)[0]["pooled_metrics"]["ssimulacra2"]["mean"]
    got = pooled_ssimulacra2(tagged, dis)
    check("ssimulacra2 takes a container's colour space and range", got == want, f"{got} vs {want}")
    default = pooled_ssimulacra2(ref, dis)
    check("the tags change the score", got != default, f"{got}")
    overridden, _ = scores(tagged, dis, "-n", "--feature", "ssimulacra2=matrix=bt709:range=limited",
                           "--frame_cnt", "3")
    check("the feature's options win over the tags",
          overridden is not None and overridden["pooled_metrics"]["ssimulacra2"]["mean"] == default)
    full_y4m = p("full_ref.y4m")
    with open(ref, "rb") as src, open(full_y4m, "wb") as out:
        header, rest = src.read().split(b"\n", 1)
        out.write(header.replace(b"XCOLORRANGE=LIMITED", b"") + b" XCOLORRANGE=FULL\n" + rest)
    want_full = scores(ref, dis, "--frame_cnt", "3", "-n", "--feature",
                       "ssimulacra2=range=full")[0]["pooled_metrics"]["ssimulacra2"]["mean"]
    got_full = pooled_ssimulacra2(full_y4m, dis)
    check("ssimulacra2 takes Y4M's XCOLORRANGE", got_full == want_full, f"{got_full} vs {want_full}")


def main():
    y4ms, mkvs = lossless()
    colour_tags()
    lossy()
    cover_art()
    scaling()
    depth_conversion()
    options_and_pipes(y4ms, mkvs)
    errors()
    shutil.rmtree(tmp)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] or results["passed"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
