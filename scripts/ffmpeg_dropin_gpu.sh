#!/usr/bin/env bash
# FFmpeg on the GPU, unchanged: its stock libvmaf filter with
# VMAF_BACKEND=hip, and its libvmaf_cuda filter on NVDEC frames, both on
# this library's NVIDIA build, against our CLI's scores, with fps beside
# Netflix's own libvmaf_cuda (docs/dropin.md).
#
#   scripts/ffmpeg_dropin_gpu.sh build FFMPEG_SRC BUILD_DIR FFNVCODEC_PREFIX NETFLIX_LIB OUT
#       Here, no GPU needed. FFMPEG_SRC: an unpacked FFmpeg source tree
#       (7.x, checked with 7.1.5). BUILD_DIR: a configured NVIDIA build of
#       this repository (-Dhip_platform=nvidia). FFNVCODEC_PREFIX: where
#       nv-codec-headers (12.x or newer for FFmpeg 7.1) was installed.
#       NETFLIX_LIB: Netflix's libvmaf.so.3 built with its CUDA backend
#       (-Denable_cuda=true, shared). OUT: a folder to carry to the GPU
#       machine, filled with bin/ffmpeg (static FFmpeg, libvmaf.so.3 loaded
#       at run time), ours/ and netflix/ (each one libvmaf.so.3), and
#       clips/ (H.264 encodes of two public clip pairs, the 960x540 one
#       scaled to 1920x1080). FFmpeg is configured out of tree in
#       OUT.work/ffmpeg-build with --enable-libvmaf, nvdec and scale_cuda
#       (clang's CUDA, --enable-cuda-llvm), PKG_CONFIG_PATH at the installed
#       libvmaf.pc being the only libvmaf setting; configure must enable
#       both filters, libvmaf_cuda because the NVIDIA build installs
#       libvmaf_cuda.h.
#
#   scripts/ffmpeg_dropin_gpu.sh run OUT SUITE
#       On the GPU machine, through `scripts/hip_suite.sh dropin BUILD OUT`,
#       which unpacks the suite SUITE (its vmaf CLI, backend module and
#       libraries) and puts its libraries on LD_LIBRARY_PATH. Decodes each
#       encode to Y4M (software), scores the Y4M pair with the CLI
#       (--backend hip), then through FFmpeg: the stock filter with
#       VMAF_BACKEND=hip, and libvmaf_cuda on NVDEC frames (scale_cuda to
#       yuv420p, nearest: a plain copy), each log equal to the CLI's but
#       for the fps figure. Then bench/ffmpeg_throughput.py: the fps at
#       1920x1080 of libvmaf_cuda on ours and on Netflix's library, the
#       same ffmpeg binary, each frame already on the GPU (60 decoded
#       frames looped on the device: decoding is not timed), and of the
#       stock filter on ours. Exits non-zero on any difference.
#
# Environment: JOBS (compile jobs, default nproc).
set -euo pipefail

