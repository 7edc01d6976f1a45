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

usage: test_html_report.py VMAF_BINARY SHARED_DIR WORK_DIR [CHROMIUM]
Without a Chromium (none given, none on PATH) it skips (exit 77).
"""
import json
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
                            "--feature", "xpsnr", "--pool", "median,p5,below:86", "--json", "-o", report,
                            "--html", page, "-q"],
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
            check(f"batch: {link} renders without errors",
                  state.get("state") == "rendered" and state.get("errors") == "", state)
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
