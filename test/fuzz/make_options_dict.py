#!/usr/bin/env python3
"""fuzz_options' libFuzzer dictionary, made from the build so that no flag,
extractor or option is listed by hand: the command line's flags (from
`vmaf --help`), the extractor table's names, options and aliases (from
feature_catalog), then the hand-kept tokens of test/fuzz/fuzz_options.dict
(model strings, values).

    make_options_dict.py VMAF FEATURE_CATALOG HAND_DICT OUT
"""
import re
import subprocess
import sys

import extractor_table


def entry(token):
    """A dictionary line: the token quoted, a newline (the harness's
    argument separator) written as \\x0a."""
    text = "".join(c if c.isprintable() and c not in '"\\' else f"\\x{ord(c):02x}" for c in token)
    return f'"{text}"'


def main():
    vmaf, catalog, hand, out = sys.argv[1:]
    shown = subprocess.run([vmaf, "--help"], capture_output=True, text=True, check=True).stdout
    flags = []
    for line in shown.splitlines():
        # "  -w,--width N    help": the flag column before its value's name.
        match = re.match(r"\s+(-[^\s]+)", line)
        if match:
            flags += [f for f in match[1].split(",") if f.startswith("-")]
    extractors = extractor_table.read(catalog)
    words = []
    for name, extractor in extractors.items():
        words.append(name)
        for option in extractor["options"]:
            words += [f"{option['name']}="] + ([f"{option['alias']}="] if option["alias"] else [])
    if len(flags) < 20 or len(extractors) < 10:
        sys.exit(f"{sys.argv[0]}: {len(flags)} flags and {len(extractors)} extractors found: "
                 f"is {vmaf} or {catalog} the right program?")
    lines = [entry(f + "\n") for f in dict.fromkeys(flags)] + \
        [entry(w) for w in dict.fromkeys(words)]
    with open(hand) as f:
        lines += [line.rstrip("\n") for line in f if line.startswith('"')]
    with open(out, "w") as f:
        f.write("# Made by test/fuzz/make_options_dict.py; do not edit.\n")
        f.write("\n".join(dict.fromkeys(lines)) + "\n")


main()
