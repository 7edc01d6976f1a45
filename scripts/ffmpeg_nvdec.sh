#!/usr/bin/env bash
# A small FFmpeg with NVIDIA hardware decoding, for VMAF_LIBAV_DIR.
#
#   scripts/ffmpeg_nvdec.sh FFMPEG_SRC FFNVCODEC_PREFIX INSTALL_PREFIX
#       FFMPEG_SRC: an unpacked FFmpeg 5.1.x source tree (the ABI of Debian
#       12's libavcodec.so.59, libavformat.so.59, libavutil.so.57,
#       libswscale.so.6; checked with 5.1.9).
#       FFNVCODEC_PREFIX: where nv-codec-headers was installed (`make install
#       PREFIX=...`; 5.1 takes ffnvcodec >= 9.1.23.1, checked with 11.1.5.3).
#       INSTALL_PREFIX: gets lib/ (the shared libraries, RUNPATH $ORIGIN, so
#       the folder can be carried anywhere as a whole) and include/.
#
#       Configures out of tree (INSTALL_PREFIX.build; the source tree stays
#       clean), builds and installs libavutil, libavcodec, libavformat and
#       libswscale only: the h264, hevc, av1, vp9, ffv1 and rawvideo decoders
#       with the nvdec hwaccels of h264, hevc, av1 and vp9 (ffnvcodec opens
#       libcuda.so.1 and libnvcuvid.so.1 with dlopen when a CUDA device is
#       asked for, so the libraries need only glibc), their parsers, the
#       matroska, mov, ivf, h264, hevc, mpegts, yuv4mpegpipe and rawvideo
#       demuxers, the file and pipe protocols. Where pkg-config finds dav1d,
#       the libdav1d decoder too (software AV1: FFmpeg's own av1 decoder
#       decodes only through a hwaccel), and libdav1d.so.6 is copied beside
#       the libraries. Running it again rebuilds only what changed.
#
# Environment: JOBS (compile jobs, default nproc); DAV1D=no leaves libdav1d
# out; VAAPI=yes adds --enable-vaapi and the *_vaapi hwaccels, at the price of
# libva.so.2 and libva-drm.so.2 in libavutil's and libavcodec's NEEDED (which
# the libraries then cannot load without; off by default).
set -euo pipefail

