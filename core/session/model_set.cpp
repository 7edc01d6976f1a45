#include "session/model_set.h"

#include <algorithm>
#include <cerrno>
#include <fmt/core.h>
#include <set>

#include "base/excerpt.h"
#include "session/options/option_names.h"

namespace vmaf::session {


bool parse_model_spec(const std::string &text, ModelSpec &out, std::string &error)
{
    out = ModelSpec{};
    std::set<std::string> keys;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = std::min(text.find(':', start), text.size());
        const std::string item = text.substr(start, end - start);
        start = end + 1;
        const size_t eq = item.find('=');
        const std::string key = item.substr(0, eq);
        if (!keys.insert(key).second) {
            error = fmt::format("{} '{}': '{}' is given twice", option(Option::Model), excerpt(text),
                                excerpt(key));
            return false;
        }
        const std::string value = eq == std::string::npos ? std::string() : item.substr(eq + 1);
        const bool has_value = eq != std::string::npos;

        if (key == "disable_clip" || key == "enable_transform") {
            if (has_value && value != "true" && value != "false") {
                error = fmt::format("{} '{}': {} takes true or false, not '{}'", option(Option::Model),
                                    excerpt(text), key, excerpt(value));
                return false;
            }
            if (!has_value || value == "true")
                out.flags |= key == "disable_clip" ? VMAF_MODEL_FLAG_DISABLE_CLIP
                                                   : VMAF_MODEL_FLAG_ENABLE_TRANSFORM;
            continue;
        }
        if (!has_value || value.empty()) {
            error = fmt::format("{} '{}': '{}' needs a value (key=value)", option(Option::Model),
                                excerpt(text), excerpt(item));
            return false;
        }
        if (key == "version") out.version = value;
        else if (key == "path") out.path = value;
        else if (key == "name") out.name = value;
        else if (const size_t dot = key.find('.'); dot != std::string::npos && dot > 0 && dot + 1 < key.size())
            out.overloads.push_back({key.substr(0, dot), {key.substr(dot + 1), value}});
        else {
            error = fmt::format("{} '{}': unknown key '{}' (version, path, name, disable_clip, "
                                "enable_transform, or EXTRACTOR.OPTION)",
                                option(Option::Model), excerpt(text), excerpt(key));
            return false;
        }
    }
    if (out.version.empty() == out.path.empty()) {
        error = fmt::format("{} '{}': give exactly one of version= and path=", option(Option::Model),
                            excerpt(text));
        return false;
    }
    return true;
}

ModelSet::~ModelSet()
{
    for (auto &e : entries_) {
        vmaf_model_destroy(e.model);
        vmaf_model_collection_destroy(e.collection);
    }
}

bool ModelSet::load_one(VmafContext *ctx, Entry &e, std::string &error)
{
    VmafModelConfig cfg{e.spec.name.c_str(), e.spec.flags};
    const bool built_in = !e.spec.version.empty();
    const char *what = built_in ? e.spec.version.c_str() : e.spec.path.c_str();
    // A --model may name a single model or a collection.
    int err = built_in ? vmaf_model_load(&e.model, &cfg, what)
                       : vmaf_model_load_from_path(&e.model, &cfg, what);
    if (err == -ENOTSUP) {
        e.model = nullptr;
        err = built_in ? vmaf_model_collection_load(&e.model, &e.collection, &cfg, what)
                       : vmaf_model_collection_load_from_path(&e.model, &e.collection, &cfg, what);
    }
    if (err) {
        e.model = nullptr;
        e.collection = nullptr;
        error = fmt::format("cannot load model '{}' (see the message above)", e.spec.label());
        return false;
    }

    for (const auto &[extractor, option] : e.spec.overloads) {
        VmafFeatureDictionary *dict = nullptr;
        if (vmaf_feature_dictionary_set(&dict, option.first.c_str(), option.second.c_str())) {
            error = "out of memory";
            return false;
        }
        // The overload functions take the dictionary over; a second copy goes
        // to the plain model of a collection.
        err = e.collection ? vmaf_model_collection_feature_overload(e.model, &e.collection,
                                                                     extractor.c_str(), dict)
                           : vmaf_model_feature_overload(e.model, extractor.c_str(), dict);
        if (err) {
            error = fmt::format("model '{}': cannot set {}.{} (see the message above)",
                                e.spec.label(), extractor, option.first);
            return false;
        }
    }

    err = vmaf_use_features_from_model(ctx, e.model);
    if (!err && e.collection) err = vmaf_use_features_from_model_collection(ctx, e.collection);
    if (err) {
        error = fmt::format("cannot compute the features of model '{}' (see the message above)",
                            e.spec.label());
        return false;
    }
    return true;
}

bool ModelSet::load(VmafContext *ctx, const std::vector<std::string> &specs, std::string &error)
{
    std::set<std::string> names;
    for (const auto &text : specs) {
        Entry e;
        if (!parse_model_spec(text, e.spec, error)) return false;
        if (!names.insert(e.spec.name).second) {
            error = fmt::format("two models are named '{}'; each {} needs its own name=", e.spec.name,
                                option(Option::Model));
            return false;
        }
        entries_.push_back(std::move(e));
    }
    for (auto &e : entries_)
        if (!load_one(ctx, e, error)) return false;
    return true;
}

bool ModelSet::score(VmafContext *ctx, unsigned frames, std::vector<ModelScore> &pooled_scores,
                     std::string &error)
{
    pooled_scores.clear();
    if (frames == 0) return true;
    for (const auto &e : entries_) {
        double pooled = 0;
        if (vmaf_score_pooled(ctx, e.model, VMAF_POOL_METHOD_MEAN, &pooled, 0, frames - 1)) {
            error = fmt::format("cannot score model '{}' (see the message above)", e.spec.label());
            return false;
        }
        pooled_scores.push_back({e.spec.label(), pooled, std::nullopt});
    }
    for (const auto &e : entries_) {
        if (!e.collection) continue;
        VmafModelCollectionScore s{};
        if (vmaf_score_pooled_model_collection(ctx, e.collection, VMAF_POOL_METHOD_MEAN, &s, 0,
                                               frames - 1)) {
            error = fmt::format("cannot score model collection '{}' (see the message above)",
                                e.spec.label());
            return false;
        }
        pooled_scores.push_back(
            {e.spec.label(), s.bootstrap.bagging_score,
             ModelScore::Bootstrap{s.bootstrap.ci.p95.lo, s.bootstrap.ci.p95.hi, s.bootstrap.stddev}});
    }
    return true;
}

} // namespace vmaf::session
