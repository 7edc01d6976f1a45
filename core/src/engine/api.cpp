// The C API: argument checks, and no exception crosses it.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cpu/cpu_flags.h"
#include "base/c_enum.h"
#include "base/excerpt.h"
#include "base/guarded.h"
#include "engine/context.h"
#include "engine/dict.h"
#include "engine/env_backend.h"
#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_ext.h"
#include "base/log.h"
#include "base/replace_file.h"
#include "engine/output.h"
#include "extractor/feature_name.h"

namespace {

using vmaf::guarded;

const vmaf::OptionStrings kNoOptions;

// The key at position `key` of the reports' order; empty when out of range.
std::string key_at(const VmafContext &vmaf, unsigned key)
{
    const std::vector<std::string> keys = vmaf.collector.keys();
    return key < keys.size() ? keys[key] : std::string();
}

// A pooling method of vmaf_score_key_pool's; nothing (logged) where it is
// not one, or needs the frame rate that is not given.
std::optional<vmaf::Pool> checked_pool(const char *method, double frame_rate)
{
    const auto pool = vmaf::parse_pool(method);
    if (!pool) {
        vmaf::log_error("unknown pooling method '{}' (min, max, mean, harmonic_mean, median, "
                        "pN for a percentile from p0 to p100, below:T)",
                        vmaf::excerpt(method));
        return std::nullopt;
    }
    if (pool->kind == vmaf::Pool::Kind::kSecondsBelow && !(frame_rate > 0)) {
        vmaf::log_error("pooling method '{}' counts seconds: it needs the video's frame rate",
                        vmaf::excerpt(method));
        return std::nullopt;
    }
    return pool;
}

} // namespace

extern "C" {

const char *vmaf_version(void) { return VMAF_VERSION; }

int vmaf_init(VmafContext **vmaf, VmafConfiguration cfg)
{
    if (!vmaf) return -EINVAL;
    return guarded("vmaf_init", [&] {
        const auto level = vmaf::c_enum(cfg.log_level, VMAF_LOG_LEVEL_NONE, VMAF_LOG_LEVEL_DEBUG);
        if (!level) {
            vmaf::log_error("vmaf_init: unknown log level");
            return -EINVAL;
        }
        vmaf::set_log_level(*level);
        if (cfg.n_threads > vmaf::ThreadPool::max_threads()) {
            vmaf::log_error("vmaf_init: {} threads is more than the {} this machine takes "
                            "(4 per hardware thread, at least 64)",
                            cfg.n_threads, vmaf::ThreadPool::max_threads());
            return -EINVAL;
        }
        uint64_t environment_mask = 0;
        if (int err = vmaf::cpu::environment_mask(environment_mask)) return err;
        auto ctx = std::make_unique<VmafContext>(cfg);
        if (int err = vmaf::apply_backend_environment(*ctx)) return err;
        *vmaf = ctx.release();
        return 0;
    });
}

int vmaf_close(VmafContext *vmaf)
{
    if (!vmaf) return -EINVAL;
    delete vmaf;
    return 0;
}

int vmaf_use_feature(VmafContext *vmaf, const char *feature_name,
                     VmafFeatureDictionary *opts_dict)
{
    if (!vmaf || !feature_name) return -EINVAL;
    return guarded("vmaf_use_feature", [&] {
        return vmaf->use_feature(feature_name, opts_dict ? opts_dict->entries : kNoOptions);
    });
}

int vmaf_set_input_properties(VmafContext *vmaf, const VmafInputProperties *properties)
{
    if (!vmaf || !properties) return -EINVAL;
    if (!std::isfinite(properties->fps) || properties->fps < 0) {
        vmaf::log_error("vmaf_set_input_properties: fps {} is not a frame rate", properties->fps);
        return -EINVAL;
    }
    return guarded("vmaf_set_input_properties", [&] {
        const auto text = [](const char *s) { return s && *s ? std::optional<std::string>(s) : std::nullopt; };
        vmaf->input = {properties->fps > 0 ? std::optional<double>(properties->fps) : std::nullopt,
                       text(properties->matrix), text(properties->range)};
        return 0;
    });
}

int vmaf_import_feature_score(VmafContext *vmaf, const char *feature_name, double value,
                              unsigned index)
{
    if (!vmaf || !feature_name) return -EINVAL;
    return guarded("vmaf_import_feature_score",
                   [&] { return vmaf->collector.append(feature_name, value, index); });
}

int vmaf_read_pictures(VmafContext *vmaf, VmafPicture *ref, VmafPicture *dist, unsigned index)
{
    if (!vmaf) return -EINVAL;
    return guarded("vmaf_read_pictures", [&] { return vmaf->read_pictures(ref, dist, index); });
}

int vmaf_feature_score_at_index(VmafContext *vmaf, const char *feature_name, double *score,
                                unsigned index)
{
    if (!vmaf || !feature_name || !score) return -EINVAL;
    return guarded("vmaf_feature_score_at_index", [&] {
        const auto v = vmaf->scores().score(feature_name, index);
        if (!v) return -EINVAL;
        *score = *v;
        return 0;
    });
}

int vmaf_feature_score_pooled(VmafContext *vmaf, const char *feature_name,
                              enum VmafPoolingMethod pool_method, double *score,
                              unsigned index_low, unsigned index_high)
{
    if (!vmaf || !feature_name || !score) return -EINVAL;
    const auto method = vmaf::pooling_method("vmaf_feature_score_pooled", pool_method);
    if (!method) return -EINVAL;
    return guarded("vmaf_feature_score_pooled", [&] {
        return vmaf->scores().pooled(feature_name, *method, index_low, index_high, score);
    });
}

int vmaf_preallocate_pictures(VmafContext *vmaf, VmafPictureConfiguration cfg)
{
    if (!vmaf) return -EINVAL;
    if (!vmaf::c_enum(cfg.pic_params.pix_fmt, VMAF_PIX_FMT_YUV420P, VMAF_PIX_FMT_YUV400P)) {
        vmaf::log_error("vmaf_preallocate_pictures: unknown pixel format");
        return -EINVAL;
    }
    return guarded("vmaf_preallocate_pictures", [&] { return vmaf->preallocate(cfg); });
}

int vmaf_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic)
{
    if (!vmaf || !pic) return -EINVAL;
    return guarded("vmaf_fetch_preallocated_picture",
                   [&] { return vmaf->fetch_preallocated(pic); });
}