usage() {
    sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

die() { echo "ffmpeg_nvdec: $*" >&2; exit 1; }

if [ $# -ne 3 ]; then usage; fi
case "$1" in -h|--help) usage ;; esac

SRC=$(cd "$1" && pwd)
NV=$(cd "$2" && pwd)
mkdir -p "$3"
PREFIX=$(cd "$3" && pwd)
[ "$PREFIX" != / ] || die "INSTALL_PREFIX is /: its lib/ and include/ are replaced"
BUILD=$PREFIX.build
JOBS=${JOBS:-$(nproc)}
DAV1D=${DAV1D:-auto}
VAAPI=${VAAPI:-no}

if [ ! -x "$SRC/configure" ] || [ ! -f "$SRC/libavcodec/nvdec.c" ]; then
    die "$SRC is not an FFmpeg source tree with nvdec"
fi
grep -qx '5\.1\..*' "$SRC/RELEASE" 2>/dev/null ||
    die "$SRC is FFmpeg $(cat "$SRC/RELEASE" 2>/dev/null || echo '?'), not 5.1.x (Debian 12's ABI)"
# Only our ffnvcodec.pc, plus the system's for dav1d/libva when asked for.
export PKG_CONFIG_PATH=$NV/lib/pkgconfig
pkg-config --exists ffnvcodec || die "no ffnvcodec.pc under $NV/lib/pkgconfig"

# --- what goes in --------------------------------------------------------------
DECODERS=h264,hevc,av1,vp9,ffv1,rawvideo
HWACCELS=h264_nvdec,hevc_nvdec,av1_nvdec,vp9_nvdec
EXTRA=()
SYS_PC=$(pkg-config --variable pc_path pkg-config)
if [ "$DAV1D" != no ] && PKG_CONFIG_PATH=$SYS_PC pkg-config --exists dav1d; then
    DECODERS+=,libdav1d
    EXTRA+=(--enable-libdav1d)
elif [ "$DAV1D" = yes ]; then
    die "DAV1D=yes, but pkg-config finds no dav1d (Debian: libdav1d-dev)"
fi
if [ "$VAAPI" = yes ]; then
    PKG_CONFIG_PATH=$SYS_PC pkg-config --exists libva ||
        die "VAAPI=yes, but pkg-config finds no libva (Debian: libva-dev)"
    HWACCELS+=,h264_vaapi,hevc_vaapi,av1_vaapi,vp9_vaapi
    EXTRA+=(--enable-vaapi)
fi
[ ${#EXTRA[@]} -eq 0 ] || PKG_CONFIG_PATH=$PKG_CONFIG_PATH:$SYS_PC

# --disable-autodetect keeps the machine's other libraries (zlib, xlib, ...)
# out, so ffnvcodec and nvdec are asked for by name. The bitstream filters
# the decoders need (vp9_superframe_split, av1_frame_split) come with them.
# RUNPATH $ORIGIN: configure evals the value (\$ -> $), make expands the link
# rule twice (library.mak's $(eval), then the recipe: $$$$ -> $$ -> $), and the
# single quotes keep the shell off the $ that is left.
CONFIGURE=("$SRC/configure" --prefix="$PREFIX"
    --enable-shared --disable-static --disable-doc --disable-programs
    --disable-autodetect --disable-everything --disable-network
    --disable-avdevice --disable-avfilter --disable-swresample --disable-postproc
    --enable-swscale --enable-ffnvcodec --enable-nvdec
    "--enable-decoder=$DECODERS" "--enable-hwaccel=$HWACCELS"
    "--enable-parser=h264,hevc,av1,vp9"
    "--enable-demuxer=matroska,mov,ivf,h264,hevc,mpegts,yuv4mpegpipe,rawvideo"
    "--enable-protocol=file,pipe"
    "--extra-ldsoflags=-Wl,-rpath,'\\\$\\\$\\\$\\\$ORIGIN'"
    "${EXTRA[@]}")

# --- configure (again only when the line changed) and build ------------------
mkdir -p "$BUILD"
LINE="PKG_CONFIG_PATH=$PKG_CONFIG_PATH ${CONFIGURE[*]}"
echo "configure: $LINE"
if [ ! -f "$BUILD/ffbuild/config.mak" ] || [ "$(cat "$BUILD/configure.line" 2>/dev/null)" != "$LINE" ]; then
    rm -f "$BUILD/configure.line"
    (cd "$BUILD" && "${CONFIGURE[@]}" >configure.out 2>&1) || {
        tail -n 30 "$BUILD/ffbuild/config.log" >&2 || true
        die "configure failed (above: the end of $BUILD/ffbuild/config.log)"
    }
    echo "$LINE" >"$BUILD/configure.line"
    # The libraries do not depend on config.mak: link them again.
    rm -f "$BUILD"/lib*/lib*.so*
fi
# configure drops what it cannot have without failing: check that it kept it.
for want in CONFIG_NVDEC CONFIG_H264_NVDEC_HWACCEL CONFIG_HEVC_NVDEC_HWACCEL \
    CONFIG_AV1_NVDEC_HWACCEL CONFIG_VP9_NVDEC_HWACCEL CONFIG_SWSCALE; do
    grep -q "^$want=yes" "$BUILD/ffbuild/config.mak" || die "configure left $want out"
done
make -C "$BUILD" -j "$JOBS" >"$BUILD/make.out" 2>&1 || {
    tail -n 30 "$BUILD/make.out" >&2
    die "make failed (above: the end of $BUILD/make.out)"
}

# --- install: a fresh lib/ and include/, nothing left from an older run -------
rm -rf "${PREFIX:?}/lib" "${PREFIX:?}/include" "${PREFIX:?}/share"
make -C "$BUILD" install >"$BUILD/install.out" 2>&1 || die "make install failed (see $BUILD/install.out)"
rm -rf "$PREFIX/share"   # examples only
if [[ " ${EXTRA[*]} " == *" --enable-libdav1d "* ]]; then
    DAV1D_SO=$(PKG_CONFIG_PATH=$SYS_PC pkg-config --variable=libdir dav1d)/libdav1d.so.6
    [ -f "$DAV1D_SO" ] || die "libavcodec needs libdav1d.so.6, which is not at $DAV1D_SO"
    cp -L "$DAV1D_SO" "$PREFIX/lib/"
fi

# --- check: the sonames vmaf loads, found through $ORIGIN, and no stray NEEDED
for so in libavutil.so.57 libswscale.so.6 libavcodec.so.59 libavformat.so.59; do
    [ -f "$PREFIX/lib/$so" ] || die "no $PREFIX/lib/$so (not FFmpeg 5.1's sonames?)"
    # shellcheck disable=SC2016
    readelf -d "$PREFIX/lib/$so" | grep -q 'R.*PATH.*\[\$ORIGIN\]' || die "$so has no \$ORIGIN RUNPATH"
    ! ldd "$PREFIX/lib/$so" | grep -q 'not found' || die "$so: $(ldd "$PREFIX/lib/$so" | grep 'not found')"
done
echo "installed into $PREFIX/lib ($(du -sh "$PREFIX/lib" | cut -f1)):"
for so in "$PREFIX"/lib/*.so.*[0-9]; do
    [ -L "$so" ] && continue
    printf '  %-22s NEEDED %s\n' "$(basename "$so")" \
        "$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
done
