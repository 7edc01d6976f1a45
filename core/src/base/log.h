// Library log: messages that explain an error code, on stderr.
#pragma once

#include <fmt/core.h>

#include "libvmaf/libvmaf.h"

namespace vmaf {

void set_log_level(VmafLogLevel level);
bool log_enabled(VmafLogLevel level);
void log_message(VmafLogLevel level, std::string_view message);

template <typename... Args>
void log(VmafLogLevel level, fmt::format_string<Args...> format, Args &&...args)
{
    if (log_enabled(level))
        log_message(level, fmt::format(format, std::forward<Args>(args)...));
}

template <typename... Args>
void log_error(fmt::format_string<Args...> format, Args &&...args)
{
    log(VMAF_LOG_LEVEL_ERROR, format, std::forward<Args>(args)...);
}

} // namespace vmaf
