#include "session/frame_pictures.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <fmt/core.h>

#include "libvmaf/feature.h"
#include "libvmaf/libvmaf.h"
#include "session/align/align.h"
#include "session/frame_images.h"
#include "session/inputs.h"
#include "session/owned_picture.h"

namespace vmaf::session {

namespace {

namespace fs = std::filesystem;

// A folder of its own under the system's temporary one, removed with it;
// an empty path where none could be made.
struct TemporaryFolder {
    fs::path path;
    TemporaryFolder()
    {
        std::error_code ec;
        const fs::path base = fs::temp_directory_path(ec);
        if (ec) return;
        std::string name = (base / "vmaf-heatmaps-XXXXXX").string();
        if (mkdtemp(name.data())) path = name;
    }
    TemporaryFolder(const TemporaryFolder &) = delete;
    TemporaryFolder &operator=(const TemporaryFolder &) = delete;
    ~TemporaryFolder()
    {
        std::error_code ec;
        if (!path.empty()) fs::remove_all(path, ec);
    }
};

// cambi run again on the pictured distorted frames with the request's
// options, its heatmaps_path pointed at a folder of ours: the finest
// scale's c-values of each frame.
class CambiHeat {
public:
    // Nothing to do where r does not score cambi.
    explicit CambiHeat(const ScoreRequest &r)
    {
        const auto it = std::find_if(r.features.begin(), r.features.end(),
                                     [](const FeatureRequest &f) { return f.name == "cambi"; });
        if (it == r.features.end()) return;
        folder_.emplace();
        if (folder_->path.empty()) return;
        VmafConfiguration cfg{};
        cfg.log_level = VMAF_LOG_LEVEL_NONE;
        if (vmaf_init(&ctx_, cfg)) return;
        VmafFeatureDictionary *options = nullptr;
        for (const auto &[key, value] : it->options)
            if (key != "heatmaps_path") vmaf_feature_dictionary_set(&options, key.c_str(), value.c_str());
        vmaf_feature_dictionary_set(&options, "heatmaps_path", folder_->path.c_str());
        const int err = vmaf_use_feature(ctx_, "cambi", options);
        vmaf_feature_dictionary_free(&options);
        if (err) close();
    }
    ~CambiHeat() { close(); }
    CambiHeat(const CambiHeat &) = delete;
    CambiHeat &operator=(const CambiHeat &) = delete;

    bool wanted() const { return ctx_ != nullptr; }

    // The pair's next pictured frame (taken over); where cambi refuses it
    // the heat maps are left out.
    void add(OwnedPicture &ref, OwnedPicture &dis)
    {
        if (!ctx_) return;
        VmafPicture r = ref.release(), d = dis.release();
        if (vmaf_read_pictures(ctx_, &r, &d, added_++)) close();
    }

    // Each added frame's c-values, in order; empty where there are none.
    struct Map {
        unsigned w = 0, h = 0;
        std::vector<uint16_t> c;
    };
    std::vector<Map> maps()
    {
        if (!ctx_ || added_ == 0) return {};
        const bool flushed = vmaf_read_pictures(ctx_, nullptr, nullptr, 0) == 0;
        close();
        if (!flushed) return {};
        static const std::regex kName(R"(cambi_heatmap_scale_0_(\d+)x(\d+)_16b\.gray)");
        std::error_code ec;
        for (const auto &entry : fs::directory_iterator(folder_->path, ec)) {
            std::smatch m;
            const std::string name = entry.path().filename().string();
            // The sizes are cambi's own, at most 65536 (five digits).
            if (std::regex_match(name, m, kName) && m[1].length() <= 5 && m[2].length() <= 5)
                return read_maps(entry.path(), unsigned(std::stoul(m[1])),
                                 unsigned(std::stoul(m[2])));
        }
        return {};
    }

private:
    void close()
    {
        if (ctx_) vmaf_close(ctx_);
        ctx_ = nullptr;
    }

    // The file holds every frame's samples one after the other; the name
    // gives the encoding size, the samples may be half of it each way
    // (cambi's high-resolution speed-up).
    std::vector<Map> read_maps(const fs::path &file, unsigned w, unsigned h) const
    {
        std::error_code ec;
        const uintmax_t bytes = fs::file_size(file, ec);
        if (ec || bytes % (2ull * added_)) return {};
        const uintmax_t per_frame = bytes / 2 / added_;
        if (per_frame != uintmax_t(w) * h) {
            w = (w + 1) / 2;
            h = (h + 1) / 2;
            if (per_frame != uintmax_t(w) * h) return {};
        }
        std::ifstream in(file, std::ios::binary);
        std::vector<Map> out(added_);
        for (Map &map : out) {
            map.w = w;
            map.h = h;
            map.c.resize(size_t(per_frame));
            if (!in.read(reinterpret_cast<char *>(map.c.data()), std::streamsize(per_frame * 2)))
                return {};
        }
        return out;
    }

