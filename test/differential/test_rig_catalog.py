#!/usr/bin/env python3
"""The rig's drawing rules against the extractor table.

rig.py draws its cases' extractors and options from the table
(feature_catalog, printed from the library), each option over its type and
range, but where DRAWN gives a string option's words or a narrower range,
and not at all where NOT_DRAWN says why. Every DRAWN and NOT_DRAWN entry
must name an option of the table, a DRAWN range or list must lie inside the
table's and keep its type, and every string option of the table must have
its words in DRAWN (the table has none). The check first shows that it
catches a string option without words.

usage: test_rig_catalog.py FEATURE_CATALOG
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rig  # noqa: E402


def problems(catalog, drawn, not_drawn):
    found = []
    for name in sorted(set(drawn) | set(not_drawn)):
        if name not in catalog:
            found.append(f"{name}: in the rig's rules, not in the table")
    for name in sorted(set(catalog)):
        options = {o["name"]: o for o in catalog[name]["options"]}
        rules, skipped = drawn.get(name, {}), not_drawn.get(name, {})
        for option in sorted((set(rules) | set(skipped)) - set(options)):
            found.append(f"{name}: the rig has a rule for {option}, which the table does not have")
        for o in options.values():
            if o["type"] == "string" and o["name"] not in rules and o["name"] not in skipped:
                found.append(f"{name}: string option {o['name']} has no words in rig.DRAWN")
        for option, rule in rules.items():
            o = options.get(option)
            if o is None:
                continue
            if rule[0] == "string" and o["type"] in ("int", "double"):
                # A number drawn from a list of values (those the option takes).
                bad = [w for w in rule[1:] if not o["min"] <= float(w) <= o["max"]]
                if bad:
                    found.append(f"{name}: the rig draws {option} from {bad}, outside the "
                                 f"table's [{o['min']}, {o['max']}]")
            elif rule[0] != o["type"]:
                found.append(f"{name}: the rig draws {option} as {rule[0]}, the table has {o['type']}")
            elif o["type"] in ("int", "double") and not o["min"] <= rule[1] <= rule[2] <= o["max"]:
                found.append(f"{name}: the rig draws {option} from [{rule[1]}, {rule[2]}], "
                             f"outside the table's [{o['min']}, {o['max']}]")
    return found


def main():
    catalog = rig.read_catalog(sys.argv[1])
    # The check catches a string option left without words.
    trimmed = {name: dict(rules) for name, rules in rig.DRAWN.items()}
    del trimmed["cambi"]["eotf"]
    if not problems(catalog, trimmed, rig.NOT_DRAWN):
        print("FAIL: the check misses cambi's eotf drawn without words")
        return 1
    found = problems(catalog, rig.DRAWN, rig.NOT_DRAWN)
    for p in found:
        print("FAIL", p)
    # Every extractor of the table is drawn, with every option but NOT_DRAWN's.
    drawn = rig.extractors(catalog)
    options = sum(len(e["options"]) for e in catalog.values())
    drawn_options = sum(len(v) for v in drawn.values())
    skipped = sum(len(v) for v in rig.NOT_DRAWN.values())
    if set(drawn) != set(catalog) or drawn_options + skipped != options:
        print(f"FAIL the rig draws {len(drawn)} extractors and {drawn_options} options of the "
              f"table's {len(catalog)} and {options}")
        found.append("drawn")
    print(f"{'FAIL' if found else 'PASS'} {len(catalog)} extractors and {options} options of the "
          f"table drawn by the rig ({skipped} not, {sum(map(len, rig.DRAWN.values()))} by rule)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
