#!/usr/bin/env bash
# FFmpeg's libvmaf filter built against this library, scored against our CLI.
#
#   scripts/ffmpeg_dropin.sh FFMPEG_SRC [BUILD_DIR]
#       FFMPEG_SRC: an unpacked FFmpeg source tree (7.x; checked with 7.1.5).
#       BUILD_DIR: a configured build of this repository (ninja brings it up
#       to date first); without it, a release build is set up in the work
#       folder.
#
#       Installs the library into WORK/root, configures a minimal FFmpeg out
#       of tree (WORK/ffmpeg-build; the source tree stays clean) with
#       --enable-libvmaf, PKG_CONFIG_PATH at the installed libvmaf.pc being
#       the only other libvmaf setting, builds ffmpeg, then scores clip pairs
#       with `-lavfi libvmaf` (models, features, n_threads, n_subsample,
#       pool, every log_fmt) and with the installed vmaf CLI. Prints a
#       table: the pooled scores FFmpeg printed and the CLI's, and whether
#       the two log files are equal (only the fps figure is masked). Exits
#       non-zero on any difference.
#
#   scripts/ffmpeg_dropin.sh gpu build|run ...
#       The GPU variant (scripts/ffmpeg_dropin_gpu.sh, its usage there):
#       FFmpeg with nvdec against the NVIDIA build, the stock filter with
#       VMAF_BACKEND=hip and the libvmaf_cuda filter on NVDEC frames, beside
#       Netflix's libvmaf_cuda.
#
# Environment: VMAF_DROPIN_WORK (work folder, kept, and FFmpeg's build in it
# reused by the next run; default a temporary folder, removed on success),
# VMAF_DROPIN_CLIPS (NAME_ref.y4m.xz and NAME_dis.y4m.xz; default
# ../shared/clips), JOBS (compile jobs, default nproc).
set -euo pipefail

usage() {
    sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

if [ "${1:-}" = gpu ]; then
    shift
    exec "$(dirname "$0")/ffmpeg_dropin_gpu.sh" "$@"
fi
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
case "$1" in -h|--help) usage ;; esac

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SRC=$(cd "$1" && pwd)
if [ ! -x "$SRC/configure" ] || [ ! -f "$SRC/libavfilter/vf_libvmaf.c" ]; then
    echo "ffmpeg_dropin: $SRC is not an FFmpeg source tree with the libvmaf filter" >&2
    exit 2
fi
JOBS=${JOBS:-$(nproc)}
CLIPS=${VMAF_DROPIN_CLIPS:-$ROOT/../shared/clips}

if [ -n "${VMAF_DROPIN_WORK:-}" ]; then
    mkdir -p "$VMAF_DROPIN_WORK"
    WORK=$(cd "$VMAF_DROPIN_WORK" && pwd)
    KEEP=1
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/ffmpeg_dropin.XXXXXX")
    KEEP=0
