// The one way an exception becomes an error code: at the C API, around every
// extractor callback and around every worker job. It logs the reason and
// returns a negative errno, so nothing thrown ends the process.
#pragma once

#include <cerrno>
#include <exception>
#include <new>
#include <string>
#include <system_error>
#include <utility>

#include "base/log.h"

namespace vmaf {

// `where()` names what failed, for the message; it is called only then.
template <typename Where, typename F>
int guarded_at(Where &&where, F &&f)
{
    try {
        return f();
    } catch (const std::bad_alloc &) {
        log_error("{}: out of memory", std::string(where()));
        return -ENOMEM;
    } catch (const std::system_error &e) {
        // An I/O error keeps its errno (the scores' temporary file).
        log_error("{}: {}", std::string(where()), e.what());
        return e.code().category() == std::generic_category() && e.code().value() > 0
                   ? -e.code().value()
                   : -EIO;
    } catch (const std::exception &e) {
        log_error("{}: {}", std::string(where()), e.what());
        return -EINVAL;
    } catch (...) {
        log_error("{}: unknown error", std::string(where()));
        return -EINVAL;
    }
}

template <typename F>
int guarded(const char *what, F &&f)
{
    return guarded_at([what] { return what; }, std::forward<F>(f));
}

} // namespace vmaf
