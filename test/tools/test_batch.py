#!/usr/bin/env python3
"""vmaf --batch: a manifest of the public clip pairs (some repeated, one
with the metrics beyond libvmaf, one broken on purpose) scored by one process, each report byte-identical (but
its fps line) to what the single-pair CLI writes for that pair; the broken
pair reported and the others scored; summary.csv holding every pair's
pooled scores; a run killed halfway and run again loses nothing and redoes
nothing done; manifest mistakes refused before anything runs.

usage: test_batch.py VMAF_BINARY SHARED_DIR WORK_DIR
$VMAF_BATCH_ARGS: more vmaf arguments for every batch and single run (the
GPU suite passes "--backend hip --gpu N").
"""
import csv
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402

VMAF, SHARED, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
EXTRA = os.environ.get("VMAF_BATCH_ARGS", "").split()
CLIPS = ["vtest_576x324_420p8", "box_960x540_420p8", "tree_640x360_420p10", "box_352x288_444p8",
         "vtest_481x271_420p8", "cup_320x240_420p8_identical", "flat_64x64_420p8"]
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print("FAIL:", message)


def pair(clip):
    return clip_file(SHARED, WORK, clip, "ref"), clip_file(SHARED, WORK, clip, "dis")


def without_fps(path):
    with open(path) as f:
        return [line for line in f if '"fps"' not in line and "<fyi fps=" not in line]


def single(ref, dis, out, extra):
    r = subprocess.run([VMAF, "-r", ref, "-d", dis, "-q", "-o", out, *EXTRA, *extra],
                       capture_output=True, text=True)
    check(r.returncode == 0, f"single run of {dis} failed: {r.stderr}")