fi
# The folder goes into filter arguments (log_path=): keep out what the
# filtergraph syntax would take as its own.
case "$WORK" in *[:,\;\[\]\'\\\ ]*)
    echo "ffmpeg_dropin: the work folder '$WORK' has a character FFmpeg's filter syntax uses" >&2
    exit 2 ;;
esac
echo "work folder: $WORK"

# --- the library, installed ------------------------------------------------
if [ $# -ge 2 ]; then
    BUILD=$(cd "$2" && pwd)
else
    BUILD=$WORK/build-vmaf
    [ -f "$BUILD/build.ninja" ] ||
        meson setup "$BUILD" "$ROOT" -Dbuildtype=release -Denable_tests=false -Denable_bench=false \
            -Denable_hip=disabled >/dev/null
fi
# shellcheck source=scripts/dropin_install.sh
. "$ROOT/scripts/dropin_install.sh"
dropin_install "$BUILD" "$WORK"

# --- FFmpeg ------------------------------------------------------------------
# Only what reading two Y4M files into the filter and throwing its output
# away needs; ffmpeg itself selects the filters it inserts (format, null,
# trim...). --disable-autodetect keeps the machine's other libraries out.
FF_BUILD=$WORK/ffmpeg-build
mkdir -p "$FF_BUILD"
CONFIGURE=("$SRC/configure" --prefix="$WORK/ffmpeg"
    --disable-everything --disable-autodetect --disable-doc --disable-network
    --disable-ffplay --disable-ffprobe --disable-avdevice --disable-swresample --disable-swscale
    --enable-protocol=file --enable-demuxer=yuv4mpegpipe --enable-decoder=rawvideo
    --enable-encoder=wrapped_avframe --enable-muxer=null --enable-filter=libvmaf
    --enable-libvmaf)
echo "configure: PKG_CONFIG_PATH=$PKG_CONFIG_PATH ${CONFIGURE[*]}"
if ! (cd "$FF_BUILD" && "${CONFIGURE[@]}" >configure.out 2>&1); then
    echo "ffmpeg_dropin: FFmpeg's configure failed; the end of $FF_BUILD/ffbuild/config.log:" >&2
    tail -n 40 "$FF_BUILD/ffbuild/config.log" >&2 || true
    exit 1
fi
grep -q '^CONFIG_LIBVMAF_FILTER=yes' "$FF_BUILD/ffbuild/config.mak" ||
    { echo "ffmpeg_dropin: configure left the libvmaf filter out" >&2; exit 1; }
if ! make -C "$FF_BUILD" -j "$JOBS" ffmpeg >"$FF_BUILD/make.out" 2>&1; then
    echo "ffmpeg_dropin: FFmpeg's build failed; the end of $FF_BUILD/make.out:" >&2
    tail -n 40 "$FF_BUILD/make.out" >&2
    exit 1
fi
FFMPEG=$FF_BUILD/ffmpeg
export LD_LIBRARY_PATH=$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
LOADED=$(ldd "$FFMPEG" | sed -n 's/.*libvmaf\.so\.3 => \(\S*\).*/\1/p')
[ "$LOADED" = "$LIBDIR/libvmaf.so.3" ] ||
    { echo "ffmpeg_dropin: ffmpeg loads libvmaf.so.3 from '$LOADED', not $LIBDIR" >&2; exit 1; }
echo "ffmpeg: $("$FFMPEG" -hide_banner -version | head -n 1), libvmaf.so.3 from $LOADED"

# --- scoring -----------------------------------------------------------------
mkdir -p "$WORK/clips" "$WORK/runs"
clip() {  # clip NAME SIDE: the decompressed file's path
    local out=$WORK/clips/$1_$2.y4m
    [ -f "$out" ] || { xz -dc "$CLIPS/$1_$2.y4m.xz" >"$out.part" && mv "$out.part" "$out"; }
    echo "$out"
}

# The comparison: equal log files with the fps figure masked (it is the
# speed of each run), and the pooled scores FFmpeg printed ("VMAF score:
# %f", one a model, in model order) equal to the CLI's ("NAME: %f"), or,
# for pool=min/harmonic_mean, which the CLI does not print, to that
# statistic in the CLI's JSON log.
COMPARE='
import json, re, sys
fmt, pool, ff_log, cli_log, ff_err, cli_err = sys.argv[1:7]
def masked(path):
    text = open(path).read()
    text = re.sub(r"(<fyi fps=\")[^\"]*", r"\1", text)
    return re.sub(r"(\"fps\": )[^,\n]*", r"\1", text)
ff = re.findall(r"VMAF score: (\S+)", open(ff_err).read())
if pool == "mean":
    cli = re.findall(r"^\S+: ([0-9.]+)$", open(cli_err).read(), re.M)
else:
    doc = json.load(open(cli_log))
    models = [k for k in doc["pooled_metrics"] if k.startswith("vmaf")]
    cli = ["%f" % doc["pooled_metrics"][m][pool] for m in models]
same_log = masked(ff_log) == masked(cli_log)
frames = {"xml": r"<frame ", "json": r"\"frameNum\"", "csv": r"^\d", "sub": r"^\{"}[fmt]
n = len(re.findall(frames, open(ff_log).read(), re.M))
ok = same_log and ff == cli and len(ff) > 0
print("%s\t%s\t%s\t%d\t%s" % (" ".join(ff) or "-", " ".join(cli) or "-",
      "yes" if same_log else "no", n, "yes" if ok else "NO"))
'

RESULTS=()
FAILED=0
# variant CLIP LABEL LOG_FMT POOL FILTER_OPTIONS [CLI_ARGS...]
variant() {
    local clip_name=$1 label=$2 fmt=$3 pool=$4 opts=$5
    shift 5
    local n=${#RESULTS[@]}
    local dir=$WORK/runs/$n
    rm -rf "$dir" && mkdir -p "$dir"
    local ref dis
    ref=$(clip "$clip_name" ref)
    dis=$(clip "$clip_name" dis)
    local graph="log_path=$dir/ffmpeg.$fmt:log_fmt=$fmt${opts:+:$opts}"
    [ "$pool" = mean ] || graph+=":pool=$pool"
    # The filter's first input is the distorted video, its second the reference.
    local failed=""
    "$FFMPEG" -hide_banner -nostdin -y -i "$dis" -i "$ref" -lavfi "[0:v][1:v]libvmaf=$graph" \
        -f null - >"$dir/ffmpeg.err" 2>&1 || failed+=" ffmpeg"
    "$VMAF" -r "$ref" -d "$dis" "--$fmt" -o "$dir/cli.$fmt" "$@" >/dev/null 2>"$dir/cli.err" ||
        failed+=" vmaf"
    local row="-	-	-	-	NO (failed:$failed; see $dir)"
    [ -n "$failed" ] || row=$(python3 -c "$COMPARE" "$fmt" "$pool" "$dir/ffmpeg.$fmt" \
        "$dir/cli.$fmt" "$dir/ffmpeg.err" "$dir/cli.err")
    [[ "$row" == *$'\t'yes ]] || FAILED=$((FAILED + 1))
    RESULTS+=("$clip_name	$label	$fmt	$row")
    echo "  $clip_name $label: ${row##*$'\t'}"
    printf '%s\n' "libvmaf=$graph" "vmaf $*" >"$dir/commands"
}

V=vtest_576x324_420p8
T=tree_640x360_420p10
B=box_352x288_444p8
echo "scoring:"
variant $V "default model" xml mean ""
variant $V "vmaf_v0.6.1neg" json mean "model=version=vmaf_v0.6.1neg" -m version=vmaf_v0.6.1neg
variant $V "vmaf_float_v0.6.1" csv mean "model=version=vmaf_float_v0.6.1" -m version=vmaf_float_v0.6.1
variant $V "two models (vmaf, vmaf_neg)" json mean \
    'model=version=vmaf_v0.6.1\\:name=vmaf|version=vmaf_v0.6.1neg\\:name=vmaf_neg' \
    -m version=vmaf_v0.6.1:name=vmaf -m version=vmaf_v0.6.1neg:name=vmaf_neg
variant $V "model options (disable_clip, motion.motion_force_zero)" json mean \
    'model=version=vmaf_v0.6.1\\:disable_clip=true\\:motion.motion_force_zero=true' \
    -m version=vmaf_v0.6.1:disable_clip=true:motion.motion_force_zero=true
variant $V "features psnr, float_ssim" xml mean 'feature=name=psnr|name=float_ssim' \
    --feature psnr --feature float_ssim
variant $V "feature options (psnr enable_chroma=false, float_ssim enable_db=true)" json mean \
    'feature=name=psnr\\:enable_chroma=false|name=float_ssim\\:enable_db=true' \
    --feature psnr=enable_chroma=false --feature float_ssim=enable_db=true
variant $V "features cambi, ciede, psnr_hvs, float_ms_ssim" json mean \
    'feature=name=cambi|name=ciede|name=psnr_hvs|name=float_ms_ssim' \
    --feature cambi --feature ciede --feature psnr_hvs --feature float_ms_ssim
variant $V "n_threads=4" sub mean "n_threads=4" --threads 4
variant $V "n_subsample=2" json mean "n_subsample=2" --subsample 2
variant $V "pool=harmonic_mean" json harmonic_mean ""
variant $V "pool=min" json min ""
variant $T "default model (10-bit)" json mean ""
variant $T "vmaf_4k_v0.6.1, psnr, cambi (10-bit)" xml mean \
    'model=version=vmaf_4k_v0.6.1:feature=name=psnr|name=cambi' -m version=vmaf_4k_v0.6.1 --feature psnr --feature cambi
variant $T "n_threads=2, n_subsample=3 (10-bit)" csv mean "n_threads=2:n_subsample=3" --threads 2 --subsample 3
variant $B "default model (4:4:4)" sub mean ""

printf '\n%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' clip variant log_fmt "FFmpeg pooled" "CLI pooled" \
    "logs equal" frames equal
printf '%s\n' "${RESULTS[@]}"
if [ "$FAILED" -ne 0 ]; then
    echo "ffmpeg_dropin: $FAILED of ${#RESULTS[@]} variants differ (logs under $WORK/runs)" >&2
    exit 1
fi
echo "ffmpeg_dropin: all ${#RESULTS[@]} variants equal"
[ "$KEEP" = 1 ] || rm -rf "$WORK"
