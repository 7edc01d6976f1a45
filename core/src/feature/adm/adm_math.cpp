#include "feature/adm/adm_math.h"

namespace vmaf::adm {

namespace {
struct DivisionTable {
    int32_t v[kDivisionTableSize] = {};
    DivisionTable()
    {
        for (int i = 1; i <= 32768; i++) {
            const int32_t recip = (1 << 30) / i;
            v[32768 + i] = recip;
            v[32768 - i] = -recip;
        }
    }
};
} // namespace

const int32_t *division_table()
{
    static const DivisionTable table;
    return table.v;
}

} // namespace vmaf::adm
