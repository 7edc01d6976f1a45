#!/usr/bin/env python3
"""The HIP module defines no symbol twice (ADR 0016): its own objects (the
entry point, the twin table, host.cpp's forwarders of the log and the sink)
and every member of the libraries it links (the backend's, the metrics',
the base's) are read with nm, and a strong global definition that appears
in two places is an error: the link would take whichever the linker met
first, and a second copy of the log or the collector would live in the
module. The module's link itself runs with -Wl,--no-undefined.

The check first shows that it catches what it is for: the same inputs with
the core's log library added must report the log's functions.

usage: test_module_symbols.py MODULE_OBJECT_DIR ARCHIVE... -- LOG_ARCHIVE
"""
import os
import subprocess
import sys

# Strong definitions: text, data, bss, read-only data (nm's upper case).
STRONG = set("TDBRG")


def definitions(path):
    """(symbol, where) of every strong global definition in an object or
    each member of an archive."""
    out = subprocess.run(["nm", "-A", "-g", "--defined-only", path], capture_output=True,
                         text=True, check=True).stdout
    found = []
    # Each line: FILE[:MEMBER]:ADDRESS TYPE NAME.
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[1] in STRONG:
            found.append((fields[2], fields[0].rsplit(":", 1)[0]))
    return found


def twice(paths):
    seen, dups = {}, {}
    for path in paths:
        for symbol, where in definitions(path):
            if symbol in seen and seen[symbol] != where:
                dups.setdefault(symbol, [seen[symbol]]).append(where)
            else:
                seen.setdefault(symbol, where)
    return dups


def main():
    args = sys.argv[1:]
    split = args.index("--")
    objdir, archives, log_archive = args[0], args[1:split], args[split + 1]
    objects = sorted(os.path.join(objdir, n) for n in os.listdir(objdir) if n.endswith(".o"))
    if len(objects) < 3:
        print(f"FAIL: expected the module's own objects in {objdir}, found {objects}")
        return 1
    inputs = objects + archives

    caught = twice(inputs + [log_archive])
    if not any("log_message" in s for s in caught):
        print("FAIL: the check misses the log defined in the module and in the core's log library")
        return 1
    print(f"PASS the check catches a second log ({len(caught)} symbols twice with it)")

    dups = twice(inputs)
    for symbol, places in sorted(dups.items()):
        print(f"FAIL {symbol} is defined in {', '.join(places)}")
    if dups:
        return 1
    print(f"PASS no symbol defined twice in {len(objects)} objects and {len(archives)} libraries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
