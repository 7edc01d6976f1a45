#!/usr/bin/env python3
"""The tree as its documents say it is.

    test_tree_docs.py SOURCE_ROOT

- docs/architecture.md names every source folder (as `path/`), but the
  folders of single metrics, which core/src/metrics.txt names;
- every metric of core/src/metrics.txt has its four folders, each with a
  meson.build: core/src/feature/<m>/, core/src/hip/<m>/, test/feature/<m>/
  and test/hip/<m>/; and no folder beside them is a metric the list lacks;
- every changelog fragment is changelog.d/<name>.<type>.md or
  <name>.<type>.<n>.md with a type of pyproject.toml's
  [[tool.towncrier.type]] and holds one entry (one paragraph, no list, no
  heading), as scripts/changelog.sh (towncrier) reads them, and
  CHANGELOG.md keeps the marker below which releases are written.

Prints each problem and exits 1 when there is one.
"""
import re
import sys
import tomllib
from pathlib import Path

SOURCE = {".c", ".cpp", ".h", ".hip", ".py", ".sh", ".build", ".txt", ".map", ".in", ".dict"}
TOP = ["core", "python", "test", "bench", "scripts", ".ci"]
# The four folders of each metric, and what else may stand beside them.
METRIC_PARENTS = {
    "core/src/feature": {"common"},
    "core/src/hip": {"runtime", "module", "align"},
    "test/feature": set(),
    "test/hip": {"runtime", "vmaf", "align"},
}


def metrics(root: Path):
    names = []
    for line in (root / "core/src/metrics.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line.split(":", 1)[0].strip())
    return names


def source_folders(root: Path):
    folders = set()
    for top in TOP:
        for path in (root / top).rglob("*"):
            if path.is_file() and path.suffix in SOURCE:
                folders.add(path.parent.relative_to(root).as_posix())
    return folders


def changelog_problems(root: Path):
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["towncrier"]
    types = {t["directory"] for t in config["type"]}
    found = []
    for path in sorted((root / config["directory"]).iterdir()):
        m = re.fullmatch(r"[a-z0-9-]+\.([a-z]+)(\.[0-9]+)?\.md", path.name)
        if not m or m.group(1) not in types:
            found.append(f"{path.name}: not <name>.<type>.md with a type of {sorted(types)}")
            continue
        text = path.read_text().strip()
        if not text or "\n\n" in text or re.search(r"^(#|- |\* )", text, re.M):
            found.append(f"{path.name}: not one entry (one paragraph, no list or heading)")
    if config["start_string"].strip() not in (root / config["filename"]).read_text():
        found.append(f"{config['filename']} lacks its marker {config['start_string'].strip()}")
    return found


def problems(root: Path):
    found = changelog_problems(root)
    listed = metrics(root)
    doc = (root / "docs/architecture.md").read_text()
    for folder in sorted(source_folders(root)):
        parent, _, name = folder.rpartition("/")
        if parent in METRIC_PARENTS and name in listed:
            continue
        if not re.search(r"`" + re.escape(folder) + r"/`", doc):
            found.append(f"docs/architecture.md does not name `{folder}/`")
    for parent, others in METRIC_PARENTS.items():
        for metric in listed:
            if not (root / parent / metric / "meson.build").is_file():
                found.append(f"metric {metric} has no {parent}/{metric}/meson.build")
        for path in sorted((root / parent).iterdir()):
            if path.is_dir() and path.name not in listed and path.name not in others:
                found.append(f"{parent}/{path.name}/ is no metric of core/src/metrics.txt")
    return found


def main() -> int:
    root = Path(sys.argv[1]).resolve()
    found = problems(root)
    for line in found:
        print(line)
    print(f"{len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
