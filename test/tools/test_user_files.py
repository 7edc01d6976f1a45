#!/usr/bin/env python3
"""Nothing a user gave is overwritten (issue 52): each defect found by
probing the CLI, its batch mode, --html and ladders as a hostile but
realistic user would, run as it was reported, with what must hold now.

usage: test_user_files.py VMAF_BINARY SHARED_DIR WORK_DIR
"""
import csv
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402

VMAF, SHARED, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
results = {"passed": 0, "failed": 0}


def check(label, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + label + ("" if ok else f": {detail}"))


def vmaf(*args, cwd=None, env=None):
    return subprocess.run([VMAF, *args], capture_output=True, text=True, cwd=cwd,
                          env=dict(os.environ, **(env or {})))


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def snapshot(folder):
    """Every file under `folder` (links not followed) and its digest."""
    out = {}
    for root, _, files in os.walk(folder):
        for name in files:
            p = os.path.join(root, name)
            if not os.path.islink(p):
                out[os.path.relpath(p, folder)] = digest(p)
    return out


def write_manifest(path, rows, header=("ref", "dis", "output")):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def refused(label, r, pattern, status=1):
    check(label, r.returncode == status and re.search(pattern, r.stderr) is not None,
          (r.returncode, r.stderr))


def fresh_folder(tmp, name):
    """A folder holding a small pair: r.y4m, d1.y4m, d2.y4m."""
    d = os.path.join(tmp, name)
    os.makedirs(d)
    shutil.copy(clip_file(SHARED, WORK, "flat_64x64_420p8", "ref"), os.path.join(d, "r.y4m"))
    for n in ("d1.y4m", "d2.y4m"):
        shutil.copy(clip_file(SHARED, WORK, "flat_64x64_420p8", "dis"), os.path.join(d, n))
    return d


def test_batch_outputs_are_not_inputs(tmp):
    """Defect 1: a row's output that is another row's input, the manifest,
    through '..', a link or a hard link."""
    d = fresh_folder(tmp, "rows")
    before = snapshot(d)
    m = os.path.join(d, "m.csv")
    write_manifest(m, [["r.y4m", "d1.y4m", ""], ["r.y4m", "d2.y4m", "../d1.y4m"]])
    before[os.path.basename(m)] = digest(m)
    r = vmaf("--batch", m, "-o", os.path.join(d, "out"), "--jobs", "1")
    refused("batch: an output of '../d1.y4m' (another row's input) is refused", r,
            r"row 2: output '\.\./d1\.y4m': '\.' and '\.\.' are not allowed")
    write_manifest(m, [["r.y4m", "d1.y4m", "../m.csv"]])
    before["m.csv"] = digest(m)
    r = vmaf("--batch", m, "-o", os.path.join(d, "out"))
    refused("batch: an output of '../m.csv' (the manifest) is refused", r,
            r"output '\.\./m\.csv'")
    # The output folder holds a link to row 1's distorted video and a hard
    # link to the reference: row 2's output names each.
    out = os.path.join(d, "out")
    os.makedirs(out, exist_ok=True)
    os.symlink(os.path.join(d, "d1.y4m"), os.path.join(out, "soft.xml"))
    os.link(os.path.join(d, "r.y4m"), os.path.join(out, "hard.xml"))
    for name, kind, pattern in (
            ("soft.xml", "a link", r"row 2's report '.*soft\.xml' is row 1's distorted video"),
            ("hard.xml", "a hard link", r"row 2's report '.*hard\.xml' is row 1's reference video")):
        write_manifest(m, [["r.y4m", "d1.y4m", ""], ["r.y4m", "d2.y4m", name]])
        before["m.csv"] = digest(m)
        r = vmaf("--batch", m, "-o", out, "--jobs", "1")
        refused(f"batch: an output that is {kind} to an input is refused", r, pattern)
    write_manifest(m, [["r.y4m", "d1.y4m", "summary.csv"]])
    before["m.csv"] = digest(m)
    refused("batch: an output that is the summary is refused",
            vmaf("--batch", m, "-o", out), r"and the summary '.*summary\.csv' are one file")
    write_manifest(m, [["r.y4m", "d1.y4m", "javascript:alert(1).xml"]])
    before["m.csv"] = digest(m)
    refused("batch: an output that reads as a URL is refused",
            vmaf("--batch", m, "-o", out), r"reads as a URL")
    write_manifest(m, [["r.y4m", "d1.y4m", os.path.join(d, "abs.xml")]])
    before["m.csv"] = digest(m)
    refused("batch: an absolute output is refused",
            vmaf("--batch", m, "-o", out), r"an absolute path")
    after = {k: v for k, v in snapshot(d).items() if not k.startswith("out" + os.sep)}
    check("batch: every input is byte-identical after the refusals", after == before,
          set(after.items()) ^ set(before.items()))
    check("batch: no summary was started by a refused batch",
          not os.path.exists(os.path.join(out, "summary.csv")), os.listdir(out))