int vmaf_pictures_held(const VmafContext *vmaf, unsigned *held)
{
    if (!vmaf || !held) return -EINVAL;
    *held = vmaf->pictures_held();
    return 0;
}

int vmaf_planes_read(VmafContext *vmaf, unsigned *planes)
{
    if (!vmaf || !planes) return -EINVAL;
    return guarded("vmaf_planes_read", [&] { return vmaf->planes_read(planes); });
}

int vmaf_temporal_reach(VmafContext *vmaf, unsigned *before, unsigned *after)
{
    if (!vmaf || !before || !after) return -EINVAL;
    return guarded("vmaf_temporal_reach", [&] {
        const VmafTemporalReach reach = vmaf->temporal_reach();
        *before = reach.before;
        *after = reach.after;
        return 0;
    });
}

int vmaf_score_table_size(VmafContext *vmaf, unsigned *keys, unsigned *frames)
{
    if (!vmaf || !keys || !frames) return -EINVAL;
    return guarded("vmaf_score_table_size", [&] {
        *keys = static_cast<unsigned>(vmaf->collector.keys().size());
        *frames = vmaf->collector.frame_count();
        return 0;
    });
}

int vmaf_score_key_name(VmafContext *vmaf, unsigned key, char *name, size_t size)
{
    if (!vmaf || !name || !size) return -EINVAL;
    return guarded("vmaf_score_key_name", [&] {
        const std::string k = key_at(*vmaf, key);
        if (k.empty()) return -EINVAL;
        const std::string_view alias = vmaf::feature_alias(k);
        if (alias.size() >= size) return -ERANGE;
        std::memcpy(name, alias.data(), alias.size());
        name[alias.size()] = '\0';
        return 0;
    });
}

int vmaf_score_key_value(VmafContext *vmaf, unsigned key, unsigned index, double *score)
{
    if (!vmaf || !score) return -EINVAL;
    return guarded("vmaf_score_key_value", [&] {
        const std::string k = key_at(*vmaf, key);
        if (k.empty()) return -EINVAL;
        const auto v = vmaf->collector.score(k, index);
        if (!v) return -ENOENT;
        *score = *v;
        return 0;
    });
}

int vmaf_score_key_pooled(VmafContext *vmaf, unsigned key, enum VmafPoolingMethod method,
                          double *score)
{
    if (!vmaf || !score) return -EINVAL;
    return guarded("vmaf_score_key_pooled", [&] {
        const std::string k = key_at(*vmaf, key);
        const unsigned n = vmaf->collector.frame_count();
        if (k.empty() || n == 0) return -EINVAL;
        return vmaf->scores().pooled(k, method, 0, n - 1, score);
    });
}

int vmaf_score_key_pool(VmafContext *vmaf, unsigned key, const char *method, double frame_rate,
                        double *score)
{
    if (!vmaf || !method || !score) return -EINVAL;
    return guarded("vmaf_score_key_pool", [&] {
        const auto pool = checked_pool(method, frame_rate);
        if (!pool) return -EINVAL;
        const std::string k = key_at(*vmaf, key);
        const unsigned n = vmaf->collector.frame_count();
        if (k.empty() || n == 0) return -EINVAL;
        std::vector<double> values;
        if (int err = vmaf->scores().values(k, 0, n - 1, values)) return err;
        const double frame_seconds =
            frame_rate > 0 ? vmaf->scores().frames_per_score() / frame_rate : 0.0;
        *score = vmaf::pool_values(values, *pool, frame_seconds);
        return 0;
    });
}

