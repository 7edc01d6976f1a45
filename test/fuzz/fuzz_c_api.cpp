// libFuzzer harness: sequences of C API calls on one context.
//
// The input picks a context (threads, subsampling) and a small picture
// format, then up to kMaxCalls calls among vmaf_use_feature,
// vmaf_use_features_from_model, vmaf_read_pictures (pictures allocated or
// fetched from a pool), vmaf_preallocate_pictures, vmaf_import_feature_score,
// the score queries, the flush and vmaf_write_output; vmaf_close ends it.
// Every call is one a C caller may make, misuse included (the same picture
// as reference and distorted, any frame index, enum values out of range,
// pool pictures fetched until the pool runs dry or given back after the
// close).
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fuzzer/FuzzedDataProvider.h>
#include <string>
#include <vector>

#include "c_caller.h"
#include "extractor/collector.h"
#include "extractor/registry.h"
#include "libvmaf/libvmaf.h"

namespace {

constexpr unsigned kMaxCalls = 32;
constexpr unsigned kMaxSide = 40;
// A report lists every frame up to the highest index: one at frame 10^6
// would spend the run formatting.
constexpr unsigned kMaxReportedFrames = 64;

VmafModel *g_model = nullptr; // vmaf_v0.6.1, loaded once; scoring does not change it

enum class Call {
    UseFeature,
    UseModelFeatures,
    ReadPictures,
    Preallocate,
    ImportScore,
    FeatureScoreAtIndex,
    FeatureScorePooled,
    ModelScoreAtIndex,
    ModelScorePooled,
    Flush,
    WriteOutput,
    kMaxValue = WriteOutput, // for FuzzedDataProvider::ConsumeEnum
};

class ApiSequence {
public:
    explicit ApiSequence(FuzzedDataProvider &in) : in_(in)
    {
        VmafConfiguration cfg{};
        cfg.log_level = VMAF_LOG_LEVEL_ERROR;
        cfg.n_threads = in_.ConsumeIntegralInRange<unsigned>(0, 2);
        cfg.n_subsample = in_.ConsumeIntegralInRange<unsigned>(0, 3);
        if (vmaf_init(&ctx_, cfg) != 0) ctx_ = nullptr;
        pix_fmt_ = in_.ConsumeIntegralInRange<int>(VMAF_PIX_FMT_YUV420P, VMAF_PIX_FMT_YUV400P);
        bpc_ = in_.PickValueInArray({8u, 10u, 12u, 16u});
        w_ = in_.ConsumeIntegralInRange<unsigned>(1, kMaxSide);
        h_ = in_.ConsumeIntegralInRange<unsigned>(1, kMaxSide);
    }

    ~ApiSequence()
    {
        // Pool pictures are given back before or after the close, as the
        // input says: both are allowed.
        const bool unref_after_close = in_.ConsumeBool();
        if (!unref_after_close) give_back_pool_pictures();
        if (ctx_) vmaf_close(ctx_);
        if (unref_after_close) give_back_pool_pictures();
    }

    ApiSequence(const ApiSequence &) = delete;
    ApiSequence &operator=(const ApiSequence &) = delete;

    void run()
    {
        if (!ctx_) return;
        for (unsigned i = 0; i < kMaxCalls && in_.remaining_bytes() > 0; i++)
            call(in_.ConsumeEnum<Call>());
    }

private:
    void call(Call c)
    {
        double score = 0;
        switch (c) {
        case Call::UseFeature: use_feature(); break;
        case Call::UseModelFeatures: vmaf_use_features_from_model(ctx_, g_model); break;
        case Call::ReadPictures: read_pictures(); break;
        case Call::Preallocate: preallocate(); break;
        case Call::ImportScore: {
            const std::string name = feature_name();
            const double value = score_value();
            const unsigned i = store_index();
            if (vmaf_import_feature_score(ctx_, name.c_str(), value, i) == 0) frame_used(i);
            break;
        }
        case Call::FeatureScoreAtIndex:
            vmaf_feature_score_at_index(ctx_, feature_name().c_str(), &score, query_index());
            break;
        case Call::FeatureScorePooled: {
            const int method = in_.ConsumeIntegralInRange<int>(-1, VMAF_POOL_METHOD_NB);
            const unsigned low = query_index(), high = query_index();
            c_feature_score_pooled(ctx_, feature_name().c_str(), method, &score, low, high);
            break;
        }
        // A model's score is stored at its frame.
        case Call::ModelScoreAtIndex: vmaf_score_at_index(ctx_, g_model, &score, store_index()); break;
        case Call::ModelScorePooled: {
            const unsigned low = store_index(), high = store_index();
            vmaf_score_pooled(ctx_, g_model, VMAF_POOL_METHOD_MEAN, &score, low, high);
            break;
        }
        case Call::Flush: vmaf_read_pictures(ctx_, nullptr, nullptr, 0); break;
        case Call::WriteOutput: {
            const int format = in_.ConsumeIntegralInRange<int>(0, VMAF_OUTPUT_FORMAT_SUB + 1);
            if (highest_frame_ < kMaxReportedFrames) c_write_output(ctx_, "/dev/null", format);
            break;
        }
        }
    }

