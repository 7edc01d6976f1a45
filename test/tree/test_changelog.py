#!/usr/bin/env python3
"""changelog.d/ as scripts/changelog.sh (towncrier) reads it.

    test_changelog.py SOURCE_ROOT

Every fragment is changelog.d/<name>.<type>.md or <name>.<type>.<n>.md
with a type of pyproject.toml's [[tool.towncrier.type]], holds one entry
(one paragraph, no list, no heading), and CHANGELOG.md keeps the marker
below which releases are written. Prints each problem; exits 1 on one.
"""
import re
import sys
import tomllib
from pathlib import Path


def problems(root: Path):
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


def main() -> int:
    found = problems(Path(sys.argv[1]).resolve())
    for line in found:
        print(line)
    print(f"{len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
