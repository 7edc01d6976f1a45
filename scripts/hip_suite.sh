#!/usr/bin/env bash
# The HIP GPU suite, in two steps on two machines.
#
#   scripts/hip_suite.sh build [BUILD_DIR]
#       On any machine with nvcc (no GPU needed): builds the NVIDIA platform
#       into BUILD_DIR (default build-hip-nvidia) and packs what the GPU
#       machine needs into BUILD_DIR/suite: programs.tar.xz (bin/: vmaf, the
#       HIP tests, xz; module/: the HIP backend; a sixth of their size, for
#       the carry's limit; unpacked by the other commands), xz, lib/ (the
#       shared libraries a bare machine may lack), lib-cxx/ (the C++
#       runtime, used only where the machine's own does not load ours),
#       clips/ (the clips the suite uses, when ../shared/clips is there),
#       hwdec/ (encodes of a clip in every codec GPUs decode, when ffmpeg is
#       there), golden/ and the test scripts.
#
#   scripts/hip_suite.sh run [BUILD_DIR] [CLIPS_DIR]
#       On the GPU machine, from the repository root, with BUILD_DIR/suite
#       carried over: runs every HIP test, test_cli.py (and test_batch.py,
#       test_align.py, test_kill.py, test_dask.py's killed workers with
#       --backend hip), a CLI smoke run
#       (every twinned feature, then every shipped model alone, on every
#       clip, with --backend hip against --backend cpu: outputs identical,
#       SSIM, CIEDE and CAMBI values within 1e-6) and the kernel time per frame of each twin
#       at 1920x1080 (VMAF_HIP_PROFILE), and prints a table. Clips (NAME_ref.y4m.xz, NAME_dis.y4m.xz) come from CLIPS_DIR,
#       else $VMAF_HIP_CLIPS, else BUILD_DIR/suite/clips, else ../shared/clips.
#       Logs go to $OUT when set, else BUILD_DIR/suite/out. Exits non-zero
#       when a test fails, the outputs differ or no GPU is usable.
#       VMAF_SUITE_PARTS runs only the parts it lists (of tests, cli, batch,
#       kill, dask, align, hwdec, absent, chunks, ladder, smoke, profile,
#       badgpu), for calls that a device's time limit cuts; VMAF_SUITE_TESTS
#       picks HIP test programs by name; VMAF_SUITE_DASK_KILLS sets how many
#       Dask workers part dask kills (50).
#
#   scripts/hip_suite.sh serve [BUILD_DIR] REF DIS [ARGS...]
#       On the GPU machine: bench/serve_latency.py with the packed vmaf
#       (calls through vmaf --serve against calls alone; docs/serve.md).
#
#   scripts/hip_suite.sh soak [BUILD_DIR] pair|batch [ARGS...]
#       On the GPU machine: bench/soak.py with the packed vmaf (memory,
#       threads and open files over a long run; docs/reliability.md).
#
#   scripts/hip_suite.sh bench [BUILD_DIR] [ARGS...]
#       On the GPU machine: the throughput table of bench/gpu_throughput.py
#       (end to end and library level, HIP and CPU backends; ARGS go to it,
#       e.g. --netflix PATH for the Netflix CUDA CLI beside ours, --model
#       NAME, --feature SPEC --key KEY). The library rows need a build with
#       -Denable_bench=true, which packs bench_throughput.
#
#   scripts/hip_suite.sh sanitize [BUILD_DIR]
#       On the GPU machine: every HIP test under compute-sanitizer's
#       memcheck and racecheck; exits non-zero on any finding.
#       VMAF_SANITIZE_TESTS, VMAF_SANITIZE_FILTER and VMAF_SANITIZE_TIMEOUT
#       pick programs, cases and the time each run may take.
#
#   scripts/hip_suite.sh decode [BUILD_DIR] ENCODES_DIR [ARGS...]
#       On the GPU machine: bench/decode_throughput.py, the fps of scoring
#       1080p and 2160p encodes decoded on the CPU and by NVDEC (frames read
#       in place), one pair and a batch, beside the Y4M pair (ARGS go to
#       it). The encodes
#       are made beforehand with `bench/decode_throughput.py --make-encodes
#       DIR`, on a machine with ffmpeg, and carried.
#
#   scripts/hip_suite.sh dropin [BUILD_DIR] DROPIN_DIR
#       On the GPU machine: scripts/ffmpeg_dropin_gpu.sh run with the
#       suite's programs, DROPIN_DIR made beforehand by
#       `scripts/ffmpeg_dropin.sh gpu build` and carried.
#
# Environment: VMAF_NVIDIA_ARCH (build; default sm_90), VMAF_GPU (run; the
# GPU index, default 0), VMAF_LIBAV_DIR (build: a folder of libav* shared
# libraries of the same ABI to pack instead of the system's, whose codec
# dependencies are too large to carry; see docs/containers.md; without it,
# test_cli.py checks that container input names the missing library, and
# test_hwdec.py is not run).
set -euo pipefail

CLIPS=(vtest_576x324_420p8 box_960x540_420p8 tree_640x360_420p10 box_352x288_444p8
       vtest_481x271_420p8 cup_320x240_420p8_identical flat_64x64_420p8)
