"""Reads diff_runner's output and compares two libraries' records of a case.

A record maps each key (a model score, a pooled score, a feature at full
precision, a value of the XML report) to its text. Two records agree where
their status lines and key sets are equal and every value is within the
contract of docs/differential.md: 2e-6 (print rounding) for integer features
and model scores, 1e-5 for float features.
"""
import re

_ATTR = re.compile(r'([A-Za-z0-9_.\-]+)="([^"]*)"')
BOOTSTRAP = ("bagging", "stddev", "ci_lo", "ci_hi")


def read_record(stream):
    """The next case's record from a runner's output stream, or None at its end."""
    rec = {"case": None, "status": None, "values": {}, "log": [], "lines": []}
    for line in stream:
        line = line.rstrip("\n")
        rec["lines"].append(line)
        if line == "end":
            return rec
        word, _, rest = line.partition(" ")
        if word == "case":
            rec["case"] = rest
        elif word == "status":
            rec["status"] = rest
        elif word == "write":
            rec["values"]["write"] = rest
        elif word == "bootstrap":
            # `bootstrap FRAME bagging stddev ci_lo ci_hi`: four values.
            frame, *numbers = rest.split(" ")
            for name, v in zip(BOOTSTRAP, numbers):
                rec["values"][f"bootstrap {frame} {name}"] = v
        elif word in ("score", "pooled", "feature"):
            parts = rest.split(" ")
            rec["values"][" ".join([word] + parts[:-1])] = parts[-1]
        elif word == "log":
            rec["log"].append(rest)
        elif word == "xml":
            _xml_values(rest, rec["values"])
    return None if not rec["lines"] else rec


def _xml_values(line, values):
    attrs = _ATTR.findall(line)
    tag = line.strip().split(" ")[0].lstrip("<")
    if tag == "frame":
        frame = dict(attrs).get("frameNum")
        for k, v in attrs:
            if k != "frameNum":
                values[f"xml frame {frame} {k}"] = v
    elif tag == "metric":
        name = dict(attrs).get("name")
        for k, v in attrs:
            if k != "name":
                values[f"xml pooled {name} {k}"] = v
    elif attrs:
        for k, v in attrs:
            values[f"xml {tag} {k}"] = v


def feature_name(key):
    """The feature a key is a value of; 'vmaf' for the model's scores."""
    words = key.split(" ")
    if words[0] == "feature":
        return words[1]
    if words[:2] == ["xml", "frame"]:
        return words[3]
    if words[:2] == ["xml", "pooled"]:
        return words[2]
    return "vmaf" if words[0] in ("score", "pooled", "bootstrap") else key


def tolerance(key):
    """The contract's tolerance for a key: float features 1e-5, the rest 2e-6."""
    floats = ("float_", "VMAF_feature_", "psnr_hvs", "ciede", "cambi")
    return 1e-5 if feature_name(key).startswith(floats) else 2e-6


def compare(ours, ref):
    """Differences between two records: a list of (class, key, ours, ref).

    Classes: 'status' and 'keys' (one library failed, or printed another
    set of keys), 'differs' (beyond the contract), 'printed' (the report's
    text differs within the contract) and 'hidden' (the report agrees, the
    full-precision value does not). The first three are failures.
    """
    out = []
    if (ours["status"] or "").startswith("fail") and (ref["status"] or "").startswith("fail"):
        return out  # both refuse the case, whatever their error codes
    if ours["status"] != ref["status"]:
        out.append(("status", "status", ours["status"], ref["status"]))
        return out
    a, b = ours["values"], ref["values"]
    for k in sorted(set(a) ^ set(b)):
        out.append(("keys", k, a.get(k), b.get(k)))
    for k in sorted(set(a) & set(b)):
        if a[k] == b[k]:
            continue
        try:
            x, y = float(a[k]), float(b[k])
        except ValueError:
            out.append(("differs", k, a[k], b[k]))
            continue
        if x != x and y != y:
            continue
        if not abs(x - y) <= tolerance(k):
            out.append(("differs", k, a[k], b[k]))
        elif k.startswith("xml"):
            out.append(("printed", k, a[k], b[k]))
        else:
            out.append(("hidden", k, a[k], b[k]))
    return out


FAILURES = ("status", "keys", "differs")


def failing(diffs):
    """The failures among compare()'s differences."""
    return [d for d in diffs if d[0] in FAILURES]
