# shellcheck shell=bash
# Sourced by the wheel scripts: SOURCE as a source tree to build, an sdist
# unpacked into OUT/source (afresh) or a checkout as it is; its path in
# $tree.
#   wheel_source_tree SOURCE OUT
wheel_source_tree() {
  if [ -f "$1" ]; then
    tree=$2/source
    rm -rf "$tree"
    mkdir -p "$tree"
    tar -xzf "$1" -C "$tree" --strip-components=1
  else
    tree=$1
  fi
}
