#!/usr/bin/env bash
# The HIP GPU suite, in two steps on two machines.
#
#   scripts/hip_suite.sh build [BUILD_DIR]
#       On any machine with nvcc (no GPU needed): builds the NVIDIA platform
#       into BUILD_DIR (default build-hip-nvidia) and packs what the GPU
#       machine needs into BUILD_DIR/suite: bin/ (vmaf, the HIP tests, xz),
#       lib/ (the shared libraries a bare machine may lack), lib-cxx/ (the
#       C++ runtime, used only where the machine's own does not load ours)
#       and clips/ (the clips the suite uses, when ../shared/clips is there).
#
#   scripts/hip_suite.sh run [BUILD_DIR] [CLIPS_DIR]
#       On the GPU machine, from the repository root, with BUILD_DIR/suite
#       carried over: runs every HIP test and a CLI smoke run (psnr, --backend
#       hip against --backend cpu, outputs compared byte for byte) and prints
#       a table. Clips (NAME_ref.y4m.xz, NAME_dis.y4m.xz) come from CLIPS_DIR,
#       else $VMAF_HIP_CLIPS, else BUILD_DIR/suite/clips, else ../shared/clips.
#       Logs go to $OUT when set, else BUILD_DIR/suite/out. Exits non-zero
#       when a test fails, the outputs differ or no GPU is usable.
#
# Environment: VMAF_NVIDIA_ARCH (build; default sm_90), VMAF_GPU (run; the
# GPU index, default 0).
set -euo pipefail

CLIPS=(vtest_576x324_420p8 box_960x540_420p8 tree_640x360_420p10 box_352x288_444p8
       vtest_481x271_420p8 cup_320x240_420p8_identical flat_64x64_420p8)
TESTS=(test_hip_runtime test_hip_psnr_parity)

