#!/usr/bin/env python3
"""--html, as a person would see it: each page opened in headless Chromium.

A pair (default model, psnr, ssimulacra2, xpsnr, --pool), a ladder of two renditions and a
batch of three pairs (one failing) are scored with --html. Each page is
loaded by `chromium --headless` and its DOM, after its scripts ran, must
say that it rendered (the page's own state: body data-state="rendered"),
that no script error occurred and nothing went to the console as an error
(data-errors empty), and what it drew: the pair one vmaf line of as many
points as frames, its x axis from frame 0 to the last, the ladder two,
the batch page three rows; `#zoom=5-10` zooms the pair's plot. The data the page carries equals the JSON report's
(every per-frame value, every pool), its worst moments are the ten lowest
vmaf frames, it refers to nothing outside itself (no src or href to another site), keeps
Chart.js's licence, and a screenshot of each page is saved beside the build
(test/html_report/*.png).

The frames' pictures: the pair's page shows the six worst vmaf frames and
those --html-frames names, each as reference, distorted, difference and
cambi heat map, every picture loaded by Chromium; one frame's pictures,
decoded back by Chromium (a canvas) and compared with the clip's samples,
are that frame's (luma PSNR against the Y4M's, well above its neighbours'),
and its difference picture is 4 |ref - dis| of the luma. --html-worst 0
shows none; a pair read from a pipe says why it has none; the ladder's and
the batch's pair pages have theirs; --html-worst and --html-frames without
--html, or with a value that is no frame number, are refused.

usage: test_html_report.py VMAF_BINARY SHARED_DIR WORK_DIR [CHROMIUM]
Without a Chromium (none given, none on PATH) it skips (exit 77).
"""
import base64
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402

VMAF, SHARED, WORK = sys.argv[1:4]
CHROMIUM = sys.argv[4] if len(sys.argv) > 4 else shutil.which("chromium")
SHOTS = os.path.join(WORK, "..", "html_report")
results = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))


def chromium(profile, *args):
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=120)


def dom(profile, page, fragment=""):
    """The page's DOM after its scripts ran."""
    return chromium(profile, "--virtual-time-budget=5000", "--dump-dom",
                    "file://" + os.path.abspath(page) + fragment).stdout


def rendered(profile, page, fragment=""):
    """The body's attributes after the page's scripts ran."""
    body = re.search(r"<body([^>]*)>", dom(profile, page, fragment))
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', body.group(1))) if body else {}


def page_data(page):
    with open(page) as f:
        text = f.read()
    found = re.search(r"const report = (.*);\n</script>", text)
    return text, json.loads(found.group(1).replace("<\\/", "</")) if found else None


def screenshot(profile, page, name):
    os.makedirs(SHOTS, exist_ok=True)
    shot = os.path.join(SHOTS, name + ".png")
    chromium(profile, "--window-size=1280,1400", f"--screenshot={shot}",
             "file://" + os.path.abspath(page))
    check(f"{name}: screenshot saved", os.path.exists(shot) and os.path.getsize(shot) > 20000,
          shot)


def self_contained(name, text):
    outside = re.findall(r'(?:src|href)\s*=\s*["\'](?:https?:)?//', text)
    check(f"{name}: refers to nothing outside itself", not outside, outside[:3])
    check(f"{name}: keeps Chart.js's licence", "Chart.js" in text and
          "Permission is hereby granted" in text)


def y4m_frames(path):
    """The luma planes of an 8-bit 4:2:0 Y4M, one bytes object per frame."""
    with open(path, "rb") as f:
        data = f.read()
    header, rest = data.split(b"\n", 1)
    w = int(re.search(rb" W(\d+)", header).group(1))
    h = int(re.search(rb" H(\d+)", header).group(1))
    frames, at = [], 0
    while at < len(rest):
        at = rest.index(b"\n", at) + 1
        frames.append(rest[at:at + w * h])
        at += w * h * 3 // 2
    return w, h, frames


