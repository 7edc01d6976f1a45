#!/usr/bin/env python3
"""Outputs on a failing disk (issue 57): a full disk (ENOSPC, EDQUOT) and
an I/O error (EIO) at the first byte or part way, and a folder that takes
no new file (EROFS), on every output: the report in each format, the HTML
page, cambi's heatmaps, and a batch's reports, summary and page.

Faults come from output_faults.so (test/support/output_faults.c),
preloaded, on the files of one folder only. Every failed run must exit
non-zero naming the file and the cause, leave no file under the output's
name and no temporary beside it, and leave a file that was there before
as it was; a batch resumed on a sound disk must give every report as an
undisturbed run does, with nothing lost or scored twice.

usage: test_output_faults.py VMAF_BINARY OUTPUT_FAULTS_SO SHARED_DIR
"""
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402

VMAF, SHIM, SHARED = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
results = {"passed": 0, "failed": 0}
tmp = os.path.realpath(tempfile.mkdtemp(prefix="vmaf_faults_"))
CAUSES = {"ENOSPC": "No space left on device", "EDQUOT": "Disk quota exceeded",
          "EIO": "Input/output error", "EROFS": "Read-only file system"}
FORMATS = {"json": ".json", "xml": ".xml", "csv": ".csv", "sub": ".sub"}


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + detail), flush=True)


def run(args, faults=None):
    env = dict(os.environ)
    if faults:
        env.update(LD_PRELOAD=SHIM, **faults)
        # Under AddressSanitizer (CI), the library preloaded comes first.
        env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"),
                                                     "verify_asan_link_order=0"]))
    p = subprocess.run([VMAF, *args], capture_output=True, text=True, env=env, timeout=300,
                       stdin=subprocess.DEVNULL)
    return p.returncode, p.stderr


