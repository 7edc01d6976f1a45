#!/usr/bin/env python3
"""fuzz_options' dictionary and seeds as .ci/fuzz.sh makes them, from this
build: every flag of `vmaf --help` and every extractor and option of the
table is a token of the dictionary, and every extractor has a seed.

    check_options_inputs.py VMAF FEATURE_CATALOG SHARED_DIR
"""
import pathlib
import subprocess
import sys
import tempfile

import extractor_table
import make_corpora

HERE = pathlib.Path(__file__).resolve().parent


def main():
    vmaf, catalog, shared = sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp)
        subprocess.run([sys.executable, HERE / "make_options_dict.py", vmaf, catalog,
                        HERE / "fuzz_options.dict", out / "options.dict"], check=True)
        # The command-line seeds only: the clips' seeds are not what is checked.
        make_corpora.option_seeds(pathlib.Path(shared), out / "corpus", catalog)
        tokens = set((out / "options.dict").read_text().splitlines())
        seeds = [p.read_text() for p in (out / "corpus" / "fuzz_options").iterdir()]
    extractors = extractor_table.read(catalog)
    problems = []
    for flag in ("--pool", "--pixel_format", "-w", "--bitdepth-convert", "--threads"):
        if f'"{flag}\\x0a"' not in tokens:
            problems.append(f"flag {flag} is not in the dictionary")
    for name, extractor in extractors.items():
        if f'"{name}"' not in tokens:
            problems.append(f"extractor {name} is not in the dictionary")
        if not any(f"--feature\n{name}\n" in s or f"--feature\n{name}=" in s for s in seeds):
            problems.append(f"extractor {name} has no seed")
        for option in extractor["options"]:
            if f'"{option["name"]}="' not in tokens:
                problems.append(f"option {name}:{option['name']} is not in the dictionary")
    print("\n".join(problems) or f"PASS {len(extractors)} extractors, {len(tokens)} tokens, "
          f"{len(seeds)} command-line seeds")
    sys.exit(1 if problems else 0)


main()
