#!/usr/bin/env python3
"""Batch mode's outputs never touch a user's files, a property test (issue
52): random manifests whose outputs may collide with inputs, with each
other, the manifest, the summary and the pages (by name, through links,
hard links, dangling links and '..'), run with random options and killed at
random moments, then resumed with random options. After every run each
input (the videos the rows name, the manifest) is byte for byte what it
was; a batch is refused exactly when an
independent oracle (os.stat identities, os.path.realpath) finds a
collision or an output that is not a file name, and otherwise every report
equals a clean single-pair run's with the last run's options (fps aside).

usage: test_batch_property.py VMAF_BINARY SHARED_DIR WORK_DIR [--seconds N] [--seed S]
Prints the cases run; a failing case prints its seed and manifest.
"""
import argparse
import csv
import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402

PAIRS = [("r1.y4m", "d1.y4m"), ("r2.y4m", "d2.y4m"), ("r2.y4m", "r2.y4m")]
FORMATS = {"--json": "json", "--xml": "xml", "--csv": "csv"}


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def without_fps(path):
    with open(path) as f:
        return [line for line in f if '"fps"' not in line and "<fyi fps=" not in line]


class Case:
    """One random manifest, its folders and the runs' options."""

    def __init__(self, rng, root, sources):
        self.rng = rng
        self.root = root
        self.inputs = os.path.join(root, "in")
        os.makedirs(os.path.join(self.inputs, "sub"))
        for name, src in sources.items():
            shutil.copy(src, os.path.join(self.inputs, name))
        os.symlink("d1.y4m", os.path.join(self.inputs, "link_d1.y4m"))
        os.link(os.path.join(self.inputs, "d2.y4m"), os.path.join(self.inputs, "hard_d2.y4m"))
        self.manifest = os.path.join(rng.choice([root, self.inputs]), "m.csv")
        self.out = os.path.join(root, "out")
        if rng.random() < 0.7:
            os.makedirs(self.out)
        self.rows = []
        self.problem = False  # an output the batch must refuse by its name
        self.kills = 0
        self.outcome = ""

    def spelled(self, name):
        """An input's path as the manifest may spell it, from its folder."""
        base = os.path.dirname(self.manifest)
        plain = os.path.relpath(os.path.join(self.inputs, name), base)
        choice = self.rng.randrange(5)
        if choice == 0:
            return os.path.join(self.inputs, name)
        if choice == 1:
            return os.path.join(os.path.dirname(plain), "sub", "..", os.path.basename(plain))
        if choice == 2 and name == "d1.y4m":
            return os.path.relpath(os.path.join(self.inputs, "link_d1.y4m"), base)
        if choice == 3 and name == "d2.y4m":
            return os.path.relpath(os.path.join(self.inputs, "hard_d2.y4m"), base)
        return plain

    def output(self, k, ext, html_page):
        """Row k's output column: mostly harmless, sometimes a collision."""
        rng = self.rng
        earlier = [r["output"] for r in self.rows if r["output"]]
        # Three rows in four harmless, so that most cases score.
        choice = rng.randrange(6, 16) if rng.random() < 0.25 else rng.randrange(8)
        if choice < 5:
            return ""
        if choice < 8:
            return f"o{k}.{ext}" if choice < 7 else f"sub/o{k}.{ext}"
        if choice == 8 and earlier:
            return rng.choice(earlier)
        if choice == 9:
            return rng.choice(["summary.csv", html_page or "summary.csv",
                               f"{rng.randrange(1, k + 2):04}-d1.{ext}"])
        if choice == 10 and earlier:
            return os.path.splitext(rng.choice(earlier))[0] + ".html"
        os.makedirs(self.out, exist_ok=True)
        if choice == 11:
            target = rng.choice(["d1.y4m", "r1.y4m", "m.csv", "d2.y4m"])
            link = f"lnk{k}.{ext}"
            src = (self.manifest if target == "m.csv" else os.path.join(self.inputs, target))
            os.symlink(os.path.relpath(src, self.out), os.path.join(self.out, link))
            return link
        if choice == 12:
            link = f"hl{k}.{ext}"
            os.link(os.path.join(self.inputs, rng.choice(["r2.y4m", "d1.y4m"])),
                    os.path.join(self.out, link))
            return link
        if choice == 13:
            # A dangling link to where another output will be written.
            link = f"dl{k}.{ext}"
            os.symlink(rng.choice(earlier) if earlier else "summary.csv",
                       os.path.join(self.out, link))
            return link
        self.problem = True
        return rng.choice(["../in/d1.y4m", "../m.csv", os.path.join(self.root, "abs.xml"),
                           "javascript:alert(1).xml", "sub/../o.xml", "x/"])

    def options(self):
        rng = self.rng
        fmt = rng.choice(list(FORMATS))
        opts = [fmt]
        if rng.random() < 0.3:
            opts += ["--feature", "psnr"]
        if rng.random() < 0.2:
            opts += ["--pool", "median"]
        return opts

    def write_manifest(self):
        with open(self.manifest, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["ref", "dis", "output"])
            for r in self.rows:
                w.writerow([r["ref"], r["dis"], r["output"]])


