// libFuzzer harness: the JSON model loader, and scoring with what it loads.
//
// Input: one control byte, then the model file's text. The control byte's
// bits 0-2 are the VmafModelFlags to load with, bit 3 loads the text as a
// collection. A model that loads scores two frames of imported feature
// values (bits 4-7 pick the second frame's values), so that a loaded but
// absurd model (an SVM, transform or clip that the checks let through) is
// exercised as well as parsed.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "libvmaf/libvmaf.h"
#include "model/collection.h"
#include "model/error.h"
#include "model/json_model.h"
#include "model/model.h"

namespace {

constexpr unsigned kFrames = 2;

struct ContextCloser {
    void operator()(VmafContext *ctx) const { vmaf_close(ctx); }
};
using Context = std::unique_ptr<VmafContext, ContextCloser>;

Context scoring_context()
{
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR; // messages are formatted too: they once overflowed
    VmafContext *ctx = nullptr;
    if (vmaf_init(&ctx, cfg) != 0) return nullptr;
    return Context(ctx);
}

// Every feature of `model` at frames 0 and 1: typical values, then values
// that `shade` spreads from 0 to beyond the training range.
void import_features(VmafContext *ctx, const VmafModel &model, uint8_t shade)
{
    for (size_t i = 0; i < model.features.size(); i++) {
        const char *key = model.features[i].key.c_str();
        vmaf_import_feature_score(ctx, key, 0.9, 0);
        vmaf_import_feature_score(ctx, key, (shade & 15) * 0.25 + 0.1 * static_cast<double>(i), 1);
    }
}

void score_model(VmafModel &model, uint8_t shade)
{
    Context ctx = scoring_context();
    if (!ctx) return;
    import_features(ctx.get(), model, shade);
    double score = 0;
    vmaf_score_at_index(ctx.get(), &model, &score, 0);
    vmaf_score_pooled(ctx.get(), &model, VMAF_POOL_METHOD_HARMONIC_MEAN, &score, 0, kFrames - 1);
}

void score_collection(VmafModel &first, VmafModelCollection &collection, uint8_t shade)
{
    Context ctx = scoring_context();
    if (!ctx) return;
    import_features(ctx.get(), first, shade);
    for (const auto &m : collection.models) import_features(ctx.get(), *m, shade);
    VmafModelCollectionScore score{};
    vmaf_score_at_index_model_collection(ctx.get(), &collection, &score, 0);
    vmaf_score_pooled_model_collection(ctx.get(), &collection, VMAF_POOL_METHOD_MEAN, &score, 0,
                                       kFrames - 1);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const uint8_t control = data[0];
    const std::string_view text(reinterpret_cast<const char *>(data + 1), size - 1);
    const VmafModelConfig cfg{"fuzz", static_cast<uint64_t>(control & 7)};
    const uint8_t shade = control >> 4;
    try {
        if (control & 8) {
            auto parsed = vmaf::model::parse_collection(text, cfg, "fuzz input");
            score_collection(*parsed.first, *parsed.collection, shade);
        } else {
            score_model(*vmaf::model::parse_model(text, cfg, "fuzz input"), shade);
        }
    } catch (const vmaf::model::LoadError &) {
        // A refused model: the expected outcome for most inputs.
    }
    return 0;
}