usage() {
    sed -n '2,38p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}
die() { echo "ffmpeg_dropin_gpu: $*" >&2; exit 1; }

ROOT=$(cd "$(dirname "$0")/.." && pwd)
JOBS=${JOBS:-$(nproc)}

# --- build -------------------------------------------------------------------
build() {
    [ $# -eq 5 ] || usage
    local src build nv netflix out
    src=$(cd "$1" && pwd)
    build=$(cd "$2" && pwd)
    nv=$(cd "$3" && pwd)
    netflix=$(realpath "$4")
    mkdir -p "$5"
    out=$(cd "$5" && pwd)
    [ -f "$src/libavfilter/vf_libvmaf.c" ] || die "$src is not an FFmpeg source tree"
    [ -f "$netflix" ] || die "no Netflix library at $netflix"
    [[ $(nm -D --defined-only "$netflix") == *" vmaf_cuda_state_init"* ]] ||
        die "$netflix has no vmaf_cuda_state_init: not a CUDA build of libvmaf"
    local work=$out.work
    mkdir -p "$work"

    # shellcheck source=scripts/dropin_install.sh
    . "$ROOT/scripts/dropin_install.sh"
    dropin_install "$build" "$work"
    [ -n "$(find "$work/root" -name libvmaf_cuda.h)" ] ||
        die "the build installs no libvmaf_cuda.h: not an NVIDIA build"
    export PKG_CONFIG_PATH=$PKG_CONFIG_PATH:$nv/lib/pkgconfig

    # Decoding (software and NVDEC), the two filters, scale_cuda and loop on
    # device frames, Y4M out; static FFmpeg, so that only libvmaf.so.3 is
    # chosen at run time (LD_LIBRARY_PATH).
    local ff_build=$work/ffmpeg-build
    mkdir -p "$ff_build"
    # shellcheck disable=SC2054 # FFmpeg's lists are comma-separated
    local configure=("$src/configure" --prefix="$work/ffmpeg"
        --disable-everything --disable-autodetect --disable-doc --disable-network
        --disable-ffplay --disable-ffprobe --disable-avdevice --disable-swresample
        --enable-ffnvcodec --enable-nvdec --enable-cuda-llvm
        --enable-protocol=file,pipe --enable-demuxer=mov,yuv4mpegpipe
        --enable-decoder=h264,rawvideo --enable-hwaccel=h264_nvdec --enable-parser=h264
        --enable-encoder=wrapped_avframe,rawvideo --enable-muxer=null,yuv4mpegpipe
        --enable-filter=libvmaf,libvmaf_cuda,scale_cuda,loop,format,scale,null
        --enable-libvmaf)
    echo "configure: PKG_CONFIG_PATH=$PKG_CONFIG_PATH ${configure[*]}"
    (cd "$ff_build" && "${configure[@]}" >configure.out 2>&1) || {
        tail -n 40 "$ff_build/ffbuild/config.log" >&2 || true
        die "FFmpeg's configure failed (above: the end of $ff_build/ffbuild/config.log)"
    }
    local want
    for want in CONFIG_LIBVMAF_FILTER CONFIG_LIBVMAF_CUDA_FILTER CONFIG_SCALE_CUDA_FILTER \
        CONFIG_H264_NVDEC_HWACCEL; do
        grep -q "^$want=yes" "$ff_build/ffbuild/config.mak" || die "configure left $want out"
    done
    make -C "$ff_build" -j "$JOBS" ffmpeg >"$ff_build/make.out" 2>&1 || {
        tail -n 40 "$ff_build/make.out" >&2
        die "FFmpeg's build failed (above: the end of $ff_build/make.out)"
    }

    rm -rf "${out:?}/bin" "${out:?}/ours" "${out:?}/netflix" "${out:?}/clips"
    mkdir -p "$out/bin" "$out/ours" "$out/netflix" "$out/clips"
    strip -o "$out/bin/ffmpeg" "$ff_build/ffmpeg"
    cp "$ROOT/bench/ffmpeg_throughput.py" "$out/bin/"
    cp -L "$LIBDIR/libvmaf.so.3" "$out/ours/"
    cp -L "$netflix" "$out/netflix/libvmaf.so.3"
    printf '%s\n' "PKG_CONFIG_PATH=$PKG_CONFIG_PATH ${configure[*]}" >"$out/configure.line"

    # H.264 encodes made with this machine's ffmpeg (libx264): the 576x324
    # pair as it is, 48 frames, and the 960x540 pair scaled 2x (nearest) to
    # 1920x1080, its 12 frames cycled to 60.
    command -v ffmpeg >/dev/null || die "no ffmpeg here to make the encodes (apt-get install ffmpeg)"
    local clips=$ROOT/../shared/clips side
    for side in ref dis; do
        xz -dc "$clips/vtest_576x324_420p8_$side.y4m.xz" |
            ffmpeg -v error -nostdin -i - -c:v libx264 -preset fast -crf 18 \
                "$out/clips/vtest_576x324_$side.mp4"
        xz -dc "$clips/box_960x540_420p8_$side.y4m.xz" >"$work/box_$side.y4m"
        ffmpeg -v error -nostdin -stream_loop 4 -i "$work/box_$side.y4m" \
            -vf scale=1920:1080:flags=neighbor -c:v libx264 -preset fast -crf 18 \
            "$out/clips/box_1920x1080_$side.mp4"
    done
    echo "built $out ($(du -sh "$out" | cut -f1))"
}

# --- run ---------------------------------------------------------------------
run() {
    [ $# -eq 2 ] || usage
    local out suite
    out=$(cd "$1" && pwd)
    suite=$(cd "$2" && pwd)
    local ff=$out/bin/ffmpeg vmaf=$suite/bin/vmaf
    local work
    work=$(mktemp -d /tmp/ffmpeg_dropin_gpu.XXXXXX)
    export VMAF_HIP_MODULE=$suite/module/hip_backend.so
    # The suite's libraries (hip_suite.sh's suite_env), after each libvmaf.
    local base=${LD_LIBRARY_PATH:?run through scripts/hip_suite.sh dropin}
    local ours=$out/ours:$base
    echo "ffmpeg: $(LD_LIBRARY_PATH=$ours "$ff" -hide_banner -version | head -n 1)"
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true

    local failed=0
    # compare NAME FFMPEG_LOG CLI_LOG: equal JSON logs but for fps
    compare() {
        if python3 - "$2" "$3" <<'EOF'; then
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for d in (a, b):
    d.pop("fps", None)
sys.exit(0 if a == b and a["frames"] else 1)
EOF
            echo "PASS $1: equal to the CLI's ($(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["frames"]), "frames, vmaf", d["pooled_metrics"].get("vmaf", {}).get("mean", "-"))' "$3"))"
        else
            echo "FAIL $1: differs from the CLI's ($2, $3)"
            failed=$((failed + 1))
        fi
    }

    local clip side cu="-hwaccel cuda -hwaccel_output_format cuda"
    local to_yuv="scale_cuda=format=yuv420p:interp_algo=nearest"
    for clip in vtest_576x324 box_1920x1080; do
        local d=$work/$clip
        mkdir -p "$d"
        for side in ref dis; do
            LD_LIBRARY_PATH=$ours "$ff" -v error -nostdin -i "$out/clips/${clip}_$side.mp4" \
                -f yuv4mpegpipe "$d/$side.y4m"
        done
        local ref=$out/clips/${clip}_ref.mp4 dis=$out/clips/${clip}_dis.mp4
        # The default model, and features of luma and chroma.
        "$vmaf" -r "$d/ref.y4m" -d "$d/dis.y4m" --backend hip --json -o "$d/cli.json" -q
        "$vmaf" -r "$d/ref.y4m" -d "$d/dis.y4m" --backend hip --json -o "$d/cli_features.json" -q \
            --feature psnr --feature float_ssim --feature ciede
        "$vmaf" -r "$d/ref.y4m" -d "$d/dis.y4m" --backend hip --json -o "$d/cli_luma.json" -q \
            --feature psnr=enable_chroma=false --feature float_ssim

        # The stock filter, the backend from the environment.
        VMAF_BACKEND=hip LD_LIBRARY_PATH=$ours "$ff" -hide_banner -nostdin -i "$dis" -i "$ref" \
            -lavfi "[0:v][1:v]libvmaf=log_fmt=json:log_path=$d/stock.json" -f null - \
            >"$d/stock.err" 2>&1 || { echo "FAIL $clip: stock filter ($d/stock.err)"; tail -5 "$d/stock.err"; }
        compare "$clip libvmaf, VMAF_BACKEND=hip, default model" "$d/stock.json" "$d/cli.json"
        VMAF_BACKEND=hip LD_LIBRARY_PATH=$ours "$ff" -hide_banner -nostdin -i "$dis" -i "$ref" \
            -lavfi "[0:v][1:v]libvmaf=log_fmt=json:log_path=$d/stock_features.json:feature=name=psnr|name=float_ssim|name=ciede" \
            -f null - >"$d/stock_features.err" 2>&1 ||
            { echo "FAIL $clip: stock filter, features"; tail -5 "$d/stock_features.err"; }
        compare "$clip libvmaf, VMAF_BACKEND=hip, psnr, float_ssim, ciede" \
            "$d/stock_features.json" "$d/cli_features.json"

        # libvmaf_cuda on NVDEC frames.
        # shellcheck disable=SC2086
        LD_LIBRARY_PATH=$ours "$ff" -hide_banner -nostdin $cu -i "$dis" $cu -i "$ref" \
            -filter_complex "[0:v]${to_yuv}[d];[1:v]${to_yuv}[r];[d][r]libvmaf_cuda=log_fmt=json:log_path=$d/cuda.json" \
            -f null - >"$d/cuda.err" 2>&1 || { echo "FAIL $clip: libvmaf_cuda"; tail -5 "$d/cuda.err"; }
        compare "$clip libvmaf_cuda on NVDEC frames, default model" "$d/cuda.json" "$d/cli.json"
        # shellcheck disable=SC2086
        LD_LIBRARY_PATH=$ours "$ff" -hide_banner -nostdin $cu -i "$dis" $cu -i "$ref" \
            -filter_complex "[0:v]${to_yuv}[d];[1:v]${to_yuv}[r];[d][r]libvmaf_cuda=log_fmt=json:log_path=$d/cuda_luma.json:feature=name=psnr\\\\:enable_chroma=false|name=float_ssim" \
            -f null - >"$d/cuda_luma.err" 2>&1 || { echo "FAIL $clip: libvmaf_cuda, features"; tail -5 "$d/cuda_luma.err"; }
        compare "$clip libvmaf_cuda on NVDEC frames, psnr (luma), float_ssim" \
            "$d/cuda_luma.json" "$d/cli_luma.json"
        # The filter copies luma alone: a feature that reads chroma must
        # fail, naming why, rather than score unwritten chroma.
        # shellcheck disable=SC2086
        if LD_LIBRARY_PATH=$ours "$ff" -hide_banner -nostdin $cu -i "$dis" $cu -i "$ref" \
            -filter_complex "[0:v]${to_yuv}[d];[1:v]${to_yuv}[r];[d][r]libvmaf_cuda=feature=name=psnr" \
            -f null - >"$d/cuda_chroma.err" 2>&1; then
            echo "FAIL $clip: libvmaf_cuda with psnr's chroma succeeded"
            failed=$((failed + 1))
        elif grep -q "carry luma alone" "$d/cuda_chroma.err"; then
            echo "PASS $clip libvmaf_cuda with psnr's chroma refused: $(grep -m1 -o 'carry luma alone[^;]*' "$d/cuda_chroma.err")"
        else
            echo "FAIL $clip: libvmaf_cuda with psnr's chroma failed without the reason"
            tail -5 "$d/cuda_chroma.err"
            failed=$((failed + 1))
        fi
    done

    # --- fps at 1920x1080 -----------------------------------------------------
    echo
    python3 "$out/bin/ffmpeg_throughput.py" --ffmpeg "$ff" --ours "$out/ours" \
        --netflix "$out/netflix" --libs "$base" --ref "$out/clips/box_1920x1080_ref.mp4" \
        --dis "$out/clips/box_1920x1080_dis.mp4" || failed=$((failed + 1))
    # Netflix's scores through its own filter, for the record (its CUDA
    # backend is not bit-exact with its CPU path).
    local ref=$out/clips/box_1920x1080_ref.mp4 dis=$out/clips/box_1920x1080_dis.mp4
    # shellcheck disable=SC2086
    LD_LIBRARY_PATH=$out/netflix:$base "$ff" -hide_banner -nostdin $cu -i "$dis" $cu -i "$ref" \
        -filter_complex "[0:v]${to_yuv}[d];[1:v]${to_yuv}[r];[d][r]libvmaf_cuda" -f null - 2>&1 |
        grep -m1 "VMAF score" | sed 's/^/Netflix libvmaf_cuda, box_1920x1080: /' || true

    echo
    if [ "$failed" -ne 0 ]; then
        echo "ffmpeg_dropin_gpu: $failed check(s) failed (logs under $work)"
        return 1
    fi
    echo "ffmpeg_dropin_gpu: every check passed"
}

case "${1:-}" in
build) shift; build "$@" ;;
run) shift; run "$@" ;;
*) usage ;;
esac