    std::optional<TemporaryFolder> folder_; // made where cambi is scored
    VmafContext *ctx_ = nullptr;
    unsigned added_ = 0;
};

// Reads and drops `n` frames of `in`.
bool skip_frames(VideoInput &in, unsigned n, std::string &error)
{
    if (n == 0) return true;
    OwnedPicture scratch;
    if (!scratch.alloc(in.format())) return error = "could not allocate a picture", false;
    for (unsigned i = 0; i < n; i++) {
        const ReadStatus s = in.read_frame(scratch.pic);
        if (s == ReadStatus::Error) return error = in.error(), false;
        if (s == ReadStatus::End)
            return error = fmt::format("{} ended before its skipped frames", in.path()), false;
    }
    return true;
}

} // namespace

std::string primary_key(const ScoreTable &t)
{
    if (std::find(t.keys.begin(), t.keys.end(), "vmaf") != t.keys.end()) return "vmaf";
    return t.keys.empty() ? std::string{} : t.keys[0];
}

std::vector<unsigned> pictured_frames(const ScoreTable &t, const PictureChoice &choice)
{
    std::vector<unsigned> out;
    const std::string key = primary_key(t);
    const auto it = std::find(t.keys.begin(), t.keys.end(), key);
    const size_t k = size_t(it - t.keys.begin());
    if (it != t.keys.end() && k < t.per_frame.size()) {
        std::vector<std::pair<double, unsigned>> scored;
        for (unsigned f = 0; f < t.per_frame[k].size(); f++)
            if (std::isfinite(t.per_frame[k][f])) scored.emplace_back(t.per_frame[k][f], f);
        const size_t n = std::min<size_t>(choice.worst, scored.size());
        std::partial_sort(scored.begin(), scored.begin() + ptrdiff_t(n), scored.end());
        for (size_t i = 0; i < n; i++) out.push_back(scored[i].second);
    }
    for (unsigned f : choice.frames)
        if (f < t.frames) out.push_back(f);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool make_frame_pictures(const ScoreRequest &r, const ScoreTable &t,
                         const std::vector<unsigned> &frames, size_t budget,
                         std::vector<FramePictures> &out, std::string &note, std::string &error)
{
    out.clear();
    note.clear();
    if (frames.empty()) return true;
    for (const std::string *path : {&r.reference, &r.distorted})
        if (reads_once(*path)) {
            note = fmt::format("no pictures of the frames: {} was read once (a pipe)", *path);
            return true;
        }
    // The frames as scored, decoded on the CPU: the same samples as any
    // decoder gives.
    ScoreRequest q = r;
    q.hwdec = HwDecode::None;
    if (t.alignment) apply_offset(q, t.alignment->offset);
    PairInputs in;
    if (!in.open(q, error)) return false;
    if (!skip_frames(*in.ref, q.frame_skip_ref, error) ||
        !skip_frames(*in.dis, q.frame_skip_dist, error))
        return false;
    const ColourTags tags = in.ref->colour();
    CambiHeat cambi(q);
    const size_t share = budget / (frames.size() * (cambi.wanted() ? 4 : 3));
    std::vector<GreyPlane> lumas; // the heat maps' backgrounds
    size_t next = 0;
    // Two pictures read into again and again; new ones only after cambi
    // took a pictured pair over.
    OwnedPicture ref, dis;
    for (unsigned i = 0; next < frames.size(); i++) {
        if ((!ref.pic.ref && !ref.alloc(in.ref->format())) ||
            (!dis.pic.ref && !dis.alloc(in.dis->format())))
            return error = "could not allocate a picture", false;
        for (auto [input, pic] : {std::pair{in.ref.get(), &ref}, std::pair{in.dis.get(), &dis}}) {
            const ReadStatus s = input->read_frame(pic->pic);
            if (s == ReadStatus::Error) return error = input->error(), false;
            if (s == ReadStatus::End)
                return error = fmt::format("{} ended at frame {}, before pictured frame {}",
                                           input->path(), i, frames[next]),
                       false;
        }
        if (i != frames[next]) continue;
        next++;
        FramePictures p;
        p.frame = i;
        const RgbImage reference = rgb_image(ref.pic, tags);
        p.width = reference.w;
        p.height = reference.h;
        p.reference = jpeg_data_uri(reference, share);
        p.distorted = jpeg_data_uri(rgb_image(dis.pic, tags), share);
        p.difference = jpeg_data_uri(difference_image(ref.pic, dis.pic), share);
        out.push_back(std::move(p));
        if (cambi.wanted()) lumas.push_back(grey_plane(dis.pic));
        cambi.add(ref, dis);
    }
    const std::vector<CambiHeat::Map> maps = cambi.maps();
    for (size_t i = 0; i < maps.size() && i < out.size() && i < lumas.size(); i++)
        out[i].cambi = jpeg_data_uri(heat_image(maps[i].c, maps[i].w, maps[i].h, lumas[i]), share);
    return true;
}

} // namespace vmaf::session