def identity(path):
    """Where a write to `path` lands, found without vmaf's code."""
    try:
        st = os.stat(path)
        return ("inode", st.st_dev, st.st_ino)
    except OSError:
        return ("path", os.path.realpath(path))


def oracle_refuses(case, html_page, ext):
    """Whether the batch must be refused: a name rule, or an output that is
    an input, the manifest or another output."""
    if case.problem:
        return True
    base = os.path.dirname(case.manifest)
    inputs = {identity(case.manifest)}
    for r in case.rows:
        inputs.add(identity(os.path.join(base, r["ref"])))
        inputs.add(identity(os.path.join(base, r["dis"])))
    outputs = [os.path.join(case.out, "summary.csv")]
    if html_page:
        outputs.append(os.path.join(case.out, html_page))
    for k, r in enumerate(case.rows, start=1):
        name = r["output"] or f"{k:04}-{os.path.splitext(os.path.basename(r['dis']))[0]}.{ext}"
        report = os.path.join(case.out, name)
        outputs.append(report)
        if html_page:
            outputs.append(os.path.splitext(report)[0] + ".html")
    seen = set()
    for o in outputs:
        i = identity(o)
        if os.path.isdir(o) or i in inputs or i in seen:
            return True
        seen.add(i)
    return False


def snapshot(case):
    """The run's inputs (the videos its rows name, the manifest) by digest,
    and the links of its folders by target. Other files of the input folder
    are not the run's: an output the user names as a link to one of them is
    written through, as a link the user named is."""
    base = os.path.dirname(case.manifest)
    files = {case.manifest: digest(case.manifest)}
    for r in case.rows:
        for path in (r["ref"], r["dis"]):
            real = os.path.realpath(os.path.join(base, path))
            files[real] = digest(real)
    for folder in (case.inputs, case.out):
        for n in os.listdir(folder) if os.path.isdir(folder) else []:
            p = os.path.join(folder, n)
            if os.path.islink(p):
                files[p] = os.readlink(p)
    return files


class Runner:
    def __init__(self, vmaf, work):
        self.vmaf = vmaf
        self.work = work
        self.clean = {}  # (ref, dis, options) -> a clean run's report lines

    def clean_report(self, ref, dis, opts):
        key = (digest(ref), digest(dis), tuple(opts))
        if key not in self.clean:
            out = os.path.join(self.work, f"clean{len(self.clean)}.{FORMATS[opts[0]]}")
            r = subprocess.run([self.vmaf, "-r", ref, "-d", dis, "-q", "-o", out, *opts],
                               capture_output=True, text=True)
            if r.returncode:
                raise RuntimeError(f"clean run failed: {r.stderr}")
            self.clean[key] = without_fps(out)
        return self.clean[key]


