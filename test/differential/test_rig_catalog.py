#!/usr/bin/env python3
"""The rig's extractors and options against the extractor table.

rig.py keeps, for every extractor, the options its random cases set and the
ranges they are drawn from. The table (feature_catalog, printed from the
library) says which extractors and options there are: every extractor must
be in the rig, every option in the rig by its name or its alias, and every
option the rig sets must be one the table has, with the table's type and within its range. The check first shows that
it catches an option left out.

usage: test_rig_catalog.py FEATURE_CATALOG
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rig  # noqa: E402


def problems(catalog, extractors):
    found = []
    for name in sorted(set(catalog) - set(extractors)):
        found.append(f"{name}: an extractor of the table that the rig lacks")
    for name in sorted(set(extractors) - set(catalog)):
        found.append(f"{name}: in the rig, not in the table")
    for name in sorted(set(catalog) & set(extractors)):
        spelled = {o["name"] for o in catalog[name]["options"]}
        spelled |= {o["alias"] for o in catalog[name]["options"] if o["alias"]}
        in_rig = {entry[0] for entry in extractors[name]}
        left_out = rig.NOT_DRAWN.get(name, {})
        for o in catalog[name]["options"]:
            if o["name"] not in in_rig and o["alias"] not in in_rig and o["name"] not in left_out:
                found.append(f"{name}: option {o['name']} is not in the rig")
        for option in sorted(in_rig - spelled):
            found.append(f"{name}: the rig sets {option}, which the table does not have")
        # Each option the rig draws has the table's type and a range inside
        # the table's.
        by_spelling = {}
        for o in catalog[name]["options"]:
            by_spelling[o["name"]] = o
            if o["alias"]:
                by_spelling[o["alias"]] = o
        for entry in extractors[name]:
            o = by_spelling.get(entry[0])
            if o is None:
                continue
            if entry[1] == "string" and o["type"] in ("int", "double"):
                # A number drawn from a list of values (those the option takes).
                bad = [w for w in entry[2:] if not o["min"] <= float(w) <= o["max"]]
                if bad:
                    found.append(f"{name}: the rig draws {entry[0]} from {bad}, outside the "
                                 f"table's [{o['min']}, {o['max']}]")
            elif entry[1] != o["type"]:
                found.append(f"{name}: the rig draws {entry[0]} as {entry[1]}, the table has {o['type']}")
            elif o["type"] in ("int", "double") and not o["min"] <= entry[2] <= entry[3] <= o["max"]:
                found.append(f"{name}: the rig draws {entry[0]} from [{entry[2]}, {entry[3]}], "
                             f"outside the table's [{o['min']}, {o['max']}]")
    return found


def main():
    catalog = json.loads(subprocess.run([sys.argv[1]], capture_output=True, text=True,
                                        check=True).stdout)
    # The check catches an option left out of the rig.
    some = next(n for n in catalog if catalog[n]["options"])
    trimmed = dict(rig.EXTRACTORS)
    trimmed[some] = [e for e in rig.EXTRACTORS[some]
                     if e[0] not in (catalog[some]["options"][0]["name"],
                                     catalog[some]["options"][0]["alias"])]
    if not problems(catalog, trimmed):
        print(f"FAIL: the check misses {some}'s option left out of the rig")
        return 1
    found = problems(catalog, rig.EXTRACTORS)
    for p in found:
        print("FAIL", p)
    options = sum(len(e["options"]) for e in catalog.values())
    print(f"{'FAIL' if found else 'PASS'} {len(catalog)} extractors and {options} options of the "
          f"table against the rig")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