def test_html_is_not_another_output(tmp):
    """Defect 2: --html naming the report, the summary, a row's report or
    page, or a ladder's report."""
    d = fresh_folder(tmp, "html")
    with open(os.path.join(d, "out.xml"), "w") as f:
        f.write("a report the user keeps")
    keep = snapshot(d)
    r = vmaf("-r", "r.y4m", "-d", "d1.y4m", "-o", "out.xml", "--html", "out.xml", cwd=d)
    refused("--html naming the report (-o) is refused", r,
            r"the report 'out\.xml' and the HTML page 'out\.xml' are one file")
    os.makedirs(os.path.join(d, "sub"))
    r = vmaf("-r", "r.y4m", "-d", "d1.y4m", "-o", "x.xml", "--html", "./sub/../d1.y4m", cwd=d)
    refused("--html naming an input through '..' is refused, exit 1 as -o's", r,
            r"the HTML page .* is the distorted video 'd1\.y4m': refusing")
    r = vmaf("-r", "r.y4m", "-d", "d1.y4m", "-o", "d1.y4m", cwd=d)
    refused("-o naming an input is refused with the same exit status", r, r"refusing")
    m = os.path.join(d, "m.csv")
    write_manifest(m, [["r.y4m", "d1.y4m", "a.xml"]])
    out = os.path.join(d, "out")
    r = vmaf("--batch", m, "-o", out, "-q", "--html", "index.html")
    check("batch with --html scores", r.returncode == 0, r.stderr)
    keep = snapshot(d)
    for page, pattern in (("summary.csv", r"the summary .* and the batch's HTML page"),
                          ("a.xml", r"row 1's report .* and the batch's HTML page"),
                          ("a.html", r"row 1's HTML page .* and the batch's HTML page"),
                          ("../m.csv", r"the batch's HTML page .* is the manifest")):
        r = vmaf("--batch", m, "-o", out, "-q", "--html", page)
        refused(f"batch: --html {page} is refused", r, pattern)
    check("batch: nothing changed by the refused runs", snapshot(d) == keep)
    lad = os.path.join(d, "ladder")
    r = vmaf("-r", "r.y4m", "-d", "d1.y4m", "-d", "d2.y4m", "-o", lad, "-q", cwd=d)
    check("a ladder scores", r.returncode == 0, r.stderr)
    keep = snapshot(lad)
    r = vmaf("-r", "r.y4m", "-d", "d1.y4m", "-d", "d2.y4m", "-o", lad, "--html",
             os.path.join(lad, "d2.xml"), cwd=d)
    refused("ladder: --html naming a rendition's report is refused", r,
            r"d2\.y4m's report .* and the HTML page .* are one file")
    check("ladder: its reports are unchanged", snapshot(lad) == keep)


def summary(out):
    with open(os.path.join(out, "summary.csv"), newline="") as f:
        return list(csv.DictReader(f))


def test_resume_checks_what_it_finds(tmp):
    """Defect 3: a rerun with other options, another format, or a truncated
    report."""
    d = fresh_folder(tmp, "resume")
    m = os.path.join(d, "m.csv")
    write_manifest(m, [["r.y4m", "d1.y4m"], ["r.y4m", "d2.y4m"]], header=("ref", "dis"))
    out = os.path.join(d, "out")
    r = vmaf("--batch", m, "-o", out, "--json")
    check("resume: the first run scores both", "2 scored, 0 skipped" in r.stderr, r.stderr)
    r = vmaf("--batch", m, "-o", out, "--json")
    check("resume: a rerun with the same options skips both", "0 scored, 2 skipped" in r.stderr,
          r.stderr)
    r = vmaf("--batch", m, "-o", out, "--json", "--feature", "psnr")
    check("resume: other options score again, saying why",
          "2 scored, 0 skipped" in r.stderr and
          "row 1: scored again: the options that shape its report differ" in r.stderr, r.stderr)
    check("resume: the summary has the new feature",
          {s["metric"] for s in summary(out)} >= {"psnr_y", "vmaf"}, summary(out))
    reports = sorted(f for f in os.listdir(out) if f.endswith(".json"))
    r = vmaf("--batch", m, "-o", out, "--xml", "--feature", "psnr")
    check("resume: another format scores again", "2 scored, 0 skipped" in r.stderr, r.stderr)
    left = sorted(f for f in os.listdir(out) if f.endswith(".json"))
    check("resume: the earlier format's reports are gone", not left and len(reports) == 2,
          (reports, left))
    xml = sorted(f for f in os.listdir(out) if f.endswith(".xml"))
    path = os.path.join(out, xml[0])
    with open(path, "rb") as f:
        text = f.read()
    with open(path, "wb") as f:
        f.write(text[:100])
    r = vmaf("--batch", m, "-o", out, "--xml", "--feature", "psnr")
    check("resume: a truncated report is scored again, saying why",
          "1 scored, 1 skipped" in r.stderr and "is not the one written then" in r.stderr,
          r.stderr)
    with open(path, "rb") as f:
        check("resume: the truncated report is whole again", f.read().endswith(b"</VMAF>\n"))


