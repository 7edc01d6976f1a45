// The luma sums kernel's launcher, shared by moment.hip (which defines it),
// float_moment_hip and float_psnr_hip (which call it). Plain types only.
//
// The CPU features sum floats in double: a sample v (on the 8-bit scale,
// v = s / 2^(bpc-8)), v * v and (r - d) * (r - d) squared in float. Every
// such term is a multiple of 2^-2(bpc-8), so the kernel sums them exactly,
// in integers of that unit, whatever the order; the CPU's double sums are
// exact too while they stay below 2^53 units (every clip size at 8 to 12
// bits, 1080p at 16), and then the two agree bit for bit.
#pragma once

#include "hip/runtime/platform.h"

namespace vmaf::hip::moment {

// The sums, in units of 2^-(bpc-8) for the first two, 2^-2(bpc-8) for the
// squares.
enum LumaSum { kRef, kDis, kRefSquared, kDisSquared, kErrorSquared, kLumaSums };

// Queues sums[k] += the luma sum k over `samples` tightly packed samples of
// each side, with 8-bit samples for sample_bytes 1 and 16-bit ones for 2.
// sums must be zeroed by the caller. Returns the launch's status.
hipError_t launch_luma_sums(const void *ref, const void *dis, unsigned long long samples,
                            unsigned bpc, unsigned long long *sums, hipStream_t stream);

// The unit of the first moment's sums and of the squares' sums, as doubles.
inline double first_unit(unsigned bpc) { return bpc > 8 ? 1.0 / (1u << (bpc - 8)) : 1.0; }
inline double square_unit(unsigned bpc) { return first_unit(bpc) * first_unit(bpc); }

} // namespace vmaf::hip::moment
