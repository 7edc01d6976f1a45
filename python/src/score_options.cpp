#include "score_options.h"

#include <pybind11/pybind11.h>

namespace vmaf::python {

namespace {

VmafOutputFormat output_format(const std::string &name)
{
    if (name == "json") return VMAF_OUTPUT_FORMAT_JSON;
    if (name == "xml") return VMAF_OUTPUT_FORMAT_XML;
    if (name == "csv") return VMAF_OUTPUT_FORMAT_CSV;
    if (name == "sub") return VMAF_OUTPUT_FORMAT_SUB;
    throw pybind11::value_error("output_format must be 'json', 'xml', 'csv' or 'sub', not '" +
                                session::quote(name) + "'");
}

session::Backend backend(const std::string &name)
{
    if (name == "cpu") return session::Backend::Cpu;
    if (name == "hip") return session::Backend::Hip;
    throw pybind11::value_error("backend must be 'cpu' or 'hip', not '" + session::quote(name) + "'");
}

} // namespace

session::ScoreRequest score_request(const ScoreOptions &o)
{
    session::ScoreRequest s;
    // Without a model the CLI's -n: only the features are scored.
    s.no_prediction = o.models && o.models->empty();
    if (o.models) s.models = *o.models;
    for (const std::string &text : o.features) {
        session::FeatureRequest request;
        std::string error;
        if (!session::parse_feature_request(text, request, error))
            throw pybind11::value_error("features: " + error);
        s.features.push_back(std::move(request));
    }
    if (s.no_prediction && s.features.empty())
        throw pybind11::value_error("nothing to score: give a model or features");
    s.backend = backend(o.backend);
    if (o.gpus.empty() && !o.all_gpus) throw pybind11::value_error("gpu: no GPU given");
    s.gpus = o.gpus;
    s.all_gpus = o.all_gpus;
    for (const auto &[keyword, text] : o.values) {
        const session::OptionRow *row = session::option_row(keyword);
        if (!row) throw pybind11::value_error("'" + session::quote(keyword) + "' is not an option");
        std::string error;
        if (!row->set(s, text, error)) throw pybind11::value_error(error);
    }
    s.output = o.output;
    s.format = output_format(o.output_format);
    return s;
}

} // namespace vmaf::python
