// The row kernel of integer motion: the blurred absolute difference of one
// row of two pictures. The portable function is the definition;
// MotionRowKernels picks it or its AVX2 / AVX-512 / NEON twins
// (motion_rows_simd.h), which give the same bits.
#pragma once

#include <cstdint>

namespace vmaf::motion {

// sum over the row of |blur(prev - cur)|, the 5-tap blur separable with
// rounding after each direction, summed in 32 bits (wrapping) as the
// reference sums a row. prev[k], cur[k] are the rows i-2..i+2 (reflected).
// `y` has room for w + 4 values (the reflected edges).
template <typename Sample>
uint32_t blurred_row_sad(const Sample *const *prev, const Sample *const *cur, int w, unsigned bpc,
                         int32_t *y);

struct MotionRowKernels {
    decltype(&blurred_row_sad<uint8_t>) row8;
    decltype(&blurred_row_sad<uint16_t>) row16;
    const char *name;
};

const MotionRowKernels &motion_row_kernels(unsigned cpu_flags);
const MotionRowKernels &motion_row_kernels_c();
const MotionRowKernels *motion_row_kernels_avx2();
const MotionRowKernels *motion_row_kernels_avx512();
const MotionRowKernels *motion_row_kernels_neon();

} // namespace vmaf::motion
