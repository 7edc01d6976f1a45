#include "model/json_model.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>

#include "model/error.h"
#include "base/excerpt.h"
#include "model/feature_key.h"

namespace vmaf::model {

namespace {

using nlohmann::json;

// The largest published model is 0.4 MB; a file beyond this is no model.
constexpr size_t kMaxModelFileBytes = size_t{32} << 20;

[[noreturn]] void bad(const std::string &message) { throw LoadError(-EINVAL, message); }

// What a JSON value is, for a message that refuses it. A message never
// dump()s a value from the file: it can be huge, and dump() recurses once per
// level of nesting, so a value nested 100,000 deep overflows the stack.
const char *kind_of(const json &v)
{
    switch (v.type()) {
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::null: return "null";
    default: return "a number";
    }
}

// The string `v` of member `key`, one of `choices` (for the message).
std::string choice_text(const json &v, const char *key, const char *choices)
{
    if (!v.is_string()) bad(fmt::format("'{}' must be a string ({}), is {}", key, choices, kind_of(v)));
    return v.get<std::string>();
}

const json &member(const json &obj, const char *key)
{
    const auto it = obj.find(key);
    if (it == obj.end()) bad(fmt::format("'model_dict' has no '{}'", key));
    return *it;
}

double finite_number(const json &v, const std::string &what)
{
    if (!v.is_number()) bad(fmt::format("{} is not a number", what));
    const double d = v.get<double>();
    if (!std::isfinite(d)) bad(fmt::format("{} is not finite", what));
    return d;
}

std::vector<double> number_array(const json &v, const char *key)
{
    if (!v.is_array()) bad(fmt::format("'{}' is not an array", key));
    std::vector<double> out;
    for (size_t i = 0; i < v.size(); i++)
        out.push_back(finite_number(v[i], fmt::format("'{}'[{}]", key, i)));
    return out;
}

std::string option_text(const json &v, const std::string &what)
{
    if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number()) {
        finite_number(v, what);
        return v.dump();
    }
    bad(fmt::format("{} must be a number, a boolean or a string", what));
}

VmafModel::Type model_type(const json &v)
{
    constexpr const char *kChoices = "LIBSVMNUSVR, BOOTSTRAP_LIBSVMNUSVR, RESIDUEBOOTSTRAP_LIBSVMNUSVR";
    const std::string t = choice_text(v, "model_type", kChoices);
    if (t == "LIBSVMNUSVR") return VmafModel::Type::Svm;
    if (t == "BOOTSTRAP_LIBSVMNUSVR") return VmafModel::Type::BootstrapSvm;
    if (t == "RESIDUEBOOTSTRAP_LIBSVMNUSVR") return VmafModel::Type::ResidueBootstrapSvm;
    bad(fmt::format("unknown model_type \"{}\" ({})", excerpt(t), kChoices));
}

VmafModel::Norm norm_type(const json &v)
{
    constexpr const char *kChoices = "linear_rescale, none";
    const std::string t = choice_text(v, "norm_type", kChoices);
    if (t == "linear_rescale") return VmafModel::Norm::LinearRescale;
    if (t == "none") return VmafModel::Norm::None;
    bad(fmt::format("unknown norm_type \"{}\" ({})", excerpt(t), kChoices));
}

std::optional<double> coefficient(const json &st, const char *key)
{
    const auto it = st.find(key);
    if (it == st.end() || it->is_null()) return std::nullopt;
    return finite_number(*it, fmt::format("score_transform '{}'", key));
}

// The reference reads the rectification flags as the strings "true"/"false".
bool string_flag(const json &st, const char *key)
{
    const auto it = st.find(key);
    if (it == st.end()) return false;
    if (!it->is_string()) bad(fmt::format("score_transform '{}' must be \"true\" or \"false\"", key));
    return it->get<std::string>() == "true";
}

VmafModel::Transform parse_transform(const json &st, uint64_t flags)
{
    if (!st.is_object()) bad("'score_transform' is not an object");
    VmafModel::Transform t;
    if (const auto it = st.find("enabled"); it != st.end()) {
        if (!it->is_boolean()) bad("score_transform 'enabled' is not a boolean");
        t.enabled = it->get<bool>();
    }
    if (flags & VMAF_MODEL_FLAG_ENABLE_TRANSFORM) t.enabled = true;
    if (flags & VMAF_MODEL_FLAG_DISABLE_TRANSFORM) t.enabled = false;
    t.p0 = coefficient(st, "p0");
    t.p1 = coefficient(st, "p1");
    t.p2 = coefficient(st, "p2");
    if (const auto it = st.find("knots"); it != st.end() && !it->is_null()) {
        if (!it->is_array()) bad("score_transform 'knots' is not an array");
        for (size_t i = 0; i < it->size(); i++) {
            const json &k = (*it)[i];
            if (!k.is_array() || k.size() != 2) bad(fmt::format("knot {} is not an [x, y] pair", i));
            const std::string what = fmt::format("knot {}", i);
            t.knots.emplace_back(finite_number(k[0], what), finite_number(k[1], what));
            if (i > 0 && !(t.knots[i - 1].first < t.knots[i].first &&
                           t.knots[i - 1].second <= t.knots[i].second))
                bad(fmt::format("knot {} does not rise from knot {}", i, i - 1));
        }
    }
    t.out_lte_in = string_flag(st, "out_lte_in");
    t.out_gte_in = string_flag(st, "out_gte_in");
    return t;
}

// Extractors are found by feature name, as in the reference, which ignores
// the files' "feature_dict" too.
void parse_features(const json &dict, VmafModel &m)
{
    const json &names = member(dict, "feature_names");
    if (!names.is_array() || names.empty()) bad("'feature_names' is not a non-empty array");
    for (const json &n : names) {
        if (!n.is_string()) bad("'feature_names' holds a non-string");
        m.features.push_back(VmafModel::Feature{n.get<std::string>(), {}, {}, 1, 0});
    }

    if (const auto it = dict.find("feature_opts_dicts"); it != dict.end()) {
        if (!it->is_array() || it->size() > m.features.size())
            bad("'feature_opts_dicts' is not an array of at most one object per feature");
        for (size_t i = 0; i < it->size(); i++) {
            const json &opts = (*it)[i];
            if (!opts.is_object()) bad(fmt::format("'feature_opts_dicts'[{}] is not an object", i));
            for (const auto &[k, v] : opts.items())
                m.features[i].options.emplace_back(
                    k, option_text(v, fmt::format("option '{}' of feature '{}'", excerpt(k),
                                                  excerpt(m.features[i].name))));
        }
    }

    for (auto &f : m.features) {
        std::string error;
        if (!resolve_feature_key(f, error)) bad(error);
    }
}

// The one feature whose reference name holds `part` (the reference matches
// substrings, case and all).
size_t only_feature_with(const std::vector<VmafModel::Feature> &features, const char *part)
{
    std::optional<size_t> found;
    for (size_t i = 0; i < features.size(); i++) {
        if (features[i].name.find(part) == std::string::npos) continue;
        if (found)
            bad(fmt::format("'chroma_correction_parameter' needs one feature named with \"{}\", "
                            "the model has several ('{}' and '{}')",
                            part, excerpt(features[*found].name), excerpt(features[i].name)));
        found = i;
    }
    if (!found)
        bad(fmt::format("'chroma_correction_parameter' needs a feature named with \"{}\", the "
                        "model has none",
                        part));
    return *found;
}

// The reference reads an unset value when a feature is missing, and writes
// no score without a word when the parameter is 0; both are refused here.
VmafModel::ChromaCorrection chroma_correction(const json &v,
                                              const std::vector<VmafModel::Feature> &features)
{
    VmafModel::ChromaCorrection c;
    c.parameter = finite_number(v, "'chroma_correction_parameter'");
    if (c.parameter == 0)
        bad("'chroma_correction_parameter' is 0, with which the reference writes no score "
            "(leave the key out for no correction)");
    c.guiding = only_feature_with(features, "adm3");
    c.guided = only_feature_with(features, "speed_chroma");
    return c;
}

void parse_normalization(const json &dict, VmafModel &m)
{
    m.norm = norm_type(member(dict, "norm_type"));
    if (m.norm != VmafModel::Norm::LinearRescale) return;
    const auto slopes = number_array(member(dict, "slopes"), "slopes");
    const auto intercepts = number_array(member(dict, "intercepts"), "intercepts");
    // The first entry rescales the prediction, one more per feature.
    const size_t want = m.features.size() + 1;
    if (slopes.size() != want || intercepts.size() != want)
        bad(fmt::format("'slopes' and 'intercepts' need {} entries each (prediction, then one "
                        "per feature), have {} and {}",
                        want, slopes.size(), intercepts.size()));
    if (slopes[0] == 0) bad("'slopes'[0] is zero: the prediction cannot be rescaled");
    m.slope = slopes[0];
    m.intercept = intercepts[0];
    for (size_t i = 0; i < m.features.size(); i++) {
        m.features[i].slope = slopes[i + 1];
        m.features[i].intercept = intercepts[i + 1];
    }
}

std::unique_ptr<VmafModel> model_from_json(const json &root, const VmafModelConfig &cfg,
                                           const std::string &name, const std::string &source)
{
    if (!root.is_object()) bad("a model must be a JSON object");
    const auto it = root.find("model_dict");
    if (it == root.end()) bad("no 'model_dict'");
    const json &dict = *it;
    if (!dict.is_object()) bad("'model_dict' is not an object");

    auto m = std::make_unique<VmafModel>();
    m->name = name;
    m->source = source;
    m->type = model_type(member(dict, "model_type"));
    parse_features(dict, *m);
    if (const auto cc = dict.find("chroma_correction_parameter"); cc != dict.end())
        m->chroma_correction = chroma_correction(*cc, m->features);
    parse_normalization(dict, *m);
    if (const auto st = dict.find("score_transform"); st != dict.end())
        m->transform = parse_transform(*st, cfg.flags);
    if (const auto sc = dict.find("score_clip"); sc != dict.end()) {
        const auto clip = number_array(*sc, "score_clip");
        if (clip.size() != 2 || clip[0] > clip[1]) bad("'score_clip' is not a [min, max] pair");
        if (!(cfg.flags & VMAF_MODEL_FLAG_DISABLE_CLIP)) m->clip = std::make_pair(clip[0], clip[1]);
    }

    const json &svm_text = member(dict, "model");
    if (!svm_text.is_string()) bad("'model' (the libsvm model text) is not a string");
    std::string error;
    if (!m->svm.parse(svm_text.get_ref<const std::string &>(), m->features.size(), error))
        bad(error);
    return m;
}

json parse_json(std::string_view text)
{
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::exception &e) {
        // Syntax errors, and numbers beyond a double (how JSON spells infinity).
        // nlohmann quotes the token it stopped in, which can be a whole huge
        // string: keep only its start.
        std::string what = e.what();
        constexpr std::string_view kLastRead = "last read: ";
        if (const size_t at = what.find(kLastRead); at != std::string::npos)
            what = what.substr(0, at + kLastRead.size()) + excerpt(what.substr(at + kLastRead.size()));
        bad(fmt::format("malformed JSON: {}", what));
    }
}