    // A plausible score, or one of the values that test the reports' number
    // formatting (drawn from a list: random extremes make every report slow).
    double score_value()
    {
        if (in_.ConsumeBool()) return in_.ConsumeFloatingPointInRange<double>(-1000, 1000);
        return in_.PickValueInArray<double>(
            {0.0, -0.0, 1e-300, -1e308, 1e308, HUGE_VAL, -HUGE_VAL, NAN});
    }

    // Mostly the next frame, sometimes a small one.
    unsigned near_index()
    {
        if (in_.ConsumeIntegralInRange<int>(0, 3) == 0) return in_.ConsumeIntegralInRange<unsigned>(0, 15);
        return next_index_;
    }

    // For a query: near, or rarely any index at all.
    unsigned query_index()
    {
        if (in_.ConsumeIntegralInRange<int>(0, 7) == 0) return in_.ConsumeIntegral<unsigned>();
        return near_index();
    }

    // For a call that stores a score: near, or rarely one the context must
    // refuse. A far index that it takes costs 16 bytes a frame for every
    // feature (256 MB at the last one it takes), and a few would spend the
    // run's memory.
    unsigned store_index()
    {
        if (in_.ConsumeIntegralInRange<int>(0, 7) == 0)
            return in_.ConsumeIntegralInRange<unsigned>(vmaf::FeatureCollector::kMaxIndex + 1, UINT_MAX);
        return near_index();
    }

    // An extractor, one of its features, or any text.
    std::string feature_name()
    {
        const auto table = vmaf::extractor_table();
        const VmafExtractor &e = *table[in_.ConsumeIntegralInRange<size_t>(0, table.size() - 1)];
        switch (in_.ConsumeIntegralInRange<int>(0, 2)) {
        case 0: return e.name;
        case 1: {
            size_t n = 0;
            while (e.provided_features[n]) n++;
            return n ? e.provided_features[in_.ConsumeIntegralInRange<size_t>(0, n - 1)] : e.name;
        }
        default: return in_.ConsumeRandomLengthString(32);
        }
    }

    void use_feature()
    {
        const auto table = vmaf::extractor_table();
        const VmafExtractor &e = *table[in_.ConsumeIntegralInRange<size_t>(0, table.size() - 1)];
        size_t n_options = 0;
        while (e.options && e.options[n_options].name) n_options++;
        VmafFeatureDictionary *dict = nullptr;
        for (int i = in_.ConsumeIntegralInRange<int>(0, 3); i > 0; i--) {
            std::string key = in_.ConsumeRandomLengthString(16);
            if (n_options && in_.ConsumeBool())
                key = e.options[in_.ConsumeIntegralInRange<size_t>(0, n_options - 1)].name;
            std::string value = in_.ConsumeRandomLengthString(16);
            if (in_.ConsumeBool())
                value = in_.PickValueInArray(
                    {"true", "false", "0", "1", "-1", "2.5", "1e308", "nan", "inf", "0x10", " 1", ""});
            vmaf_feature_dictionary_set(&dict, key.c_str(), value.c_str());
        }
        const std::string name = in_.ConsumeBool() ? std::string(e.name) : feature_name();
        vmaf_use_feature(ctx_, name.c_str(), dict);
        vmaf_feature_dictionary_free(&dict);
    }

