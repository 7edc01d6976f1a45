#include "session/input/scaled_input.h"

#include "session/input/container_input.h"

#include <bit>
#include <fmt/format.h>

#include "session/input/libav.h"
#include "session/options/option_names.h"


namespace vmaf::session {

namespace {

// libav's pixel format for VMAF's (native-endian samples); NONE where it
// has none (11, 13 or 15 bits).
AVPixelFormat av_format_of(const VideoFormat &f)
{
    const char *layout = f.pix_fmt == VMAF_PIX_FMT_YUV420P   ? "yuv420p"
                         : f.pix_fmt == VMAF_PIX_FMT_YUV422P ? "yuv422p"
                         : f.pix_fmt == VMAF_PIX_FMT_YUV444P ? "yuv444p"
                                                             : "gray";
    if (f.bpc == 8) return libav().av_get_pix_fmt(layout);
    const char *endian = std::endian::native == std::endian::big ? "be" : "le";
    return libav().av_get_pix_fmt(fmt::format("{}{}{}", layout, f.bpc, endian).c_str());
}

} // namespace

bool parse_scale_flags(const std::string &text, int &flags, std::string &error)
{
    if (!take_libav_log(error)) return false;
    // Parsed by a real context: libav's own parse of a bad name logs through
    // the object it was given, which a fake one cannot serve.
    std::unique_ptr<SwsContext, ScaledInput::SwsFree> probe(libav().sws_alloc_context());
    int64_t parsed = 0;
    const bool known = probe &&
                       libav().av_opt_set(probe.get(), "sws_flags", text.c_str(), 0) >= 0 &&
                       libav().av_opt_get_int(probe.get(), "sws_flags", 0, &parsed) >= 0;
    flags = static_cast<int>(parsed);
    constexpr int kAlgorithms = SWS_FAST_BILINEAR | SWS_BILINEAR | SWS_BICUBIC | SWS_X |
                                SWS_POINT | SWS_AREA | SWS_BICUBLIN | SWS_GAUSS | SWS_SINC |
                                SWS_LANCZOS | SWS_SPLINE;
    if (!known || std::popcount(static_cast<unsigned>(flags & kAlgorithms)) != 1) {
        error = fmt::format("{} '{}': name one algorithm, as ffmpeg's -sws_flags do: "
                            "bicubic, bilinear, lanczos, spline, neighbor, area, gauss, sinc, "
                            "bicublin, fast_bilinear or experimental, with +accurate_rnd or "
                            "+full_chroma_int where wanted",
                            option(Option::Scale), text);
        return false;
    }
    return true;
}

void ScaledInput::SwsFree::operator()(SwsContext *s) const { libav().sws_freeContext(s); }

ScaledInput::ScaledInput(std::unique_ptr<VideoInput> inner)
    : VideoInput(inner->path()), inner_(std::move(inner))
{
    frame_rate_ = inner_->frame_rate();
    // Scaling keeps the samples' matrix and range.
    colour_ = inner_->colour();
}

ScaledInput::~ScaledInput()
{
    if (scratch_.ref) vmaf_picture_unref(&scratch_);
}

std::unique_ptr<VideoInput> ScaledInput::wrap(std::unique_ptr<VideoInput> inner, unsigned w,
                                              unsigned h, unsigned bpc,
                                              const std::string &flags_text, std::string &error)
{
    int flags = 0;
    if (!parse_scale_flags(flags_text, flags, error)) return nullptr;
    const VideoFormat from = inner->format();
    VideoFormat to = from;
    to.w = w;
    to.h = h;
    to.bpc = bpc;
    const AVPixelFormat src_format = av_format_of(from), dst_format = av_format_of(to);
    if (src_format == AV_PIX_FMT_NONE || !libav().sws_isSupportedInput(src_format)) {
        error = fmt::format("{}: libswscale cannot read {} video", inner->path(), format_text(from));
        return nullptr;
    }
    if (dst_format == AV_PIX_FMT_NONE || !libav().sws_isSupportedOutput(dst_format)) {
        error = fmt::format("{}: libswscale cannot write {} video", inner->path(), format_text(to));
        return nullptr;
    }
    std::unique_ptr<ScaledInput> input(new ScaledInput(std::move(inner)));
    input->format_ = to;
    if (vmaf_picture_alloc(&input->scratch_, from.pix_fmt, from.bpc, from.w, from.h)) {
        error = fmt::format("{}: out of memory for a {} frame", input->path_, format_text(from));
        return nullptr;
    }
    // Set up as ffmpeg's scale filter sets up its context, so that the
    // pictures are the ones `ffmpeg -vf scale=W:H:flags=...` (or
    // `-pix_fmt ...`) makes, 8-bit 4:2:0's MPEG-2 chroma siting included:
    // the filter sets it on each side that is 8-bit 4:2:0.
    SwsContext *s = libav().sws_alloc_context();
    if (!s) {
        error = fmt::format("{}: out of memory", input->path_);
        return nullptr;
    }
    input->sws_.reset(s);
    libav().av_opt_set_int(s, "srcw", from.w, 0);
    libav().av_opt_set_int(s, "srch", from.h, 0);
    libav().av_opt_set_int(s, "src_format", src_format, 0);
    libav().av_opt_set_int(s, "dstw", w, 0);
    libav().av_opt_set_int(s, "dsth", h, 0);
    libav().av_opt_set_int(s, "dst_format", dst_format, 0);
    libav().av_opt_set_int(s, "sws_flags", flags, 0);
    if (src_format == AV_PIX_FMT_YUV420P) libav().av_opt_set_int(s, "src_v_chr_pos", 128, 0);
    if (dst_format == AV_PIX_FMT_YUV420P) libav().av_opt_set_int(s, "dst_v_chr_pos", 128, 0);
    if (libav().sws_init_context(s, nullptr, nullptr) < 0) {
        error = fmt::format("{}: libswscale cannot convert {} to {} with '{}'", input->path_,
                            format_text(from), format_text(to), flags_text);
        return nullptr;
    }
    return input;
}

ReadStatus ScaledInput::read_frame(VmafPicture &pic)
{
    const ReadStatus status = inner_->read_frame(scratch_);
    if (status == ReadStatus::Error) error_ = inner_->error();
    if (status != ReadStatus::Frame) return status;
    const uint8_t *src[4] = {};
    uint8_t *dst[4] = {};
    int src_stride[4] = {}, dst_stride[4] = {};
    const unsigned planes = format_.pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    for (unsigned p = 0; p < planes; p++) {
        src[p] = static_cast<const uint8_t *>(scratch_.data[p]);
        src_stride[p] = static_cast<int>(scratch_.stride[p]);
        dst[p] = static_cast<uint8_t *>(pic.data[p]);
        dst_stride[p] = static_cast<int>(pic.stride[p]);
    }
    libav().sws_scale(sws_.get(), src, src_stride, 0, static_cast<int>(scratch_.h[0]), dst,
                      dst_stride);
    frames_++;
    return ReadStatus::Frame;
}

} // namespace vmaf::session
