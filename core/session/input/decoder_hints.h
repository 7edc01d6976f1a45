// What a libavcodec build lacks to decode a codec on the CPU, for messages:
// FFmpeg's own AV1 decoder decodes only through hardware, and is the codec's
// first decoder where the build has neither libdav1d nor libaom, so every
// frame fails there with nothing that says why.
#pragma once

#include <string>

struct AVCodec;

namespace vmaf::session {

// Why `decoder`, a codec's first decoder, cannot decode on the CPU, and what
// would: empty where it can.
std::string cpu_decoder_missing(const AVCodec &decoder);

} // namespace vmaf::session