# Every extractor of the metric list, each timed through its twin.
read -r -a TWINS <<<"$(sed -e 's/#.*//' -e '/:/!d' -e 's/^[^:]*://' \
    "$(dirname "$0")/../core/src/metrics.txt" | tr '\n' ' ')"
# Every shipped model, each compared on every clip.
MODELS=(vmaf_v0.6.1 vmaf_v0.6.1neg vmaf_4k_v0.6.1 vmaf_4k_v0.6.1neg vmaf_b_v0.6.3
        vmaf_float_v0.6.1 vmaf_float_v0.6.1neg vmaf_float_4k_v0.6.1 vmaf_float_b_v0.6.3)
# VMAF v1, on every clip whose planes are large enough for SpEED at some v1
# setting.
V1_MODELS=(vmaf_v1.0.16_3d0h vmaf_v1.0.16_5d0h vmaf_v1.0.16_1d5h_2160 vmaf_v1.0.16_3d0h_2160
           vmaf_v1.0.16_hfr_3d0h vmaf_v1.0.16_hfr_5d0h vmaf_v1.0.16_hfr_1d5h_2160
           vmaf_v1.0.16_hfr_3d0h_2160)

usage() {
    sed -n '2,/^set -euo pipefail$/{/^set /d;p;}' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

# Shared libraries of the given binaries that are not part of the C library
# itself (which must come from the machine that runs them).
# FFmpeg's libraries are loaded on use (ADR 0030), so ldd does not list
# them: those of VMAF_LIBAV_DIR are packed with what they need.
bundle_libs() {
    local libav=() lib
    if [[ -n ${VMAF_LIBAV_DIR:-} ]]; then
        # By soname (libavformat.so.59), the name the loader asks for.
        for lib in "$VMAF_LIBAV_DIR"/lib{avformat,avcodec,avutil,swscale}.so.*; do
            [[ $lib =~ \.so\.[0-9]+$ ]] && libav+=("$lib")
        done
    fi
    {
        LD_LIBRARY_PATH=${VMAF_LIBAV_DIR:-}${VMAF_LIBAV_DIR:+:}${LD_LIBRARY_PATH:-} ldd "$@" "${libav[@]}" |
            awk '/=> \// { print $3 }'
        for lib in "${libav[@]}"; do echo "$lib"; done
    } | sort -u | grep -Ev '/(libc|libm|libdl|librt|libpthread|libresolv|ld-linux[^/]*)\.so' || true
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
    local bench=()
    [[ $(meson introspect --buildoptions "$build" | python3 -c 'import json, sys; print([o["value"] for o in json.load(sys.stdin) if o["name"] == "enable_bench"][0])') == True ]] &&
        bench=(bench/bench_throughput)
    local version
    version=$(meson introspect --projectinfo "$build" | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
    # Every HIP test program the build defines (test/hip/<folder>/meson.build),
    # from the build files regenerated first where meson.build changed.
    ninja -C "$build" build.ninja >/dev/null
    local tests
    read -r -a tests <<<"$(meson introspect --targets "$build" | python3 -c '
import json, os, sys
root = sys.argv[1]
print(" ".join(os.path.relpath(t["filename"][0], root) for t in json.load(sys.stdin)
               if t["type"] == "executable" and t["name"].startswith("test_hip_")))' "$(cd "$build" && pwd)")"
    # The Python package (part dask), where the build has it.
    local python=()
    read -r -a python <<<"$(meson introspect --targets "$build" | python3 -c '
import json, os, sys
root = sys.argv[1]
print(" ".join(os.path.relpath(t["filename"][0], root) for t in json.load(sys.stdin)
               if t["name"].startswith("_vmaf_hip.") or t["name"] == "vmaf_hip_init"))' "$(cd "$build" && pwd)")"
    ninja -C "$build" -j1 core/tools/vmaf core/src/hip/module/hip_backend.so "core/libvmaf.so.$version" \
        "${tests[@]}" "${bench[@]}" "${python[@]}"

    rm -rf "$suite"
    mkdir -p "$suite/bin" "$suite/lib" "$suite/lib-cxx" "$suite/clips" "$suite/module" "$suite/support"
    cp "$build/core/tools/vmaf" "$suite/bin/"
    # The backend the library loads at run time (ADR 0016); suite_env points
    # VMAF_HIP_MODULE at it. libvmaf.so only for test_runtime_absent.py.
    cp "$build/core/src/hip/module/hip_backend.so" "$suite/module/"
    cp "$build/core/libvmaf.so.$version" "$suite/module/libvmaf.so"
    for b in "${bench[@]}"; do cp "$build/$b" "$suite/bin/"; done
    cp bench/gpu_throughput.py bench/gpu_startup.py bench/ladder_throughput.py bench/batch_throughput.py bench/decode_throughput.py bench/timed_run.py bench/soak.py bench/serve_latency.py \
        bench/make_clips.py "$suite/"
    for t in "${tests[@]}"; do cp "$build/$t" "$suite/bin/"; done
    cp "$(command -v xz)" "$suite/bin/"
    cp "$(command -v xz)" "$suite/"
    # Whether this vmaf reads containers (FFmpeg's libraries, loaded on use):
    # without VMAF_LIBAV_DIR none are packed, and test_cli.py then expects the
    # message that names the missing library, not "built without".
    if grep -q -- -DVMAF_HAVE_LIBAV "$build/compile_commands.json"; then
        echo built >"$suite/libav"
    fi
    mkdir -p "$suite/tools" "$suite/support"
    cp test/tools/test_cli.py test/tools/test_batch.py test/tools/test_kill.py test/tools/test_align.py \
        "$suite/tools/"
    cp test/support/clip_files.py test/support/y4m_files.py "$suite/support/"
    # As in the tree: the scripts find ../support/clip_files.py and y4m_files.py.
    mkdir -p "$suite/hip"
    cp test/hip/test_runtime_absent.py "$suite/hip/"
    cp test/tools/test_hwdec.py "$suite/tools/"
    # Dask workers killed on the GPU (part dask): the package as the build
    # tree holds it, for the python3 version it was built for.
    local packed_python=()
    if ((${#python[@]} > 0)); then
        mkdir -p "$suite/python/vmaf_hip"
        cp "$build"/python/vmaf_hip/__init__.py "$build"/python/vmaf_hip/_vmaf_hip.*.so python/vmaf_hip/dask.py \
            "$suite/python/vmaf_hip/"
        cp test/python/test_dask.py test/python/harness.py "$suite/python/"
        packed_python=("$suite"/python/vmaf_hip/_vmaf_hip.*.so)
    fi
    bundle_libs "$suite"/bin/* "$suite"/module/* "${packed_python[@]}" | while read -r lib; do
        case $(basename "$lib") in
        libstdc++.so* | libgcc_s.so*) cp -L "$lib" "$suite/lib-cxx/" ;;
        *) cp -L "$lib" "$suite/lib/" ;;
        esac
    done

    local shared_clips=../shared/clips
    if [[ -d $shared_clips ]]; then
        for c in "${CLIPS[@]}"; do cp "$shared_clips/${c}"_{ref,dis}.y4m.xz "$suite/clips/"; done
        cp "$shared_clips/MANIFEST.tsv" "$suite/clips/"
    fi
    # test_cli.py compares one clip's output with its golden file.
    mkdir -p "$suite/golden/vtest_576x324_420p8"
    cp ../shared/golden/vtest_576x324_420p8/main.json "$suite/golden/vtest_576x324_420p8/"
    # Hardware decoding's encodes (test_hwdec.py), made where ffmpeg is.
    if command -v ffmpeg >/dev/null && [[ -d $shared_clips ]]; then
        python3 test/tools/test_hwdec.py --make "$suite/hwdec" "$(command -v ffmpeg)" ../shared
        rm -rf "$suite/hwdec/clips"
    fi
    tar -C "$suite" -cf - bin module | xz -T2 -3 >"$suite/programs.tar.xz"
    rm -rf "${suite:?}/bin" "${suite:?}/module"
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

# FRAMES frames of 8-bit 4:2:0 noise, W x H, as a Y4M file.
noise_y4m() {
    local w=$1 h=$2 frames=$3 file=$4 i
    {
        printf 'YUV4MPEG2 W%s H%s F25:1 Ip A1:1 C420jpeg\n' "$w" "$h"
        for ((i = 0; i < frames; i++)); do
            printf 'FRAME\n'
            head -c $((w * h * 3 / 2)) /dev/urandom
        done
    } >"$file"
}

# "identical" when two JSON reports differ only by SSIM and CIEDE values
# within 1e-6 (float features whose twins may round differently) and the
# fps; else what differs.
compare_json() {
    python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
worst, bad = 0.0, []
def walk(x, y, path):
    global worst
    if isinstance(x, dict):
        if set(x) != set(y): bad.append(path + ": keys differ"); return
        for k in x:
            if k != "fps": walk(x[k], y[k], path + "/" + k)
    elif isinstance(x, list):
        if len(x) != len(y): bad.append(path + ": lengths differ"); return
        for i, (u, v) in enumerate(zip(x, y)): walk(u, v, path + "/" + str(i))
    elif x != y:
        if any(k in path for k in ("ssim", "ciede", "cambi")) and isinstance(x, (int, float)) \
                and isinstance(y, (int, float)) \
                and abs(x - y) <= 1e-6:
            worst = max(worst, abs(x - y))
        else:
            bad.append(f"{path}: {x} vs {y}")
walk(a, b, "")
print(f"DIFFERENT ({bad[0]})" if bad else f"identical (SSIM, CIEDE, CAMBI within {worst:.1g})")
PY
}
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# bin/ and module/ from programs.tar.xz, once.
unpack_programs() {
    local suite=$1
    [[ -d $suite/bin ]] && return
    [[ -f $suite/programs.tar.xz ]] || { echo "hip_suite: $suite/programs.tar.xz is missing: run 'scripts/hip_suite.sh build' and carry $suite" >&2; exit 2; }
    LD_LIBRARY_PATH=$suite/lib "$suite/xz" -dc "$suite/programs.tar.xz" | tar -C "$suite" -x
}

# FFmpeg's two filters on the GPU against the CLI, beside Netflix's
# libvmaf_cuda (scripts/ffmpeg_dropin_gpu.sh run), with the suite's programs.
dropin() {
    local suite
    suite=$(cd "$1/suite" && pwd)
    suite_env "$suite"
    "$(dirname "$0")/ffmpeg_dropin_gpu.sh" run "$2" "$suite"
}

# The packed libraries on the loader's path, the suite's programs on PATH.
suite_env() {
    local suite=$1
    unpack_programs "$suite"
    export LD_LIBRARY_PATH=$suite/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    # The machine's C++ runtime when it is recent enough (ours needs the
    # build machine's glibc), else the one built against.
    if ! "$suite/bin/vmaf" --version >/dev/null 2>&1; then
        export LD_LIBRARY_PATH=$suite/lib-cxx:$LD_LIBRARY_PATH
        "$suite/bin/vmaf" --version >/dev/null ||
            { echo "hip_suite: vmaf does not start on this machine (see the loader's message above)" >&2; exit 2; }
    fi
    export PATH=$suite/bin:$PATH
    export VMAF_HIP_MODULE=$suite/module/hip_backend.so
}

# The throughput table (bench/gpu_throughput.py) with the packed programs.
bench() {
    local suite
    suite=$(cd "$1/suite" && pwd)
    shift
    # Without bench_throughput (-Denable_bench=true) the table lacks the
    # library rows and the copy time.
    local bench=()
    [[ -x $suite/bin/bench_throughput ]] && bench=(--bench "$suite/bin/bench_throughput")
    suite_env "$suite"
    python3 "$suite/gpu_throughput.py" --vmaf "$suite/bin/vmaf" "${bench[@]}" \
        --clips "$suite/clips" "$@"
}

# Decode fps of container encodes beside scoring fps (docs/containers.md).
decode() {
    local suite
    suite=$(cd "$1/suite" && pwd)
    local encodes=$2
    shift 2
    suite_env "$suite"
    python3 "$suite/decode_throughput.py" --vmaf "$suite/bin/vmaf" \
        --clips "$suite/clips" --encodes "$encodes" "$@"
}

# Whether list $1 (names apart by spaces or commas; empty: every name)
# holds name $2.
listed() {
    [[ -z $1 || " ${1//,/ } " == *" $2 "* ]]
}

# Whether VMAF_SUITE_PARTS names this part of run.
part() { listed "${VMAF_SUITE_PARTS:-}" "$1"; }

# A long run of bench/soak.py with the packed programs.
soak() {
    local suite
    suite=$(cd "$1/suite" && pwd)
    shift
    suite_env "$suite"
    python3 "$suite/soak.py" "$1" "$suite/bin/vmaf" "${@:2}"
}

# bench/serve_latency.py with the packed vmaf: calls through vmaf --serve
# against the same calls run alone.
serve_bench() {
    local suite
    suite=$(cd "$1/suite" && pwd)
    shift
    suite_env "$suite"
    python3 "$suite/serve_latency.py" "$suite/bin/vmaf" "$@"
}

# The HIP test programs packed into a suite, by name.
suite_tests() {
    local t
    for t in "$1"/bin/test_hip_*; do basename "$t"; done
}

# Every HIP test under compute-sanitizer's memcheck and racecheck.
sanitize() {
    local suite status=0 tool t rc log
    suite=$(cd "$1/suite" && pwd)
    local out=${OUT:-$suite/out}
    mkdir -p "$out"
    suite_env "$suite"
    local work
    work=$(mktemp -d)
    mkdir -p "$work/shared" "$work/clips"
    ln -s "$suite/clips" "$work/shared/clips"
    [[ -d $suite/golden ]] && ln -s "$suite/golden" "$work/shared/golden"
    export VMAF_TEST_SHARED_DIR=$work/shared VMAF_TEST_WORK_DIR=$work/clips
    echo "== compute-sanitizer: tool, test, exit status, summary"
    # Test by test, both tools, so that a slow one leaves the others done;
    # each run is cut at VMAF_SANITIZE_TIMEOUT seconds (default 300).
    # VMAF_SANITIZE_TESTS picks programs (default: every HIP test),
    # VMAF_SANITIZE_FILTER their cases (a --gtest_filter).
    local tests filter=()
    read -r -a tests <<<"${VMAF_SANITIZE_TESTS:-$(suite_tests "$suite" | tr '\n' ' ')}"
    [[ -n ${VMAF_SANITIZE_FILTER:-} ]] && filter=(--gtest_filter="$VMAF_SANITIZE_FILTER")
    for t in "${tests[@]}"; do
        for tool in memcheck racecheck; do
            log=$out/sanitize_${tool}_$t.log
            rc=0
            # API errors are not reported: tests provoke some on purpose (an
            # allocation of 2^60 bytes must fail with -ENOMEM), and every HIP
            # call's status is checked by the code and its tests.
            timeout "${VMAF_SANITIZE_TIMEOUT:-300}" compute-sanitizer --tool "$tool" \
                --report-api-errors no --error-exitcode 99 "$suite/bin/$t" "${filter[@]}" \
                >"$log" 2>&1 || rc=$?
            ((rc == 0)) || status=1
            printf '%-10s %-24s %3s  %s  %s\n' "$tool" "$t" "$rc" \
                "$(grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' "$log" | tail -1)" \
                "$(grep -h '^\[  PASSED  \]\|^\[  FAILED  \]' "$log" | tail -1)"
        done
    done
    rm -rf "$work"
    ((status == 0)) && echo "SANITIZE: CLEAN" || echo "SANITIZE: FINDINGS (see $out/sanitize_*.log)"
    return "$status"
}

run() {
    local build=$1 suite=$1/suite clips=${2:-${VMAF_HIP_CLIPS:-}}
    unpack_programs "$suite"
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
    [[ -d $suite/golden ]] && ln -s "$suite/golden" "$work/shared/golden"
    export VMAF_TEST_SHARED_DIR=$work/shared VMAF_TEST_WORK_DIR=$work/clips
    suite_env "$suite"
    local gpu=${VMAF_GPU:-0}

    {
        echo "== device"
        nvidia-smi -L 2>&1 || echo "nvidia-smi: not available"
        echo "== clips from $clips"
    } | tee "$out/device.txt"

    local status=0 rows=() tests=()
    part tests && read -r -a tests <<<"$(suite_tests "$suite" | tr '\n' ' ')"
    for t in "${tests[@]}"; do
        listed "${VMAF_SUITE_TESTS:-}" "$t" || continue
        local rc=0
        "$suite/bin/$t" --gtest_output="xml:$out/$t.xml" >"$out/$t.log" 2>&1 || rc=$?
        read -r passed skipped failed < <(gtest_counts "$out/$t.log")
        local verdict=ok
        if ((rc != 0 || failed > 0)); then verdict=FAIL; status=1; fi
        rows+=("$(printf '%-24s %6s %7s %6s  %s' "$t" "$passed" "$skipped" "$failed" "$verdict")")
    done
    local cli_tests="not run (VMAF_SUITE_PARTS)"
    part cli && cli_tests=missing
    if part cli && [[ -f $suite/tools/test_cli.py && -d $work/shared/golden ]]; then
        # Whether the suite reads containers and converts depths: FFmpeg's
        # libraries, loaded on use, packed from VMAF_LIBAV_DIR.
        local libav_mode=no-libav
        [[ -f $suite/libav ]] && libav_mode=libav-unloadable
        compgen -G "$suite/lib/libavformat.so.*" >/dev/null && libav_mode=libav
        if python3 "$suite/tools/test_cli.py" "$suite/bin/vmaf" "$work/shared" "$libav_mode" >"$out/test_cli.log" 2>&1; then
            cli_tests="ok ($(tail -1 "$out/test_cli.log"))"
        else
            cli_tests="FAIL ($(tail -1 "$out/test_cli.log"), see test_cli.log)"
            status=1
        fi
    fi
    # Batch mode on the GPU: every report as the single GPU run's, resume
    # after a kill (test/tools/test_batch.py with --backend hip).
    local batch_tests="not run (VMAF_SUITE_PARTS)"
    part batch && batch_tests=missing
    if part batch && [[ -f $suite/tools/test_batch.py ]]; then
        if VMAF_BATCH_ARGS="--backend hip --gpu $gpu" python3 "$suite/tools/test_batch.py" \
            "$suite/bin/vmaf" "$work/shared" "$work/clips" >"$out/test_batch.log" 2>&1; then
            batch_tests="ok ($(tail -1 "$out/test_batch.log"))"
        else
            batch_tests="FAIL ($(tail -1 "$out/test_batch.log"), see test_batch.log)"
            status=1
        fi
    fi
    # --align auto searched on the GPU (test/tools/test_align.py with
    # --backend hip; the GPU machine has no ffmpeg to make its two encodes).
    local align_tests="not run (VMAF_SUITE_PARTS)"
    part align && align_tests=missing
    if part align && [[ -f $suite/tools/test_align.py ]]; then
        if VMAF_ALIGN_ARGS="--backend hip --gpu $gpu" python3 "$suite/tools/test_align.py" \
            "$suite/bin/vmaf" "$work/shared" "$work/clips" none no-libav >"$out/test_align.log" 2>&1; then
            align_tests="ok ($(tail -1 "$out/test_align.log"))"
        else
            align_tests="FAIL ($(tail -1 "$out/test_align.log"), see test_align.log)"
            status=1
        fi
    fi
    # The CLI killed at random moments on the GPU: no output's name ever
    # holds part of a report (test/tools/test_kill.py with --backend hip).
    local kill_tests="not run (VMAF_SUITE_PARTS)"
    part kill && kill_tests=missing
    if part kill && [[ -f $suite/tools/test_kill.py ]]; then
        if VMAF_KILL_ARGS="--backend hip --gpu $gpu" python3 "$suite/tools/test_kill.py" \
            "$suite/bin/vmaf" "$work/shared" >"$out/test_kill.log" 2>&1; then
            kill_tests="ok ($(tail -1 "$out/test_kill.log"))"
        else
            kill_tests="FAIL ($(tail -1 "$out/test_kill.log"), see test_kill.log)"
            status=1
        fi
    fi
    # Dask workers killed mid-pair on the GPU, fifty by default
    # (test/python/test_dask.py with VMAF_TEST_DASK_BACKEND=hip): every pair
    # reported once, every report the CLI's. The machine's python3 needs
    # numpy, pytest and distributed, and the version the package was built for.
    local dask_tests="not run (VMAF_SUITE_PARTS)"
    part dask && dask_tests="missing (a build without the Python package)"
    if part dask && [[ -d $suite/python/vmaf_hip ]]; then
        # The first python3 on PATH may not be the system's: the first of
        # the two that has the modules.
        local lacking="" py
        for py in python3 /usr/bin/python3; do
            lacking=$(PYTHONPATH=$suite/python "$py" -c '
import importlib.util, sys
version = "python3 " + sys.version.split()[0]
lacking = [m for m in ("numpy", "pytest", "distributed") if importlib.util.find_spec(m) is None]
if lacking:
    print(version + " lacks " + ", ".join(lacking))
else:
    try:
        import vmaf_hip
    except Exception as e:
        print(f"vmaf_hip does not load in {version}: {e}")' 2>&1) && [[ -z $lacking ]] && break
        done
        if [[ -n $lacking ]]; then
            dask_tests="FAIL ($lacking)"
            status=1
        elif VMAF_TEST_DASK_KILLS=${VMAF_SUITE_DASK_KILLS:-50} VMAF_TEST_DASK_BACKEND=hip \
            PYTHONPATH=$suite/python VMAF_TEST_VMAF=$suite/bin/vmaf "$py" -m pytest -q \
            -p no:cacheprovider -rs -k killed_workers "$suite/python/test_dask.py" >"$out/test_dask.log" 2>&1; then
            dask_tests="ok ($(tail -1 "$out/test_dask.log"))"
        else
            dask_tests="FAIL ($(tail -1 "$out/test_dask.log"), see test_dask.log)"
            status=1
        fi
    fi
    # Hardware decoding (test/tools/test_hwdec.py): every codec NVDEC takes
    # against the CPU's decoding, on encodes made where the suite was built.
    local hwdec_tests="not run (VMAF_SUITE_PARTS)"
    part hwdec && hwdec_tests=missing
    if part hwdec && [[ -f $suite/tools/test_hwdec.py && -d $suite/hwdec ]] &&
        compgen -G "$suite/lib/libavcodec.so.*" >/dev/null; then
        cp -r "$suite/hwdec" "$work/hwdec"
        if python3 "$suite/tools/test_hwdec.py" "$suite/bin/vmaf" "$work/shared" "$work/hwdec" \
            >"$out/test_hwdec.log" 2>&1; then
            hwdec_tests="ok ($(tail -1 "$out/test_hwdec.log"))"
        else
            hwdec_tests="FAIL ($(tail -1 "$out/test_hwdec.log"), see test_hwdec.log)"
            status=1
        fi
    fi
    # The driver hidden from a copy of the module: --backend cpu still
    # scores, --backend hip names the driver (test/hip/test_runtime_absent.py).
    local runtime_absent="not run (VMAF_SUITE_PARTS)"
    part absent && runtime_absent=missing
    if part absent && [[ -f $suite/hip/test_runtime_absent.py && -d $work/shared/golden ]]; then
        if python3 "$suite/hip/test_runtime_absent.py" "$suite/bin/vmaf" "$suite/module/libvmaf.so" \
            "$VMAF_HIP_MODULE" nvidia "$work/shared" "$work/clips" >"$out/test_runtime_absent.log" 2>&1; then
            runtime_absent="ok ($(tail -1 "$out/test_runtime_absent.log"))"
        else
            runtime_absent="FAIL ($(tail -1 "$out/test_runtime_absent.log"), see test_runtime_absent.log)"
            status=1
        fi
    fi
    # Any test that ran says so where there is no GPU (VMAF_SUITE_TESTS may
    # have picked any of them).
    local no_gpu
    no_gpu=$(grep -l 'vmaf_hip_available() is false' "$out"/test_hip_*.log 2>/dev/null | head -1 || true)
    if [[ -n $no_gpu ]]; then
        echo "hip_suite: no usable GPU: the GPU tests skipped (see $no_gpu)" >&2
        status=1
    fi

    # One row of the CLI smoke: clip, frames, both times and the verdict
    # ("identical ..." when the outputs are). NAME names the logs; the
    # arguments after it are vmaf's.
    smoke_row() {
        local c=$1 name=$2
        shift 2
        local times=() rcs=() rc_all=0 backend
        for backend in cpu hip; do
            local t0 t1 rc=0
            t0=$(now)
            "$suite/bin/vmaf" -r "$work/clips/${c}_ref.y4m" -d "$work/clips/${c}_dis.y4m" -q \
                "$@" --backend "$backend" --gpu "$gpu" \
                --json -o "$out/${name}_$backend.json" >"$out/${name}_$backend.log" 2>&1 || rc=$?
            t1=$(now)
            times+=("$(elapsed "$t0" "$t1")")
            rcs+=("$rc")
            ((rc == 0)) || rc_all=$rc
        done
        local verdict=identical
        if ((rc_all != 0)) && ((${#rcs[@]} == 2 && rcs[0] == rcs[1])) &&
            cmp -s "$out/${name}_cpu.log" <(sed 's/_hip\b//g' "$out/${name}_hip.log"); then
            # Both refuse the input, with the same words but the twin's
            # name (SpEED at sizes it has no block for).
            verdict="identical (both refuse, exit $rc_all)"
        elif ((rc_all != 0)); then
            verdict="vmaf failed (exit $rc_all, see ${name}_*.log)"
        elif ! cmp -s <(grep -v '"fps"' "$out/${name}_cpu.json") <(grep -v '"fps"' "$out/${name}_hip.json"); then
            verdict=$(compare_json "$out/${name}_cpu.json" "$out/${name}_hip.json")
        fi
        local frames
        frames=$(grep -s -c '"frameNum"' "$out/${name}_cpu.json" || true)
        printf '%-28s %6s %8s %8s  %s' "$c" "${frames:-0}" "${times[0]}" "${times[1]}" "$verdict"
    }

    local smoke=() model_smoke=()
    local features=(--feature adm --feature float_ssim --feature psnr=enable_mse=true:enable_apsnr=true
        --feature float_psnr --feature float_moment --feature float_ansnr --feature float_motion
        --feature ciede --feature float_vif --feature float_adm --feature psnr_hvs)
    for c in "${CLIPS[@]}"; do
        [[ -f $clips/${c}_ref.y4m.xz ]] || { smoke+=("$(printf '%-28s %s' "$c" "clip missing")"); status=1; continue; }
        for side in ref dis; do
            [[ -f $work/clips/${c}_$side.y4m ]] || xz -dc "$clips/${c}_$side.y4m.xz" >"$work/clips/${c}_$side.y4m"
        done
        part smoke || continue
        local these=("${features[@]}")
        # float_ms_ssim's five scales need 176x176, cambi a side of 216.
        [[ $c == flat_64x64_* ]] || these+=(--feature float_ms_ssim --feature cambi=full_ref=true)
        smoke+=("$(smoke_row "$c" "cli_$c" -n "${these[@]}")")
        # Each model alone, nothing else.
        local models=("${MODELS[@]}")
        [[ $c == flat_64x64_* ]] || models+=("${V1_MODELS[@]}")
        for m in "${models[@]}"; do
            model_smoke+=("$(smoke_row "$c" "model_${m}_$c" --model "version=$m")")
            model_smoke[-1]="${model_smoke[-1]} ($m)"
        done
    done
    # Frame skips and subsampling: motion's first frame moves, its scores
    # are every other frame's.
    c=${CLIPS[0]}
    if part smoke; then
        model_smoke+=("$(smoke_row "$c" "model_skip_$c" --frame_skip_ref 1 --frame_skip_dist 1 --subsample 2)")
        model_smoke[-1]="${model_smoke[-1]} (--frame_skip_ref/dist 1, --subsample 2)"
        # Pooling beyond the four methods, from either backend's scores.
        model_smoke+=("$(smoke_row "$c" "model_pool_$c" --feature psnr --pool median,p5,p95,below:86)")
        model_smoke[-1]="${model_smoke[-1]} (--pool median,p5,p95,below:86)"
    fi
    for row in "${smoke[@]}" "${model_smoke[@]}"; do
        [[ $row == *" identical"* ]] || status=1
    done

    # Kernel time per frame of each twin at 1080p, on noise (the kernels do
    # the same work whatever the content).
    local frames=24 profile=() twins=()
    part profile && twins=("${TWINS[@]}")
    if ((${#twins[@]})); then
        noise_y4m 1920 1080 "$frames" "$work/noise_ref.y4m"
        noise_y4m 1920 1080 "$frames" "$work/noise_dis.y4m"
    fi
    for f in "${twins[@]}"; do
        local line rc=0
        VMAF_HIP_PROFILE=1 "$suite/bin/vmaf" -r "$work/noise_ref.y4m" -d "$work/noise_dis.y4m" -n -q \
            --feature "$f" --backend hip --gpu "$gpu" -o /dev/null >"$out/profile_$f.log" 2>&1 || rc=$?
        line=$(grep -h "frames, kernels" "$out/profile_$f.log" | head -1 || true)
        ((rc == 0)) && [[ -n $line ]] || { line="FAIL (see profile_$f.log)"; status=1; }
        profile+=("$line")
    done

    # A ladder on the GPU: each rendition's report is its own run's (the
    # clip's distorted, its reference, the distorted again under another
    # name), with the default model and with a v1 model.
    local ladder=() model models=()
    part ladder && models=(vmaf_v0.6.1 vmaf_v1.0.16_3d0h)
    for model in "${models[@]}"; do
        local c=vtest_576x324_420p8 verdict=identical name="ladder_$model" r
        mkdir -p "$out/$name"
        cp "$work/clips/${c}_dis.y4m" "$out/$name/r_copy.y4m"
        local rungs=("$work/clips/${c}_dis.y4m" "$work/clips/${c}_ref.y4m" "$out/$name/r_copy.y4m")
        if ! "$suite/bin/vmaf" -r "$work/clips/${c}_ref.y4m" -d "${rungs[0]}" -d "${rungs[1]}" -d "${rungs[2]}" \
                -q --backend hip --gpu "$gpu" --model "version=$model" --json -o "$out/$name/ladder" >"$out/$name.log" 2>&1; then
            verdict="vmaf failed (see $name.log)"
        else
            for r in "${rungs[@]}"; do
                local stem
                stem=$(basename "$r" .y4m)
                if ! "$suite/bin/vmaf" -r "$work/clips/${c}_ref.y4m" -d "$r" -q --backend hip --gpu "$gpu" \
                        --model "version=$model" --json -o "$out/$name/$stem.json" >>"$out/$name.log" 2>&1; then
                    verdict="vmaf failed (see $name.log)"
                elif ! cmp -s <(grep -v '"fps"' "$out/$name/$stem.json") <(grep -v '"fps"' "$out/$name/ladder/$stem.json"); then
                    verdict="DIFFERENT ($name/$stem)"
                fi
            done
        fi
        [[ $verdict == identical ]] || status=1
        ladder+=("$(printf '%-28s %-20s %s' "$c" "$model" "$verdict")")
    done

    # One pair in chunks over "two GPUs" (this GPU twice): the report is
    # the one-GPU run's, temporal features across the chunk borders included.
    local chunks=() args pairs=()
    part chunks && pairs=(vtest_576x324_420p8 box_960x540_420p8)
    for c in "${pairs[@]}"; do
        for args in "" "--model version=vmaf_float_v0.6.1 --feature motion=motion_five_frame_window=true:motion_moving_average=true --subsample 2"; do
            local verdict=identical name="chunks_${c}_${#chunks[@]}"
            # shellcheck disable=SC2086
            if ! "$suite/bin/vmaf" -r "$work/clips/${c}_ref.y4m" -d "$work/clips/${c}_dis.y4m" -q \
                    --backend hip --gpu "$gpu" $args --json -o "$out/${name}_one.json" >"$out/$name.log" 2>&1 ||
                ! "$suite/bin/vmaf" -r "$work/clips/${c}_ref.y4m" -d "$work/clips/${c}_dis.y4m" -q \
                    --backend hip --gpu "$gpu,$gpu,$gpu" $args --json -o "$out/${name}_split.json" >>"$out/$name.log" 2>&1; then
                verdict="vmaf failed (see $name.log)"
                status=1
            elif ! cmp -s <(grep -v '"fps"' "$out/${name}_one.json") <(grep -v '"fps"' "$out/${name}_split.json"); then
                verdict="DIFFERENT ($name)"
                status=1
            fi
            chunks+=("$(printf '%-28s %-8s %s' "$c" "${args:+options}" "$verdict")")
        done
    done

    # A GPU index that does not exist must fail cleanly.
    local bad="not run (VMAF_SUITE_PARTS)" c=${CLIPS[0]}
    if part badgpu; then
        bad=ok
        if "$suite/bin/vmaf" -r "$work/clips/${c}_ref.y4m" -d "$work/clips/${c}_dis.y4m" -n -q \
            --feature psnr --backend hip --gpu 999 >"$out/cli_bad_gpu.log" 2>&1; then
            bad="FAIL (exit 0)"
            status=1
        elif ! grep -Eq 'out of range|no usable GPU' "$out/cli_bad_gpu.log"; then
            bad="FAIL (no clear message, see cli_bad_gpu.log)"
            status=1
        fi
    fi

    {
        echo
        echo "== HIP tests"
        printf '%-24s %6s %7s %6s  %s\n' test passed skipped failed verdict
        printf '%s\n' "${rows[@]}"
        echo "test_cli.py: $cli_tests"
        echo "test_runtime_absent.py: $runtime_absent"
        echo "test_batch.py (--backend hip): $batch_tests"
        echo "test_kill.py (--backend hip): $kill_tests"
        echo "test_dask.py killed workers (backend hip, ${VMAF_SUITE_DASK_KILLS:-50} kills): $dask_tests"
        echo "test_align.py (--backend hip): $align_tests"
        echo "test_hwdec.py (--hwdec cuda against the CPU's decoding): $hwdec_tests"
        echo
        echo "== one pair in chunks (--gpu $gpu,$gpu,$gpu) against one GPU"
        printf '%s\n' "${chunks[@]}"
        echo
        echo "== a ladder of three renditions in one run against their own runs (--backend hip)"
        printf '%s\n' "${ladder[@]}"
        echo
        echo "== CLI smoke: adm, float_ssim, float_ms_ssim (not 64x64), psnr (mse, apsnr),"
        echo "   float_psnr, float_moment, float_ansnr, float_motion, ciede, float_vif, float_adm,"
        echo "   psnr_hvs, cambi (full_ref; not 64x64);"
        echo "   --backend cpu vs hip (GPU $gpu)"
        printf '%-28s %6s %8s %8s  %s\n' clip frames "cpu s" "hip s" outputs
        printf '%s\n' "${smoke[@]}"
        echo
        echo "== CLI smoke: every shipped model alone, --backend cpu vs hip"
        printf '%-28s %6s %8s %8s  %s\n' clip frames "cpu s" "hip s" outputs
        printf '%s\n' "${model_smoke[@]}"
        echo "--gpu 999: $bad"
        echo
        echo "== kernel time per frame, 1920x1080 8-bit noise, $frames frames (VMAF_HIP_PROFILE)"
        printf '%s\n' "${profile[@]}"
        echo
        echo "logs: $out"
        ((status == 0)) && echo "RESULT: PASS" || echo "RESULT: FAIL"
    } | tee "$out/summary.txt"
    return "$status"
}

case ${1:-} in
build) build "${2:-build-hip-nvidia}" ;;
run) run "${2:-build-hip-nvidia}" "${3:-}" ;;
bench) bench "${2:-build-hip-nvidia}" "${@:3}" ;;
sanitize) sanitize "${2:-build-hip-nvidia}" ;;
decode) decode "${2:-build-hip-nvidia}" "${3:?decode needs the encodes folder}" "${@:4}" ;;
soak) soak "${2:-build-hip-nvidia}" "${3:?soak needs pair or batch}" "${@:4}" ;;
serve) serve_bench "${2:-build-hip-nvidia}" "${@:3}" ;;
dropin) dropin "${2:-build-hip-nvidia}" "${3:?dropin needs the folder of scripts/ffmpeg_dropin_gpu.sh build}" ;;
*) usage ;;
esac
