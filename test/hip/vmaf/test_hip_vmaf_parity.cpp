// Every shipped model, integer, float and v1, with the HIP backend against
// the CPU: each model's features all run on HIP twins (none left on the
// CPU), and the output, every frame, every key and the pooled scores, is
// byte-identical in all four formats, on every public clip (a v1 model on
// every clip whose chroma has a SpEED block at the model's prescale; the
// others both backends refuse).
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "engine/context.h"
#include "feature/speed/speed_setup.h"
#include "model/model.h"
#include "hip/hip_parity.h"
#include "libvmaf/libvmaf.h"
#include "libvmaf/model.h"
#include "support/clips.h"

namespace {

using vmaf::test::clip_names;
using vmaf::test::clip_path;
using vmaf::test::Context;
using vmaf::test::HipState;
using vmaf::test::load_y4m;
using vmaf::test::read_video;
using vmaf::test::Video;

const char *const kModels[] = {"vmaf_v0.6.1",          "vmaf_v0.6.1neg",       "vmaf_4k_v0.6.1",
                               "vmaf_4k_v0.6.1neg",    "vmaf_b_v0.6.3",        "vmaf_float_v0.6.1",
                               "vmaf_float_v0.6.1neg", "vmaf_float_4k_v0.6.1", "vmaf_float_b_v0.6.3",
                               "vmaf_v1.0.16_3d0h",    "vmaf_v1.0.16_5d0h",    "vmaf_v1.0.16_1d5h_2160",
                               "vmaf_v1.0.16_3d0h_2160", "vmaf_v1.0.16_hfr_3d0h", "vmaf_v1.0.16_hfr_5d0h",
                               "vmaf_v1.0.16_hfr_1d5h_2160", "vmaf_v1.0.16_hfr_3d0h_2160"};

// A model or, for the bootstrap models, a collection with its plain model.
struct LoadedModel {
    VmafModel *model = nullptr;
    VmafModelCollection *collection = nullptr;
    ~LoadedModel()
    {
        vmaf_model_destroy(model);
        vmaf_model_collection_destroy(collection);
    }
};

const VmafOutputFormat kFormats[] = {VMAF_OUTPUT_FORMAT_XML, VMAF_OUTPUT_FORMAT_JSON,
                                     VMAF_OUTPUT_FORMAT_CSV, VMAF_OUTPUT_FORMAT_SUB};

// The file's lines but those naming the speed, which differs between runs.
std::string without_fps(const std::string &path)
{
    std::ifstream in(path);
    std::ostringstream out;
    for (std::string line; std::getline(in, line);)
        if (line.find("fps") == std::string::npos) out << line << '\n';
    return out.str();
}

// Scores the clip with the model on one backend and writes each format;
// returns the outputs, and the extractors that ran in `extractors`.
void score(const Video &ref, const Video &dis, const std::string &model, VmafHipState *state,
           std::vector<std::string> &outputs, std::vector<std::string> &extractors)
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR;
    VmafContext *raw = nullptr;
    ASSERT_EQ(vmaf_init(&raw, cfg), 0);
    Context ctx(raw);
    if (state) {
        ASSERT_EQ(vmaf_hip_import_state(ctx.get(), state), 0);
    }
    LoadedModel m;
    VmafModelConfig mc{"vmaf", 0};
    int err = vmaf_model_load(&m.model, &mc, model.c_str());
    if (err == -ENOTSUP) {
        m.model = nullptr;
        err = vmaf_model_collection_load(&m.model, &m.collection, &mc, model.c_str());
    }
    ASSERT_EQ(err, 0) << model;
    ASSERT_EQ(vmaf_use_features_from_model(ctx.get(), m.model), 0);
    if (m.collection) {
        ASSERT_EQ(vmaf_use_features_from_model_collection(ctx.get(), m.collection), 0);
    }
    extractors = ctx->extractor_names();
    ASSERT_NO_FATAL_FAILURE(read_video(ctx.get(), ref, dis, true, state != nullptr, 0));

    const unsigned last = static_cast<unsigned>(ref.frames.size() - 1);
    double pooled = 0;
    ASSERT_EQ(vmaf_score_pooled(ctx.get(), m.model, VMAF_POOL_METHOD_MEAN, &pooled, 0, last), 0);
    if (m.collection) {
        VmafModelCollectionScore s{};
        ASSERT_EQ(vmaf_score_pooled_model_collection(ctx.get(), m.collection,
                                                     VMAF_POOL_METHOD_MEAN, &s, 0, last),
                  0);
    }
    char dir[] = "/tmp/vmaf_hip_parity_XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    for (VmafOutputFormat f : kFormats) {
        const std::string path = std::string(dir) + "/out" + std::to_string(f);
        ASSERT_EQ(vmaf_write_output(ctx.get(), path.c_str(), f), 0);
        outputs.push_back(without_fps(path));
        std::remove(path.c_str());
    }
    rmdir(dir);
}

