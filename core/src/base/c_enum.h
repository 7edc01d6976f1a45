// Enum arguments from C: a C caller may pass any int where the API takes an
// enum, and loading a value outside an enum's range as a C++ enum is
// undefined. The raw bits are read and checked before the enum is used.
#pragma once

#include <cstring>
#include <optional>
#include <type_traits>

#include "base/log.h"
#include "libvmaf/libvmaf.h"

namespace vmaf {

// The value as E when it lies in [first, last], else nothing.
template <typename E>
std::optional<E> c_enum(const E &value, E first, E last)
{
    static_assert(std::is_enum_v<E>);
    std::underlying_type_t<E> raw;
    std::memcpy(&raw, &value, sizeof raw);
    const auto lo = static_cast<std::underlying_type_t<E>>(first);
    const auto hi = static_cast<std::underlying_type_t<E>>(last);
    if (raw < lo || raw > hi) return std::nullopt;
    return static_cast<E>(raw);
}

// The pooling method a C caller gave `function`, or nothing, logged.
inline std::optional<VmafPoolingMethod> pooling_method(const char *function,
                                                       const VmafPoolingMethod &method)
{
    auto m = c_enum(method, VMAF_POOL_METHOD_MIN, VMAF_POOL_METHOD_HARMONIC_MEAN);
    if (!m) log_error("{}: unknown pooling method", function);
    return m;
}

} // namespace vmaf