def long_y4m(src, dst, frames):
    """`src`'s frames repeated up to `frames` frames."""
    with open(src, "rb") as f:
        data = f.read()
    header, rest = data.split(b"\n", 1)
    chunks = rest.split(b"FRAME\n")[1:]
    with open(dst, "wb") as f:
        f.write(header + b"\n")
        for i in range(frames):
            f.write(b"FRAME\n" + chunks[i % len(chunks)])


def test_ladder_rows_saved_as_they_finish(tmp):
    """Defect 4: rows that share a reference, one worker, killed mid-run:
    the rows finished are kept and the resume scores only the rest."""
    d = os.path.join(tmp, "group")
    os.makedirs(d)
    ref, dis = os.path.join(d, "ref.y4m"), os.path.join(d, "dis.y4m")
    long_y4m(clip_file(SHARED, WORK, "vtest_576x324_420p8", "ref"), ref, 96)
    long_y4m(clip_file(SHARED, WORK, "vtest_576x324_420p8", "dis"), dis, 96)
    n = 6
    m = os.path.join(d, "m.csv")
    write_manifest(m, [[ref, dis]] * n, header=("ref", "dis"))
    out = os.path.join(d, "out")
    p = subprocess.Popen([VMAF, "--batch", m, "-o", out, "--jobs", "1", "--threads", "1",
                          "--json"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    done, deadline = 0, time.time() + 120
    while p.poll() is None and time.time() < deadline:
        path = os.path.join(out, "summary.csv")
        if os.path.exists(path):
            with open(path) as f:
                done = len({line.split(",")[0] for line in f.readlines()[1:]})
            if done:
                break
        time.sleep(0.01)
    p.send_signal(signal.SIGKILL)
    p.wait()
    # Rows may have been saved between the last look and the kill.
    if os.path.exists(os.path.join(out, "summary.csv")):
        with open(os.path.join(out, "summary.csv")) as f:
            done = len({line.split(",")[0] for line in f.readlines()[1:]})
    check("group: rows are saved before the last row sharing the reference is scored",
          0 < done < n, f"{done} of {n} rows saved when the first were")
    r = vmaf("--batch", m, "-o", out, "--jobs", "1", "--json")
    check("group: the resume scores only the rows not saved",
          r.returncode == 0 and f"{n - done} scored, {done} skipped" in r.stderr, r.stderr)
    # A missing output folder is found before anything is scored: here a
    # file stands where a row's folder would be.
    with open(os.path.join(d, "afile"), "w") as f:
        f.write("x")
    write_manifest(m, [[ref, dis, "ok.json"], [ref, dis, "afile/x.json"]])
    t0 = time.time()
    r = vmaf("--batch", m, "-o", d, "--jobs", "1", "--json")
    refused("group: a report folder that cannot be made is refused before scoring", r,
            r"row 2's report .*afile/x\.json': cannot make its folder|is not a folder")
    check("group: ... and no row was scored", not os.path.exists(os.path.join(d, "ok.json")))
    print(f"(refused in {time.time() - t0:.2f} s)")


def test_links_are_encoded(tmp):
    """Defect 5: the batch page's links with '#', '?' and '%'."""
    d = fresh_folder(tmp, "links")
    m = os.path.join(d, "m.csv")
    write_manifest(m, [["r.y4m", "d1.y4m", "a#1.xml"], ["r.y4m", "d2.y4m", "b?c%41 d.xml"]])
    r = vmaf("--batch", m, "-o", os.path.join(d, "out"), "--html", "index.html", "-q")
    check("links: the batch scores", r.returncode == 0, r.stderr)
    with open(os.path.join(d, "out", "index.html")) as f:
        page = f.read()
    links = re.findall(r'"link":"([^"]*)"', page)
    check("links: each pair's page is linked URL-encoded",
          sorted(links) == ["a%231.html", "b%3Fc%2541%20d.html"], links)
    check("links: the pages are where the links point",
          all(os.path.exists(os.path.join(d, "out", n)) for n in ("a#1.html", "b?c%41 d.html")))


def test_backend_variables(tmp):
    """Defect 6: VMAF_BACKEND and VMAF_GPU in the CLI, as the library reads
    them (no GPU here)."""
    d = fresh_folder(tmp, "env")
    args = ("-r", "r.y4m", "-d", "d1.y4m", "-q", "-o", os.devnull)
    refused("VMAF_BACKEND=bogus is an error naming the variable",
            vmaf(*args, cwd=d, env={"VMAF_BACKEND": "bogus"}), r"VMAF_BACKEND='bogus' is not a "
            r"backend", status=2)
    refused("VMAF_GPU=x is an error naming the variable",
            vmaf(*args, cwd=d, env={"VMAF_GPU": "x"}), r"VMAF_GPU='x': not a GPU index", status=2)
    r = vmaf(*args, cwd=d, env={"VMAF_BACKEND": "hip"})
    check("VMAF_BACKEND=hip is honoured: without a GPU the run fails, as vmaf_init does",
          r.returncode == 1 and re.search(r"HIP|GPU", r.stderr) is not None, r.stderr)
    r = vmaf(*args, "--backend", "cpu", cwd=d, env={"VMAF_BACKEND": "hip"})
    check("--backend cpu outranks VMAF_BACKEND=hip", r.returncode == 0, r.stderr)
    r = vmaf("-r", "r.y4m", "-d", "d1.y4m", "-o", os.devnull, cwd=d, env={"VMAF_BACKEND": "auto"})
    check("VMAF_BACKEND=auto scores on the CPU without a GPU, saying so",
          r.returncode == 0 and "no usable GPU; scoring on the CPU" in r.stderr, r.stderr)
    r = vmaf(*args, cwd=d, env={"VMAF_BACKEND": "cpu", "VMAF_GPU": "1"})
    check("VMAF_BACKEND=cpu with a valid VMAF_GPU scores", r.returncode == 0, r.stderr)


def test_messages(tmp):
    """Point 7: each message says what is wrong."""
    d = fresh_folder(tmp, "messages")
    m = os.path.join(d, "bom.csv")
    with open(m, "wb") as f:
        f.write(b"\xef\xbb\xbfref,dis\nr.y4m,d1.y4m\n")
    r = vmaf("--batch", m, "-o", os.path.join(d, "out"), "-q")
    check("a manifest with a UTF-8 byte order mark is read", r.returncode == 0, r.stderr)
    refused("--batch naming a folder", vmaf("--batch", d, "-o", os.path.join(d, "o2")),
            r"is a folder: give the manifest, a CSV file")
    refused("--batch naming a missing file",
            vmaf("--batch", os.path.join(d, "none.csv"), "-o", os.path.join(d, "o2")),
            r"none\.csv': no such file")
    refused("--pool ',' does not take the next flag",
            vmaf("-r", "r.y4m", "-d", "d1.y4m", "--pool", ",", "--json", cwd=d),
            r"--pool ',': an empty pooling method", status=2)
    r = vmaf("-r", "r.y4m", "-d", "d1.y4m", "--pool", "median,p5", "--pool", "mean", "--json",
             "-q", "-o", "pools.json", cwd=d)
    with open(os.path.join(d, "pools.json")) as f:
        pooled = json.load(f)["pooled_metrics"]["vmaf"]
    check("--pool's lists and repeats still work", r.returncode == 0 and
          {"median", "p5", "mean"} <= set(pooled), (r.stderr, pooled))
    with open(os.path.join(d, "r.y4m"), "rb") as f:
        f.readline()
        raw = f.read()[:4096]
    with open(os.path.join(d, "raw.yuv"), "wb") as f:
        f.write(raw)
    r = vmaf("-r", "raw.yuv", "-d", "raw.yuv", cwd=d)
    refused("raw .yuv without its size says what to give", r,
            r"raw\.yuv: raw YUV .*give its --width, --height, --pixel_format and --bitdepth")
    check("... and not libavformat's rawvideo failure", "rawvideo" not in r.stderr, r.stderr)


def main():
    tmp = tempfile.mkdtemp(prefix="vmaf_user_files_")
    try:
        test_batch_outputs_are_not_inputs(tmp)
        test_html_is_not_another_output(tmp)
        test_resume_checks_what_it_finds(tmp)
        test_ladder_rows_saved_as_they_finish(tmp)
        test_links_are_encoded(tmp)
        test_backend_variables(tmp)
        test_messages(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] or results["passed"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
