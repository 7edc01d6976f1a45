#include "score_dict.h"

#include <pybind11/numpy.h>

namespace py = pybind11;

namespace vmaf::python {

py::dict score_dict(const session::ScoreTable &table)
{
    py::dict pooled, scores;
    for (size_t k = 0; k < table.keys.size(); k++) {
        const session::PooledScores &p = table.pooled[k];
        py::dict methods;
        methods["min"] = p.min;
        methods["max"] = p.max;
        methods["mean"] = p.mean;
        methods["harmonic_mean"] = p.harmonic_mean;
        for (const auto &[name, value] : p.more) methods[py::str(name)] = value;
        pooled[py::str(table.keys[k])] = methods;
        const std::vector<double> &values = table.per_frame[k];
        scores[py::str(table.keys[k])] =
            py::array_t<double>(static_cast<py::ssize_t>(values.size()), values.data());
    }
    py::dict out;
    out["frames"] = table.frames;
    out["seconds"] = table.seconds;
    out["width"] = table.width;
    out["height"] = table.height;
    out["frame_rate"] =
        table.frame_rate ? py::object(py::float_(*table.frame_rate)) : py::object(py::none());
    out["pooled"] = pooled;
    out["scores"] = scores;
    out["alignment"] = py::none();
    if (table.alignment) {
        const session::AlignmentReport &a = *table.alignment;
        const auto maybe = [](const auto &v) {
            return v ? py::cast(*v) : py::object(py::none());
        };
        py::dict alignment;
        alignment["method"] = a.method;
        alignment["offset"] = a.offset;
        alignment["margin"] = maybe(a.margin);
        alignment["ref_skipped"] = a.ref_skipped;
        alignment["dis_skipped"] = a.dis_skipped;
        alignment["ref_unscored"] = maybe(a.ref_unscored);
        alignment["dis_unscored"] = maybe(a.dis_unscored);
        out["alignment"] = alignment;
    }
    return out;
}

} // namespace vmaf::python
