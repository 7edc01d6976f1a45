#include "session/scorer.h"

#include <fmt/core.h>
#include <limits>

#include "libvmaf/libvmaf_ext.h"
#include "session/frame_reader.h"
#include "session/options/option_names.h"

namespace vmaf::session {

namespace {

struct DictFree {
    void operator()(VmafFeatureDictionary *d) const { vmaf_feature_dictionary_free(&d); }
};

std::vector<std::string> model_specs(const ScoreRequest &r)
{
    // Without models and without no_prediction, the reference's default model scores.
    if (r.models.empty() && !r.no_prediction) return {"version=vmaf_v0.6.1"};
    return r.models;
}

// `subsample`: frames the report leaves out get NaN here too, also where a
// temporal feature (motion) scored them.
bool fill_table(VmafContext *ctx, const ScoreRequest &r, bool per_frame, ScoreTable &t,
                std::string &error)
{
    const unsigned subsample = r.subsample;
    unsigned keys = 0, frames = 0;
    if (vmaf_score_table_size(ctx, &keys, &frames)) {
        error = "could not list the scores (see the message above)";
        return false;
    }
    constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    auto pooled = [&](unsigned k, VmafPoolingMethod m) {
        double v = kNone;
        return vmaf_score_key_pooled(ctx, k, m, &v) ? kNone : v;
    };
    for (unsigned k = 0; k < keys; k++) {
        char name[256];
        if (vmaf_score_key_name(ctx, k, name, sizeof(name))) {
            error = "a score's name is too long";
            return false;
        }
        t.keys.emplace_back(name);
        t.pooled.push_back({pooled(k, VMAF_POOL_METHOD_MIN), pooled(k, VMAF_POOL_METHOD_MAX),
                            pooled(k, VMAF_POOL_METHOD_MEAN),
                            pooled(k, VMAF_POOL_METHOD_HARMONIC_MEAN), {}});
        for (const std::string &method : extra_pools(r.pools)) {
            double v = kNone;
            if (vmaf_score_key_pool(ctx, k, method.c_str(), r.frame_rate.value_or(0), &v))
                v = kNone;
            t.pooled.back().more.emplace_back(pool_name(method), v);
        }
        if (!per_frame) continue;
        std::vector<double> values(frames, kNone);
        for (unsigned i = 0; i < frames; i++)
            if ((subsample > 1 && i % subsample) || vmaf_score_key_value(ctx, k, i, &values[i]))
                values[i] = kNone;
        t.per_frame.push_back(std::move(values));
    }
    return true;
}

} // namespace

bool Scorer::open(const ScoreRequest &r, const VideoFormat &format, std::optional<unsigned> gpu,
                  Pictures pictures, std::string &error, unsigned contexts_sharing)
{
    format_ = format;
    VmafConfiguration cfg{};
    cfg.log_level = r.log_level.value_or(r.backend == Backend::Hip ? VMAF_LOG_LEVEL_WARNING
                                                                    : VMAF_LOG_LEVEL_ERROR);
    cfg.n_threads = r.threads;
    cfg.cpumask = r.cpumask;
    cfg.n_subsample = r.subsample;
    // The request names the backend: VMAF_BACKEND is for plain-API programs.
    vmaf_use_backend_environment(false);
    VmafContext *raw = nullptr;
    if (vmaf_init(&raw, cfg)) {
        error = "could not create a scoring context (see the message above)";
        return false;
    }
    ctx_.reset(raw);
    // Before the features, so that those with a HIP twin run on the GPU,
    // and before the picture pool, so that frames are read into pinned
    // memory.
    if (gpu && !hip_.attach(ctx_.get(), *gpu, error)) return false;
    gpu_ = gpu;
    // Options that default to the input's properties take them from here
    // (xpsnr's fps, as FFmpeg's filter; ssimulacra2's matrix and range).
    const VmafInputProperties input{r.frame_rate.value_or(0),
                                    r.colour.matrix ? r.colour.matrix->c_str() : nullptr,
                                    r.colour.range ? r.colour.range->c_str() : nullptr};
    if (vmaf_set_input_properties(ctx_.get(), &input)) {
        error = "the input's frame rate is not usable (see the message above)";
        return false;
    }
    const std::vector<std::string> specs = model_specs(r);
    if (!models_.load(ctx_.get(), specs, error)) return false;
    for (const auto &f : r.features) {
        VmafFeatureDictionary *dict = nullptr;
        for (const auto &[k, v] : f.options) vmaf_feature_dictionary_set(&dict, k.c_str(), v.c_str());
        std::unique_ptr<VmafFeatureDictionary, DictFree> owned(dict);
        if (vmaf_use_feature(ctx_.get(), f.name.c_str(), dict)) {
            error = fmt::format("cannot use feature '{}' (see the message above)", f.name);
            return false;
        }
    }
    if (!r.pools.empty()) {
        std::string methods;
        for (const auto &p : r.pools) methods += (methods.empty() ? "" : ",") + p;
        if (vmaf_report_pools(ctx_.get(), methods.c_str(), r.frame_rate.value_or(0))) {
            error = option(Option::Pool) + ": see the message above" +
                    (r.frame_rate ? "" : " (raw YUV states no frame rate: give " + option(Option::Fps) + ")");
            return false;
        }
    }
    read_ahead_ = FrameReader::depth_for(r.threads);
    if (pictures == Pictures::kTaken) return true;
    VmafPictureConfiguration pic_cfg{};
    pic_cfg.pic_params.w = format.w;
    pic_cfg.pic_params.h = format.h;
    pic_cfg.pic_params.bpc = format.bpc;
    pic_cfg.pic_params.pix_fmt = format.pix_fmt;
    // What each context sharing the pool holds (the engine says), plus
    // what each reader holds ahead: a fetch never finds the pool empty.
    if (vmaf_pictures_held(ctx_.get(), &held_)) {
        error = "could not tell how many pictures the context holds";
        return false;
    }
    pic_cfg.pic_cnt = held_ * contexts_sharing + 2 * read_ahead_;
    if (vmaf_preallocate_pictures(ctx_.get(), pic_cfg)) {
        error = "could not allocate pictures (see the message above)";
        return false;
    }
    // The chroma planes are read only when a feature in use reads them.
    if ((!specs.empty() || !r.features.empty()) && vmaf_planes_read(ctx_.get(), &planes_)) {
        error = "could not tell which planes the features read (see the message above)";
        return false;
    }
    return true;
}

bool flush_context(VmafContext *ctx, std::string &error)
{
    if (vmaf_read_pictures(ctx, nullptr, nullptr, 0)) {
        error = "scoring failed (see the message above)";
        return false;
    }
    return true;
}

bool Scorer::finish(const ScoreRequest &r, const ScoreHooks &hooks, unsigned frames,
                    ScoreTable &table, std::string &error)
{
    if (hooks.on_frames_read) hooks.on_frames_read();
    if (!flush_context(ctx_.get(), error)) return false;
    table.frames = frames;
    table.width = format_.w;
    table.frame_rate = r.frame_rate;
    table.height = format_.h;
    if (!r.no_prediction) {
        std::vector<ModelScore> pooled;
        if (!models_.score(ctx_.get(), frames, pooled, error)) return false;
        if (hooks.on_models_scored) hooks.on_models_scored(pooled);
    }
    if (!fill_table(ctx_.get(), r, hooks.per_frame, table, error)) return false;
    if (table.alignment) {
        const AlignmentReport &a = *table.alignment;
        const auto count = [](const std::optional<unsigned> &n) {
            return n ? static_cast<long long>(*n) : -1LL;
        };
        const VmafAlignment report{a.method.c_str(), a.offset,
                                   a.margin.value_or(std::numeric_limits<double>::quiet_NaN()),
                                   a.ref_skipped, a.dis_skipped, count(a.ref_unscored),
                                   count(a.dis_unscored)};
        if (vmaf_report_alignment(ctx_.get(), &report))
            return error = "the alignment could not be reported (see the message above)", false;
    }
    if (hooks.report) {
        const char *out = r.output ? r.output->c_str() : nullptr;
        if (vmaf_write_output(ctx_.get(), out, r.format)) {
            error = "could not write the output (see the message above)";
            output_failed_ = true;
            return false;
        }
    }
    return true;
}

} // namespace vmaf::session
