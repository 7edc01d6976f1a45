// A captured sequence of stream work (kernels, copies, memsets), replayed
// with one launch: at hundreds of frames a second the launches of a frame's
// many small kernels cost more host time than the kernels take.
#pragma once

#include "hip/runtime/error.h"
#include "hip/runtime/platform.h"
#include "hip/runtime/stream.h"

namespace vmaf::hip {

class Graph {
public:
    Graph() = default;
    ~Graph();
    Graph(const Graph &) = delete;
    Graph &operator=(const Graph &) = delete;

    // Records what queue(stream) queues on `stream`, without running it, and
    // makes it launchable. `queue` returns 0 or a negative errno, and must
    // queue the same work when called again: a capture that something on
    // another thread invalidated (a device-wide synchronisation, as
    // NVDEC's set-up in a decoding thread may make) is tried again.
    template <typename Queue> int capture(const Stream &stream, Queue &&queue)
    {
        for (unsigned attempt = 1;; attempt++) {
            const CaptureScope scope;
            if (int err = begin(stream)) return err;
            const int queued = queue(stream.get());
            // The capture ends whatever happened, so that the stream is usable.
            const int ended = end(stream, queued == 0);
            if (!scope.invalidated()) return queued ? queued : ended;
            if (attempt == kAttempts) return invalidated(attempt);
        }
    }
    bool captured() const { return exec_ != nullptr; }
    // Queues the captured work on `stream`.
    int launch(const Stream &stream) const;

private:
    static constexpr unsigned kAttempts = 8;

    int begin(const Stream &stream);
    // Logs that `attempts` captures in a row were invalidated; -EIO.
    static int invalidated(unsigned attempts);
    int end(const Stream &stream, bool keep);
    void release();

    hipGraph_t graph_ = nullptr;
    hipGraphExec_t exec_ = nullptr;
};

} // namespace vmaf::hip
