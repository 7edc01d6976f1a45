#!/usr/bin/env bash
# The x86-64 manylinux wheels (issue 61, ADR 0065): built from an sdist or a
# source tree with this machine's GCC against the C library of Ubuntu
# 18.04 (glibc 2.27), libstdc++ linked in, so that they load on any Linux
# with glibc 2.27 or later (RHEL 8, Ubuntu 20.04, Debian 11); tagged
# manylinux_2_27 and manylinux_2_28. One per CPython version, each built
# by meson-python under that version's interpreter from the distribution
# release that has it (3.9 Debian 11, 3.10 Ubuntu 22.04, 3.11 Debian 12,
# 3.12 Ubuntu 24.04, 3.13 Debian 13), then installed by that release's pip
# into it, run on that release's own C library, and checked
# (scripts/wheel/check_wheel.py: contents, symbol versions, golden's vmaf).
#   scripts/wheel/manylinux.sh SOURCE OUT [SHARED]
# SOURCE: vmaf_hip-*.tar.gz or a checkout; OUT: where the wheels, the build
# and the downloaded roots go (OUT/sysroot, OUT/python3.X, OUT/cache: kept
# between runs); SHARED: ../shared beside the checkout by default.
# WHEEL_PYTHONS: the versions (default "3.9 3.10 3.11 3.12 3.13");
# WHEEL_SETUP_ARGS: more meson options, as one string. With ccache on PATH,
# the versions after the first compile little but their extensions.
set -euo pipefail
repo=$(realpath "$(dirname "$0")/../..")
source=$(realpath "${1:?usage: manylinux.sh SOURCE OUT [SHARED]}")
out=$(realpath -m "${2:?usage: manylinux.sh SOURCE OUT [SHARED]}")
shared=$(realpath "${3:-$repo/../shared}")
mkdir -p "$out"
cache=$out/cache
fetch=(python3 "$repo/scripts/wheel/fetch_debs.py")
ubuntu=http://archive.ubuntu.com/ubuntu
debian=http://deb.debian.org/debian

# The sysroot: Ubuntu 18.04's C library and kernel headers, and its
# libgcc_s (the wheel uses the machine's). GCC's C++ headers stay this
# machine's, but for a copy of its c++config.h without what glibc 2.27
# lacks (pthread_cond_clockwait and the other clock waits of glibc 2.30,
# arc4random of 2.36), found first.
sysroot=$out/sysroot
gcc_version=$(g++ -dumpversion)
cxxconfig=$sysroot/usr/include/x86_64-linux-gnu/c++/$gcc_version
if [ ! -f "$sysroot/.complete" ]; then
  rm -rf "$sysroot"
  "${fetch[@]}" "$ubuntu" bionic-updates+bionic amd64 "$cache" "$sysroot" \
    libc6 libc6-dev linux-libc-dev libgcc1
  # Links to absolute paths (libdl.so -> /lib/x86_64-linux-gnu/libdl.so.2)
  # would reach this machine's libraries: pointed into the sysroot.
  find "$sysroot" -type l -lname '/*' -print0 | while IFS= read -r -d '' link; do
    ln -sfn "$sysroot$(readlink "$link")" "$link"
  done
  # As GCC's own libgcc_s.so: the shared library, then libgcc.a for what
  # only that has (__cpu_model, which __builtin_cpu_supports reads).
  echo 'GROUP ( libgcc_s.so.1 -lgcc )' >"$sysroot/lib/x86_64-linux-gnu/libgcc_s.so"
  mkdir -p "$(dirname "$cxxconfig")"
  cp -r "/usr/include/x86_64-linux-gnu/c++/$gcc_version" "$cxxconfig"
  sed -i -E 's@^#define (_GLIBCXX_USE_PTHREAD_(COND_CLOCKWAIT|MUTEX_CLOCKLOCK|RWLOCK_CLOCKLOCK)|_GLIBCXX_HAVE_ARC4RANDOM) 1$@/* not in glibc 2.27: \1 */@' \
    "$cxxconfig/bits/c++config.h"
  touch "$sysroot/.complete"
