#include "extractor/registry.h"

#include <atomic>
#include <span>
#include <string>

namespace vmaf {

namespace {
// The HIP twins, once the module loader has added them.
struct TwinList {
    std::span<const VmafExtractor *const> twins;
};
std::atomic<const TwinList *> g_twins{nullptr};

std::span<const VmafExtractor *const> hip_twins()
{
    const TwinList *list = g_twins.load(std::memory_order_acquire);
    return list ? list->twins : std::span<const VmafExtractor *const>{};
}

} // namespace

const VmafExtractor *find_extractor(std::string_view name)
{
    for (const VmafExtractor *e : extractor_table())
        if (name == e->name) return e;
    for (const VmafExtractor *e : hip_twins())
        if (name == e->name) return e;
    return nullptr;
}

const VmafExtractor *find_extractor_by_feature(std::string_view feature)
{
    for (const VmafExtractor *e : extractor_table())
        for (const char *const *f = e->provided_features; *f; f++)
            if (**f != '!' && feature == *f) return e;
    return nullptr;
}

const VmafExtractor *find_hip_twin(const VmafExtractor &cpu)
{
    const std::string twin = std::string(cpu.name) + "_hip";
    const VmafExtractor *e = find_extractor(twin);
    return e && (e->flags & VMAF_EXTRACTOR_HIP) ? e : nullptr;
}

void add_hip_twins(std::span<const VmafExtractor *const> twins)
{
    // The loader adds its module's twins once; the list lives as long as
    // the module, which is never unloaded.
    static const TwinList list{twins};
    g_twins.store(&list, std::memory_order_release);
}

} // namespace vmaf