def run_case(runner, rng, root, sources):
    case = Case(rng, root, sources)
    html_page = rng.choice([None, None, None, "index.html", "index.html", "summary.csv",
                            "o1.html"])
    first = case.options()
    ext = FORMATS[first[0]]
    for k in range(1, rng.randint(1, 5) + 1):
        ref, dis = rng.choice(PAIRS)
        case.rows.append({"ref": case.spelled(ref), "dis": case.spelled(dis),
                          "output": case.output(k, ext, html_page)})
    case.write_manifest()
    before = snapshot(case)
    problems = []
    case.outcome = "scored"
    base_args = [runner.vmaf, "--batch", case.manifest, "-o", case.out, "-q",
                 "--jobs", str(rng.randint(1, 3)), "--threads", "1"]
    if html_page:
        base_args += ["--html", html_page]
    opts = first
    runs = rng.randint(1, 3)
    for i in range(runs):
        if i:
            opts = first if rng.random() < 0.5 else case.options()
        killed = i < runs - 1
        p = subprocess.Popen(base_args + opts, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True)
        if killed:
            time.sleep(rng.uniform(0, 0.4))
            p.send_signal(signal.SIGKILL)
            case.kills += 1
        _, err = p.communicate()
        if snapshot(case) != before:
            problems.append(f"run {i + 1} ({'killed' if killed else 'to its end'}) changed an "
                            f"input: {set(snapshot(case).items()) ^ set(before.items())}")
            return problems, case
        if killed:
            continue
        refuse = oracle_refuses(case, html_page, FORMATS[opts[0]])
        refused = p.returncode == 1 and re.search(
            r"refusing to overwrite|are one file|is a folder|not allowed|absolute path|reads as a "
            r"URL|a folder, not a file name|is not a folder|among its files", err) is not None
        if refuse != refused:
            problems.append(f"oracle says {'refuse' if refuse else 'score'}, vmaf exited "
                            f"{p.returncode}: {err.strip()}")
            return problems, case
        if refuse:
            case.outcome = "refused"
            return problems, case
        if p.returncode != 0:
            problems.append(f"exit {p.returncode}: {err.strip()}")
            return problems, case
        with open(os.path.join(case.out, "summary.csv"), newline="") as f:
            summary = list(csv.DictReader(f))
        base = os.path.dirname(case.manifest)
        for k, r in enumerate(case.rows, start=1):
            rows = [s for s in summary if s["row"] == str(k)]
            if not rows or any(s["status"] != "ok" for s in rows):
                problems.append(f"row {k} not ok in the summary: {rows}")
                continue
            want = runner.clean_report(os.path.join(base, r["ref"]), os.path.join(base, r["dis"]),
                                       opts)
            if without_fps(rows[0]["report"]) != want:
                problems.append(f"row {k}: its report differs from a clean run's with {opts}")
        leftovers = [n for n in os.listdir(case.out) if re.match(r"^\..*\.[A-Za-z0-9]{6}$", n)]
        if leftovers:
            problems.append(f"temporary files left: {leftovers}")
    return problems, case


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vmaf")
    ap.add_argument("shared")
    ap.add_argument("work")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=None)
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1 << 30)
    print(f"seed {seed}, {a.seconds:g} s")
    tmp = tempfile.mkdtemp(prefix="vmaf_batch_property_")
    sources = {"r1.y4m": clip_file(a.shared, a.work, "flat_64x64_420p8", "ref"),
               "d1.y4m": clip_file(a.shared, a.work, "flat_64x64_420p8", "dis"),
               "r2.y4m": clip_file(a.shared, a.work, "cup_320x240_420p8_identical", "ref"),
               "d2.y4m": clip_file(a.shared, a.work, "cup_320x240_420p8_identical", "dis")}
    runner = Runner(a.vmaf, tmp)
    cases = failed = 0
    outcomes = {"scored": 0, "refused": 0, "kills": 0}
    deadline = time.time() + a.seconds
    try:
        while time.time() < deadline:
            case_seed = seed + cases
            root = os.path.join(tmp, f"case{cases}")
            problems, case = run_case(runner, random.Random(case_seed), root, sources)
            cases += 1
            outcomes["kills"] += case.kills
            if case.outcome in outcomes:
                outcomes[case.outcome] += 1
            if problems:
                failed += 1
                print(f"FAIL case seed {case_seed}:")
                for p in problems:
                    print("  " + p)
                with open(case.manifest) as f:
                    print("  manifest:\n    " + f.read().replace("\n", "\n    "))
            shutil.rmtree(root, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{cases} cases: {outcomes['scored']} scored to the end, {outcomes['refused']} refused, "
          f"{outcomes['kills']} runs killed; seed {seed}")
    print(f"{cases - failed} passed, {failed} failed")
    return 1 if failed or cases == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
