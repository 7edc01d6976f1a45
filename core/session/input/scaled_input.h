// A video scaled to another size or converted to another bit depth with
// libswscale as ffmpeg's scale filter does it (`-vf scale=W:H:flags=bicubic`,
// `-pix_fmt yuv420p10le`): the encoding-ladder case (the distorted at the
// reference's size) and the scoring of 8-bit video at 10 bits.
#pragma once

#include <memory>
#include <string>

#include "session/input/video_input.h"

struct SwsContext;

namespace vmaf::session {

// The algorithm and options of --scale, in the words of ffmpeg's
// -sws_flags ("bicubic", "lanczos", "bicubic+accurate_rnd", ...): false
// with `error` set when libswscale does not know them or names no
// algorithm.
bool parse_scale_flags(const std::string &text, int &flags, std::string &error);

class ScaledInput final : public VideoInput {
public:
    // `inner`'s frames scaled to w x h and converted to `bpc` bits (pixel
    // format kept); nullptr with `error` set when libswscale cannot.
    static std::unique_ptr<VideoInput> wrap(std::unique_ptr<VideoInput> inner, unsigned w,
                                            unsigned h, unsigned bpc, const std::string &flags,
                                            std::string &error);
    ~ScaledInput() override;

    ReadStatus read_frame(VmafPicture &pic) override;
    std::optional<unsigned long long> frames_left() const override { return inner_->frames_left(); }
    std::optional<double> frame_time() const override { return inner_->frame_time(); }
    bool decoded() const override { return inner_->decoded(); }
    std::string decoder_note() const override { return inner_->decoder_note(); }
    void cancel() override { inner_->cancel(); }

    struct SwsFree {
        void operator()(SwsContext *s) const;
    };

private:
    explicit ScaledInput(std::unique_ptr<VideoInput> inner);

    std::unique_ptr<VideoInput> inner_;
    std::unique_ptr<SwsContext, SwsFree> sws_;
    VmafPicture scratch_{}; // one frame at the inner size
};

} // namespace vmaf::session
