// Prints the extractor table as JSON: every CPU extractor of the metric
// list with its options (name, alias, type, default, range) and the keys it
// provides. What the rig's list of extractors and options is checked
// against (test_rig_catalog.py), so that a new option or extractor cannot
// be left out of the rig's cases unseen.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "extractor/registry.h"

int main()
{
    using nlohmann::json;
    json out = json::object();
    for (const VmafExtractor *e : vmaf::extractor_table()) {
        json options = json::array();
        for (const VmafOption *o = e->options; o && o->name; o++) {
            json opt = {{"name", o->name}, {"alias", o->alias ? json(o->alias) : json(nullptr)}};
            switch (o->type) {
            case VMAF_OPT_TYPE_BOOL: opt["type"] = "bool"; opt["default"] = o->default_val.b; break;
            case VMAF_OPT_TYPE_INT:
            case VMAF_OPT_TYPE_DOUBLE: {
                const bool whole = o->type == VMAF_OPT_TYPE_INT;
                opt["type"] = whole ? "int" : "double";
                opt["default"] = whole ? json(o->default_val.i) : json(o->default_val.d);
                opt["min"] = o->min;
                opt["max"] = o->max;
                break;
            }
            case VMAF_OPT_TYPE_STRING:
                opt["type"] = "string";
                opt["default"] = o->default_val.s ? json(o->default_val.s) : json(nullptr);
                break;
            }
            options.push_back(opt);
        }
        json features = json::array();
        for (const char *const *f = e->provided_features; f && *f; f++) features.push_back(*f);
        out[e->name] = {{"options", options}, {"features", features}};
    }
    std::puts(out.dump(1).c_str());
    return 0;
}
