#!/usr/bin/env python3
"""The size of an --html page for a 1080p pair of N frames (docs/html.md).

Scores a short 1080p pair with the default model and --html (the pictures
of its six worst frames), measures the page's parts (Chart.js, template and
script; the per-frame data; the pictures) and scales the per-frame data to
N frames (default 15,000: ten minutes at 25 fps). The pictures do not grow
with the length; the per-frame data grows linearly, as the JSON holds one
number per key and frame.

    report_size.py VMAF REF_1080P.y4m DIS_1080P.y4m [--frames N] [--cambi]

The pair may be made from a clip: ffmpeg -i clip.y4m -vf scale=1920:1080:flags=lanczos
out.y4m (an upscale is smoother than camera footage: its JPEGs are smaller).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vmaf")
    ap.add_argument("ref")
    ap.add_argument("dis")
    ap.add_argument("--frames", type=int, default=15000)
    ap.add_argument("--cambi", action="store_true", help="also score cambi (its heat maps)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "page.html")
        cmd = [a.vmaf, "-r", a.ref, "-d", a.dis, "--html", page, "-o", os.devnull, "-q"]
        if a.cambi:
            cmd += ["--feature", "cambi"]
        subprocess.run(cmd, check=True)
        with open(page) as f:
            text = f.read()
    literal = re.search(r"const report = (.*);\n</script>", text).group(1)
    data = json.loads(literal.replace("<\\/", "</"))
    run = data["runs"][0]
    frames = run["frames"]
    pictures = sum(len(p[k] or "") for p in run["pictures"]
                   for k in ("reference", "distorted", "difference", "cambi"))
    values = len(json.dumps(run["values"], separators=(",", ":")))
    fixed = len(text) - pictures - values
    estimate = fixed + pictures + values * a.frames / frames
    print(f"pair: {frames} frames, {len(run['keys'])} keys, {len(run['pictures'])} frames pictured")
    print(f"page: {len(text):,} bytes: pictures {pictures:,}, per-frame data {values:,} "
          f"({values / frames:,.0f} a frame), the rest {fixed:,}")
    print(f"at {a.frames:,} frames: {estimate / 1e6:.1f} MB "
          f"(pictures {pictures / 1e6:.1f} MB, data {values * a.frames / frames / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
