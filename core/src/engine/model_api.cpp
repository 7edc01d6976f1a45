// The model half of the C API: loading, feature overloads, scoring.
#include <algorithm>
#include <cerrno>
#include <fmt/format.h>
#include <memory>
#include <string>
#include <vector>

#include "base/c_enum.h"
#include "base/excerpt.h"
#include "base/guarded.h"
#include "engine/context.h"
#include "engine/dict.h"
#include "extractor/registry.h"
#include "libvmaf/libvmaf.h"
#include "base/log.h"
#include "model/built_in.h"
#include "model/error.h"
#include "model/feature_key.h"
#include "model/json_model.h"
#include "model/scoring.h"

namespace {

using vmaf::guarded;
using vmaf::model::LoadError;

// Loads with `load`, turning a LoadError into its errno and a message that
// names the model's source.
template <typename F>
int load_guarded(const char *what, const std::string &source, F &&load)
{
    return guarded(what, [&] {
        try {
            load();
            return 0;
        } catch (const vmaf::model::WrongKind &e) {
            vmaf::log(VMAF_LOG_LEVEL_WARNING, "model '{}': {}", source, e.what());
            return e.code();
        } catch (const LoadError &e) {
            vmaf::log_error("model '{}': {}", source, e.what());
            return e.code();
        }
    });
}

const VmafModelConfig kDefaultConfig{};

const VmafModelConfig &config_or_default(const VmafModelConfig *cfg) { return cfg ? *cfg : kDefaultConfig; }

std::string built_in_text(const char *version)
{
    const auto *m = vmaf::model::find_built_in(version);
    if (!m) {
        std::string known;
        for (const auto &b : vmaf::model::built_in_models())
            known += fmt::format("{}{}", known.empty() ? "" : ", ", b.version);
        throw LoadError(-EINVAL, fmt::format("no such built-in model (built in: {})",
                                             known.empty() ? "none" : known));
    }
    return std::string(m->json);
}

// The extractors of the model's features, for a message.
std::string extractor_names(const VmafModel &model)
{
    std::vector<std::string_view> names;
    std::string out;
    for (const auto &f : model.features) {
        const VmafExtractor *e = vmaf::find_extractor_by_feature(f.name);
        if (!e || std::find(names.begin(), names.end(), e->name) != names.end()) continue;
        names.push_back(e->name);
        out += fmt::format("{}{}", out.empty() ? "" : ", ", e->name);
    }
    return out.empty() ? std::string("none") : out;
}

// Merges `opts` into the options of every feature of `model` that the
// extractor named `extractor` provides, and renames their keys: the model's
// own instance of the extractor runs with them, as in the reference. The
// reference ignores an extractor the model does not use; a misspelt name
// would then change nothing, so it is refused.
int overload(VmafModel &model, const char *extractor, const VmafFeatureDictionary &opts)
{
    bool used = false;
    for (auto &f : model.features) {
        const VmafExtractor *e = vmaf::find_extractor_by_feature(f.name);
        if (!e || std::string_view(e->name) != extractor) continue;
        used = true;
        VmafModel::Feature changed = f;
        // A named pair, not a structured binding: clang 14 (the fuzzing
        // build) cannot capture one in a lambda.
        for (const auto &setting : opts.entries) {
            auto it = std::find_if(changed.options.begin(), changed.options.end(),
                                   [&](const auto &kv) { return kv.first == setting.first; });
            if (it != changed.options.end()) it->second = setting.second;
            else changed.options.push_back(setting);
        }
        std::string error;
        if (!vmaf::model::resolve_feature_key(changed, error)) {
            vmaf::log_error("model '{}': {}", model.source, error);
            return -EINVAL;
        }
        f = std::move(changed);
    }
    if (!used) {
        vmaf::log_error("model '{}': no feature of the model comes from extractor '{}', so its "
                        "options cannot be set (the model's extractors: {})",
                        model.source, vmaf::excerpt(extractor), extractor_names(model));
        return -EINVAL;
    }
    return 0;
}

int use_features(VmafContext &ctx, const VmafModel &model)
{
    for (const auto &f : model.features) {
        if (!vmaf::find_extractor_by_feature(f.name)) {
            vmaf::log_error("model '{}': no feature extractor provides {}", model.source, f.name);
            return -EINVAL;
        }
        int err = ctx.use_feature(f.name.c_str(), f.options);
        if (err) return err;
    }
    return 0;
}

} // namespace

