// HIP on CUDA: the subset of the HIP runtime API that vmaf-hip uses, mapped
// one to one onto the CUDA runtime. Only platform.h includes this file.
//
// Kernel syntax needs no mapping: __global__, __shared__, __syncthreads,
// blockIdx/blockDim/threadIdx/gridDim and atomicAdd on unsigned long long
// are spelled the same in HIP and CUDA. Launches use HIP's portable
// hipLaunchKernelGGL, mapped below. Whatever is added here must keep HIP's
// exact signature, so that code written against the AMD headers compiles
// unchanged.
#pragma once

#include <cstddef>

#include <cuda_runtime_api.h>
#ifdef __CUDACC__
#include <cuda_runtime.h>
#endif

using hipError_t = cudaError_t;
using hipStream_t = cudaStream_t;
using hipEvent_t = cudaEvent_t;
using hipDeviceProp_t = cudaDeviceProp;
using hipMemcpyKind = cudaMemcpyKind;
using hipGraph_t = cudaGraph_t;
using hipGraphExec_t = cudaGraphExec_t;
using hipGraphNode_t = cudaGraphNode_t;
using hipStreamCaptureMode = cudaStreamCaptureMode;

inline constexpr hipError_t hipSuccess = cudaSuccess;
inline constexpr hipError_t hipErrorOutOfMemory = cudaErrorMemoryAllocation;
inline constexpr hipError_t hipErrorNoDevice = cudaErrorNoDevice;
inline constexpr hipError_t hipErrorInvalidDevice = cudaErrorInvalidDevice;
inline constexpr hipError_t hipErrorInsufficientDriver = cudaErrorInsufficientDriver;
inline constexpr hipError_t hipErrorNotReady = cudaErrorNotReady;
inline constexpr hipError_t hipErrorInvalidValue = cudaErrorInvalidValue;
inline constexpr hipError_t hipErrorStreamCaptureInvalidated = cudaErrorStreamCaptureInvalidated;
inline constexpr hipError_t hipErrorLaunchFailure = cudaErrorLaunchFailure;
inline constexpr hipError_t hipErrorIllegalAddress = cudaErrorIllegalAddress;

inline constexpr hipMemcpyKind hipMemcpyHostToDevice = cudaMemcpyHostToDevice;
inline constexpr hipMemcpyKind hipMemcpyDeviceToHost = cudaMemcpyDeviceToHost;
inline constexpr hipMemcpyKind hipMemcpyDeviceToDevice = cudaMemcpyDeviceToDevice;

inline constexpr unsigned hipStreamNonBlocking = cudaStreamNonBlocking;
inline constexpr unsigned hipEventDefault = cudaEventDefault;
inline constexpr unsigned hipEventDisableTiming = cudaEventDisableTiming;
inline constexpr unsigned hipHostMallocPortable = cudaHostAllocPortable;

inline const char *hipGetErrorString(hipError_t e) { return cudaGetErrorString(e); }
inline const char *hipGetErrorName(hipError_t e) { return cudaGetErrorName(e); }
inline hipError_t hipGetLastError() { return cudaGetLastError(); }

inline hipError_t hipGetDeviceCount(int *count) { return cudaGetDeviceCount(count); }
inline hipError_t hipSetDevice(int device) { return cudaSetDevice(device); }
inline hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device)
{
    return cudaGetDeviceProperties(prop, device);
}

inline hipError_t hipMalloc(void **ptr, size_t bytes) { return cudaMalloc(ptr, bytes); }
inline hipError_t hipFree(void *ptr) { return cudaFree(ptr); }
inline hipError_t hipMemGetInfo(size_t *free_bytes, size_t *total) { return cudaMemGetInfo(free_bytes, total); }
inline hipError_t hipHostMalloc(void **ptr, size_t bytes, unsigned flags)
{
    return cudaHostAlloc(ptr, bytes, flags);
}
inline hipError_t hipHostFree(void *ptr) { return cudaFreeHost(ptr); }

