// float_moment's keys and moments from sums, shared by the CPU extractor and
// its HIP twin.
#pragma once

namespace vmaf::float_moment {

inline constexpr const char *kFeatures[] = {"float_moment_ref1st", "float_moment_dis1st",
                                            "float_moment_ref2nd", "float_moment_dis2nd",
                                            nullptr};

struct Moments {
    double first, second;
};

// `sum` of the float samples and `sum_sq` of their float squares, in double.
inline Moments moments_of(double sum, double sum_sq, double samples)
{
    return {sum / samples, sum_sq / samples};
}

} // namespace vmaf::float_moment
