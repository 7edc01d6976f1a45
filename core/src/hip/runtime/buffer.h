// Owned memory: device buffers and pinned host buffers. Empty until
// allocate() succeeds; freed by the destructor.
#pragma once

#include <cstddef>

namespace vmaf::hip {

class DeviceBuffer {
public:
    DeviceBuffer() = default;
    ~DeviceBuffer();
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;

    // Replaces any previous allocation; -ENOMEM with a message when full.
    int allocate(size_t bytes);
    // Allocates `bytes` and copies them from host memory, waiting for the
    // copy: for tables set up once (filter taps, division tables).
    int upload(const void *src, size_t bytes);
    void *get() const { return ptr_; }
    template <typename T> T *as() const { return static_cast<T *>(ptr_); }
    size_t size() const { return bytes_; }

private:
    void release();
    void *ptr_ = nullptr;
    size_t bytes_ = 0;
};

// Page-locked host memory: device copies to and from it run asynchronously
// and at full bus speed.
class PinnedBuffer {
public:
    PinnedBuffer() = default;
    ~PinnedBuffer();
    PinnedBuffer(const PinnedBuffer &) = delete;
    PinnedBuffer &operator=(const PinnedBuffer &) = delete;

    int allocate(size_t bytes);
    void *get() const { return ptr_; }
    template <typename T> T *as() const { return static_cast<T *>(ptr_); }

private:
    void release();
    void *ptr_ = nullptr;
};

// Pinned memory for picture blocks and other callers that manage lifetime
// themselves; nullptr (and a message) on failure.
void *pinned_alloc(size_t bytes);
void pinned_free(void *ptr);

} // namespace vmaf::hip
