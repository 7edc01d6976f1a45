#include "model/model.h"

#include <vector>

namespace {

// The piecewise-linear map of the reference's score transform: the segment
// that holds x, or the first or last segment's line beyond the knots.
// Knots were checked at load: x strictly rising, y never falling.
double piecewise_linear(double x, const std::vector<std::pair<double, double>> &knots)
{
    if (knots.size() < 2) return x;
    double y = 0;
    const size_t n_seg = knots.size() - 1;
    for (size_t i = 0; i < n_seg; i++) {
        const auto [x0, y0] = knots[i];
        const auto [x1, y1] = knots[i + 1];
        const bool inside = x0 <= x && x <= x1;
        const bool below = i == 0 && x < x0;
        const bool above = i == n_seg - 1 && x > x1;
        if (!(inside || below || above)) continue;
        if (y0 == y1) {
            y = y0;
        } else {
            const double alpha = (y1 - y0) / (x1 - x0);
            const double beta = y0 - x0 * alpha;
            y = alpha * x + beta;
        }
    }
    return y;
}

} // namespace

double VmafModel::transform_score(double score, uint64_t flags) const
{
    if (!transform.enabled || (flags & VMAF_MODEL_FLAG_DISABLE_TRANSFORM)) return score;
    double out = score;
    if (transform.p0 || transform.p1 || transform.p2) {
        // Summed in the reference's order, so that the last bit agrees.
        out = 0.0;
        if (transform.p0) out += *transform.p0;
        if (transform.p1) out += *transform.p1 * score;
        if (transform.p2) out += *transform.p2 * score * score;
    }
    if (!transform.knots.empty()) out = piecewise_linear(out, transform.knots);
    if (transform.out_lte_in && out > score) out = score;
    if (transform.out_gte_in && out < score) out = score;
    return out;
}

double VmafModel::clip_score(double score, uint64_t flags) const
{
    if (!clip || (flags & VMAF_MODEL_FLAG_DISABLE_CLIP)) return score;
    if (score < clip->first) score = clip->first;
    if (score > clip->second) score = clip->second;
    return score;
}

double VmafModel::normalized(size_t feature, double value) const
{
    if (norm != Norm::LinearRescale) return value;
    return features[feature].slope * value + features[feature].intercept;
}

double VmafModel::denormalized(size_t feature, double value) const
{
    if (norm != Norm::LinearRescale) return value;
    return (value - features[feature].intercept) / features[feature].slope;
}

void VmafModel::correct_chroma(std::vector<double> &x) const
{
    const ChromaCorrection &c = *chroma_correction;
    // The reference tests the value after a round trip through the
    // normalisation, not the raw one: a tiny raw value can come back as 0.
    if (denormalized(c.guided, x[c.guided]) != 0.0) return;
    const double luma = denormalized(c.guiding, x[c.guiding]);
    x[c.guided] = normalized(c.guided, (-c.parameter * luma) + c.parameter);
}

double VmafModel::predict(std::span<const double> values, uint64_t flags) const
{
    std::vector<double> x(values.begin(), values.end());
    for (size_t i = 0; i < x.size(); i++) x[i] = normalized(i, x[i]);
    if (chroma_correction) correct_chroma(x);
    double score = svm.predict(x);
    if (norm == Norm::LinearRescale) score = (score - intercept) / slope;
    return clip_score(transform_score(score, flags), flags);
}