def psnr(a, b):
    mse = sum((x - y) ** 2 for x, y in zip(a, b)) / len(a)
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def decoded_pictures(profile, work, pictures):
    """Each data: URI of `pictures` (name -> URI) decoded by Chromium: drawn on
    a canvas and read back, as (width, height, RGB bytes)."""
    harness = os.path.join(work, "decode.html")
    with open(harness, "w") as f:
        f.write("<!DOCTYPE html><body><script>\nconst pictures = " + json.dumps(pictures) + ";\n" + """
for (const [name, uri] of Object.entries(pictures)) {
  const img = new Image();
  img.onload = () => {
    const c = document.createElement("canvas");
    c.width = img.naturalWidth; c.height = img.naturalHeight;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let bytes = "";
    for (let i = 0; i < d.length; i += 4) bytes += String.fromCharCode(d[i], d[i + 1], d[i + 2]);
    const pre = document.createElement("pre");
    pre.id = name; pre.dataset.w = c.width; pre.dataset.h = c.height; pre.textContent = btoa(bytes);
    document.body.append(pre);
  };
  img.src = uri;
}
</script></body>""")
    text = dom(profile, harness)
    out = {}
    for name, w, h, b64 in re.findall(r'<pre id="(\w+)" data-w="(\d+)" data-h="(\d+)">([^<]*)</pre>',
                                      text):
        out[name] = (int(w), int(h), base64.b64decode(b64))
    return out


def check_pictures(profile, work, page, ref, dis, frames_named):
    """The pair page's pictures: which frames, all loaded, one decoded back."""
    text, data = page_data(page)
    run = data["runs"][0]
    vmaf = sorted((v, f) for f, v in enumerate(run["values"]["vmaf"]))
    expected = sorted(set([f for _, f in vmaf[:6]] + frames_named))
    pictured = [p["frame"] for p in run["pictures"]]
    check("pictures: the six worst vmaf frames and the named ones", pictured == expected,
          (pictured, expected))
    check("pictures: each frame's reference, distorted, difference and cambi heat map",
          all(all(p[k] and p[k].startswith("data:image/jpeg;base64,")
                  for k in ("reference", "distorted", "difference", "cambi"))
              for p in run["pictures"]), [sorted(k for k in p if p[k]) for p in run["pictures"]])
    state = rendered(profile, page)
    n = 4 * len(expected)
    check("pictures: Chromium loads every one",
          state.get("pictures") == str(n) and state.get("loaded") == str(n) and
          state.get("broken") == "0", state)
    w, h, ref_lumas = y4m_frames(ref)
    _, _, dis_lumas = y4m_frames(dis)
    worst = vmaf[0][1]
    p = next(p for p in run["pictures"] if p["frame"] == worst)
    got = decoded_pictures(profile, work, {k: p[k] for k in ("reference", "distorted", "difference")})
    check("pictures: decoded back at the frame's size",
          all(got.get(k, (0, 0))[:2] == (w, h) for k in ("reference", "distorted", "difference")),
          {k: v[:2] for k, v in got.items()})
    if any(got.get(k, (0, 0))[:2] != (w, h) for k in ("reference", "distorted", "difference")):
        return

    # BT.601 limited range (the clip states no matrix and is under 720 rows).
    def luma(rgb):
        return [16 + 219 * (0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2]) / 255
                for i in range(0, len(rgb), 3)]
    for side, lumas in (("reference", ref_lumas), ("distorted", dis_lumas)):
        y = luma(got[side][2])
        own = psnr(y, lumas[worst])
        others = [psnr(y, lumas[f]) for f in (worst - 2, worst + 2) if 0 <= f < len(lumas)]
        check(f"pictures: the {side} picture is frame {worst}'s (luma PSNR {own:.1f} dB, "
              f"frames two away {', '.join(f'{o:.1f}' for o in others)})",
              own > 35 and all(own > o + 3 for o in others), (own, others))
    diff = got["difference"][2][0::3]
    want = [min(255, 4 * abs(a - b)) for a, b in zip(ref_lumas[worst], dis_lumas[worst])]
    d = psnr(diff, want)
    check(f"pictures: the difference picture is 4 |ref - dis| (PSNR {d:.1f} dB)", d > 30, d)