std::string model_name(const VmafModelConfig &cfg) { return cfg.name ? cfg.name : "vmaf"; }

} // namespace

std::unique_ptr<VmafModel> parse_model(std::string_view text, const VmafModelConfig &cfg,
                                       const std::string &source)
{
    const json root = parse_json(text);
    if (root.is_object() && !root.contains("model_dict") && root.contains("0"))
        throw WrongKind("this is a model collection; load it as one");
    return model_from_json(root, cfg, model_name(cfg), source);
}

ParsedCollection parse_collection(std::string_view text, const VmafModelConfig &cfg,
                                  const std::string &source)
{
    const json root = parse_json(text);
    if (!root.is_object() || !root.contains("0"))
        throw WrongKind("not a model collection (a JSON object of models keyed \"0\", \"1\", ...)");

    ParsedCollection out;
    const std::string name = model_name(cfg);
    out.collection = std::make_unique<VmafModelCollection>();
    out.collection->name = name;
    // Model "0" is the plain model; "1", "2", ... are the bootstrap members.
    for (unsigned i = 0;; i++) {
        const auto it = root.find(std::to_string(i));
        if (it == root.end()) break;
        const std::string member_name = i == 0 ? name : fmt::format("{}_{:04d}", name, i);
        std::unique_ptr<VmafModel> m;
        try {
            m = model_from_json(*it, cfg, member_name, source);
        } catch (const LoadError &e) {
            throw LoadError(e.code(), fmt::format("model \"{}\": {}", i, e.what()));
        }
        if (i == 0) {
            out.first = std::move(m);
            continue;
        }
        if (i == 1) out.collection->type = m->type;
        if (m->type != out.collection->type) bad(fmt::format("model \"{}\" has another model_type", i));
        out.collection->models.push_back(std::move(m));
    }
    if (out.collection->models.empty()) bad("a collection needs models \"1\", \"2\", ... beside \"0\"");
    if (out.collection->type == VmafModel::Type::Svm)
        bad("the collection's models are not bootstrap models (model_type BOOTSTRAP_LIBSVMNUSVR)");
    return out;
}

std::string read_model_file(const std::string &path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw LoadError(-EISDIR, "cannot read the file: it is a folder");
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        const int err = errno ? errno : ENOENT;
        throw LoadError(-err, fmt::format("cannot read the file: {}", std::strerror(err)));
    }
    // Read in bounded steps rather than whole: /dev/zero or /dev/urandom
    // never end, and a huge file is no model.
    std::string text;
    char chunk[1 << 16];
    while (in.read(chunk, sizeof(chunk)) || in.gcount() > 0) {
        text.append(chunk, static_cast<size_t>(in.gcount()));
        if (text.size() > kMaxModelFileBytes)
            throw LoadError(-EFBIG, fmt::format("cannot read the file: it holds more than {} MiB, "
                                                "far more than any model",
                                                kMaxModelFileBytes >> 20));
    }
    if (in.bad()) throw LoadError(-EIO, "cannot read the file: read error");
    return text;
}

} // namespace vmaf::model
