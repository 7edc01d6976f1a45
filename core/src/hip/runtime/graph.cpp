#include "hip/runtime/graph.h"

#include <cerrno>

#include "base/log.h"

namespace vmaf::hip {

Graph::~Graph() { release(); }

void Graph::release()
{
    if (exec_) give_back([&] { return hipGraphExecDestroy(exec_); }, "hipGraphExecDestroy");
    if (graph_) give_back([&] { return hipGraphDestroy(graph_); }, "hipGraphDestroy");
    exec_ = nullptr;
    graph_ = nullptr;
}

int Graph::begin(const Stream &stream)
{
    release();
    // Thread-local: other threads (other extractors' workers) may allocate
    // or synchronize meanwhile.
    return check(
        [&] { return hipStreamBeginCapture(stream.get(), hipStreamCaptureModeThreadLocal); },
        "hipStreamBeginCapture");
}

int Graph::end(const Stream &stream, bool keep)
{
    int err = check_made([&] { return hipStreamEndCapture(stream.get(), &graph_); },
                         "hipStreamEndCapture");
    if (!err && keep)
        err = check([&] { return hipGraphInstantiate(&exec_, graph_, nullptr, nullptr, 0); },
                    "hipGraphInstantiate");
    if (err || !keep) release();
    return err;
}

int Graph::invalidated(unsigned attempts)
{
    log_error("HIP: {} captures of a frame's work in a row were invalidated by other work on "
              "the device",
              attempts);
    return -EIO;
}

int Graph::launch(const Stream &stream) const
{
    return check([&] { return hipGraphLaunch(exec_, stream.get()); }, "hipGraphLaunch");
}

} // namespace vmaf::hip