int vmaf_pool_name(const char *method, char *name, size_t size)
{
    if (!method || !name) return -EINVAL;
    return guarded("vmaf_pool_name", [&] {
        const auto pool = vmaf::parse_pool(method);
        if (!pool) return -EINVAL;
        const std::string key = vmaf::pool_key(*pool);
        if (key.size() >= size) return -ERANGE;
        std::memcpy(name, key.c_str(), key.size() + 1);
        return 0;
    });
}

int vmaf_report_pools(VmafContext *vmaf, const char *methods, double frame_rate)
{
    if (!vmaf) return -EINVAL;
    return guarded("vmaf_report_pools", [&] {
        std::vector<vmaf::Pool> pools;
        std::string_view rest = methods ? methods : "";
        while (!rest.empty()) {
            const size_t comma = rest.find(',');
            const std::string item(rest.substr(0, comma));
            rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
            const auto pool = checked_pool(item.c_str(), frame_rate);
            if (!pool) return -EINVAL;
            pools.push_back(*pool);
        }
        vmaf->report_pools = std::move(pools);
        vmaf->frame_rate = frame_rate;
        return 0;
    });
}

int vmaf_report_alignment(VmafContext *vmaf, const VmafAlignment *alignment)
{
    if (!vmaf) return -EINVAL;
    return guarded("vmaf_report_alignment", [&] {
        if (!alignment) {
            vmaf->alignment.reset();
            return 0;
        }
        const std::string_view method = alignment->method ? alignment->method : "";
        if (method != "auto" && method != "pts" && method != "offset") {
            vmaf::log_error("vmaf_report_alignment: unknown method '{}' (auto, pts, offset)",
                            vmaf::excerpt(alignment->method ? alignment->method : "(null)"));
            return -EINVAL;
        }
        vmaf->alignment = VmafContext::Alignment{std::string(method), alignment->offset,
                                                 alignment->margin, alignment->ref_skipped,
                                                 alignment->dis_skipped, alignment->ref_unscored,
                                                 alignment->dis_unscored};
        return 0;
    });
}

int vmaf_take_scores(VmafContext *dst, VmafContext *src, unsigned first, unsigned last,
                     unsigned dst_first)
{
    if (!dst || !src) return -EINVAL;
    return guarded("vmaf_take_scores",
                   [&] { return dst->take_scores(*src, first, last, dst_first); });
}

int vmaf_borrow_reference_scores(VmafContext *dst, VmafContext *lender)
{
    if (!dst || !lender) return -EINVAL;
    return guarded("vmaf_borrow_reference_scores",
                   [&] { return dst->borrow_reference_scores(*lender); });
}

int vmaf_write_output(VmafContext *vmaf, const char *output_path, enum VmafOutputFormat fmt)
{
    if (!vmaf) return -EINVAL;
    const auto format = vmaf::c_enum(fmt, VMAF_OUTPUT_FORMAT_XML, VMAF_OUTPUT_FORMAT_SUB);
    if (!format) {
        vmaf::log_error("vmaf_write_output: unknown output format");
        return -EINVAL;
    }
    return guarded("vmaf_write_output", [&] {
        const vmaf::OutputInfo info{vmaf->cfg.n_subsample, vmaf->fps()};
        std::string text;
        switch (*format) {
        case VMAF_OUTPUT_FORMAT_XML: text = vmaf::write_xml(*vmaf, info); break;
        case VMAF_OUTPUT_FORMAT_JSON: text = vmaf::write_json(*vmaf, info); break;
        case VMAF_OUTPUT_FORMAT_CSV: text = vmaf::write_csv(*vmaf, info); break;
        case VMAF_OUTPUT_FORMAT_SUB: text = vmaf::write_sub(*vmaf, info); break;
        case VMAF_OUTPUT_FORMAT_NONE: return -EINVAL;
        }
        if (!output_path || std::string(output_path) == "-") {
            errno = 0;
            if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
                std::fflush(stdout) != 0) {
                vmaf::log_error("cannot write the report to standard output: {}",
                                errno ? std::strerror(errno) : "write failed");
                return -EIO;
            }
            return 0;
        }
        if (!*output_path) {
            vmaf::log_error("cannot write the report: the output path is empty");
            return -EINVAL;
        }
        std::string reason;
        const int err = vmaf::replace_file(output_path, text, reason);
        if (err) vmaf::log_error("cannot write '{}': {}", output_path, reason);
        return err;
    });
}

} // extern "C"
