#include "run_watch.h"

#include <utility>

namespace py = pybind11;

namespace vmaf::python {

namespace {
// Often enough for a prompt Ctrl-C and a smooth bar; rare enough that taking
// the GIL costs nothing beside a frame's scoring.
constexpr std::chrono::milliseconds kInterval{100};
} // namespace

RunWatch::RunWatch(py::object progress) : progress_(std::move(progress)) {}

void RunWatch::watch(session::ScoreHooks &hooks)
{
    hooks.on_length = [this](std::optional<unsigned> frames) { total_ = frames; };
    hooks.on_frame = [this](unsigned frames) { return on_frame(frames); };
}

bool RunWatch::on_frame(unsigned frames)
{
    // Several chunks call one at a time (the session's lock).
    frames_ = frames;
    if (stopped_) return false;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < kInterval) return true;
    last_ = now;
    py::gil_scoped_acquire locked;
    return report(frames);
}

bool RunWatch::report(unsigned frames)
{
    try {
        // Signals are handled on the main thread only; elsewhere this is a
        // no-op and Ctrl-C waits for the run's end.
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        if (!progress_.is_none())
            progress_(frames, total_ ? py::object(py::int_(*total_)) : py::object(py::none()));
        return true;
    } catch (py::error_already_set &e) {
        error_.emplace(std::move(e));
        stopped_ = true;
        return false;
    }
}

void RunWatch::finish(bool succeeded)
{
    if (succeeded && !error_) report(frames_);
    if (error_) throw std::move(*error_);
}

} // namespace vmaf::python
