// The message for a libavcodec that decodes a codec only through hardware:
// FFmpeg's own av1 decoder (the codec's first where libdav1d and libaom are
// absent) gets one that names AV1 and what would decode it; the decoders of
// this machine's libavcodec (Debian's, with libdav1d) get none.
#include <gtest/gtest.h>
#include <string>

#include "session/input/decoder_hints.h"
#include "session/input/libav.h"

namespace {

const AVCodec *decoder_named(const char *name)
{
    void *it = nullptr;
    while (const AVCodec *c = vmaf::session::libav().av_codec_iterate(&it))
        if (vmaf::session::libav().av_codec_is_decoder(c) && std::string(c->name) == name)
            return c;
    return nullptr;
}

TEST(DecoderHints, FFmpegsOwnAv1DecoderIsNamedWithWhatWouldDecodeAv1)
{
    std::string error;
    ASSERT_NE(vmaf::session::load_libav(error), nullptr) << error;
    const AVCodec *av1 = decoder_named("av1");
    ASSERT_NE(av1, nullptr) << "this libavcodec has no av1 decoder";
    const std::string why = vmaf::session::cpu_decoder_missing(*av1);
    EXPECT_NE(why.find("AV1 only on a GPU"), std::string::npos) << why;
    EXPECT_NE(why.find("libdav1d"), std::string::npos) << why;
    EXPECT_NE(why.find("--hwdec cuda"), std::string::npos) << why;
}

TEST(DecoderHints, DecodersOfTheCpuGetNone)
{
    std::string error;
    ASSERT_NE(vmaf::session::load_libav(error), nullptr) << error;
    for (const AVCodecID id : {AV_CODEC_ID_H264, AV_CODEC_ID_HEVC, AV_CODEC_ID_AV1, AV_CODEC_ID_VP9}) {
        const AVCodec *first = vmaf::session::libav().avcodec_find_decoder(id);
        ASSERT_NE(first, nullptr) << id;
        EXPECT_EQ(vmaf::session::cpu_decoder_missing(*first), "") << first->name;
    }
}

} // namespace
