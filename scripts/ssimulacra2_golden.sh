#!/usr/bin/env bash
# SSIMULACRA2's golden set: libjxl's ssimulacra2 tool and FFmpeg, both built
# outside the repository, on every clip of ../shared/clips that the metric
# scores; the values the tool printed, per frame, are written to
# test/feature/ssimulacra2/golden/ with a hash of each frame's R'G'B' bytes.
#
#   scripts/ssimulacra2_golden.sh build-ffmpeg FFMPEG_SRC
#       FFMPEG_SRC: a checkout of FFmpeg n7.1 (tag n7.1); builds a minimal
#       ffmpeg (Y4M in, scale and format filters, PPM frames out).
#   scripts/ssimulacra2_golden.sh build-libjxl LIBJXL_SRC
#       LIBJXL_SRC: a checkout of libjxl v0.11.2 with its submodules
#       (third_party/highway, third_party/skcms); builds its default
#       configuration's tools/ssimulacra2 (skcms, highway's dispatch).
#   scripts/ssimulacra2_golden.sh golden FFMPEG SSIMULACRA2 [CLIPS_DIR]
#       Exports each side of each clip as 8-bit PPM frames with FFMPEG
#       (`scale=in_color_matrix=M:in_range=R:flags=bicubic+accurate_rnd+
#       full_chroma_int+bitexact,format=rgb24`; BT.709 limited range, and
#       the variants below) and runs SSIMULACRA2 REF DIS on every frame.
#       Run it on an x86-64 machine with AVX2: the tool's last digits
#       depend on fused multiply-adds (ADR 0051).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/test/feature/ssimulacra2/golden

case ${1:-} in
build-ffmpeg)
    cd "$2"
    ./configure --disable-everything --disable-doc --disable-network --disable-autodetect \
        --enable-protocol=file,pipe --enable-demuxer=yuv4mpegpipe --enable-decoder=rawvideo \
        --enable-encoder=ppm --enable-muxer=image2 --enable-filter=scale,format,null,buffer,buffersink \
        --disable-ffplay --disable-ffprobe
    make -j"$(nproc)" ffmpeg
    ;;
build-libjxl)
    cmake -S "$2" -B "$2/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
        -DJPEGXL_ENABLE_TOOLS=ON -DJPEGXL_ENABLE_DEVTOOLS=ON -DJPEGXL_ENABLE_JPEGLI=OFF \
        -DJPEGXL_ENABLE_SJPEG=OFF -DJPEGXL_ENABLE_OPENEXR=OFF -DJPEGXL_ENABLE_BENCHMARK=OFF \
        -DJPEGXL_ENABLE_EXAMPLES=OFF -DJPEGXL_ENABLE_MANPAGES=OFF -DJPEGXL_ENABLE_DOXYGEN=OFF \
        -DJPEGXL_ENABLE_JNI=OFF -DJPEGXL_FORCE_SYSTEM_BROTLI=ON -DJPEGXL_BUNDLE_LIBPNG=OFF \
        -DJPEGXL_ENABLE_PLUGINS=OFF -DJPEGXL_ENABLE_VIEWERS=OFF -DJPEGXL_ENABLE_TCMALLOC=OFF
    ninja -C "$2/build" ssimulacra2
    ;;
golden)
    ffmpeg=$2 tool=$3 clips=${4:-$root/../shared/clips} work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    mkdir -p "$out"
    # FNV-1a (64 bits) of a PPM's samples, as the test computes it.
    fnv() {
        python3 -c '
import sys
data = open(sys.argv[1], "rb").read()
fields, pos = [], 0
while len(fields) < 4:
    while data[pos:pos + 1].isspace(): pos += 1
    start = pos
    while not data[pos:pos + 1].isspace(): pos += 1
    fields.append(data[start:pos])
h = 0xcbf29ce484222325
for b in data[pos + 1:]:
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
print(f"{h:016x}")' "$1"
    }
    export_frames() { # y4m side matrix range
        "$ffmpeg" -nostdin -loglevel error -i "$1" -vf \
            "scale=in_color_matrix=$3:in_range=$4:flags=bicubic+accurate_rnd+full_chroma_int+bitexact,format=rgb24" \
            -f image2 "$work/$2_%d.ppm"
    }
    score() { # name matrix range (tv or pc)
        local file=$out/$1.txt n=1
        rm -f "$work"/*.ppm
        export_frames "$work/ref.y4m" ref "$2" "$3"
        export_frames "$work/dis.y4m" dis "$2" "$3"
        {
            echo "# libjxl v0.11.2 tools/ssimulacra2 REF DIS on FFmpeg n7.1's frames:"
            echo "#   ffmpeg -i SIDE.y4m -vf scale=in_color_matrix=$2:in_range=$3:flags=bicubic+accurate_rnd+full_chroma_int+bitexact,format=rgb24 -f image2 SIDE_%d.ppm"
            echo "# frame score fnv1a64(ref rgb) fnv1a64(dis rgb)"
            while [[ -f $work/ref_$n.ppm ]]; do
                echo "$((n - 1)) $("$tool" "$work/ref_$n.ppm" "$work/dis_$n.ppm") $(fnv "$work/ref_$n.ppm") $(fnv "$work/dis_$n.ppm")"
                n=$((n + 1))
            done
        } >"$file"
    }
    for ref in "$clips"/*_ref.y4m.xz; do
        name=$(basename "$ref" _ref.y4m.xz)
        # Sizes the metric refuses: subsampled chroma of an odd size, under
        # its six scales' 113 x 113.
        case $name in vtest_481x271_420p8 | flat_64x64_420p8) continue ;; esac
        xz -dc "$ref" >"$work/ref.y4m"
        xz -dc "$clips/${name}_dis.y4m.xz" >"$work/dis.y4m"
        score "$name" bt709 tv
        case $name in
        vtest_576x324_420p8) score "${name}_bt601" bt601 tv ;;
        box_352x288_444p8) score "${name}_full" bt709 pc ;;
        tree_640x360_420p10) score "${name}_bt2020" bt2020 tv ;;
        esac
    done
    ;;
*)
    sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
