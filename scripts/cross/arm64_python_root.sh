#!/usr/bin/env bash
# An aarch64 Python 3.11 with numpy, unpacked from Debian's :arm64 packages
# into ROOT (no dpkg state, nothing installed on this machine), for building
# and checking the aarch64 wheel (issue 60, docs/arm64.md):
#   ROOT/bin/python3    the aarch64 interpreter under qemu-aarch64;
#   ROOT/python.ini     a meson cross file naming it, added after
#                       scripts/cross/aarch64-linux-gnu.ini: meson asks it
#                       for the extension suffix and Python's headers.
# python3-numpy:arm64 cannot be installed beside the amd64 toolchain (apt
# would remove it), hence the unpacked root. Needs arm64 in dpkg's foreign
# architectures (.ci/arm64.sh adds it) and qemu-user.
#   scripts/cross/arm64_python_root.sh ROOT
set -euo pipefail
root=$(realpath -m "${1:?usage: arm64_python_root.sh ROOT}")
packages=(libc6 libgcc-s1 libstdc++6 zlib1g libexpat1 libffi8 libssl3 libbz2-1.0 liblzma5
          libsqlite3-0 libncursesw6 libtinfo6 libreadline8 libuuid1 libdb5.3 libcrypt1 libnsl2
          libtirpc3 libgssapi-krb5-2 libkrb5-3 libk5crypto3 libcom-err2 libkrb5support0
          libkeyutils1 python3.11-minimal libpython3.11-minimal libpython3.11-stdlib
          libpython3.11 libpython3.11-dev python3-numpy libblas3 liblapack3 libgfortran5)
# Architecture-independent: meson-python, which scripts/wheel/arm64.sh runs
# under the aarch64 interpreter (it names the wheel after the interpreter it
# runs in; meson, ninja and the compilers it starts are this machine's);
# setuptools, whose distutils meson's look at the interpreter imports
# (Debian's Python 3.11 has none of its own); pip, which installs the wheel
# there (scripts/wheel/check_wheel.py).
python_packages=(python3-pip python3-mesonpy python3-pyproject-metadata python3-packaging
                 python3-setuptools)
debs=$(mktemp -d)
trap 'rm -rf "$debs"' EXIT
(cd "$debs" && apt-get -o APT::Sandbox::User=root download -qq "${packages[@]/%/:arm64}" "${python_packages[@]}")
rm -rf "$root"
mkdir -p "$root/bin"
for deb in "$debs"/*.deb; do dpkg -x "$deb" "$root"; done
# numpy links libblas.so.3 and liblapack.so.3, which dpkg's alternatives
# would point at; nothing runs them here.
lib=$root/usr/lib/aarch64-linux-gnu
ln -sf blas/libblas.so.3 "$lib/libblas.so.3"
ln -sf lapack/liblapack.so.3 "$lib/liblapack.so.3"
cat >"$root/bin/python3" <<EOF
#!/bin/sh
QEMU_LD_PREFIX='$root' exec qemu-aarch64 '$root/usr/bin/python3.11' "\$@"
EOF
chmod +x "$root/bin/python3"
# Python's headers: its include folder as sysconfig names it, and the root's
# include folder for Debian's multiarch pyconfig.h, which includes
# <aarch64-linux-gnu/python3.11/pyconfig.h>. Only `python`: meson's Python
# module takes it for every interpreter it looks for, while the build's own
# scripts (find_program('python3')) stay on this machine's Python.
cat >"$root/python.ini" <<EOF
[binaries]
python = '$root/bin/python3'

[built-in options]
c_args = ['-isystem', '$root/usr/include']
cpp_args = ['-isystem', '$root/usr/include']
EOF
"$root/bin/python3" -c 'import numpy, platform, sys
print("arm64 Python root:", platform.machine(), sys.version.split()[0], "numpy", numpy.__version__)'
