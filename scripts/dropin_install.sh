# shellcheck shell=bash
# Sourced by ffmpeg_dropin.sh and ffmpeg_dropin_gpu.sh: installs a build of
# this repository into WORK/root as FFmpeg's configure finds it.
#
#   dropin_install BUILD WORK
#       Brings BUILD up to date (ninja, JOBS jobs), installs it with
#       `meson install --destdir WORK/root`, and moves the prefix in the
#       installed libvmaf.pc into the destdir (as pkg-config
#       --define-variable=prefix would; its other paths are
#       ${prefix}-relative), so that PKG_CONFIG_PATH alone points FFmpeg's
#       configure at it. Sets PC, PKG_CONFIG_PATH (exported), LIBDIR and
#       VMAF (the installed CLI).
dropin_install() {
    local build=$1 work=$2
    ninja -C "$build" -j "${JOBS:-$(nproc)}" >/dev/null
    rm -rf "$work/root"
    meson install -C "$build" --no-rebuild --quiet --destdir "$work/root" >/dev/null
    PC=$(find "$work/root" -name libvmaf.pc -print -quit)
    [ -n "$PC" ] || { echo "dropin_install: meson install put no libvmaf.pc" >&2; return 1; }
    local old_prefix
    old_prefix=$(sed -n 's/^prefix=//p' "$PC")
    sed -i "s|^prefix=.*|prefix=$work/root$old_prefix|" "$PC"
    export PKG_CONFIG_PATH
    PKG_CONFIG_PATH=$(dirname "$PC")
    LIBDIR=$(pkg-config --variable=libdir libvmaf)
    case "$LIBDIR" in "$work/root"/*) ;; *)
        echo "dropin_install: pkg-config finds libdir $LIBDIR, not the installed copy" >&2
        return 1 ;;
    esac
    [ -e "$LIBDIR/libvmaf.so.3" ] || { echo "dropin_install: no $LIBDIR/libvmaf.so.3" >&2; return 1; }
    VMAF=$work/root$old_prefix/bin/vmaf
    [ -x "$VMAF" ] || { echo "dropin_install: the vmaf CLI is not installed at $VMAF" >&2; return 1; }
    echo "libvmaf.pc: $PC (version $(pkg-config --modversion libvmaf))"
    echo "pkg-config --cflags --libs libvmaf: $(pkg-config --cflags --libs libvmaf)"
}
