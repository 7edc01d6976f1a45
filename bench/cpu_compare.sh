#!/usr/bin/env bash
# The CPU speed comparison of docs/performance.md: our vmaf CLI beside the
# reference's (Netflix libvmaf built with its assembly, or on aarch64 with
# its NEON code), default model, on 576x324 and 1920x1080, 8 and 10 bits,
# alternating runs. On x86-64 --cpumask 0 and 16 (16 forbids AVX-512 in
# both: the AVX2 code on an AVX-512 CPU); on aarch64 0 and 1 (1 forbids NEON
# in both: the portable code).
#
#   bench/cpu_compare.sh OURS REFERENCE CLIPS_DIR WORK_DIR [THREADS...]
#
# CLIPS_DIR holds the public clips (*.y4m.xz); the pairs are made in
# WORK_DIR by bench/make_clips.py (needs numpy). THREADS default: 1 2.
# Environment: REPEAT (runs of each CLI per row, default 3), FRAMES (48).
# Our CLI honours --cpumask in every loop (cpu/isa.h): its cpumask 16 rows
# are what an AVX2-only CPU runs.
set -euo pipefail
ours=$1 reference=$2 clips=$3 work=$4
shift 4
threads=("${@:-1 2}")
# shellcheck disable=SC2206
threads=(${threads[*]})
here=$(dirname "$0")
python3 "$here/make_clips.py" "$clips" "$work" --frames "${FRAMES:-48}" > /dev/null
pairs=()
for name in 576x324_8bit 576x324_10bit 1920x1080_8bit 1920x1080_10bit; do
    pairs+=("$work/${name}_ref.y4m:$work/${name}_dis.y4m:${FRAMES:-48}")
done
if [ "$(uname -m)" = aarch64 ]; then
    masks=(0 1)
    echo "# $(date -u +%F) $(lscpu | sed -n 's/^Model name: *//p' | head -n1), $(nproc) CPUs, aarch64"
    echo "# features: $(grep -m1 '^Features' /proc/cpuinfo | cut -d: -f2)"
else
    masks=(0 16)
    echo "# $(date -u +%F) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs"
    echo "# AVX-512: $(grep -o 'avx512[a-z]*' /proc/cpuinfo | sort -u | tr '\n' ' ')"
fi
python3 "$here/compare_cli.py" --ours "$ours" --reference "$reference" --threads "${threads[@]}" \
    --cpumask "${masks[@]}" --repeat "${REPEAT:-3}" "${pairs[@]}"
