#include "engine/extractor_instance.h"

#include <cerrno>
#include <fmt/format.h>

#include "base/guarded.h"
#include "base/log.h"
#include "extractor/feature_name.h"

namespace vmaf {

std::unique_ptr<ExtractorSpec> ExtractorSpec::create(const VmafExtractor &entry,
                                                     const OptionStrings &settings)
{
    std::unique_ptr<ExtractorSpec> spec(new ExtractorSpec);
    spec->entry_ = &entry;
    OptionError error;
    if (!parse_options(entry.name, entry.options, settings, spec->values_, spec->storage_,
                       error)) {
        log_error("{}", error.message);
        return nullptr;
    }
    for (const char *const *f = entry.provided_features; *f; f++) {
        const bool unlisted = **f == '!';
        const bool suffixed = !unlisted && (!(entry.flags & VMAF_EXTRACTOR_ONE_SUFFIXED_KEY) ||
                                            f == entry.provided_features);
        spec->keys_.push_back(suffixed ? feature_key(*f, entry.options, spec->values_.data())
                                       : std::string(*f + unlisted));
    }
    for (const auto &k : spec->keys_) spec->key_ptrs_.push_back(k.c_str());
    spec->key_ptrs_.push_back(nullptr);
    return spec;
}

bool ExtractorSpec::same_as(const VmafExtractor &entry,
                            const std::vector<VmafOptionValue> &values) const
{
    if (&entry != entry_) return false;
    // As the reference: only options that name the features tell two
    // requests apart (vif with debug=true beside a model's vif is the
    // model's vif: the first request stands).
    for (size_t i = 0; i < values.size(); i++) {
        if (!(entry.options[i].flags & VMAF_OPT_FLAG_FEATURE_PARAM)) continue;
        VmafOption as_default = entry.options[i];
        as_default.default_val = values[i];
        if (!option_is_default(as_default, values_[i])) return false;
    }
    return true;
}

VmafExtractorSetup ExtractorSpec::setup(const PictureParams &params, const ExtractorEnv &env) const
{
    return VmafExtractorSetup{params.pix_fmt, params.bpc,      params.w,      params.h,
                              values_.data(), key_ptrs_.data(), env.hip_state, env.cpu_flags};
}

ExtractorInstance::~ExtractorInstance()
{
    if (ready_) spec_.entry().close(state_);
}

int ExtractorInstance::init(const PictureParams &params, const ExtractorEnv &env)
{
    const VmafExtractorSetup setup = spec_.setup(params, env);
    const char *name = spec_.entry().name;
    int err = guarded_at([name] { return fmt::format("feature extractor '{}' at its start", name); },
                         [&] { return spec_.entry().init(&state_, &setup); });
    if (err) {
        log_error("feature extractor '{}' could not start ({})", name, err);
        return err;
    }
    ready_ = true;
    return 0;
}

int ExtractorInstance::extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
{
    const char *name = spec_.entry().name;
    int err = guarded_at(
        [&] { return fmt::format("feature extractor '{}' at frame {}", name, frame.index); },
        [&] { return spec_.entry().extract(state_, &frame, sink); });
    if (err) log_error("feature extractor '{}' failed at frame {} ({})", name, frame.index, err);
    return err;
}

int ExtractorInstance::wait_reads(unsigned index)
{
    if (!spec_.entry().wait_reads) return 0;
    const char *name = spec_.entry().name;
    int err = guarded_at([name] { return fmt::format("feature extractor '{}' at its copies", name); },
                         [&] { return spec_.entry().wait_reads(state_, index); });
    if (err) log_error("feature extractor '{}' failed while reading pictures ({})", name, err);
    return err;
}

int ExtractorInstance::flush(VmafFeatureSink *sink)
{
    if (!spec_.entry().flush) return 0;
    const char *name = spec_.entry().name;
    return guarded_at([name] { return fmt::format("feature extractor '{}' at the flush", name); },
                      [&] { return spec_.entry().flush(state_, sink); });
}

int RegisteredExtractor::prepare(const PictureParams &params)
{
    auto instance = std::make_unique<ExtractorInstance>(*spec_);
    int err = instance->init(params, env_);
    if (err) return err;
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(instance));
    return 0;
}

int FrameLease::finish()
{
    if (!instance_) return 0;
    const int err = instance_->wait_reads(index_);
    owner_->give_back(std::move(instance_));
    return err;
}

void FrameLease::give_back()
{
    if (instance_) owner_->give_back(std::move(instance_));
}

int RegisteredExtractor::wait_reads(unsigned index)
{
    std::lock_guard lock(mutex_);
    int err = 0;
    for (auto &instance : idle_) {
        const int e = instance->wait_reads(index);
        if (e && !err) err = e;
    }
    return err;
}

void RegisteredExtractor::give_back(std::unique_ptr<ExtractorInstance> instance)
{
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(instance));
}

int RegisteredExtractor::extract(const PictureParams &params, const VmafExtractorFrame &frame,
                                 VmafFeatureSink *sink, std::vector<FrameLease> &leases)
{
    std::unique_ptr<ExtractorInstance> instance;
    {
        std::lock_guard lock(mutex_);
        if (!idle_.empty()) {
            instance = std::move(idle_.back());
            idle_.pop_back();
        }
    }
    if (!instance) {
        instance = std::make_unique<ExtractorInstance>(*spec_);
        int err = instance->init(params, env_);
        if (err) return err;
    }
    int err = instance->extract(frame, sink);
    leases.emplace_back(this, std::move(instance), frame.index);
    return err;
}

int RegisteredExtractor::flush(VmafFeatureSink *sink)
{
    std::lock_guard lock(mutex_);
    int err = 0;
    for (auto &instance : idle_) {
        int e = instance->flush(sink);
        if (e && !err) err = e;
    }
    return err;
}

} // namespace vmaf
