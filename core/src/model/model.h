// VmafModel: a trained regression from feature values to a score, as
// libvmaf's JSON model format describes it.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/option.h"
#include "libvmaf/model.h"
#include "model/svm.h"

struct VmafModel {
    enum class Type { Svm, BootstrapSvm, ResidueBootstrapSvm };
    enum class Norm { None, LinearRescale };

    struct Feature {
        std::string name;       // the reference's feature name, e.g. VMAF_integer_feature_adm2_score
        vmaf::OptionStrings options; // the extractor options the model asks for
        std::string key;        // where the score is found: name with option suffixes
        double slope = 1, intercept = 0;
    };

    struct Transform {
        bool enabled = false;
        std::optional<double> p0, p1, p2;
        // [x, y] points of a piecewise-linear map, applied after the polynomial.
        std::vector<std::pair<double, double>> knots;
        bool out_lte_in = false, out_gte_in = false;
    };

    // The reference's chroma-from-luma correction (key chroma_correction_parameter):
    // a chroma feature worth exactly 0 (no chroma difference measured) is
    // replaced by parameter * (1 - luma feature), in the features' raw units.
    struct ChromaCorrection {
        double parameter = 0;
        size_t guiding = 0; // the feature whose name holds "adm3"
        size_t guided = 0;  // the feature whose name holds "speed_chroma"
    };

    std::string name;   // the output key of its per-frame score, "vmaf" by default
    std::string source; // built-in version or path, for messages
    Type type = Type::Svm;
    Norm norm = Norm::None;
    double slope = 1, intercept = 0; // of the prediction
    std::vector<Feature> features;
    Transform transform;
    std::optional<std::pair<double, double>> clip; // min, max
    std::optional<ChromaCorrection> chroma_correction;
    vmaf::model::Svm svm;

    // The score from raw feature values (in `features` order), with `flags`
    // (VmafModelFlags) able to switch off the clip and the transform.
    double predict(std::span<const double> values, uint64_t flags) const;
    // The transform and clip of a score, as the model applies them.
    double transform_score(double score, uint64_t flags) const;
    double clip_score(double score, uint64_t flags) const;

private:
    // Normalised feature values, in and out of the features' raw units.
    double normalized(size_t feature, double value) const;
    double denormalized(size_t feature, double value) const;
    // Applies `chroma_correction` to normalised values.
    void correct_chroma(std::vector<double> &x) const;
};
