// Writers of the reference's output formats: XML, JSON, CSV and SUB.
#pragma once

#include <string>

#include "engine/context.h"

namespace vmaf {

struct OutputInfo {
    unsigned subsample;
    double fps;
};

// Formats a score as the reference does: 6 decimals, or 16 when the
// fraction's first digit comes later than the sixth place.
std::string format_score(double value);

std::string write_xml(const VmafContext &ctx, const OutputInfo &info);
std::string write_json(const VmafContext &ctx, const OutputInfo &info);
std::string write_csv(const VmafContext &ctx, const OutputInfo &info);
std::string write_sub(const VmafContext &ctx, const OutputInfo &info);

} // namespace vmaf
