#!/usr/bin/env bash
# XPSNR's golden set: FFmpeg 7.1's xpsnr filter, built outside the
# repository, run on every clip of ../shared/clips; its stats files are
# written to test/feature/xpsnr/golden/ (the values the reference printed).
#
#   scripts/xpsnr_golden.sh build FFMPEG_SRC
#       FFMPEG_SRC: a checkout of FFmpeg n7.1 (github FFmpeg/FFmpeg, tag
#       n7.1); builds a minimal ffmpeg into FFMPEG_SRC (the xpsnr filter needs
#       the psnr filter's x86 code to link).
#   scripts/xpsnr_golden.sh golden FFMPEG [CLIPS_DIR]
#       Runs FFMPEG's xpsnr, the reference first (its activity weighs the
#       blocks), on each clip, and once more on vtest_576x324_420p8 with its
#       Y4M header's rate set to 60/1 (the second-order temporal term;
#       scored here with fps=60).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/test/feature/xpsnr/golden

case ${1:-} in
build)
    cd "$2"
    ./configure --disable-everything --disable-doc --disable-network --disable-autodetect \
        --enable-protocol=file,pipe --enable-demuxer=yuv4mpegpipe --enable-decoder=rawvideo \
        --enable-encoder=wrapped_avframe --enable-muxer=null --enable-filter=xpsnr,psnr,null,format,buffer,buffersink \
        --disable-ffplay --disable-ffprobe
    make -j"$(nproc)" ffmpeg
    ;;
golden)
    ffmpeg=$2 clips=${3:-$root/../shared/clips} work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    mkdir -p "$out"
    score() { # ref dis name
        "$ffmpeg" -nostdin -loglevel error -i "$1" -i "$2" \
            -lavfi "[0:v][1:v]xpsnr=stats_file=$out/$3.txt" -f null -
    }
    for ref in "$clips"/*_ref.y4m.xz; do
        name=$(basename "$ref" _ref.y4m.xz)
        xz -dc "$ref" >"$work/ref.y4m"
        xz -dc "$clips/${name}_dis.y4m.xz" >"$work/dis.y4m"
        score "$work/ref.y4m" "$work/dis.y4m" "$name"
        if [[ $name == vtest_576x324_420p8 ]]; then
            for s in ref dis; do sed '1s/ F[0-9]*:[0-9]* / F60:1 /' "$work/$s.y4m" >"$work/${s}60.y4m"; done
            score "$work/ref60.y4m" "$work/dis60.y4m" "${name}_fps60"
        fi
    done
    ;;
*)
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
