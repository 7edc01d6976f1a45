// The models of one scoring run (--model, or the default vmaf_v0.6.1): loaded
// before any frame is read, scored after the flush.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "libvmaf/libvmaf.h"
#include "session/score_table.h"

namespace vmaf::session {

// One --model string: "version=NAME" or "path=FILE", then ":name=LABEL",
// ":disable_clip", ":enable_transform", ":EXTRACTOR.OPTION=VALUE".
struct ModelSpec {
    std::string version, path, name = "vmaf";
    uint64_t flags = VMAF_MODEL_FLAGS_DEFAULT;
    std::vector<std::pair<std::string, std::pair<std::string, std::string>>> overloads;

    // How the reference prints it: the version, else the path.
    const std::string &label() const { return version.empty() ? path : version; }
};

// False with `error` set on a malformed string.
bool parse_model_spec(const std::string &text, ModelSpec &out, std::string &error);

class ModelSet {
public:
    ModelSet() = default;
    ~ModelSet();
    ModelSet(const ModelSet &) = delete;
    ModelSet &operator=(const ModelSet &) = delete;

    // Loads every model (a collection where the file holds one) and adds
    // the extractors their features need to `ctx`.
    bool load(VmafContext *ctx, const std::vector<std::string> &specs, std::string &error);

    // Scores frames [0, frames) with every model, recording per-frame scores
    // in the context; `pooled` gets each model's mean, as ModelScore says.
    bool score(VmafContext *ctx, unsigned frames, std::vector<ModelScore> &pooled,
               std::string &error);

private:
    struct Entry {
        ModelSpec spec;
        VmafModel *model = nullptr;
        VmafModelCollection *collection = nullptr;
    };
    bool load_one(VmafContext *ctx, Entry &e, std::string &error);
    std::vector<Entry> entries_;
};

} // namespace vmaf::session
