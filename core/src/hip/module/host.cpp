// Inside the module, the core's sink and log functions forward to the
// loading library's (the module does not link the core's collector or
// log): scores reach the context's collector, messages obey vmaf_init's
// log level.
#include "hip/module/host.h"

#include "base/log.h"

namespace vmaf::hip {

namespace {
VmafHipHost g_host{};
} // namespace

void set_host(const VmafHipHost &host) { g_host = host; }

} // namespace vmaf::hip

extern "C" int vmaf_sink_append(VmafFeatureSink *sink, const char *name, double value,
                                unsigned index)
{
    return vmaf::hip::g_host.sink_append(sink, name, value, index);
}

extern "C" int vmaf_sink_append_at(VmafFeatureSink *sink, const char *name, double value,
                                   unsigned index, unsigned frame)
{
    return vmaf::hip::g_host.sink_append_at(sink, name, value, index, frame);
}

extern "C" int vmaf_sink_set_aggregate(VmafFeatureSink *sink, const char *name, double value)
{
    return vmaf::hip::g_host.sink_set_aggregate(sink, name, value);
}

namespace vmaf {

bool log_enabled(VmafLogLevel level) { return hip::g_host.log_enabled(level); }

void log_message(VmafLogLevel level, std::string_view message)
{
    hip::g_host.log_message(level, message.data(), message.size());
}

} // namespace vmaf