def write_manifest(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def summary_rows(out_dir):
    with open(os.path.join(out_dir, "summary.csv"), newline="") as f:
        return list(csv.DictReader(f))


def batch(manifest, out_dir, *extra):
    return subprocess.run([VMAF, "--batch", manifest, "-o", out_dir, *EXTRA, *extra],
                          capture_output=True, text=True)


def test_manifest(tmp):
    """Every clip pair, two of them twice with other settings, one broken."""
    rows, expected = [], []
    for clip in CLIPS:
        ref, dis = pair(clip)
        rows.append([ref, dis, "", "", ""])
        expected.append((ref, dis, []))
    ref, dis = pair("vtest_576x324_420p8")
    rows.append([ref, dis, "version=vmaf_float_v0.6.1", "psnr;cambi", "float/vtest.json"])
    expected.append((ref, dis, ["-m", "version=vmaf_float_v0.6.1", "--feature", "psnr",
                                "--feature", "cambi"]))
    ref, dis = pair("box_960x540_420p8")
    rows.append([ref, dis, "", "ssimulacra2;xpsnr=average=true", "beyond/box.json"])
    expected.append((ref, dis, ["--feature", "ssimulacra2", "--feature", "xpsnr=average=true"]))
    ref, dis = pair("tree_640x360_420p10")
    rows.append([ref, dis, "version=vmaf_v0.6.1:name=a;version=vmaf_v0.6.1neg:name=b", "", ""])
    expected.append((ref, dis, ["-m", "version=vmaf_v0.6.1:name=a", "-m",
                                "version=vmaf_v0.6.1neg:name=b"]))
    broken = os.path.join(tmp, "missing_dis.y4m")
    rows.append([ref, broken, "", "", ""])
    manifest = os.path.join(tmp, "pairs.csv")
    write_manifest(manifest, ["ref", "dis", "model", "feature", "output"], rows)

    out = os.path.join(tmp, "out")
    r = batch(manifest, out, "--json", "--jobs", "3")
    check(r.returncode == 1, f"a broken pair must make the exit status 1, got {r.returncode}")
    check("missing_dis.y4m" in r.stderr and "failed" in r.stderr,
          f"the broken pair is not reported: {r.stderr}")
    check(f"{len(rows) - 1} scored, 0 skipped (done before), 1 failed" in r.stderr,
          f"final line: {r.stderr}")
    summary = summary_rows(out)
    for i, (ref, dis, extra) in enumerate(expected, start=1):
        got = [s for s in summary if s["row"] == str(i)]
        check(got and all(s["status"] == "ok" for s in got), f"row {i} not ok in the summary")
        if not got:
            continue
        report = got[0]["report"]
        want = os.path.join(tmp, f"single{i}.json")
        single(ref, dis, want, ["--json", *extra])
        check(without_fps(report) == without_fps(want),
              f"row {i}: the batch report differs from the single run's")
        # The summary's means are the report's pooled means (exact digits).
        import json
        with open(want) as f:
            pooled = json.load(f)["pooled_metrics"]
        for s in got:
            check(abs(float(s["mean"]) - pooled[s["metric"]]["mean"]) <= 5e-7,
                  f"row {i} {s['metric']}: summary {s['mean']} vs report "
                  f"{pooled[s['metric']]['mean']}")
        check(len(got) == len(pooled), f"row {i}: {len(got)} summary rows, {len(pooled)} metrics")
    check(os.path.exists(os.path.join(out, "float", "vtest.json")), "the output column's path")
    bad = [s for s in summary if s["row"] == str(len(rows))]
    check(len(bad) == 1 and bad[0]["status"] == "failed" and "missing_dis.y4m" in bad[0]["error"],
          f"the broken pair's summary row: {bad}")
    check(not [f for f in os.listdir(out) if f.startswith(".")], "temporary files left")
    return manifest, out, len(rows)


def test_quiet_reports_failures(manifest, out):
    # -q silences progress, never a failed pair.
    r = batch(manifest, out, "--json", "-q")
    check(r.returncode == 1, f"-q: a broken pair must make the exit status 1, got {r.returncode}")
    check("missing_dis.y4m" in r.stderr and "failed" in r.stderr,
          f"-q: the broken pair is not reported on stderr: {r.stderr!r}")
    check("skipped (done before)" not in r.stderr, f"-q printed progress: {r.stderr!r}")


def test_rerun_skips(manifest, out, n_rows):
    before = {f: os.path.getmtime(os.path.join(out, f)) for f in os.listdir(out)
              if f.endswith(".json")}
    r = batch(manifest, out, "--json")
    check(f"0 scored, {n_rows - 1} skipped (done before), 1 failed" in r.stderr,
          f"a rerun must skip every pair done: {r.stderr}")
    after = {f: os.path.getmtime(os.path.join(out, f)) for f in before}
    check(before == after, "a rerun rewrote reports of pairs done before")
    check(len({s["row"] for s in summary_rows(out)}) == n_rows, "the summary lost rows on rerun")


def test_kill_and_resume(tmp):
    """Killed while scoring, then run again: the reports written stay, the
    rest is scored, and every report is the single run's."""
    ref, dis = pair("vtest_576x324_420p8")
    n = 16
    manifest = os.path.join(tmp, "many.csv")
    write_manifest(manifest, ["ref", "dis"], [[ref, dis]] * n)
    out = os.path.join(tmp, "killed")
    p = subprocess.Popen([VMAF, "--batch", manifest, "-o", out, "--json", "--jobs", "1",
                          "--threads", "1", *EXTRA], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    done = 0
    while time.time() < deadline and p.poll() is None:
        path = os.path.join(out, "summary.csv")
        if os.path.exists(path):
            with open(path) as f:
                done = len({line.split(",")[0] for line in f.readlines()[1:]})
            if done >= 3:
                break
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    p.wait()
    check(3 <= done < n, f"the kill came after {done} of {n} pairs; the test needs it mid-run")
    reports = sorted(f for f in os.listdir(out) if f.endswith(".json"))
    want = os.path.join(tmp, "single_vtest.json")
    single(ref, dis, want, ["--json"])
    for f in reports:
        check(without_fps(os.path.join(out, f)) == without_fps(want),
              f"{f} is incomplete or wrong after the kill")
    # What a kill in the middle of writing a report leaves: its temporary
    # file, which the rerun must clear when it scores that pair.
    stale = os.path.join(out, f".{n:04}-{os.path.basename(dis)[:-4]}.json.AbC123")
    with open(stale, "w") as f:
        f.write("{ half a rep")
    r = batch(manifest, out, "--json")
    check(r.returncode == 0, f"the resumed run failed: {r.stderr}")
    check(not os.path.exists(stale), "a stale temporary report was left")
    skipped = int(r.stderr.split(" skipped")[0].split(", ")[-1])
    check(skipped >= done, f"the resumed run skipped {skipped}, {done} were done: {r.stderr}")
    check(skipped < n, f"nothing was left to score after the kill: {r.stderr}")
    reports = sorted(f for f in os.listdir(out) if f.endswith(".json"))
    check(len(reports) == n, f"{len(reports)} reports after the resume, want {n}")
    for f in reports:
        check(without_fps(os.path.join(out, f)) == without_fps(want), f"{f} differs after resume")
    rows = summary_rows(out)
    check([int(s["row"]) for s in rows] == sorted(int(s["row"]) for s in rows),
          "the final summary is not in manifest order")
    check(len({s["row"] for s in rows}) == n, "the final summary lacks pairs")
    check(not [f for f in os.listdir(out) if f.startswith(".")],
          "the killed run's temporary report is left after the resume")


def test_gpu_failure(tmp):
    """A pair whose GPU fails (VMAF_HIP_FAULT: the second pair's 60th HIP
    call and every later one, as a lost device fails them; without a GPU,
    every pair's GPU fails) fails alone; with --fallback cpu it is scored on
    the CPU, its report the CPU's; where a GPU works, --gpu 0,0 scores it
    once more on the other slot's GPU instead."""
    rows = [list(pair(clip)) for clip in CLIPS[:4]]
    manifest = os.path.join(tmp, "gpu_fails.csv")
    write_manifest(manifest, ["ref", "dis"], rows)
    want = os.path.join(tmp, "gpu_fails_cpu")
    r = subprocess.run([VMAF, "--batch", manifest, "-o", want, "--json"], capture_output=True,
                       text=True)
    check(r.returncode == 0, f"the CPU batch failed: {r.stderr}")
    env = {**os.environ, "VMAF_HIP_FAULT": "60:lost:2"}
    hip = ["--json", "--backend", "hip", "--jobs", "1"]

    def run(name, *extra):
        out = os.path.join(tmp, name)
        r = subprocess.run([VMAF, "--batch", manifest, "-o", out, *hip, *extra],
                           capture_output=True, text=True, env=env)
        # The summary has a line per metric of a pair: its status per pair.
        by_row = {int(s["row"]): s["status"] for s in summary_rows(out)} if os.path.exists(
            os.path.join(out, "summary.csv")) else {}
        status = [by_row[k] for k in sorted(by_row)]
        same = sorted(os.listdir(want)) == sorted(os.listdir(out)) and all(
            without_fps(os.path.join(want, f)) == without_fps(os.path.join(out, f))
            for f in os.listdir(want) if f.endswith(".json"))
        return r, status, same

    r, status, same = run("gpu_fails_fallback", "--fallback", "cpu")
    check(r.returncode == 0 and status == ["ok"] * 4 and same and
          "scoring the pair again on the CPU (--fallback cpu)" in r.stderr,
          f"--fallback cpu: exit {r.returncode}, {status}, reports as the CPU's: {same}; {r.stderr}")
    gpu = subprocess.run([VMAF, "-r", rows[0][0], "-d", rows[0][1], "-q", "-o", os.devnull,
                          "--backend", "hip"], capture_output=True).returncode == 0
    r, status, _ = run("gpu_fails")
    check(r.returncode == 1 and status == (["ok", "failed", "ok", "ok"] if gpu else ["failed"] * 4),
          f"no fallback: exit {r.returncode}, {status} (a GPU: {gpu}); {r.stderr}")
    if gpu:
        # One pair, so that one worker's states come one after another (the
        # fault counts the process's calls): its first state fails.
        one = os.path.join(tmp, "gpu_fails_one.csv")
        write_manifest(one, ["ref", "dis"], rows[:1])
        out = os.path.join(tmp, "gpu_fails_retry")
        r = subprocess.run([VMAF, "--batch", one, "-o", out, *hip, "--gpu", "0,0"],
                           capture_output=True, text=True, env={**env, "VMAF_HIP_FAULT": "60:lost:1"})
        reports = [f for f in os.listdir(out) if f.endswith(".json")] if os.path.isdir(out) else []
        same = len(reports) == 1 and without_fps(os.path.join(want, reports[0])) == without_fps(
            os.path.join(out, reports[0]))
        check(r.returncode == 0 and same and "scoring the pair again on GPU 0" in r.stderr,
              f"--gpu 0,0: exit {r.returncode}, the report the CPU's: {same}; {r.stderr}")


def test_progress_on_a_terminal(tmp):
    """On a terminal: one line redrawn with pairs done, fps and the time
    left; no per-pair lines."""
    import pty
    ref, dis = pair("vtest_576x324_420p8")
    manifest = os.path.join(tmp, "progress.csv")
    write_manifest(manifest, ["ref", "dis"], [[ref, dis]] * 6)
    master, slave = pty.openpty()
    p = subprocess.Popen([VMAF, "--batch", manifest, "-o", os.path.join(tmp, "progress"),
                          "--jobs", "1", *EXTRA], stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    text = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        text += chunk
    p.wait()
    os.close(master)
    text = text.decode(errors="replace")
    check(p.returncode == 0, f"progress run failed: {text}")
    check("\r6/6 pairs" in text and " FPS, ETA 0:00:00" in text,
          f"no progress line with pairs, FPS and ETA: {text!r}")
    check("[1/6]" not in text, f"per-pair lines on a terminal: {text!r}")
    check("6 scored, 0 skipped (done before), 0 failed" in text, f"no final line: {text!r}")


def test_mistakes(tmp):
    ref, dis = pair("flat_64x64_420p8")
    cases = []
    m = os.path.join(tmp, "unknown_column.csv")
    write_manifest(m, ["ref", "dis", "modle"], [[ref, dis, ""]])
    cases.append(([m], "unknown column 'modle'"))
    m = os.path.join(tmp, "no_dis.csv")
    write_manifest(m, ["ref", "output"], [[ref, "x.xml"]])
    cases.append(([m], "must name the columns ref and dis"))
    m = os.path.join(tmp, "empty.csv")
    write_manifest(m, ["ref", "dis"], [])
    cases.append(([m], "no pairs after the header"))
    m = os.path.join(tmp, "same_output.csv")
    write_manifest(m, ["ref", "dis", "output"], [[ref, dis, "a.xml"], [ref, dis, "a.xml"]])
    cases.append(([m], "are one file: each output needs a name of its own"))
    m = os.path.join(tmp, "summary_output.csv")
    write_manifest(m, ["ref", "dis", "output"], [[ref, dis, "summary.csv"]])
    cases.append(([m], "and the summary '"))
    m = os.path.join(tmp, "quote.csv")
    with open(m, "w") as f:
        f.write(f'ref,dis\n"{ref},{dis}\n')
    cases.append(([m], "a quote out of place"))
    cases.append(([os.path.join(tmp, "absent.csv")], "absent.csv': no such file"))
    for args, message in cases:
        out = os.path.join(tmp, "mistake_out")
        r = batch(*args, out)
        check(r.returncode == 1 and message in r.stderr,
              f"{os.path.basename(args[0])}: want exit 1 and '{message}', got "
              f"{r.returncode}: {r.stderr}")
        check(not os.path.exists(os.path.join(out, "summary.csv")) or message == "",
              f"{os.path.basename(args[0])}: a summary was started")
    m = os.path.join(tmp, "fine.csv")
    write_manifest(m, ["ref", "dis"], [[ref, dis]])
    for argv, message in [([VMAF, "--batch", m], "--batch needs --output DIR"),
                          ([VMAF, "--batch", m, "-o", tmp, "-r", ref], "leave out -r and -d"),
                          ([VMAF, "-r", ref, "-d", dis, "--jobs", "2"], "--jobs is for --batch"),
                          ([VMAF, "-r", ref, "-d", dis, "--backend", "hip", "--gpu", "0,x"],
                           "--gpu takes an index, a list such as 0,1, or 'all'")]:
        r = subprocess.run(argv, capture_output=True, text=True)
        check(r.returncode != 0 and message in r.stderr, f"{argv[1:]}: {r.returncode} {r.stderr}")


def main():
    tmp = tempfile.mkdtemp(prefix="vmaf_batch_")
    try:
        manifest, out, n_rows = test_manifest(tmp)
        test_rerun_skips(manifest, out, n_rows)
        test_quiet_reports_failures(manifest, out)
        test_kill_and_resume(tmp)
        test_gpu_failure(tmp)
        test_progress_on_a_terminal(tmp)
        test_mistakes(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print(f"{len(failures)} failed")
        return 1
    print("batch: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
