// vmaf_hip._vmaf_hip: the package's native part. It scores a pair of files
// or of numpy arrays through the scoring session, as the CLI does, with the GIL
// released, and raises VmafError with the library's reason on failure. The
// Python layer (vmaf_hip/__init__.py) checks and normalises the arguments.
#include <algorithm>
#include <stdexcept>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "array_video.h"
#include "libvmaf/libvmaf.h"
#include "run_watch.h"
#include "score_dict.h"
#include "score_options.h"
#include "session/session.h"

namespace py = pybind11;

namespace vmaf::python {

namespace {

// Raised in Python as vmaf_hip.VmafError (a RuntimeError).
struct ScoringFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Raised as vmaf_hip.VmafDeviceError (a VmafError): the GPU failed the
// scoring, not the pair; another GPU (or fallback="cpu") may score it.
struct DeviceFailed : ScoringFailed {
    using ScoringFailed::ScoringFailed;
};

// The run's hooks; `watch` takes its progress and Ctrl-C.
session::ScoreHooks hooks_for(const session::ScoreRequest &s, RunWatch &watch)
{
    session::ScoreHooks hooks;
    watch.watch(hooks);
    hooks.per_frame = true;
    // Where an input is decoded (hwdec): a line of the "vmaf_hip" logger.
    hooks.on_notice = [](const std::string &line) {
        py::gil_scoped_acquire locked;
        py::module_::import("logging").attr("getLogger")("vmaf_hip").attr("info")(line);
    };
    // Without output= nothing is written, not even to stdout.
    hooks.report = s.output.has_value();
    return hooks;
}

// Runs `score(error)` without the GIL, keeping the library's messages of
// this thread: a failure raises VmafError with them, and on success they
// (warnings, such as a feature left on the CPU) become RuntimeWarnings. A
// run that `watch` stopped raises what stopped it (KeyboardInterrupt, the
// progress callable's exception).
template <typename Score>
void run_captured(RunWatch &watch, const Score &score, const bool *device_failed = nullptr)
{
    std::string error, messages;
    bool ok = false;
    {
        session::LogCapture log;
        {
            py::gil_scoped_release unlocked;
            ok = score(error);
        }
        messages = log.text();
    }
    watch.finish(ok);
    if (!ok && device_failed && *device_failed)
        throw DeviceFailed(session::with_reason(error, messages));
    if (!ok) throw ScoringFailed(session::with_reason(error, messages));
    while (!messages.empty() && messages.back() == '\n') messages.pop_back();
    if (!messages.empty() && PyErr_WarnEx(PyExc_RuntimeWarning, messages.c_str(), 1) < 0)
        throw py::error_already_set();
}

template <typename Score>
py::dict run_scorer(RunWatch &watch, const Score &score, const bool *device_failed = nullptr)
{
    session::ScoreTable table;
    run_captured(watch, [&](std::string &error) { return score(table, error); }, device_failed);
    return score_dict(table);
}

// The page of html=, when asked for, with the pictures of the CLI's default
// frames of each run's pair (`scored`: the runs' request; null for arrays,
// which have none); false with `error` set.
bool write_page(const ScoreOptions &o, const std::vector<session::ReportRun> &runs,
                const session::ScoreRequest *scored, std::string &error)
{
    return !o.html ||
           session::write_runs_page(*o.html, runs, scored, session::PictureChoice{}, {}, error);
}

py::dict score_files(const std::string &reference, const std::string &distorted,
                     const ScoreOptions &options)
{
    session::ScoreRequest s = score_request(options);
    s.reference = reference;
    s.distorted = distorted;
    RunWatch watch(options.progress);
    const session::ScoreHooks hooks = hooks_for(s, watch);
    bool device_failed = false;
    return run_scorer(
        watch,
        [&](session::ScoreTable &table, std::string &error) {
            return session::check_run_files(s, {}, options.html, error) &&
                   session::score_pair(s, hooks, table, error, &device_failed) &&
                   write_page(options, {{reference, distorted, &table}}, &s, error);
        },
        &device_failed);
}

py::list score_ladder(const std::string &reference, const std::vector<std::string> &distorted,
                      const ScoreOptions &options)
{
    session::ScoreRequest s = score_request(options);
    s.reference = reference;
    RunWatch watch(options.progress);
    const session::ScoreHooks hooks = hooks_for(s, watch);
    std::vector<session::ScoreTable> tables;
    run_captured(watch, [&](std::string &error) {
        if (!session::check_run_files(s, distorted, options.html, error) ||
            !session::score_ladder(s, distorted, hooks, tables, error))
            return false;
        std::vector<session::ReportRun> runs;
        for (size_t i = 0; i < tables.size(); i++)
            runs.push_back({reference, distorted[i], &tables[i]});
        return write_page(options, runs, &s, error);
    });
    py::list out;
    for (const session::ScoreTable &t : tables) out.append(score_dict(t));
    return out;
}

py::dict score_arrays(const py::list &reference, const py::list &distorted,
                      const ScoreOptions &options)
{
    const session::ScoreRequest s = score_request(options);
    if (s.raw.w || s.raw.h || s.raw.pix_fmt)
        throw py::value_error("width, height and pixel_format describe raw .yuv files; arrays "
                              "carry their own shape");
    const ArrayVideo ref = array_video(reference, s.raw.bpc, "reference");
    const ArrayVideo dis = array_video(distorted, s.raw.bpc, "distorted");
    check_same_shape(ref, dis);
    const unsigned frames = s.frame_cnt ? std::min(s.frame_cnt, ref.frames) : ref.frames;
    RunWatch watch(options.progress);
    const session::ScoreHooks hooks = hooks_for(s, watch);
    const session::FrameFiller fill = [&](unsigned index, VmafPicture &r, VmafPicture &d,
                                        std::string &error) {
        return copy_frame(ref, index, r, "reference", error) &&
               copy_frame(dis, index, d, "distorted", error);
    };
    return run_scorer(watch, [&](session::ScoreTable &table, std::string &error) {
        return session::check_run_files(s, {}, options.html, error) &&
               session::score_frames(s, ref.format, frames, fill, hooks, table, error) &&
               write_page(options,
                          {{"reference (array)", "distorted (array)", &table, "distorted"}}, nullptr,
                          error);
    });
}

// Files of many runs (Dask's pairs), each (path, what it is), compared as
// one run's: ValueError where an output is an input or another output.
void check_files(const std::vector<std::pair<std::string, std::string>> &reads,
                 const std::vector<std::pair<std::string, std::string>> &writes)
{
    session::RunFiles files;
    for (const auto &[path, what] : reads) files.read(path, what);
    for (const auto &[path, what] : writes) files.write(path, what);
    std::string error;
    if (!files.check(error, false)) throw py::value_error(error);
}

// The session's option table as score()'s keywords: (keyword, kind
// ("count", "number", "text" or "texts"), annotation, default, help).
py::list option_table()
{
    py::list rows;
    for (const session::OptionRow &row : session::option_table()) {
        const char *kind = row.kind == session::OptionKind::Count    ? "count"
                           : row.kind == session::OptionKind::Number ? "number"
                           : row.kind == session::OptionKind::Text   ? "text"
                                                                     : "texts";
        rows.append(py::make_tuple(session::python_keyword(row.id), kind, row.python_type,
                                   row.python_default, row.help));
    }
    return rows;
}

} // namespace

} // namespace vmaf::python