usage() {
    sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

# Shared libraries of the given binaries that are not part of the C library
# itself (which must come from the machine that runs them).
bundle_libs() {
    ldd "$@" | awk '/=> \// { print $3 }' | sort -u |
        grep -Ev '/(libc|libm|libdl|librt|libpthread|libresolv|ld-linux[^/]*)\.so' || true
}

build() {
    local build=$1 suite=$1/suite
    if [[ -f $build/build.ninja ]]; then
        meson configure "$build" -Denable_hip=enabled -Dhip_platform=nvidia \
            -Dnvidia_arch="${VMAF_NVIDIA_ARCH:-sm_90}"
    else
        meson setup "$build" -Denable_hip=enabled -Dhip_platform=nvidia \
            -Dnvidia_arch="${VMAF_NVIDIA_ARCH:-sm_90}" -Denable_bench=false
    fi
    ninja -C "$build" -j1 core/tools/vmaf "${TESTS[@]/#/test/hip/}"

    rm -rf "$suite"
    mkdir -p "$suite/bin" "$suite/lib" "$suite/lib-cxx" "$suite/clips"
    cp "$build/core/tools/vmaf" "$suite/bin/"
    for t in "${TESTS[@]}"; do cp "$build/test/hip/$t" "$suite/bin/"; done
    cp "$(command -v xz)" "$suite/bin/"
    bundle_libs "$suite"/bin/* | while read -r lib; do
        case $(basename "$lib") in
        libstdc++.so* | libgcc_s.so*) cp -L "$lib" "$suite/lib-cxx/" ;;
        *) cp -L "$lib" "$suite/lib/" ;;
        esac
    done

    local shared_clips=../shared/clips
    if [[ -d $shared_clips ]]; then
        for c in "${CLIPS[@]}"; do cp "$shared_clips/${c}"_{ref,dis}.y4m.xz "$suite/clips/"; done
    fi
    echo "packed $(du -sh "$suite" | cut -f1) into $suite; carry it and run:"
    echo "  scripts/hip_suite.sh run $build"
}

# gtest's summary lines of one log: passed skipped failed.
gtest_counts() {
    local log=$1 passed skipped failed
    passed=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    skipped=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    failed=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    echo "${passed:-0} ${skipped:-0} ${failed:-0}"
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

run() {
    local build=$1 suite=$1/suite clips=${2:-${VMAF_HIP_CLIPS:-}}
    [[ -d $suite/bin ]] || { echo "hip_suite: $suite/bin is missing: run 'scripts/hip_suite.sh build' and carry $suite" >&2; exit 2; }
    if [[ -z $clips ]]; then
        if compgen -G "$suite/clips/*.y4m.xz" >/dev/null; then clips=$suite/clips; else clips=../shared/clips; fi
    fi
    [[ -d $clips ]] || { echo "hip_suite: clips folder '$clips' is missing (pass it as CLIPS_DIR or VMAF_HIP_CLIPS)" >&2; exit 2; }
    clips=$(cd "$clips" && pwd)
    suite=$(cd "$suite" && pwd)

    local out=${OUT:-$suite/out}
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # The tests read <shared>/clips and decompress into VMAF_TEST_WORK_DIR.
    mkdir -p "$work/shared" "$work/clips"
    ln -s "$clips" "$work/shared/clips"
    export VMAF_TEST_SHARED_DIR=$work/shared VMAF_TEST_WORK_DIR=$work/clips
    export LD_LIBRARY_PATH=$suite/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    # The machine's C++ runtime when it is recent enough (ours needs the
    # build machine's glibc), else the one built against.
    if ! "$suite/bin/vmaf" --version >/dev/null 2>&1; then
        export LD_LIBRARY_PATH=$suite/lib-cxx:$LD_LIBRARY_PATH
        "$suite/bin/vmaf" --version >/dev/null ||
            { echo "hip_suite: vmaf does not start on this machine (see the loader's message above)" >&2; exit 2; }
    fi
    export PATH=$suite/bin:$PATH
    local gpu=${VMAF_GPU:-0}

    {
        echo "== device"
        nvidia-smi -L 2>&1 || echo "nvidia-smi: not available"
        echo "== clips from $clips"
    } | tee "$out/device.txt"

    local status=0 rows=()
    for t in "${TESTS[@]}"; do
        local rc=0
        "$suite/bin/$t" --gtest_output="xml:$out/$t.xml" >"$out/$t.log" 2>&1 || rc=$?
        read -r passed skipped failed < <(gtest_counts "$out/$t.log")
        local verdict=ok
        if ((rc != 0 || failed > 0)); then verdict=FAIL; status=1; fi
        rows+=("$(printf '%-24s %6s %7s %6s  %s' "$t" "$passed" "$skipped" "$failed" "$verdict")")
    done
    if grep -q 'vmaf_hip_available() is false' "$out/test_hip_psnr_parity.log"; then
        echo "hip_suite: no usable GPU: the GPU tests skipped (see $out/test_hip_psnr_parity.log)" >&2
        status=1
    fi

    local smoke=()
    for c in "${CLIPS[@]}"; do
        [[ -f $clips/${c}_ref.y4m.xz ]] || { smoke+=("$(printf '%-28s %s' "$c" "clip missing")"); status=1; continue; }
        for side in ref dis; do
            [[ -f $work/clips/${c}_$side.y4m ]] || xz -dc "$clips/${c}_$side.y4m.xz" >"$work/clips/${c}_$side.y4m"
        done
        local times=() rc_all=0
        for backend in cpu hip; do
            local t0 t1 rc=0
            t0=$(now)
            "$suite/bin/vmaf" -r "$work/clips/${c}_ref.y4m" -d "$work/clips/${c}_dis.y4m" -n -q \
                --feature psnr=enable_mse=true:enable_apsnr=true --backend "$backend" --gpu "$gpu" \
                --json -o "$out/cli_${c}_$backend.json" >"$out/cli_${c}_$backend.log" 2>&1 || rc=$?
            t1=$(now)
            times+=("$(elapsed "$t0" "$t1")")
            ((rc == 0)) || rc_all=$rc
        done
        local verdict=identical
        if ((rc_all != 0)); then
            verdict="vmaf failed (exit $rc_all, see cli_${c}_*.log)"
        elif ! cmp -s <(grep -v '"fps"' "$out/cli_${c}_cpu.json") <(grep -v '"fps"' "$out/cli_${c}_hip.json"); then
            verdict="DIFFERENT (cli_${c}_{cpu,hip}.json)"
        fi
        [[ $verdict == identical ]] || status=1
        local frames
        frames=$(grep -s -c '"frameNum"' "$out/cli_${c}_cpu.json" || true)
        smoke+=("$(printf '%-28s %6s %8s %8s  %s' "$c" "${frames:-0}" "${times[0]}" "${times[1]}" "$verdict")")
    done

    # A GPU index that does not exist must fail cleanly.
    local bad=ok c=${CLIPS[0]}
    if "$suite/bin/vmaf" -r "$work/clips/${c}_ref.y4m" -d "$work/clips/${c}_dis.y4m" -n -q \
        --feature psnr --backend hip --gpu 999 >"$out/cli_bad_gpu.log" 2>&1; then
        bad="FAIL (exit 0)"
        status=1
    elif ! grep -Eq 'out of range|no usable GPU' "$out/cli_bad_gpu.log"; then
        bad="FAIL (no clear message, see cli_bad_gpu.log)"
        status=1
    fi

    {
        echo
        echo "== HIP tests"
        printf '%-24s %6s %7s %6s  %s\n' test passed skipped failed verdict
        printf '%s\n' "${rows[@]}"
        echo
        echo "== CLI smoke: --feature psnr (mse, apsnr), --backend cpu vs hip (GPU $gpu)"
        printf '%-28s %6s %8s %8s  %s\n' clip frames "cpu s" "hip s" outputs
        printf '%s\n' "${smoke[@]}"
        echo "--gpu 999: $bad"
        echo
        echo "logs: $out"
        ((status == 0)) && echo "RESULT: PASS" || echo "RESULT: FAIL"
    } | tee "$out/summary.txt"
    return "$status"
}

case ${1:-} in
build) build "${2:-build-hip-nvidia}" ;;
run) run "${2:-build-hip-nvidia}" "${3:-}" ;;
*) usage ;;
esac