extern "C" {

int vmaf_model_load(VmafModel **model, VmafModelConfig *cfg, const char *version)
{
    if (!model || !version) return -EINVAL;
    return load_guarded("vmaf_model_load", version, [&] {
        const std::string text = built_in_text(version);
        *model = vmaf::model::parse_model(text, config_or_default(cfg), version).release();
    });
}

int vmaf_model_load_from_path(VmafModel **model, VmafModelConfig *cfg, const char *path)
{
    if (!model || !path) return -EINVAL;
    return load_guarded("vmaf_model_load_from_path", path, [&] {
        const std::string text = vmaf::model::read_model_file(path);
        *model = vmaf::model::parse_model(text, config_or_default(cfg), path).release();
    });
}

int vmaf_model_feature_overload(VmafModel *model, const char *feature_name,
                                VmafFeatureDictionary *opts_dict)
{
    if (!model || !feature_name || !opts_dict) return -EINVAL;
    // The dictionary is ours from here on, as in the reference.
    std::unique_ptr<VmafFeatureDictionary> owned(opts_dict);
    return guarded("vmaf_model_feature_overload",
                   [&] { return overload(*model, feature_name, *owned); });
}

void vmaf_model_destroy(VmafModel *model) { delete model; }

int vmaf_model_collection_load(VmafModel **model, VmafModelCollection **model_collection,
                               VmafModelConfig *cfg, const char *version)
{
    if (!model || !model_collection || !version) return -EINVAL;
    return load_guarded("vmaf_model_collection_load", version, [&] {
        const std::string text = built_in_text(version);
        auto parsed = vmaf::model::parse_collection(text, config_or_default(cfg), version);
        *model = parsed.first.release();
        *model_collection = parsed.collection.release();
    });
}

int vmaf_model_collection_load_from_path(VmafModel **model,
                                         VmafModelCollection **model_collection,
                                         VmafModelConfig *cfg, const char *path)
{
    if (!model || !model_collection || !path) return -EINVAL;
    return load_guarded("vmaf_model_collection_load_from_path", path, [&] {
        const std::string text = vmaf::model::read_model_file(path);
        auto parsed = vmaf::model::parse_collection(text, config_or_default(cfg), path);
        *model = parsed.first.release();
        *model_collection = parsed.collection.release();
    });
}

int vmaf_model_collection_feature_overload(VmafModel *model,
                                           VmafModelCollection **model_collection,
                                           const char *feature_name,
                                           VmafFeatureDictionary *opts_dict)
{
    if (!model || !model_collection || !*model_collection || !feature_name || !opts_dict)
        return -EINVAL;
    std::unique_ptr<VmafFeatureDictionary> owned(opts_dict);
    return guarded("vmaf_model_collection_feature_overload", [&] {
        for (auto &m : (*model_collection)->models)
            if (int err = overload(*m, feature_name, *owned)) return err;
        return overload(*model, feature_name, *owned);
    });
}

void vmaf_model_collection_destroy(VmafModelCollection *model_collection)
{
    delete model_collection;
}

int vmaf_use_features_from_model(VmafContext *vmaf, VmafModel *model)
{
    if (!vmaf || !model) return -EINVAL;
    return guarded("vmaf_use_features_from_model", [&] { return use_features(*vmaf, *model); });
}

int vmaf_use_features_from_model_collection(VmafContext *vmaf,
                                            VmafModelCollection *model_collection)
{
    if (!vmaf || !model_collection) return -EINVAL;
    return guarded("vmaf_use_features_from_model_collection", [&] {
        for (const auto &m : model_collection->models)
            if (int err = use_features(*vmaf, *m)) return err;
        return 0;
    });
}

int vmaf_score_at_index(VmafContext *vmaf, VmafModel *model, double *score, unsigned index)
{
    if (!vmaf || !model || !score) return -EINVAL;
    return guarded("vmaf_score_at_index",
                   [&] { return vmaf::model::score_at_index(vmaf->collector, *model, index, score); });
}

int vmaf_score_at_index_model_collection(VmafContext *vmaf,
                                         VmafModelCollection *model_collection,
                                         VmafModelCollectionScore *score, unsigned index)
{
    if (!vmaf || !model_collection || !score) return -EINVAL;
    return guarded("vmaf_score_at_index_model_collection", [&] {
        return vmaf::model::collection_score_at_index(vmaf->collector, *model_collection, index,
                                                      score);
    });
}

int vmaf_score_pooled(VmafContext *vmaf, VmafModel *model, enum VmafPoolingMethod pool_method,
                      double *score, unsigned index_low, unsigned index_high)
{
    if (!vmaf || !model || !score) return -EINVAL;
    const auto method = vmaf::pooling_method("vmaf_score_pooled", pool_method);
    if (!method) return -EINVAL;
    return guarded("vmaf_score_pooled", [&] {
        return vmaf::model::score_pooled(vmaf->collector, vmaf->cfg.n_subsample, *model, *method,
                                         index_low, index_high, score);
    });
}

int vmaf_score_pooled_model_collection(VmafContext *vmaf, VmafModelCollection *model_collection,
                                       enum VmafPoolingMethod pool_method,
                                       VmafModelCollectionScore *score, unsigned index_low,
                                       unsigned index_high)
{
    if (!vmaf || !model_collection || !score) return -EINVAL;
    const auto method = vmaf::pooling_method("vmaf_score_pooled_model_collection", pool_method);
    if (!method) return -EINVAL;
    return guarded("vmaf_score_pooled_model_collection", [&] {
        return vmaf::model::collection_score_pooled(vmaf->collector, vmaf->cfg.n_subsample,
                                                    *model_collection, *method, index_low,
                                                    index_high, score);
    });
}

} // extern "C"
