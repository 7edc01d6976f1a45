#!/usr/bin/env python3
"""A wheel under other platform tags, as `auditwheel repair` or `wheel tags
--platform-tag` would write it: its file name, its WHEEL file's Tag lines and
its RECORD (the WHEEL file's new hash); prints the new wheel's path.

    retag.py WHEEL PLATFORMS

PLATFORMS: tags joined by dots (manylinux_2_27_x86_64.manylinux_2_28_x86_64).
The new wheel is written beside the old, which is left as it is.
"""
import base64
import hashlib
import os
import sys
import zipfile


def record_hash(data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest},{len(data)}"


def main():
    wheel, platforms = sys.argv[1:3]
    name, version, python, abi, _ = os.path.basename(wheel)[:-len(".whl")].split("-")
    target = os.path.join(os.path.dirname(wheel), f"{name}-{version}-{python}-{abi}-{platforms}.whl")
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        lines = old.read(f"{info}/WHEEL").decode().splitlines()
        tags = [f"Tag: {py}-{abi}-{platform}" for py in python.split(".")
                for platform in platforms.split(".")]
        wheel_file = "\n".join([line for line in lines if not line.startswith("Tag:")] + tags) + "\n"
        for item in old.infolist():
            if item.filename == f"{info}/WHEEL":
                new.writestr(item, wheel_file)
            elif item.filename == f"{info}/RECORD":
                record = []
                for line in old.read(item).decode().splitlines():
                    path = line.rsplit(",", 2)[0]
                    record.append(f"{path},{record_hash(wheel_file.encode())}"
                                  if path == f"{info}/WHEEL" else line)
                new.writestr(item, "\n".join(record) + "\n")
            else:
                new.writestr(item, old.read(item))
    print(target)


if __name__ == "__main__":
    main()
