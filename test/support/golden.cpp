#include "support/golden.h"

#include <cmath>
#include <fstream>
#include <stdexcept>

#include "support/clips.h"
#include "session/input/video_input.h"

namespace vmaf::test {

std::optional<nlohmann::json> golden(const std::string &clip, const std::string &variant)
{
    std::ifstream in(shared_dir() + "/golden/" + clip + "/" + variant + ".json");
    if (!in) return std::nullopt;
    return nlohmann::json::parse(in);
}

std::optional<double> golden_value(const nlohmann::json &g, unsigned frame, const std::string &key)
{
    const auto &frames = g.at("frames");
    for (const auto &f : frames) {
        if (f.at("frameNum").get<unsigned>() != frame) continue;
        const auto &m = f.at("metrics");
        if (!m.contains(key)) return std::nullopt;
        if (m.at(key).is_null()) return std::nan("");
        return m.at(key).get<double>();
    }
    return std::nullopt;
}

void Video::release()
{
    for (auto &f : frames) vmaf_picture_unref(&f);
    frames.clear();
}

Video load_y4m(const std::string &path)
{
    std::string error;
    auto input = session::VideoInput::open(path, {}, error);
    if (!input) throw std::runtime_error(error);
    Video v;
    v.w = input->format().w;
    v.h = input->format().h;
    v.bpc = input->format().bpc;
    v.pix_fmt = input->format().pix_fmt;
    for (;;) {
        VmafPicture pic;
        if (vmaf_picture_alloc(&pic, v.pix_fmt, v.bpc, v.w, v.h)) throw std::runtime_error("alloc");
        const auto status = input->read_frame(pic);
        if (status != session::ReadStatus::Frame) {
            vmaf_picture_unref(&pic);
            if (status == session::ReadStatus::Error) throw std::runtime_error(input->error());
            break;
        }
        v.frames.push_back(pic);
    }
    return v;
}

int score_clip(VmafContext *ctx, const std::string &clip, unsigned max_frames)
{
    Video ref = load_y4m(clip_path(clip, "ref"));
    Video dis = load_y4m(clip_path(clip, "dis"));
    if (ref.frames.size() != dis.frames.size()) throw std::runtime_error("frame counts differ");
    int err = 0;
    size_t n = ref.frames.size();
    if (max_frames && max_frames < n) n = max_frames;
    for (size_t i = 0; i < n && !err; i++) {
        // vmaf_read_pictures takes the references over.
        err = vmaf_read_pictures(ctx, &ref.frames[i], &dis.frames[i], static_cast<unsigned>(i));
    }
    ref.release();
    dis.release();
    int flush_err = vmaf_read_pictures(ctx, nullptr, nullptr, 0);
    return err ? err : flush_err;
}

} // namespace vmaf::test
