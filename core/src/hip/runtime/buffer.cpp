#include "hip/runtime/buffer.h"

#include "hip/runtime/error.h"
#include "hip/runtime/stream.h"

namespace vmaf::hip {

DeviceBuffer::~DeviceBuffer() { release(); }

int DeviceBuffer::upload(const void *src, size_t bytes)
{
    if (int err = allocate(bytes)) return err;
    Stream stream;
    if (int err = stream.create()) return err;
    if (int err = check(
            [&] { return hipMemcpyAsync(ptr_, src, bytes, hipMemcpyHostToDevice, stream.get()); },
            "hipMemcpyAsync (table to device)"))
        return err;
    return stream.synchronize();
}

void DeviceBuffer::release()
{
    if (ptr_) give_back([&] { return hipFree(ptr_); }, "hipFree");
    ptr_ = nullptr;
    bytes_ = 0;
}

int DeviceBuffer::allocate(size_t bytes)
{
    release();
    if (int err = check([&] { return hipMalloc(&ptr_, bytes); }, "hipMalloc (device memory)")) {
        ptr_ = nullptr;
        return err;
    }
    bytes_ = bytes;
    return 0;
}

PinnedBuffer::~PinnedBuffer() { release(); }

void PinnedBuffer::release()
{
    pinned_free(ptr_);
    ptr_ = nullptr;
}

int PinnedBuffer::allocate(size_t bytes)
{
    release();
    ptr_ = pinned_alloc(bytes);
    return ptr_ ? 0 : error_code(hipErrorOutOfMemory);
}

void *pinned_alloc(size_t bytes)
{
    void *ptr = nullptr;
    // Portable: the memory counts as pinned for every device, whichever one
    // is current on the allocating thread.
    if (check([&] { return hipHostMalloc(&ptr, bytes, hipHostMallocPortable); },
              "hipHostMalloc (pinned memory)"))
        return nullptr;
    return ptr;
}

void pinned_free(void *ptr)
{
    if (ptr) give_back([&] { return hipHostFree(ptr); }, "hipHostFree");
}

} // namespace vmaf::hip
