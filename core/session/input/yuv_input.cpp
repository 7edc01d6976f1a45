#include "session/input/yuv_input.h"
#include "session/options/option_names.h"

#include <fmt/format.h>

namespace vmaf::session {

std::unique_ptr<VideoInput> YuvInput::open(std::unique_ptr<ByteSource> source,
                                           const std::string &path, const RawFormat &raw,
                                           std::string &error)
{
    auto reject = [&](std::string message) -> std::unique_ptr<VideoInput> {
        error = fmt::format("{}: {}", path, message);
        return nullptr;
    };
    if (!raw.w || !raw.h || !raw.pix_fmt || !raw.bpc)
        return reject("not a Y4M file (no YUV4MPEG2 signature); to read it as raw YUV give " +
                      raw_yuv_options());
    if (*raw.w <= 0 || *raw.h <= 0 || *raw.w > kMaxDimension || *raw.h > kMaxDimension)
        return reject(fmt::format("raw YUV size {}x{} is out of range (1 to {})", *raw.w, *raw.h,
                                  kMaxDimension));
    if (*raw.bpc < 8 || *raw.bpc > 16)
        return reject(fmt::format("bit depth {} is not supported (8 to 16)", *raw.bpc));
    const VmafPixelFormat pix_fmt = parse_pix_fmt(*raw.pix_fmt);
    if (pix_fmt == VMAF_PIX_FMT_UNKNOWN)
        return reject(fmt::format("unknown pixel format '{}' (420, 422, 444 or 400)", *raw.pix_fmt));

    std::unique_ptr<YuvInput> input(new YuvInput(std::move(source), path));
    input->format_ = VideoFormat{static_cast<unsigned>(*raw.w), static_cast<unsigned>(*raw.h),
                                 static_cast<unsigned>(*raw.bpc), pix_fmt};

    // A regular file must hold whole frames, at least one: anything else is
    // the wrong size or format, and scoring it would give a plausible but
    // wrong result (or allocate pictures for frames that are not there).
    if (const auto size = input->source_->bytes_left()) {
        const unsigned long long frame = frame_bytes(input->format_);
        if (*size < frame) {
            error = fmt::format("{}: raw YUV file of {} bytes is smaller than one {} frame ({} bytes)",
                                path, *size, format_text(input->format_), frame);
            return nullptr;
        }
        if (*size % frame != 0) {
            error = fmt::format("{}: raw YUV file of {} bytes is not a whole number of {} frames "
                                "({} bytes each)",
                                path, *size, format_text(input->format_), frame);
            return nullptr;
        }
    }
    return input;
}

ReadStatus YuvInput::read_frame(VmafPicture &pic)
{
    if (source_->at_end()) return ReadStatus::End;
    return read_planes(pic) ? ReadStatus::Frame : ReadStatus::Error;
}

} // namespace vmaf::session