// Whether the model's SpEED (if it has one) finds a block in the clip's
// chroma at the model's prescale.
bool speed_fits(const std::string &model, const Video &v)
{
    VmafModelConfig mc{"vmaf", 0};
    VmafModel *m = nullptr;
    if (vmaf_model_load(&m, &mc, model.c_str())) return true; // a collection: no SpEED
    std::unique_ptr<VmafModel, decltype(&vmaf_model_destroy)> owned(m, vmaf_model_destroy);
    for (const auto &f : m->features) {
        if (!f.name.starts_with("Speed_chroma")) continue;
        double prescale = 1.0;
        for (const auto &[key, value] : f.options)
            if (key == "speed_prescale") prescale = std::stod(value);
        const int w = v.pix_fmt == VMAF_PIX_FMT_YUV444P ? v.w : v.w / 2;
        const int h = v.pix_fmt == VMAF_PIX_FMT_YUV420P ? v.h / 2 : v.h;
        return vmaf::speed::speed_size(w, h, prescale).blocks() > 0;
    }
    return true;
}

// The first error of scoring pictures of the clip's format, size and
// length with the model on one backend.
int refusal(const Video &ref, const std::string &model, VmafHipState *state)
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_NONE;
    VmafContext *raw = nullptr;
    if (int err = vmaf_init(&raw, cfg)) return err;
    Context ctx(raw);
    if (state)
        if (int err = vmaf_hip_import_state(ctx.get(), state)) return err;
    VmafModelConfig mc{"vmaf", 0};
    VmafModel *m = nullptr;
    if (int err = vmaf_model_load(&m, &mc, model.c_str())) return err;
    std::unique_ptr<VmafModel, decltype(&vmaf_model_destroy)> owned(m, vmaf_model_destroy);
    int err = vmaf_use_features_from_model(ctx.get(), m);
    for (size_t i = 0; !err && i < ref.frames.size(); i++) {
        VmafPicture r{}, d{};
        if ((err = vmaf_picture_alloc(&r, ref.pix_fmt, ref.bpc, ref.w, ref.h))) break;
        if ((err = vmaf_picture_alloc(&d, ref.pix_fmt, ref.bpc, ref.w, ref.h))) {
            vmaf_picture_unref(&r);
            break;
        }
        err = vmaf_read_pictures(ctx.get(), &r, &d, static_cast<unsigned>(i));
    }
    return err ? err : vmaf_read_pictures(ctx.get(), nullptr, nullptr, 0);
}

class HipVmafParity : public vmaf::test::HipDeviceTestWithParam<const char *> {};

TEST_P(HipVmafParity, EveryClipIdentical)
{
    VmafHipState *raw_state = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&raw_state, VmafHipConfiguration{0}), 0);
    HipState state(raw_state);
    const std::string model = GetParam();
    for (const std::string &clip : clip_names()) {
        SCOPED_TRACE(clip);
        Video ref = load_y4m(clip_path(clip, "ref"));
        Video dis = load_y4m(clip_path(clip, "dis"));
        if (!speed_fits(model, ref)) {
            EXPECT_EQ(refusal(ref, model, nullptr), -EINVAL);
            EXPECT_EQ(refusal(ref, model, state.get()), -EINVAL);
            std::printf("parity %s %s: refused by both backends (SpEED has no block)\n", model.c_str(),
                        clip.c_str());
            ref.release();
            dis.release();
            continue;
        }
        std::vector<std::string> want, got, cpu_extractors, hip_extractors;
        score(ref, dis, model, nullptr, want, cpu_extractors);
        score(ref, dis, model, state.get(), got, hip_extractors);
        ref.release();
        dis.release();
        ASSERT_FALSE(HasFatalFailure());
        ASSERT_EQ(cpu_extractors.size(), hip_extractors.size());
        for (size_t i = 0; i < cpu_extractors.size(); i++)
            EXPECT_EQ(hip_extractors[i], cpu_extractors[i] + "_hip") << "left on the CPU";
        ASSERT_EQ(want.size(), got.size());
        size_t identical = 0;
        for (size_t f = 0; f < want.size(); f++) {
            EXPECT_EQ(want[f], got[f]) << "output format " << kFormats[f] << " differs";
            identical += want[f] == got[f];
        }
        std::printf("parity %s %s: %zu of %zu outputs identical (%zu bytes of JSON)\n",
                    model.c_str(), clip.c_str(), identical, want.size(), want[1].size());
    }
}

INSTANTIATE_TEST_SUITE_P(Models, HipVmafParity, ::testing::ValuesIn(kModels),
                         [](const auto &info) {
                             std::string name = info.param;
                             for (char &c : name)
                                 if (c == '.') c = '_';
                             return name;
                         });

} // namespace