PYBIND11_MODULE(_vmaf_hip, m)
{
    using vmaf::python::ScoreOptions;
    m.doc() = "vmaf-hip's scorer; use the vmaf_hip package, which wraps it.";
    m.attr("__version__") = vmaf_version();
    // The session's messages name options as score()'s keywords.
    vmaf::session::set_front_end(vmaf::session::FrontEnd::Python);
    auto &vmaf_error =
        py::register_exception<vmaf::python::ScoringFailed>(m, "VmafError", PyExc_RuntimeError);
    py::register_exception<vmaf::python::DeviceFailed>(m, "VmafDeviceError", vmaf_error.ptr());

    py::class_<ScoreOptions>(m, "ScoreOptions")
        .def(py::init<>())
        .def_readwrite("models", &ScoreOptions::models)
        .def_readwrite("features", &ScoreOptions::features)
        .def_readwrite("backend", &ScoreOptions::backend)
        .def_readwrite("html", &ScoreOptions::html)
        .def_readwrite("gpus", &ScoreOptions::gpus)
        .def_readwrite("all_gpus", &ScoreOptions::all_gpus)
        .def_readwrite("values", &ScoreOptions::values)
        .def_readwrite("output", &ScoreOptions::output)
        .def_readwrite("output_format", &ScoreOptions::output_format)
        .def_readwrite("progress", &ScoreOptions::progress);

    m.def("score_files", &vmaf::python::score_files, py::arg("reference"),
          py::arg("distorted"), py::arg("options"));
    m.def("score_ladder", &vmaf::python::score_ladder, py::arg("reference"),
          py::arg("distorted"), py::arg("options"));
    m.def("score_arrays", &vmaf::python::score_arrays, py::arg("reference"),
          py::arg("distorted"), py::arg("options"));
    m.def("check_files", &vmaf::python::check_files, py::arg("reads"), py::arg("writes"),
          "ValueError where an output (path, what) is an input or another output.");
    m.def("hip_available", &vmaf::session::hip_usable);
    m.def(
        "check_options",
        [](const ScoreOptions &o) { static_cast<void>(vmaf::python::score_request(o)); },
        py::arg("options"), "ValueError where score() would refuse the options.");
    m.def("option_table", &vmaf::python::option_table,
          "The session's option table: (keyword, kind, annotation, default, help) a row.");
}