fi

# The flags of every compile and link: the sysroot's headers and libraries
# first, then Debian 13's pybind11 (2.13: Python 3.13, numpy 2); every
# version's Python headers (OUT/python-include: the same flags for each
# version, which ccache needs) and this machine's headers of the other
# libraries the build uses (fmt, nlohmann-json, libsvm, stb, FFmpeg's,
# which is loaded on use: ADR 0030) after them. libstdc++ is linked in,
# and what it takes from newer glibc is defined by glibc_compat.c.
pyinclude=$out/python-include
flags="--sysroot=$sysroot -isystem $cxxconfig -isystem $out/pybind11/usr/include"
flags="$flags -idirafter $pyinclude -idirafter /usr/include"
flags="$flags -idirafter /usr/include/x86_64-linux-gnu"
flags="$flags -B$sysroot/usr/lib/x86_64-linux-gnu/ -L$sysroot/usr/lib/x86_64-linux-gnu -L$sysroot/lib/x86_64-linux-gnu"
[ -f "$out/pybind11/.complete" ] || {
  rm -rf "$out/pybind11"
  "${fetch[@]}" "$debian" trixie amd64 "$cache" "$out/pybind11" pybind11-dev
  touch "$out/pybind11/.complete"
}
mkdir -p "$out/lib"
# shellcheck disable=SC2086
gcc -O2 -fPIC $flags -c "$repo/scripts/wheel/glibc_compat.c" -o "$out/lib/glibc_compat.o"

# libsvm (BSD-3-Clause) built here from Debian 12's source (the version of
# its headers, libsvm-dev), so that the copy the wheel carries needs
# nothing newer either.
svm_tar=libsvm_3.24+ds.orig.tar.xz
svm_sha256=fd8fbf3179765dfcfdf949184b4b2c3c1a3a03834549ce48d42cd0269858f8c3
if [ ! -f "$out/lib/libsvm.so.3" ]; then
  [ -f "$cache/$svm_tar" ] || python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(*sys.argv[1:])' \
    "$debian/pool/main/libs/libsvm/$svm_tar" "$cache/$svm_tar"
  echo "$svm_sha256  $cache/$svm_tar" | sha256sum -c --quiet
  rm -rf "$out/libsvm-src"
  mkdir -p "$out/libsvm-src"
  tar -xJf "$cache/$svm_tar" -C "$out/libsvm-src" --strip-components=1
  # shellcheck disable=SC2086
  g++ -O3 -fPIC -shared $flags -static-libstdc++ -Wl,-soname,libsvm.so.3 \
    -o "$out/lib/libsvm.so.3" "$out/libsvm-src/svm.cpp" "$out/lib/glibc_compat.o"
  ln -sf libsvm.so.3 "$out/lib/libsvm.so"
fi

