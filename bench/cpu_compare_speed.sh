#!/usr/bin/env bash
# SpEED's part of the CPU comparison of docs/performance.md: speed_chroma and
# speed_temporal (the reference's own AVX2/AVX-512 covariance kernels
# against ours), our vmaf CLI beside the reference's, one thread,
# alternating runs, AVX-512 (cpumask 0) and AVX2 (cpumask 16).
#
#   bench/cpu_compare_speed.sh OURS REFERENCE CLIPS_DIR WORK_DIR
#
# Scores FEATURE_FRAMES (default 16) frames of the 1080p 8-bit pair of
# make_clips.py and of its 576x324 pair. Environment: REPEAT (3).
set -euo pipefail
ours=$1 reference=$2 clips=$3 work=$4
here=$(dirname "$0")
frames=${FEATURE_FRAMES:-16}
python3 "$here/make_clips.py" "$clips" "$work" --frames "$frames" > /dev/null
echo "# $(date -u +%F) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs"
for feature in speed_chroma speed_temporal; do
    echo "## $feature"
    python3 "$here/compare_cli.py" --ours "$ours" --reference "$reference" --threads 1 \
        --cpumask 0 16 --repeat "${REPEAT:-3}" --feature "$feature" \
        "$work/576x324_8bit_ref.y4m:$work/576x324_8bit_dis.y4m:$frames" \
        "$work/1920x1080_8bit_ref.y4m:$work/1920x1080_8bit_dis.y4m:$frames"
done
