// What a run reports back to Python while it scores without the GIL: the
// progress callable of score(progress=...), called at most every 0.1 s,
// and Ctrl-C, checked as often: either stops the run between frames, and
// the exception (KeyboardInterrupt, or the callable's own) is raised when
// the run returns.
#pragma once

#include <chrono>
#include <optional>

#include <pybind11/pybind11.h>

#include "session/session.h"

namespace vmaf::python {

class RunWatch {
public:
    // `progress`: None, or a callable taking (frames_done, frames_total or
    // None).
    explicit RunWatch(pybind11::object progress);

    // on_length and on_frame of `hooks` report to this watch, which must
    // outlive the run.
    void watch(session::ScoreHooks &hooks);

    // With the GIL, after the run: raises the exception that stopped it;
    // after a run that succeeded, gives the callable its last call (which
    // may raise too).
    void finish(bool succeeded);

private:
    // From the scoring thread, without the GIL; false stops the run.
    bool on_frame(unsigned frames);
    // With the GIL: Ctrl-C, then the callable; false (the exception kept)
    // stops the run.
    bool report(unsigned frames);

    pybind11::object progress_;
    std::optional<unsigned> total_;
    unsigned frames_ = 0; // the last count on_frame saw
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
    std::optional<pybind11::error_already_set> error_;
    bool stopped_ = false;
};

} // namespace vmaf::python
