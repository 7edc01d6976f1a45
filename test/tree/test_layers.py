#!/usr/bin/env python3
"""The include arrows point one way: each floor of the tree includes only
the floors below it (docs/architecture.md, "Floors").

    test_layers.py SOURCE_ROOT

Every quoted #include of every C and C++ file under the floors' folders is
resolved as the compiler would (beside the file, then from the build's
include folders) and must land in the file's own floor, a floor it
may use, or the public headers. Prints each include that points the wrong
way and exits 1 when there is one.
"""
import re
import sys
import tempfile
from pathlib import Path

# What each floor may include besides itself and the public headers
# (core/include). Listed from the ground up.
FLOORS = {
    "core/src/base": [],
    "core/src/cpu": ["core/src/base"],
    "core/src/extractor": ["core/src/base"],
    "core/src/align": ["core/src/base"],
    "core/src/feature": ["core/src/base", "core/src/cpu", "core/src/extractor"],
    "core/src/hip": ["core/src/base", "core/src/cpu", "core/src/extractor", "core/src/feature",
                     "core/src/align"],
    "core/src/model": ["core/src/base", "core/src/extractor"],
    "core/src/engine": ["core/src/base", "core/src/cpu", "core/src/extractor", "core/src/model",
                        "core/src/align", "core/src/hip/module/module_abi.h"],
    # The scoring session sits on the library's public API; its video
    # inputs are a floor below the rest that knows nothing of scoring, and
    # the options' names (how each front end spells them) one below that.
    "core/session/options": ["core/src/base"],
    "core/session/input": ["core/src/base", "core/session/options"],
    "core/session": ["core/src/base", "core/session/input", "core/session/options"],
    # Front ends: the public API and the session's one header; the server
    # passes descriptors in the ground's owner of one (header only).
    "core/tools": ["core/session/session.h", "core/src/base/descriptor.h"],
    "python/src": ["core/session/session.h"],
}
PUBLIC = "core/include"
SEARCH = ["core/src", "core/include", "core", "core/tools"]
# Headers the build generates.
GENERATED = {"libvmaf/version.h"}
SOURCE = {".h", ".hpp", ".c", ".cpp", ".hip"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def floor_of(path: str):
    best = None
    for floor in FLOORS:
        if path == floor or path.startswith(floor + "/"):
            if best is None or len(floor) > len(best):
                best = floor
    return best


def resolve(root: Path, source: Path, name: str):
    for base in [source.parent] + [root / d for d in SEARCH]:
        candidate = (base / name).resolve()
        if candidate.is_file():
            return candidate.relative_to(root).as_posix()
    return None


def check(root: Path):
    """The includes of the tree at `root` that point the wrong way, and how
    many includes were checked."""
    wrong = []
    checked = 0
    for floor, allowed in FLOORS.items():
        for source in sorted((root / floor).rglob("*")):
            if source.suffix not in SOURCE or not source.is_file():
                continue
            rel = source.relative_to(root).as_posix()
            if floor_of(rel) != floor:
                continue
            for name in INCLUDE.findall(source.read_text(errors="replace")):
                target = resolve(root, source, name)
                checked += 1
                if target is None:
                    if name not in GENERATED:
                        wrong.append(f'{rel}: #include "{name}" is no file of the tree')
                    continue
                if target.startswith(PUBLIC + "/") or floor_of(target) == floor:
                    continue
                if any(target == a or target.startswith(a + "/") for a in allowed):
                    continue
                wrong.append(f'{rel}: #include "{name}" ({target}) points up or across')
    return wrong, checked


def catches_an_upward_include() -> bool:
    """The check itself, on a tree of three files whose ground floor
    includes the engine: it must be caught, and nothing else."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for path, text in {
            "core/src/base/log.h": '#include "engine/context.h"\n',
            "core/src/engine/context.h": '#include "base/log.h"\n#include "libvmaf/libvmaf.h"\n',
            "core/include/libvmaf/libvmaf.h": "",
        }.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text)
        wrong, _ = check(root)
        return len(wrong) == 1 and wrong[0].startswith("core/src/base/log.h:")


def main() -> int:
    if not catches_an_upward_include():
        print("the check misses an include from base/ into engine/")
        return 1
    wrong, checked = check(Path(sys.argv[1]).resolve())
    for line in wrong:
        print(line)
    print(f"{checked} includes checked, {len(wrong)} pointing the wrong way")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
