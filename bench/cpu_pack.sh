#!/usr/bin/env bash
# Packs what bench/cpu_compare.sh needs on another machine (the lent GPU
# machine's host CPU): our CLI and checkasm, the reference's CLI, the shared
# libraries ours load that a bare Debian may lack, the public clips the
# pairs are made from and the float model. The pack is one folder, carried
# whole:
#
#   bench/cpu_pack.sh OUR_BUILD REFERENCE_BUILD CLIPS_DIR MODELS_DIR PACK
#
# OUR_BUILD: a release build of this tree; REFERENCE_BUILD: the build folder
# of scripts/build_reference.sh (its tools/vmaf is linked statically). Then,
# there (LD_LIBRARY_PATH=PACK/lib):
#   bench/cpu_compare.sh PACK/vmaf PACK/ref_vmaf PACK/clips WORK 1 2 16
#   bench/cpu_compare_features.sh PACK/vmaf PACK/ref_vmaf PACK/clips WORK PACK/models
#   PACK/checkasm --bench
set -euo pipefail
if [ $# -ne 5 ]; then
  echo "usage: $0 OUR_BUILD REFERENCE_BUILD CLIPS_DIR MODELS_DIR PACK" >&2
  exit 2
fi
ours=$1 reference=$2 clips=$3 models=$4 pack=$5
rm -rf "$pack"
mkdir -p "$pack/lib" "$pack/clips" "$pack/models"
cp "$ours/core/tools/vmaf" "$pack/vmaf"
cp "$ours/test/checkasm/checkasm" "$pack/checkasm"
cp "$reference/tools/vmaf" "$pack/ref_vmaf"
cp "$models/vmaf_float_v0.6.1.json" "$pack/models/"
# Libraries outside the C and C++ runtimes (fmt, libsvm, libcsv).
cat <(ldd "$pack/vmaf") <(ldd "$pack/checkasm") | awk '$3 ~ /^\// {print $3}' | sort -u | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so.*|libm.so.*|libstdc++.so.*|libgcc_s.so.*|ld-linux*) ;;
    *) cp -L "$lib" "$pack/lib/" ;;
  esac
done
for clip in vtest_576x324_420p8 box_960x540_420p8 tree_640x360_420p10; do
  cp "$clips/${clip}_ref.y4m.xz" "$clips/${clip}_dis.y4m.xz" "$pack/clips/"
done
du -sh "$pack"
