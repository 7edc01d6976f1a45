#!/usr/bin/env bash
# The rest of the CPU comparison of docs/performance.md: the float model,
# the features without assembly in the reference (float_ssim, float_ms_ssim,
# psnr_hvs, ciede) and CAMBI, our vmaf CLI beside the reference's, one
# thread, alternating runs.
#
#   bench/cpu_compare_features.sh OURS REFERENCE CLIPS_DIR WORK_DIR MODELS_DIR
#
# The float model scores the 48-frame pairs of cpu_compare.sh (8-bit); the
# features score FEATURE_FRAMES (default 8) frames of the 1080p 8-bit pair
# (CAMBI also of the 10-bit one), made in WORK_DIR/short. MODELS_DIR holds vmaf_float_v0.6.1.json (the
# reference's float model is not built in). Environment: REPEAT (3).
set -euo pipefail
ours=$1 reference=$2 clips=$3 work=$4 models=$5
here=$(dirname "$0")
frames=${FEATURE_FRAMES:-8}
python3 "$here/make_clips.py" "$clips" "$work" --frames 48 > /dev/null
python3 "$here/make_clips.py" "$clips" "$work/short" --frames "$frames" > /dev/null
echo "# $(date -u +%F) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs"
compare() { python3 "$here/compare_cli.py" --ours "$ours" --reference "$reference" --threads 1 \
    --repeat "${REPEAT:-3}" "$@"; }
echo "## vmaf_float_v0.6.1"
compare --model "path=$models/vmaf_float_v0.6.1.json" \
    "$work/576x324_8bit_ref.y4m:$work/576x324_8bit_dis.y4m:48" \
    "$work/1920x1080_8bit_ref.y4m:$work/1920x1080_8bit_dis.y4m:48"
for feature in float_ssim float_ms_ssim psnr_hvs ciede; do
    echo "## $feature"
    compare --feature "$feature" \
        "$work/short/1920x1080_8bit_ref.y4m:$work/short/1920x1080_8bit_dis.y4m:$frames"
done
echo "## cambi"
compare --feature cambi \
    "$work/short/1920x1080_8bit_ref.y4m:$work/short/1920x1080_8bit_dis.y4m:$frames" \
    "$work/short/1920x1080_10bit_ref.y4m:$work/short/1920x1080_10bit_dis.y4m:$frames"
