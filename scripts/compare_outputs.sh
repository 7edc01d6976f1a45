#!/usr/bin/env bash
# Scores every clip with two vmaf binaries and compares their outputs byte
# for byte: every extractor of core/src/metrics.txt alone with its default
# options (JSON), every model file under MODELS_DIR (JSON), and runs with
# non-default options in the four output formats, with threads and
# subsampling. For refactors, whose outputs must not move.
#
#   scripts/compare_outputs.sh OLD_VMAF NEW_VMAF CLIPS_DIR [MODELS_DIR]
#
# CLIPS_DIR holds NAME_ref.y4m / NAME_dis.y4m (unpacked, as the tests leave
# them in build/test/clips); MODELS_DIR defaults to ../shared/models beside
# the repository. Prints one line per run and exits non-zero when any output
# or error message differs (the measured fps aside), or the exit codes
# differ.
set -uo pipefail
[[ $# -eq 3 || $# -eq 4 ]] || { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
old=$1 new=$2 clips=$3
root=$(cd "$(dirname "$0")/.." && pwd)
models_dir=${4:-$root/../shared/models}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The lists come from where they are kept: the metric list and the models'
# folder, so that a new extractor or model is compared without an edit here.
mapfile -t extractors < <(sed 's/#.*//' "$root/core/src/metrics.txt" | cut -s -d: -f2 | tr ' ' '\n' | grep .)
mapfile -t models < <(find "$models_dir" -name '*.json' | sort)
[[ ${#extractors[@]} -gt 0 && ${#models[@]} -gt 0 ]] || { echo "no extractors or no models found"; exit 2; }

features=(--feature psnr=enable_apsnr=true:enable_mse=true --feature float_psnr --feature float_ansnr
          --feature float_moment --feature float_ssim=enable_lcs=true --feature float_ms_ssim
          --feature psnr_hvs --feature ciede --feature cambi=full_ref=true)
debug=(--feature adm=debug=true --feature vif=debug=true --feature motion=debug=true:motion_blend_factor=0.5
       --feature float_adm=debug=true --feature float_vif=debug=true --feature float_motion=debug=true
       --feature adm=adm_csf_mode=1:adm_enhn_gain_limit=1.2
       --feature motion=motion_five_frame_window=true:motion_moving_average=true
       --feature float_motion=motion_add_uv=true)
runs=(
  "default|-m version=vmaf_v0.6.1 ${features[*]}"
  "debug|-n ${debug[*]} --threads 2"
  "neg-4k|-m version=vmaf_v0.6.1neg:name=neg -m version=vmaf_4k_v0.6.1:name=4k --threads 3"
  "bootstrap|-m version=vmaf_b_v0.6.3 --subsample 2"
  "float|-m version=vmaf_float_v0.6.1:name=float -m version=vmaf_float_b_v0.6.3:name=float_b --threads 2"
)
formats=(--xml --json --csv --sub)
for x in "${extractors[@]}"; do runs+=("feature-$x|-n --feature $x|--json"); done
for m in "${models[@]}"; do runs+=("model-$(basename "$m" .json)|-m path=$m|--json"); done

# The one line that may differ: the measured speed (XML <fyi fps>, JSON "fps").
timing='s/<fyi fps="[0-9.]+" \/>/<fyi fps="" \/>/; s/^  "fps": [0-9.]+,$/  "fps": ,/'
status=0
for ref in "$clips"/*_ref.y4m; do
    name=$(basename "$ref" _ref.y4m)
    dis=$clips/${name}_dis.y4m
    for run in "${runs[@]}"; do
        # LABEL|ARGS[|FORMATS]: the runs above in every format.
        IFS='|' read -r label args run_formats <<<"$run"
        # shellcheck disable=SC2206
        fmts=(${run_formats:-${formats[*]}})
        for fmt in "${fmts[@]}"; do
            for side in old new; do
                bin=${!side}
                # shellcheck disable=SC2086
                "$bin" -q -r "$ref" -d "$dis" $args "$fmt" -o "$work/$side.out" \
                    >"$work/$side.log" 2>&1
                echo $? >"$work/$side.rc"
            done
            if ! cmp -s "$work/old.rc" "$work/new.rc"; then
                echo "DIFF  $name $label $fmt: exit $(cat "$work/old.rc") vs $(cat "$work/new.rc")"
                status=1
            elif [[ $(cat "$work/new.rc") != 0 ]]; then
                # Both refused (a picture too small for a feature): the
                # messages must be the same too.
                if cmp -s "$work/old.log" "$work/new.log"; then
                    echo "same  $name $label $fmt (both exit $(cat "$work/new.rc"), same message)"
                else
                    echo "DIFF  $name $label $fmt: messages differ"
                    status=1
                fi
            elif ! cmp -s <(sed -E "$timing" "$work/old.out") <(sed -E "$timing" "$work/new.out"); then
                echo "DIFF  $name $label $fmt"
                status=1
            else
                echo "same  $name $label $fmt ($(wc -c <"$work/new.out") bytes)"
            fi
        done
    done
done
exit $status
