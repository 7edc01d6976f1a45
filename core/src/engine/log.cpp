#include "engine/log.h"

#include <atomic>
#include <cstdio>

namespace vmaf {

namespace {
std::atomic<int> g_level{VMAF_LOG_LEVEL_ERROR};

const char *level_name(VmafLogLevel level)
{
    switch (level) {
    case VMAF_LOG_LEVEL_ERROR: return "ERROR";
    case VMAF_LOG_LEVEL_WARNING: return "WARNING";
    case VMAF_LOG_LEVEL_INFO: return "INFO";
    case VMAF_LOG_LEVEL_DEBUG: return "DEBUG";
    default: return "";
    }
}
} // namespace

void set_log_level(VmafLogLevel level) { g_level = level; }

bool log_enabled(VmafLogLevel level)
{
    return level != VMAF_LOG_LEVEL_NONE && level <= g_level.load();
}

void log_message(VmafLogLevel level, std::string_view message)
{
    std::fprintf(stderr, "libvmaf %s %.*s\n", level_name(level),
                 static_cast<int>(message.size()), message.data());
}

} // namespace vmaf
