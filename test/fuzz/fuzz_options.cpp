// libFuzzer harness: the option parsers, from the command line to the
// extractors' option tables.
//
// Input: command-line arguments, one per line (at most kMaxArgs). They go
// through the CLI's parser (parse_cli, as `vmaf ARGS`); every --feature it
// accepts is then given to vmaf_use_feature with a VmafFeatureDictionary of
// its options, and every --model version=... is loaded with its overloads,
// as the CLI would. Models by path= are parsed but not loaded: a path could
// name a FIFO or a terminal and block.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli_options.h"
#include "libvmaf/libvmaf.h"
#include "session/model_set.h"

namespace {

constexpr size_t kMaxArgs = 64;

std::vector<std::string> split_lines(std::string_view text)
{
    std::vector<std::string> out;
    while (!text.empty() && out.size() < kMaxArgs) {
        const size_t nl = text.find('\n');
        out.emplace_back(text.substr(0, nl));
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    }
    return out;
}

struct ContextCloser {
    void operator()(VmafContext *ctx) const { vmaf_close(ctx); }
};
using Context = std::unique_ptr<VmafContext, ContextCloser>;

void use_feature(VmafContext *ctx, const vmaf::session::FeatureRequest &request)
{
    VmafFeatureDictionary *dict = nullptr;
    for (const auto &[key, value] : request.options)
        if (vmaf_feature_dictionary_set(&dict, key.c_str(), value.c_str()) != 0) break;
    vmaf_use_feature(ctx, request.name.c_str(), dict);
    vmaf_feature_dictionary_free(&dict);
}

std::vector<std::string> built_in_model_specs(const std::vector<std::string> &specs)
{
    std::vector<std::string> out;
    for (const auto &text : specs) {
        vmaf::session::ModelSpec spec;
        std::string error;
        if (vmaf::session::parse_model_spec(text, spec, error) && spec.path.empty())
            out.push_back(text);
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::vector<std::string> args =
        split_lines(std::string_view(reinterpret_cast<const char *>(data), size));
    std::vector<const char *> argv{"vmaf"};
    for (const auto &a : args) argv.push_back(a.c_str());

    const vmaf::tools::ParseResult parsed =
        vmaf::tools::parse_cli(static_cast<int>(argv.size()), argv.data());
    if (!parsed.ok || parsed.exit_now) return 0;

    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR;
    VmafContext *raw_ctx = nullptr;
    if (vmaf_init(&raw_ctx, cfg) != 0) return 0;
    Context ctx(raw_ctx);
    for (const auto &request : parsed.settings.request.features) use_feature(ctx.get(), request);

    vmaf::session::ModelSet models;
    std::string error;
    models.load(ctx.get(), built_in_model_specs(parsed.settings.request.models), error);
    return 0;
}
