/* Prints the table of core/src/feature/rcp_estimate.cpp from the CPU it runs
 * on: for each of the 4096 leading mantissa patterns of x in [1, 2), bits
 * 22..11 of the SSE reciprocal estimate of x (bits 10..0 are zero and the
 * exponent is that of [0.5, 1)). Then checks that the estimate depends on
 * those 12 bits only, and exits non-zero if it does not.
 *
 *   cc -O2 -msse scripts/rcp_table.c -o rcp_table && ./rcp_table
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <xmmintrin.h>

static uint32_t rcp_bits(uint32_t x_bits)
{
    float x, r;
    memcpy(&x, &x_bits, sizeof x);
    r = _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(x)));
    uint32_t r_bits;
    memcpy(&r_bits, &r, sizeof r_bits);
    return r_bits;
}

int main(void)
{
    const uint32_t one = 0x3f800000u;
    for (uint32_t i = 0; i < 4096; i++) {
        const uint32_t r = rcp_bits(one | (i << 11));
        printf("0x%03x,%s", (r >> 11) & 0xfffu, (i % 16 == 15) ? "\n" : " ");
    }
    for (uint32_t m = 0; m < (1u << 23); m++) {
        if (rcp_bits(one | m) != rcp_bits(one | (m & ~0x7ffu))) {
            fprintf(stderr, "the estimate depends on low mantissa bits (0x%06x)\n", m);
            return 1;
        }
    }
    return 0;
}
