// FFmpeg's libraries (libavformat, libavcodec, libswscale, libavutil),
// loaded on first use rather than at start (ADR 0030): a run of Y4M or raw
// YUV never maps them nor the codec libraries behind them, and a machine
// without them still scores those. The functions the session calls are
// pointers of the headers' own types, so a mismatch is a build error; the
// libraries are the major versions the build was compiled against.
#pragma once

#include <string>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/hwcontext.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

namespace vmaf::session {

// X(library, function): every libav function the session calls.
#define VMAF_LIBAV_FUNCTIONS(X)                                                                    \
    X(avutil, av_buffer_ref)                                                                       \
    X(avutil, av_buffer_unref)                                                                     \
    X(avutil, av_dict_free)                                                                        \
    X(avutil, av_dict_set)                                                                         \
    X(avutil, av_free)                                                                             \
    X(avutil, av_freep)                                                                            \
    X(avutil, av_frame_alloc)                                                                      \
    X(avutil, av_frame_free)                                                                       \
    X(avutil, av_frame_move_ref)                                                                   \
    X(avutil, av_frame_unref)                                                                      \
    X(avutil, av_get_pix_fmt)                                                                      \
    X(avutil, av_get_pix_fmt_name)                                                                 \
    X(avutil, av_hwdevice_ctx_create)                                                              \
    X(avutil, av_hwframe_transfer_data)                                                            \
    X(avutil, av_image_copy_plane)                                                                 \
    X(avutil, av_log_set_callback)                                                                 \
    X(avutil, av_log_set_level)                                                                    \
    X(avutil, av_malloc)                                                                           \
    X(avutil, av_opt_get_int)                                                                      \
    X(avutil, av_opt_set)                                                                          \
    X(avutil, av_opt_set_int)                                                                      \
    X(avutil, av_pix_fmt_desc_get)                                                                 \
    X(avutil, av_strerror)                                                                         \
    X(avcodec, av_packet_alloc)                                                                    \
    X(avcodec, av_packet_clone)                                                                    \
    X(avcodec, av_packet_free)                                                                     \
    X(avcodec, av_packet_unref)                                                                    \
    X(avcodec, av_codec_is_decoder)                                                                \
    X(avcodec, av_codec_iterate)                                                                   \
    X(avcodec, avcodec_alloc_context3)                                                             \
    X(avcodec, avcodec_find_decoder)                                                               \
    X(avcodec, avcodec_flush_buffers)                                                              \
    X(avcodec, avcodec_free_context)                                                               \
    X(avcodec, avcodec_get_class)                                                                  \
    X(avcodec, avcodec_get_hw_config)                                                              \
    X(avcodec, avcodec_get_name)                                                                   \
    X(avcodec, avcodec_open2)                                                                      \
    X(avcodec, avcodec_parameters_to_context)                                                      \
    X(avcodec, avcodec_receive_frame)                                                              \
    X(avcodec, avcodec_send_packet)                                                                \
    X(avformat, av_find_best_stream)                                                               \
    X(avformat, av_probe_input_buffer2)                                                            \
    X(avformat, av_probe_input_format3)                                                            \
    X(avformat, av_read_frame)                                                                     \
    X(avformat, av_seek_frame)                                                                     \
    X(avformat, avformat_alloc_context)                                                            \
    X(avformat, avformat_close_input)                                                              \
    X(avformat, avformat_find_stream_info)                                                         \
    X(avformat, avformat_get_class)                                                                \
    X(avformat, avformat_index_get_entries_count)                                                  \
    X(avformat, avformat_index_get_entry)                                                          \
    X(avformat, avformat_open_input)                                                               \
    X(avformat, avio_alloc_context)                                                                \
    X(avformat, avio_context_free)                                                                 \
    X(swscale, sws_alloc_context)                                                                  \
    X(swscale, sws_freeContext)                                                                    \
    X(swscale, sws_init_context)                                                                   \
    X(swscale, sws_isSupportedInput)                                                               \
    X(swscale, sws_isSupportedOutput)                                                              \
    X(swscale, sws_scale)

struct Libav {
#define VMAF_LIBAV_POINTER(library, function) decltype(&::function) function = nullptr;
    VMAF_LIBAV_FUNCTIONS(VMAF_LIBAV_POINTER)
#undef VMAF_LIBAV_POINTER
};

// The functions, the libraries loaded at the first call (from any thread):
// nullptr with `error` naming the library or function the loader could
// not find, and why, on this and every later call.
const Libav *load_libav(std::string &error);

// The functions once load_libav has succeeded: what containers and scaling
// call after their entry points have loaded them.
const Libav &libav();

} // namespace vmaf::session
