// The library's messages logged on this thread while a LogCapture lives,
// kept instead of printed: batch mode and the Python module give each
// failure its reason. Other threads' messages still go to stderr, as the
// library prints them.
#pragma once

#include <string>

#include "libvmaf/libvmaf.h"

namespace vmaf::session {

class LogCapture {
public:
    LogCapture();
    ~LogCapture();
    LogCapture(const LogCapture &) = delete;
    LogCapture &operator=(const LogCapture &) = delete;

    // The messages so far, each on a line of its own.
    const std::string &text() const { return text_; }

private:
    // The library's log callback: keeps the message when this thread has a
    // capture, else leaves it to stderr.
    static int take(void *user, VmafLogLevel level, const char *message);
    std::string text_;
    LogCapture *outer_;
};

// `error` with the library's reason in place of "(see the message above)".
std::string with_reason(const std::string &error, const std::string &captured);

} // namespace vmaf::session
