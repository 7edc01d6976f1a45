#!/usr/bin/env python3
"""Downloads named .deb packages of another distribution's release, checked
against the release's package index (SHA256), and unpacks them into a
folder; with --deps, also what they depend on (Depends, Pre-Depends: the
first choice of each, a virtual package by its first provider), recursively.

    fetch_debs.py [--deps] MIRROR SUITE ARCH CACHE ROOT PACKAGE...

MIRROR, e.g. http://deb.debian.org/debian or http://archive.ubuntu.com/ubuntu;
SUITE one or more suites joined by '+', the first that has a package wins
(bionic-updates+bionic); the component is main, else universe. Files are
kept in CACHE and only fetched once.
"""
import hashlib
import lzma
import os
import subprocess
import sys
import urllib.request


def index(mirror, suite, component, arch, cache):
    path = os.path.join(cache, f"{suite}_{component}_{arch}.Packages")
    if not os.path.exists(path):
        url = f"{mirror}/dists/{suite}/{component}/binary-{arch}/Packages.xz"
        try:
            data = lzma.decompress(urllib.request.urlopen(url, timeout=120).read())
        except urllib.error.HTTPError as e:
            if e.code == 404:
                data = b""
            else:
                raise
        with open(path + ".part", "wb") as f:
            f.write(data)
        os.replace(path + ".part", path)
    packages = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for stanza in f.read().split("\n\n"):
            fields = dict(line.split(": ", 1) for line in stanza.splitlines()
                          if ": " in line and not line.startswith(" "))
            if "Package" in fields:
                packages.setdefault(fields["Package"], fields)
    return packages


def depends(entry):
    """The packages `entry` depends on: the first choice of each."""
    out = []
    for field in ("Pre-Depends", "Depends"):
        for item in entry.get(field, "").split(","):
            name = item.split("|")[0].split("(")[0].strip().split(":")[0]
            if name:
                out.append(name)
    return out


def main():
    args = sys.argv[1:]
    recursive = args[:1] == ["--deps"]
    if recursive:
        args = args[1:]
    mirror, suites, arch, cache, root = args[:5]
    wanted = args[5:]
    os.makedirs(cache, exist_ok=True)
    indexes = [index(mirror, s, c, arch, cache) for s in suites.split("+")
               for c in ("main", "universe")]
    providers = {}
    for i in indexes:
        for name, entry in i.items():
            for virtual in entry.get("Provides", "").split(","):
                providers.setdefault(virtual.split("(")[0].strip(), name)
    done = set()
    while wanted:
        name = wanted.pop(0)
        entry = next((i[name] for i in indexes if name in i), None)
        if entry is None and recursive and name in providers:
            name = providers[name]
            entry = next((i[name] for i in indexes if name in i), None)
        if name in done:
            continue
        if entry is None:
            sys.exit(f"fetch_debs: {name} is not in {suites} ({mirror})")
        done.add(name)
        if recursive:
            wanted += [d for d in depends(entry) if d not in done]
        deb = os.path.join(cache, os.path.basename(entry["Filename"]))
        if not os.path.exists(deb):
            data = urllib.request.urlopen(f"{mirror}/{entry['Filename']}", timeout=300).read()
            if hashlib.sha256(data).hexdigest() != entry["SHA256"]:
                sys.exit(f"fetch_debs: {name}: the download does not match the index's SHA256")
            with open(deb + ".part", "wb") as f:
                f.write(data)
            os.replace(deb + ".part", deb)
        subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
    print(f"fetch_debs: {len(done)} packages of {suites} in {root}")


if __name__ == "__main__":
    main()
