// An extractor as the context uses it: the table entry, its parsed options
// and output keys (ExtractorSpec), and initialized states (ExtractorInstance).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "extractor/extractor.h"

namespace vmaf {

struct PictureParams {
    VmafPixelFormat pix_fmt;
    unsigned bpc, w, h;
};

// What a context gives each of its extractors besides pictures and options.
struct ExtractorEnv {
    void *hip_state;    // VmafHipState of HIP entries, else null
    unsigned cpu_flags; // cpu::permitted(cfg.cpumask)
};

class ExtractorSpec {
public:
    // Parses settings; on failure returns nullptr and logs which option is wrong.
    static std::unique_ptr<ExtractorSpec> create(const VmafExtractor &entry,
                                                 const OptionStrings &settings);

    const VmafExtractor &entry() const { return *entry_; }
    const std::vector<std::string> &keys() const { return keys_; }
    // True when the reference takes both requests for one extractor: the
    // same entry and the same options that name its features.
    bool same_as(const VmafExtractor &entry, const std::vector<VmafOptionValue> &values) const;
    const std::vector<VmafOptionValue> &values() const { return values_; }

    VmafExtractorSetup setup(const PictureParams &params, const ExtractorEnv &env) const;

private:
    ExtractorSpec() = default;
    const VmafExtractor *entry_ = nullptr;
    std::vector<VmafOptionValue> values_;
    std::vector<std::string> storage_;
    std::vector<std::string> keys_;
    std::vector<const char *> key_ptrs_;
};

class ExtractorInstance {
public:
    explicit ExtractorInstance(const ExtractorSpec &spec) : spec_(spec) {}
    ~ExtractorInstance();
    ExtractorInstance(const ExtractorInstance &) = delete;
    ExtractorInstance &operator=(const ExtractorInstance &) = delete;

    int init(const PictureParams &params, const ExtractorEnv &env);
    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink);
    // Returns once nothing extract() queued for frames up to `index` still
    // reads their pictures.
    int wait_reads(unsigned index);
    bool reads_async() const { return spec_.entry().wait_reads != nullptr; }
    int flush(VmafFeatureSink *sink);

private:
    const ExtractorSpec &spec_;
    void *state_ = nullptr;
    bool ready_ = false;
};

class RegisteredExtractor;

// An instance lent for one frame. It goes back to its extractor with
// finish(), once nothing reads the frame's pictures any more (or, failing
// that, when the lease is destroyed).
class FrameLease {
public:
    FrameLease() = default;
    FrameLease(RegisteredExtractor *owner, std::unique_ptr<ExtractorInstance> instance,
               unsigned index)
        : owner_(owner), instance_(std::move(instance)), index_(index) {}
    FrameLease(FrameLease &&) noexcept = default;
    FrameLease &operator=(FrameLease &&) = delete;
    ~FrameLease() { finish(); }

    // Waits for the instance's reads of the frame's pictures and returns it.
    int finish();
    // Returns the instance without waiting: the caller waits later, with
    // RegisteredExtractor::wait_reads, before the pictures go.
    void give_back();

private:
    RegisteredExtractor *owner_ = nullptr;
    std::unique_ptr<ExtractorInstance> instance_;
    unsigned index_ = 0;
};

// One registered extractor of a context. Temporal ones have one instance fed
// in frame order; the others lend an instance to each worker thread.
class RegisteredExtractor {
public:
    RegisteredExtractor(std::unique_ptr<ExtractorSpec> spec, const ExtractorEnv &env)
        : spec_(std::move(spec)), env_(env) {}

    const ExtractorSpec &spec() const { return *spec_; }
    bool temporal() const { return spec_->entry().flags & VMAF_EXTRACTOR_TEMPORAL; }
    bool needs_previous() const { return spec_->entry().flags & VMAF_EXTRACTOR_PREV_REF; }
    bool needs_every_frame() const
    {
        return spec_->entry().flags & (VMAF_EXTRACTOR_TEMPORAL | VMAF_EXTRACTOR_PREV_REF);
    }
    // Whether extract() may return while its copies still read the pictures.
    bool reads_async() const { return spec_->entry().wait_reads != nullptr; }
    bool reference_only() const { return spec_->entry().flags & VMAF_EXTRACTOR_REFERENCE_ONLY; }
    // Its scores come from another context (vmaf_borrow_reference_scores):
    // it is never started, run or flushed here.
    bool borrowed() const { return borrowed_; }
    void borrow() { borrowed_ = true; }

    // Starts the first instance, so that errors of init reach the caller.
    int prepare(const PictureParams &params);
    // Runs one frame on a free (or new) instance, lent to a lease added to
    // `leases` until the frame's pictures are no longer read.
    int extract(const PictureParams &params, const VmafExtractorFrame &frame,
                VmafFeatureSink *sink, std::vector<FrameLease> &leases);
    int flush(VmafFeatureSink *sink);
    // wait_reads(index) of every instance not lent out.
    int wait_reads(unsigned index);

private:
    friend class FrameLease;
    void give_back(std::unique_ptr<ExtractorInstance> instance);

    std::unique_ptr<ExtractorSpec> spec_;
    ExtractorEnv env_;
    bool borrowed_ = false;
    std::mutex mutex_;
    std::vector<std::unique_ptr<ExtractorInstance>> idle_;
};

} // namespace vmaf