def main():
    if not CHROMIUM:
        print("SKIP: no chromium here (Debian: apt-get install chromium)")
        return 77
    ref = clip_file(SHARED, WORK, "vtest_576x324_420p8", "ref")
    dis = clip_file(SHARED, WORK, "vtest_576x324_420p8", "dis")
    box_ref = clip_file(SHARED, WORK, "box_960x540_420p8", "ref")
    box_dis = clip_file(SHARED, WORK, "box_960x540_420p8", "dis")
    with tempfile.TemporaryDirectory() as tmp:
        profile = os.path.join(tmp, "profile")

        # One pair.
        page, report = os.path.join(tmp, "pair.html"), os.path.join(tmp, "pair.json")
        p = subprocess.run([VMAF, "-r", ref, "-d", dis, "--feature", "psnr", "--feature", "ssimulacra2",
                            "--feature", "xpsnr", "--feature", "cambi", "--pool", "median,p5,below:86",
                            "--json", "-o", report, "--html", page, "--html-frames", "0,5", "-q"],
                           capture_output=True, text=True)
        check("pair: scores and writes its page", p.returncode == 0 and os.path.exists(page),
              p.stderr)
        with open(report) as f:
            doc = json.load(f)
        frames = len(doc["frames"])
        state = rendered(profile, page)
        check("pair: renders without errors", state.get("state") == "rendered" and
              state.get("errors") == "", state)
        check("pair: one vmaf line of every frame",
              state.get("datasets") == "1" and state.get("points") == str(frames), state)
        check("pair: the x axis spans frame 0 to the last frame",
              state.get("xrange") == f"0-{frames - 1}", state)
        state = rendered(profile, page, "#zoom=5-10")
        check("pair: #zoom=5-10 zooms", state.get("zoom") == "5-10" and
              state.get("xrange") == "5-10", state)
        text, data = page_data(page)
        run = data["runs"][0] if data else {}
        same = bool(run) and all(abs(run["pooled"][k][m] - v) <= 1e-6
                                 for k, ms in doc["pooled_metrics"].items()
                                 for m, v in ms.items())
        for f in doc["frames"]:
            for k, v in f["metrics"].items():
                same = same and abs(run["values"][k][f["frameNum"]] - v) <= 1e-6
        check("pair: the page's scores are the report's, pools included", same)
        vmaf = sorted((f["metrics"]["vmaf"], f["frameNum"]) for f in doc["frames"])
        listed = [int(n) for n in re.findall(r'<tr class="worst" data-frame="(\d+)"',
                                              dom(profile, page))]
        check("pair: the worst moments are the ten lowest vmaf frames, lowest first",
              listed == [n for _, n in vmaf[:10]], (listed, vmaf[:10]))
        self_contained("pair", text)
        screenshot(profile, page, "pair")
        check_pictures(profile, tmp, page, ref, dis, [0, 5])

        page = os.path.join(tmp, "none.html")
        p = subprocess.run([VMAF, "-r", ref, "-d", dis, "--html", page, "--html-worst", "0", "-q"],
                           capture_output=True, text=True)
        state = rendered(profile, page)
        check("--html-worst 0: no pictures", p.returncode == 0 and state.get("pictures") == "0" and
              '<h2 id="frames"' not in dom(profile, page), (p.stderr, state))
        page = os.path.join(tmp, "past.html")
        p = subprocess.run([VMAF, "-r", ref, "-d", dis, "--html", page, "--html-worst", "1",
                            "--html-frames", f"2,{frames}"], capture_output=True, text=True)
        _, data = page_data(page)
        run = data["runs"][0] if data else {}
        check("--html-frames past the end: the others pictured, the page and stderr say so",
              p.returncode == 0 and len(run.get("pictures", [])) == 2 and
              f"frame {frames} is past the last scored frame ({frames - 1})" in
              run.get("pictures_note", "") and "past the last" in p.stderr,
              (p.stderr, run.get("pictures_note")))
        page = os.path.join(tmp, "pipe.html")
        with open(ref, "rb") as stdin:
            p = subprocess.run([VMAF, "-r", "-", "-d", dis, "--html", page, "-q"], stdin=stdin,
                               capture_output=True, text=True)
        _, data = page_data(page)
        run = data["runs"][0] if data else {}
        check("a reference read from a pipe: no pictures, the page says why",
              p.returncode == 0 and run.get("pictures") == [] and
              "read once" in run.get("pictures_note", ""), (p.stderr, run.get("pictures_note")))
        for args, needle in ((["--html-worst", "3"], "give --html too"),
                             (["--html-frames", "2"], "give --html too"),
                             (["--html", page, "--html-frames", "1,x"], "not a frame"),
                             (["--html", page, "--html-worst", "-1"], "not a frame")):
            p = subprocess.run([VMAF, "-r", ref, "-d", dis, "-q"] + args, capture_output=True,
                               text=True)
            check(f"{' '.join(args[-2:])}: refused", p.returncode == 2 and needle in p.stderr,
                  p.stderr)

        # A ladder of two renditions on one plot.
        page = os.path.join(tmp, "ladder.html")
        p = subprocess.run([VMAF, "-r", ref, "-d", dis, "-d", ref, "-o",
                            os.path.join(tmp, "ladder"), "--html", page, "-q"],
                           capture_output=True, text=True)
        state = rendered(profile, page)
        check("ladder: renders both renditions, without errors",
              p.returncode == 0 and state.get("state") == "rendered" and
              state.get("errors") == "" and state.get("datasets") == "2" and
              state.get("points") == str(2 * frames), (p.stderr, state))
        screenshot(profile, page, "ladder")
        _, data = page_data(page)
        check("ladder: each rendition's six worst frames pictured",
              [len(r["pictures"]) for r in data["runs"]] == [6, 6],
              [len(r["pictures"]) for r in data["runs"]])

        # A batch: its table, each pair's page.
        manifest = os.path.join(tmp, "pairs.csv")
        with open(manifest, "w") as f:
            f.write(f"ref,dis\n{ref},{dis}\n{box_ref},{box_dis}\n{ref},/nonexistent.y4m\n")
        out = os.path.join(tmp, "batch")
        p = subprocess.run([VMAF, "--batch", manifest, "-o", out, "--html", "report.html",
                            "--pool", "p5", "-q"], capture_output=True, text=True)
        page = os.path.join(out, "report.html")
        state = rendered(profile, page)
        check("batch: its page lists every pair, the failed one too",
              p.returncode == 1 and state.get("state") == "rendered" and
              state.get("errors") == "" and state.get("rows") == "3", (p.stderr, state))
        text, data = page_data(page)
        links = [r["link"] for r in data["rows"]] if data else []
        check("batch: each scored pair's row links its page, beside its report",
              links[2] is None and all(l and os.path.exists(os.path.join(out, l)) and
                                       l.endswith(".html") for l in links[:2]), links)
        for link in links[:2]:
            state = rendered(profile, os.path.join(out, link))
            check(f"batch: {link} renders without errors, its pictures loaded",
                  state.get("state") == "rendered" and state.get("errors") == "" and
                  state.get("loaded") == state.get("pictures") == "18", state)
        self_contained("batch", text)
        screenshot(profile, page, "batch")

        p = subprocess.run([VMAF, "-r", ref, "-d", dis, "--html", dis, "-q"],
                           capture_output=True, text=True)
        check("--html naming an input is refused", p.returncode == 1 and "refusing" in p.stderr,
              p.stderr)

    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] or results["passed"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
