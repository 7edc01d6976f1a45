#include "session/log_capture.h"

#include <mutex>

#include "libvmaf/libvmaf_ext.h"

namespace vmaf::session {

namespace {

thread_local LogCapture *t_capture = nullptr;

} // namespace

int LogCapture::take(void *, VmafLogLevel, const char *message)
{
    LogCapture *c = t_capture;
    if (!c) return 0;
    c->text_ += message;
    c->text_ += '\n';
    return 1;
}

LogCapture::LogCapture() : outer_(t_capture)
{
    static std::once_flag installed;
    std::call_once(installed, [] { vmaf_set_log_callback(&LogCapture::take, nullptr); });
    t_capture = this;
}

LogCapture::~LogCapture() { t_capture = outer_; }

std::string with_reason(const std::string &error, const std::string &captured)
{
    static constexpr std::string_view kSeeAbove = " (see the message above)";
    std::string out = error;
    if (const size_t at = out.find(kSeeAbove); at != std::string::npos) out.erase(at, kSeeAbove.size());
    std::string reason = captured;
    while (!reason.empty() && reason.back() == '\n') reason.pop_back();
    if (reason.empty()) return out;
    for (char &c : reason)
        if (c == '\n') c = ';';
    return out + " [" + reason + "]";
}

} // namespace vmaf::session
