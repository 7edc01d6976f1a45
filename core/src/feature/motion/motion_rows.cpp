#include "feature/motion/motion_rows.h"

#include "cpu/cpu_flags.h"
#include "feature/common/edge.h"
#include "feature/motion/motion_math.h"

namespace vmaf::motion {

template <typename Sample>
uint32_t blurred_row_sad(const Sample *const *prev, const Sample *const *cur, int w, unsigned bpc,
                         int32_t *y)
{
    int32_t any = 0;
    for (int j = 0; j < w; j++) {
        int64_t acc = 0;
        for (int k = 0; k < 5; k++) acc += kFilter[k] * (int32_t{prev[k][j]} - int32_t{cur[k][j]});
        y[j] = round_vertical(acc, bpc);
        any |= y[j];
    }
    if (!any) return 0;
    uint32_t row_sad = 0;
    for (int j = 0; j < w; j++) {
        int64_t acc = 0;
        for (int k = 0; k < 5; k++)
            acc += int64_t{kFilter[k]} * y[edge::reflect_about_sample(j - kRadius + k, w)];
        row_sad += blurred_magnitude(acc);
    }
    return row_sad;
}

template uint32_t blurred_row_sad<uint8_t>(const uint8_t *const *, const uint8_t *const *, int,
                                           unsigned, int32_t *);
template uint32_t blurred_row_sad<uint16_t>(const uint16_t *const *, const uint16_t *const *, int,
                                            unsigned, int32_t *);

const MotionRowKernels &motion_row_kernels_c()
{
    static constexpr MotionRowKernels kernels{blurred_row_sad<uint8_t>, blurred_row_sad<uint16_t>, "c"};
    return kernels;
}

const MotionRowKernels &motion_row_kernels(unsigned cpu_flags)
{
    return cpu::widest(cpu_flags, motion_row_kernels_c(), motion_row_kernels_avx2(),
                       motion_row_kernels_avx512(), nullptr, motion_row_kernels_neon());
}

#if !defined(VMAF_X86_SIMD)
const MotionRowKernels *motion_row_kernels_avx2() { return nullptr; }
const MotionRowKernels *motion_row_kernels_avx512() { return nullptr; }
#endif
#if !defined(VMAF_ARM_SIMD)
const MotionRowKernels *motion_row_kernels_neon() { return nullptr; }
#endif

} // namespace vmaf::motion