# shellcheck source=scripts/wheel/source_tree.sh
. "$repo/scripts/wheel/source_tree.sh"
wheel_source_tree "$source" "$out"
build=$out/build
compiler=gcc cxx=g++
if command -v ccache >/dev/null; then compiler="ccache gcc" cxx="ccache g++"; fi
mirror() { case $1 in ubuntu) echo "$ubuntu" ;; *) echo "$debian" ;; esac; }
failed=0
for version in ${WHEEL_PYTHONS:-3.9 3.10 3.11 3.12 3.13}; do
  case $version in
    3.9) release="debian bullseye" ;;
    3.10) release="ubuntu jammy-updates+jammy" ;;
    3.11) release="debian bookworm" ;;
    3.12) release="ubuntu noble-updates+noble" ;;
    3.13) release="debian trixie" ;;
    *) echo "manylinux.sh: no release with Python $version" >&2; exit 2 ;;
  esac
  set -- $release
  # The release's Python, pip and numpy with what they need, setuptools
  # (meson 1.0 introspects Python through distutils, which 3.12 left to
  # it), and Debian 12's meson-python (pure Python) for the build.
  pyroot=$out/python$version
  if [ ! -f "$pyroot/.complete" ]; then
    rm -rf "$pyroot"
    "${fetch[@]}" --deps "$(mirror "$1")" "$2" amd64 "$cache" "$pyroot" \
      "python$version" "libpython$version-dev" python3-pip python3-numpy python3-setuptools
    "${fetch[@]}" "$debian" bookworm amd64 "$cache" "$pyroot" \
      python3-mesonpy python3-pyproject-metadata python3-packaging python3-tomli \
      python3-typing-extensions
    touch "$pyroot/.complete"
  fi
  mkdir -p "$pyinclude/x86_64-linux-gnu"
  ln -sfn "$pyroot/usr/include/python$version" "$pyinclude/python$version"
  ln -sfn "$pyroot/usr/include/x86_64-linux-gnu/python$version" \
    "$pyinclude/x86_64-linux-gnu/python$version"
  # The interpreter on its release's own C library (its ld.so and
  # libraries), this machine's untouched: its children (meson, the
  # compilers) run as usual.
  loader=$(find "$pyroot" \( -name ld-linux-x86-64.so.2 -o -name 'ld-2.*.so' \) -type f | head -n1)
  libs=$pyroot/lib/x86_64-linux-gnu:$pyroot/usr/lib/x86_64-linux-gnu
  libs=$libs:$pyroot/usr/lib/x86_64-linux-gnu/blas:$pyroot/usr/lib/x86_64-linux-gnu/lapack
  python=("$loader" --library-path "$libs" "$pyroot/usr/bin/python$version")
  # What builds: an interpreter meson can run by its path (sys.executable),
  # beside the real one (its standard library is found from there); through
  # the release's loader where that can name it (--argv0, glibc 2.33), else
  # on this machine's C library, which is then the newer.
  runner=$pyroot/usr/bin/python$version-run
  if "$loader" --help 2>/dev/null | grep -q -- --argv0; then
    printf '#!/bin/sh\nexec "%s" --library-path "%s" --argv0 "$0" "%s" "$@"\n' \
      "$loader" "$libs" "$pyroot/usr/bin/python$version" >"$runner"
  else
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$pyroot/usr/bin/python$version" >"$runner"
  fi
  chmod +x "$runner"

  rm -rf "$build" "$out"/vmaf_hip-*-cp"${version/./}"-*.whl "$out/wheel.txt" \
    "$tree/.mesonpy-native-file.ini"
  log=$out/build-$version.log
  # The GPU modules are not in these wheels yet (ADR 0065). pkg-config
  # leaves out the folders of FFmpeg's headers, which would come before
  # the sysroot's.
  # shellcheck disable=SC2086
  if ! (cd "$tree" && export CC="$compiler" CXX="$cxx" CFLAGS="$flags" CXXFLAGS="$flags" \
        LDFLAGS="$flags -L$out/lib -static-libstdc++ $out/lib/glibc_compat.o" LIBRARY_PATH="$out/lib" \
        PKG_CONFIG_SYSTEM_INCLUDE_PATH=/usr/include/x86_64-linux-gnu:/usr/include &&
        "$runner" - "$out" "$build" -Denable_hip=disabled -Dcontainers=enabled \
          ${WHEEL_SETUP_ARGS:-} <<'PY'
import mesonpy, sys
out, build, *more = sys.argv[1:]
with open(f"{out}/wheel.txt", "w") as f:
    f.write(mesonpy.build_wheel(out, {"builddir": build, "setup-args": more}))
PY
  ) >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "manylinux.sh: the Python $version wheel's build failed (its log: $log)" >&2
    failed=1
    continue
  fi
  built=$out/$(cat "$out/wheel.txt")
  wheel=$(python3 "$repo/scripts/wheel/retag.py" "$built" manylinux_2_27_x86_64.manylinux_2_28_x86_64)
  rm -f "$built"
  echo "manylinux wheel: $wheel"
  python3 "$repo/scripts/wheel/check_wheel.py" --manylinux 2.27 --python "${python[*]}" \
    "$wheel" "$shared" || failed=1
done
exit "$failed"
