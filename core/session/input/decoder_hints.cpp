#include "session/input/decoder_hints.h"

#include <string_view>

#include "session/input/libav.h"

namespace vmaf::session {

std::string cpu_decoder_missing(const AVCodec &decoder)
{
    if (decoder.id != AV_CODEC_ID_AV1 || std::string_view(decoder.name) != "av1") return {};
    return "this FFmpeg decodes AV1 only on a GPU: its libavcodec was built without libdav1d "
           "or libaom, which decode AV1 on the CPU, and its own av1 decoder needs a GPU; use "
           "an FFmpeg with libdav1d (Debian's has it), or --hwdec cuda on a GPU that decodes "
           "AV1";
}

} // namespace vmaf::session