def fresh(name):
    d = os.path.join(tmp, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def listing(d):
    return sorted(os.listdir(d))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def without_fps(data, fmt):
    """A report's bytes but its fps line (runs differ only there)."""
    lines = data.decode().splitlines()
    return [ln for ln in lines if "fps" not in ln] if fmt != "json" else \
        {k: v for k, v in json.loads(data).items() if k != "fps"}


ref = clip_file(SHARED, os.path.join(tmp, "clips"), "vtest_576x324_420p8", "ref")
dis = clip_file(SHARED, os.path.join(tmp, "clips"), "vtest_576x324_420p8", "dis")
PAIR = ["-r", ref, "-d", dis, "-q"]


def test_reports():
    for fmt, ext in FORMATS.items():
        clean_dir = fresh(f"clean_{fmt}")
        rc, err = run([*PAIR, f"--{fmt}", "-o", os.path.join(clean_dir, "r" + ext)])
        clean = read(os.path.join(clean_dir, "r" + ext))
        faults = [("ENOSPC", 0), ("ENOSPC", len(clean) // 2)]
        if fmt == "json":
            # Near the end, but not at the last byte: the report's fps
            # differs from run to run, and with it the report's length.
            faults += [("EIO", len(clean) // 3), ("EDQUOT", len(clean) - 100)]
        for cause, after in faults:
            d = fresh(f"{fmt}_{cause}_{after}")
            out = os.path.join(d, "r" + ext)
            f = {"FAULT_DIR": d, "FAULT_ERRNO": cause, "FAULT_AFTER": str(after)}
            rc, err = run([*PAIR, f"--{fmt}", "-o", out], f)
            check(f"--{fmt}, {cause} after {after} bytes: exit 1 naming the file and the cause, "
                  "nothing left",
                  rc == 1 and out in err and CAUSES[cause] in err and listing(d) == [],
                  f"rc {rc}, {listing(d)}, {err}")
            with open(out, "wb") as o:
                o.write(b"the user's earlier report\n")
            rc, err = run([*PAIR, f"--{fmt}", "-o", out], f)
            check(f"--{fmt}, {cause} after {after} bytes, a report there before: kept as it was",
                  rc == 1 and read(out) == b"the user's earlier report\n"
                  and listing(d) == ["r" + ext], f"rc {rc}, {listing(d)}, {err}")

    # A folder that takes no new file.
    d = fresh("readonly")
    out = os.path.join(d, "r.json")
    rc, err = run([*PAIR, "--json", "-o", out], {"FAULT_DIR": d, "FAULT_CREATE": "EROFS"})
    check("a read-only folder: exit 1 naming the file and the cause, nothing left",
          rc == 1 and out in err and CAUSES["EROFS"] in err and listing(d) == [],
          f"rc {rc}, {listing(d)}, {err}")
    # A file in it that may be written is rewritten where it is ...
    with open(out, "wb") as o:
        o.write(b"old\n")
    rc, err = run([*PAIR, "--json", "-o", out], {"FAULT_DIR": d, "FAULT_CREATE": "EROFS"})
    clean = read(os.path.join(tmp, "clean_json", "r.json"))
    check("a read-only folder, its report writable: rewritten in place, complete",
          rc == 0 and without_fps(read(out), "json") == without_fps(clean, "json")
          and listing(d) == ["r.json"], f"rc {rc}, {err}")
    # ... and put back as it was when that write fails part way.
    with open(out, "wb") as o:
        o.write(b"old\n")
    rc, err = run([*PAIR, "--json", "-o", out],
                  {"FAULT_DIR": d, "FAULT_CREATE": "EROFS", "FAULT_ERRNO": "ENOSPC",
                   "FAULT_AFTER": "500"})
    check("a read-only folder, its report rewritten in place on a full disk: put back as it was",
          rc == 1 and read(out) == b"old\n" and CAUSES["ENOSPC"] in err
          and listing(d) == ["r.json"], f"rc {rc}, {read(out)[:80]}, {err}")


def test_html_and_heatmaps():
    d = fresh("html")
    out, page = os.path.join(d, "r.json"), os.path.join(d, "r.html")
    clean_dir = fresh("html_clean")
    run([*PAIR, "--json", "-o", os.path.join(clean_dir, "r.json"), "--html",
         os.path.join(clean_dir, "r.html")])
    report_bytes = len(read(os.path.join(clean_dir, "r.json")))
    # Room for the report, not for the page.
    rc, err = run([*PAIR, "--json", "-o", out, "--html", page],
                  {"FAULT_DIR": d, "FAULT_ERRNO": "ENOSPC", "FAULT_AFTER": str(report_bytes + 100)})
    complete = os.path.exists(out) and without_fps(read(out), "json") == without_fps(
        read(os.path.join(clean_dir, "r.json")), "json")
    check("--html on a disk that fills: exit 1 naming the page, no page, the report complete",
          rc == 1 and page in err and CAUSES["ENOSPC"] in err and not os.path.exists(page)
          and complete and listing(d) == ["r.json"], f"rc {rc}, {listing(d)}, {err}")

    heat = os.path.join(fresh("heat"), "maps")
    os.makedirs(heat)
    rc, err = run([*PAIR, "--feature", f"cambi=heatmaps_path={heat}", "--json", "-o",
                   os.path.join(tmp, "heat_report.json")],
                  {"FAULT_DIR": heat, "FAULT_ERRNO": "ENOSPC", "FAULT_AFTER": "100000"})
    check("cambi's heatmaps on a disk that fills: exit 1 naming a heatmap and the cause, "
          "no heatmap left",
          rc == 1 and heat in err and CAUSES["ENOSPC"] in err and listing(heat) == [],
          f"rc {rc}, {listing(heat)}, {err}")


def test_batch():
    clips = []
    for name in ("vtest_576x324_420p8", "tree_640x360_420p10", "box_352x288_444p8"):
        clips.append((clip_file(SHARED, os.path.join(tmp, "clips"), name, "ref"),
                      clip_file(SHARED, os.path.join(tmp, "clips"), name, "dis")))
    manifest = os.path.join(tmp, "batch.csv")
    with open(manifest, "w") as f:
        f.write("ref,dis,output\n")
        for i, (r, d) in enumerate(clips):
            f.write(f"{r},{d},{i}.json\n")
    clean = fresh("batch_clean")
    rc, err = run(["--batch", manifest, "-o", clean, "--json", "-q", "--html", "batch.html"])
    check("a batch on a sound disk", rc == 0, err)
    first = len(read(os.path.join(clean, "0.json")))
    d = fresh("batch")
    # Room for the first report and part of the second.
    rc, err = run(["--batch", manifest, "-o", d, "--json", "-q", "--html", "batch.html"],
                  {"FAULT_DIR": d, "FAULT_ERRNO": "ENOSPC", "FAULT_AFTER": str(first * 3 // 2)})
    reports = [n for n in listing(d) if n.endswith(".json")]
    complete = all(without_fps(read(os.path.join(d, n)), "json")
                   == without_fps(read(os.path.join(clean, n)), "json") for n in reports)
    temporaries = [n for n in listing(d) if n.startswith(".")]
    check("a batch on a disk that fills: exit 1 with the cause, every report left complete, "
          "no temporary",
          rc == 1 and CAUSES["ENOSPC"] in err and complete and not temporaries,
          f"rc {rc}, {listing(d)}, {err}")
    rc, err = run(["--batch", manifest, "-o", d, "--json", "--html", "batch.html"])
    same = all(without_fps(read(os.path.join(d, f"{i}.json")), "json")
               == without_fps(read(os.path.join(clean, f"{i}.json")), "json")
               for i in range(len(clips)))
    with open(os.path.join(d, "summary.csv")) as f:
        rows = [r["row"] for r in csv.DictReader(f)]
    check("resumed on a sound disk: every report as an undisturbed run's, each pair once in "
          "the summary, the page written",
          rc == 0 and same and sorted(set(rows)) == [str(i + 1) for i in range(len(clips))]
          and os.path.exists(os.path.join(d, "batch.html")),
          f"rc {rc}, rows {rows}, {err}")
    ro = fresh("batch_readonly")
    rc, err = run(["--batch", manifest, "-o", ro, "--json", "-q"],
                  {"FAULT_DIR": ro, "FAULT_CREATE": "EROFS"})
    check("a batch into a read-only folder: refused before scoring, naming the folder",
          rc == 1 and ro in err and listing(ro) == [], f"rc {rc}, {listing(ro)}, {err}")


def main():
    check("the fault library is there", os.path.exists(SHIM), SHIM)
    test_reports()
    test_html_and_heatmaps()
    test_batch()
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] or results["passed"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