// HIP's names and fields (ROCm 5's), read from CUDA's attributes.
enum hipMemoryType {
    hipMemoryTypeHost,
    hipMemoryTypeDevice,
    hipMemoryTypeArray,
    hipMemoryTypeUnified,
};
struct hipPointerAttribute_t {
    hipMemoryType memoryType;
    int device;
    void *devicePointer;
    void *hostPointer;
    int isManaged;
    unsigned allocationFlags;
};
inline hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr)
{
    cudaPointerAttributes a{};
    const cudaError_t e = cudaPointerGetAttributes(&a, ptr);
    if (e != cudaSuccess) return e;
    attributes->memoryType =
        a.type == cudaMemoryTypeDevice ? hipMemoryTypeDevice : hipMemoryTypeHost;
    attributes->device = a.device;
    attributes->devicePointer = a.devicePointer;
    attributes->hostPointer = a.hostPointer;
    attributes->isManaged = a.type == cudaMemoryTypeManaged;
    attributes->allocationFlags = 0;
    return cudaSuccess;
}

inline constexpr unsigned hipDeviceScheduleBlockingSync = cudaDeviceScheduleBlockingSync;
inline hipError_t hipSetDeviceFlags(unsigned flags) { return cudaSetDeviceFlags(flags); }

inline hipError_t hipMemsetAsync(void *dst, int value, size_t bytes, hipStream_t stream)
{
    return cudaMemsetAsync(dst, value, bytes, stream);
}
inline hipError_t hipMemcpy(void *dst, const void *src, size_t bytes, hipMemcpyKind kind)
{
    return cudaMemcpy(dst, src, bytes, kind);
}
inline hipError_t hipMemcpyAsync(void *dst, const void *src, size_t bytes, hipMemcpyKind kind,
                                 hipStream_t stream)
{
    return cudaMemcpyAsync(dst, src, bytes, kind, stream);
}
inline hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                                   size_t width, size_t height, hipMemcpyKind kind,
                                   hipStream_t stream)
{
    return cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream);
}

inline hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned flags)
{
    return cudaStreamCreateWithFlags(stream, flags);
}
inline hipError_t hipStreamDestroy(hipStream_t stream) { return cudaStreamDestroy(stream); }
inline hipError_t hipStreamSynchronize(hipStream_t stream) { return cudaStreamSynchronize(stream); }
inline hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned flags)
{
    return cudaStreamWaitEvent(stream, event, flags);
}

inline hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags)
{
    return cudaEventCreateWithFlags(event, flags);
}
inline hipError_t hipEventDestroy(hipEvent_t event) { return cudaEventDestroy(event); }
inline hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream)
{
    return cudaEventRecord(event, stream);
}
inline hipError_t hipEventSynchronize(hipEvent_t event) { return cudaEventSynchronize(event); }
inline hipError_t hipEventQuery(hipEvent_t event) { return cudaEventQuery(event); }
inline hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop)
{
    return cudaEventElapsedTime(ms, start, stop);
}

inline constexpr hipStreamCaptureMode hipStreamCaptureModeThreadLocal =
    cudaStreamCaptureModeThreadLocal;
inline hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode)
{
    return cudaStreamBeginCapture(stream, mode);
}
inline hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *graph)
{
    return cudaStreamEndCapture(stream, graph);
}
// HIP's signature; CUDA reports no error node or log through this call.
inline hipError_t hipGraphInstantiate(hipGraphExec_t *exec, hipGraph_t graph, hipGraphNode_t *,
                                      char *, size_t)
{
    return cudaGraphInstantiate(exec, graph, 0);
}
inline hipError_t hipGraphLaunch(hipGraphExec_t exec, hipStream_t stream)
{
    return cudaGraphLaunch(exec, stream);
}
inline hipError_t hipGraphExecDestroy(hipGraphExec_t exec) { return cudaGraphExecDestroy(exec); }
inline hipError_t hipGraphDestroy(hipGraph_t graph) { return cudaGraphDestroy(graph); }

#ifdef __CUDACC__
// HIP's portable launch; kernel may be a template instance (no top-level comma).
#define hipLaunchKernelGGL(kernel, grid, block, shared_bytes, stream, ...) \
    kernel<<<(grid), (block), (shared_bytes), (stream)>>>(__VA_ARGS__)
#endif
