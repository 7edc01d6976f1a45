#include "base/log.h"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <string>

#include "libvmaf/libvmaf_ext.h"

namespace vmaf {

namespace {
std::atomic<int> g_level{VMAF_LOG_LEVEL_ERROR};

std::mutex g_callback_mutex;
VmafLogCallback g_callback = nullptr;
void *g_callback_user = nullptr;

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
    {
        std::lock_guard lock(g_callback_mutex);
        if (g_callback && g_callback(g_callback_user, level, std::string(message).c_str()))
            return;
    }
    std::fprintf(stderr, "libvmaf %s %.*s\n", level_name(level),
                 static_cast<int>(message.size()), message.data());
}

} // namespace vmaf

extern "C" void vmaf_set_log_callback(VmafLogCallback callback, void *user)
{
    std::lock_guard lock(vmaf::g_callback_mutex);
    vmaf::g_callback = callback;
    vmaf::g_callback_user = user;
}