    void preallocate()
    {
        const unsigned w = in_.ConsumeBool() ? w_ : in_.ConsumeIntegralInRange<unsigned>(0, kMaxSide);
        const int pix_fmt = in_.ConsumeBool() ? pix_fmt_ : in_.ConsumeIntegralInRange<int>(-1, 6);
        const unsigned count = in_.ConsumeIntegralInRange<unsigned>(0, 6);
        if (c_preallocate_pictures(ctx_, w, h_, bpc_, pix_fmt, count) == 0) pooled_ = true;
    }

    // A picture of the run's format, from the pool when there is one and
    // the input asks, otherwise allocated.
    bool new_picture(VmafPicture &pic, bool from_pool)
    {
        if (from_pool && pooled_) {
            if (vmaf_fetch_preallocated_picture(ctx_, &pic) != 0) return false;
            pool_pictures_.push_back(pic);
        } else {
            const unsigned w = in_.ConsumeIntegralInRange<int>(0, 15) ? w_ : w_ + 1;
            if (vmaf_picture_alloc(&pic, static_cast<VmafPixelFormat>(pix_fmt_), bpc_, w, h_) != 0)
                return false;
        }
        fill(pic);
        return true;
    }

    // Samples in the picture's range, in a pattern the input seeds.
    void fill(VmafPicture &pic)
    {
        const unsigned max = (1u << pic.bpc) - 1;
        const unsigned base = in_.ConsumeIntegral<uint16_t>(), step = in_.ConsumeIntegral<uint8_t>();
        for (int p = 0; p < 3; p++) {
            for (unsigned y = 0; y < pic.h[p]; y++) {
                auto *row = static_cast<uint8_t *>(pic.data[p]) + y * pic.stride[p];
                for (unsigned x = 0; x < pic.w[p]; x++) {
                    const unsigned v = (base + x * step + y * 7 * step + p * 31) & max;
                    if (pic.bpc > 8) reinterpret_cast<uint16_t *>(row)[x] = static_cast<uint16_t>(v);
                    else row[x] = static_cast<uint8_t>(v);
                }
            }
        }
    }

    // A picture handed to the context is no longer ours to give back.
    void handed_over(const VmafPicture &pic)
    {
        const auto it = std::find_if(pool_pictures_.begin(), pool_pictures_.end(),
                                     [&](const VmafPicture &p) { return p.data[0] == pic.data[0]; });
        if (it != pool_pictures_.end()) pool_pictures_.erase(it);
    }

    void read_pictures()
    {
        VmafPicture ref{}, dis{};
        if (!new_picture(ref, in_.ConsumeBool())) return;
        const bool same_picture = in_.ConsumeIntegralInRange<int>(0, 31) == 0;
        if (!same_picture && !new_picture(dis, in_.ConsumeBool())) {
            handed_over(ref);
            vmaf_picture_unref(&ref);
            return;
        }
        const VmafPicture ref_copy = ref, dis_copy = dis;
        const unsigned i = store_index();
        if (vmaf_read_pictures(ctx_, &ref, same_picture ? &ref : &dis, i) == 0) frame_used(i);
        handed_over(ref_copy);
        if (!same_picture) handed_over(dis_copy);
        if (i == next_index_ && next_index_ < UINT_MAX) next_index_++;
    }

    void frame_used(unsigned index) { highest_frame_ = std::max(highest_frame_, index); }

    void give_back_pool_pictures()
    {
        for (VmafPicture &p : pool_pictures_) vmaf_picture_unref(&p);
        pool_pictures_.clear();
    }

    FuzzedDataProvider &in_;
    VmafContext *ctx_ = nullptr;
    int pix_fmt_;
    unsigned bpc_, w_, h_;
    unsigned next_index_ = 0;
    unsigned highest_frame_ = 0; // of the scores a report would list
    bool pooled_ = false;                    // a pool was preallocated
    std::vector<VmafPicture> pool_pictures_; // fetched and not yet handed over
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    return vmaf_model_load(&g_model, &cfg, "vmaf_v0.6.1");
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzedDataProvider in(data, size);
    ApiSequence(in).run();
    return 0;
}
