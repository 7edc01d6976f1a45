// float_vif_hip kernels: bit-exact with the CPU. The Gaussian filters add
// their products tap by tap in the CPU's order without fused multiply-adds
// (a column pass, then a row pass, both reflected about the edge sample);
// each sample's terms are the CPU's statistic_terms; the float sums run
// along each row left to right, one thread a row, then over the rows by one
// thread, as the CPU sums them (ADR 0049).
#include "feature/common/edge.h"
#include "feature/common/float_sample.h"
#include "hip/runtime/ordered_row_sums.h"
#include "hip/vif/float_vif_kernel.h"

namespace vmaf::hip::float_vif {

namespace {

constexpr unsigned kBlock = 256;
constexpr float kOffset = -128.0f;

unsigned blocks_for(long long n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

template <typename T> __device__ T *plane_of(PlanePair<T> p) { return blockIdx.y == 0 ? p.plane[0] : p.plane[1]; }

template <typename Sample>
__global__ void to_float_kernel(PlanePair<const void> src, long long n, float scaler,
                                PlanePair<float> out)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= n) return;
    const auto *s = static_cast<const Sample *>(plane_of(src));
    plane_of(out)[i] = sample_to_float(s[i], scaler, kOffset);
}

template <floatf::ScaleMethod Method>
__global__ void resample_kernel(PlanePair<const float> src, int w, int h, PlanePair<float> out,
                                int dw, int dh)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= static_cast<long long>(dw) * dh) return;
    const floatf::ResampleSource s = floatf::resample_source(plane_of(src), w, h, dw, dh);
    plane_of(out)[i] = floatf::resample_at<Method>(s, static_cast<int>(i % dw),
                                                   static_cast<int>(i / dw));
}

// Column pass at rows y * step of src, for every column.
__global__ void decimate_column_kernel(Taps taps, PlanePair<const float> src, int w, int h,
                                       PlanePair<float> column, int oh, int step)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= static_cast<long long>(w) * oh) return;
    const int x = static_cast<int>(i % w), y = step * static_cast<int>(i / w);
    const float *s = plane_of(src);
    const int r = taps.count / 2;
    float acc = 0.0f;
    for (int k = 0; k < taps.count; k++)
        acc += taps.tap[k] * s[static_cast<long long>(edge::reflect_about_sample(y - r + k, h)) * w + x];
    plane_of(column)[i] = acc;
}

// Row pass at columns x * step of each column-pass row.
__global__ void decimate_row_kernel(Taps taps, PlanePair<const float> column, int w, int ow, int oh,
                                    PlanePair<float> out, int step)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= static_cast<long long>(ow) * oh) return;
    const int x = step * static_cast<int>(i % ow), y = static_cast<int>(i / ow);
    const float *row = plane_of(column) + static_cast<long long>(y) * w;
    const int r = taps.count / 2;
    float acc = 0.0f;
    for (int k = 0; k < taps.count; k++) acc += taps.tap[k] * row[edge::reflect_about_sample(x - r + k, w)];
    plane_of(out)[i] = acc;
}

// The statistic of a scale in tiles of TileRows rows: a block of kBlock
// threads works out the column pass of the five moments for the tile's
// rows at kBlock columns (the tile's kBlock - 2r outputs and r on either
// side, reflected), keeps them in shared memory, then the row pass and each
// output's terms. A thread's column pass covers every row of the tile, so
// it loads each input sample once for all of them; each sum still adds its
// taps in the CPU's order.
// Tall tiles load each input sample once for more rows; short ones give
// the small scales enough blocks to fill the GPU.
constexpr int kTallTile = 8, kShortTile = 2;

template <int TileRows>
__global__ void statistic_terms_kernel(const float *ref, const float *dis, int w, int h,
                                       Taps taps, StatisticConstants constants, float *terms)
{
    extern __shared__ float columns[]; // [5][TileRows][kBlock]
    __shared__ float tap[kMaxTaps];
    const int r = taps.count / 2;
    const int outputs = static_cast<int>(kBlock) - 2 * r; // the tile's columns
    const int x0 = static_cast<int>(blockIdx.x) * outputs;
    const int y0 = static_cast<int>(blockIdx.y) * TileRows;
    const int rows = h - y0 < TileRows ? h - y0 : TileRows;
    const int cols = (w - x0 < outputs ? w - x0 : outputs) + 2 * r;
    const int tx = static_cast<int>(threadIdx.x);
    if (tx < taps.count) tap[tx] = taps.tap[tx];
    __syncthreads();

    if (tx < cols) {
        const int x = edge::reflect_about_sample(x0 - r + tx, w);
        float mu1[TileRows], mu2[TileRows], xx[TileRows], yy[TileRows], xy[TileRows];
#pragma unroll
        for (int i = 0; i < TileRows; i++) mu1[i] = mu2[i] = xx[i] = yy[i] = xy[i] = 0.0f;
        // Input row y0 - r + j is tap j - i of output row i.
        for (int j = 0; j < rows - 1 + taps.count; j++) {
            const long long at =
                static_cast<long long>(edge::reflect_about_sample(y0 - r + j, h)) * w + x;
            const float a = ref[at], b = dis[at];
#pragma unroll
            for (int i = 0; i < TileRows; i++) {
                const int k = j - i;
                if (k < 0 || k >= taps.count) continue;
                const float f = tap[k];
                mu1[i] += f * a;
                mu2[i] += f * b;
                xx[i] += f * (a * a);
                yy[i] += f * (b * b);
                xy[i] += f * (a * b);
            }
        }
#pragma unroll
        for (int i = 0; i < TileRows; i++) {
            columns[(0 * TileRows + i) * kBlock + tx] = mu1[i];
            columns[(1 * TileRows + i) * kBlock + tx] = mu2[i];
            columns[(2 * TileRows + i) * kBlock + tx] = xx[i];
            columns[(3 * TileRows + i) * kBlock + tx] = yy[i];
            columns[(4 * TileRows + i) * kBlock + tx] = xy[i];
        }
    }
    __syncthreads();

    const long long n = static_cast<long long>(w) * h;
    const int width = cols - 2 * r;
    for (int o = tx; o < rows * width; o += static_cast<int>(kBlock)) {
        const int i = o / width, c = o % width;
        float m[5] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
        for (int k = 0; k < taps.count; k++) {
            const float f = tap[k];
#pragma unroll
            for (int q = 0; q < 5; q++) m[q] += f * columns[(q * TileRows + i) * kBlock + c + k];
        }
        const long long at = static_cast<long long>(y0 + i) * w + x0 + c;
        vmaf::float_vif::statistic_terms(m[0], m[1], m[2], m[3], m[4], constants, terms[at],
                                         terms[n + at]);
    }
}

// A sample's two terms, for the rows' sums.
struct Terms {
    const float *terms;
    long long n;
    int w;
    __device__ void operator()(int y, int x, float (&v)[2]) const
    {
        const long long at = static_cast<long long>(y) * w + x;
        v[0] = terms[at];
        v[1] = terms[n + at];
    }
};

__global__ void row_sums_kernel(const float *terms, int w, int h, float *row_sums)
{
    __shared__ RowSumChunks<2> chunks;
    float sums[2];
    ordered_row_sums<2>(Terms{terms, static_cast<long long>(w) * h, w}, w, h, chunks, sums);
    const int y = static_cast<int>(blockIdx.x) * kRowSumRows + static_cast<int>(threadIdx.x);
    if (threadIdx.x < static_cast<unsigned>(kRowSumRows) && y < h) {
        row_sums[y] = sums[0];
        row_sums[h + y] = sums[1];
    }
}

// The rows' sums in order, by one thread from rows the block stages in
// shared memory (its loads coalesced and ahead of the additions).
__global__ void statistic_total_kernel(const float *row_sums, int h, float *result)
{
    __shared__ float nums[kBlock], dens[kBlock];
    float num = 0.0f, den = 0.0f;
    for (int y0 = 0; y0 < h; y0 += static_cast<int>(kBlock)) {
        const int y = y0 + static_cast<int>(threadIdx.x);
        if (y < h) {
            nums[threadIdx.x] = row_sums[y];
            dens[threadIdx.x] = row_sums[h + y];
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            const int count = h - y0 < static_cast<int>(kBlock) ? h - y0 : static_cast<int>(kBlock);
            for (int k = 0; k < count; k++) {
                num += nums[k];
                den += dens[k];
            }
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        result[0] = num;
        result[1] = den;
    }
}

} // namespace

hipError_t launch_to_float(PlanePair<const void> src, int w, int h, unsigned bpc,
                           PlanePair<float> out, hipStream_t stream)
{
    // Clear failures of earlier calls, checked when they happened.
    static_cast<void>(hipGetLastError());
    const long long n = static_cast<long long>(w) * h;
    const dim3 grid(blocks_for(n), 2);
    if (bpc > 8)
        hipLaunchKernelGGL(to_float_kernel<unsigned short>, grid, dim3(kBlock), 0, stream, src, n,
                           sample_scaler(bpc), out);
    else
        hipLaunchKernelGGL(to_float_kernel<unsigned char>, grid, dim3(kBlock), 0, stream, src, n,
                           sample_scaler(bpc), out);
    return hipGetLastError();
}

hipError_t launch_resample(floatf::ScaleMethod method, PlanePair<const float> src, int w, int h,
                           PlanePair<float> out, int dw, int dh, hipStream_t stream)
{
    using floatf::ScaleMethod;
    static_cast<void>(hipGetLastError());
    const dim3 grid(blocks_for(static_cast<long long>(dw) * dh), 2);
    switch (method) {
    case ScaleMethod::kNearest:
        hipLaunchKernelGGL(resample_kernel<ScaleMethod::kNearest>, grid, dim3(kBlock), 0, stream,
                           src, w, h, out, dw, dh);
        break;
    case ScaleMethod::kBilinear:
        hipLaunchKernelGGL(resample_kernel<ScaleMethod::kBilinear>, grid, dim3(kBlock), 0, stream,
                           src, w, h, out, dw, dh);
        break;
    case ScaleMethod::kBicubic:
        hipLaunchKernelGGL(resample_kernel<ScaleMethod::kBicubic>, grid, dim3(kBlock), 0, stream,
                           src, w, h, out, dw, dh);
        break;
    case ScaleMethod::kLanczos4:
        hipLaunchKernelGGL(resample_kernel<ScaleMethod::kLanczos4>, grid, dim3(kBlock), 0, stream,
                           src, w, h, out, dw, dh);
        break;
    }
    return hipGetLastError();
}

hipError_t launch_decimate(Taps taps, PlanePair<const float> src, int w, int h,
                           PlanePair<float> column, PlanePair<float> out, hipStream_t stream, int step)
{
    static_cast<void>(hipGetLastError());
    const int ow = w / step, oh = h / step;
    hipLaunchKernelGGL(decimate_column_kernel, dim3(blocks_for(static_cast<long long>(w) * oh), 2),
                       dim3(kBlock), 0, stream, taps, src, w, h, column, oh, step);
    const PlanePair<const float> columns{{column.plane[0], column.plane[1]}};
    hipLaunchKernelGGL(decimate_row_kernel, dim3(blocks_for(static_cast<long long>(ow) * oh), 2),
                       dim3(kBlock), 0, stream, taps, columns, w, ow, oh, out, step);
    return hipGetLastError();
}

hipError_t launch_statistic(const StatisticArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    const int outputs = static_cast<int>(kBlock) - 2 * (a.taps.count / 2);
    const unsigned columns = static_cast<unsigned>((a.w + outputs - 1) / outputs);
    const auto tiles = [&](int rows) { return dim3(columns, static_cast<unsigned>((a.h + rows - 1) / rows)); };
    // Tall tiles where they still make a few blocks per SM of a large GPU.
    if (tiles(kTallTile).x * tiles(kTallTile).y >= 512)
        hipLaunchKernelGGL(statistic_terms_kernel<kTallTile>, tiles(kTallTile), dim3(kBlock),
                           5 * kTallTile * kBlock * sizeof(float), stream, a.ref, a.dis, a.w, a.h, a.taps,
                           a.constants, a.terms);
    else
        hipLaunchKernelGGL(statistic_terms_kernel<kShortTile>, tiles(kShortTile), dim3(kBlock),
                           5 * kShortTile * kBlock * sizeof(float), stream, a.ref, a.dis, a.w, a.h, a.taps,
                           a.constants, a.terms);
    const unsigned strips = static_cast<unsigned>((a.h + kRowSumRows - 1) / kRowSumRows);
    hipLaunchKernelGGL(row_sums_kernel, dim3(strips), dim3(kRowSumThreads), 0, stream, a.terms,
                       a.w, a.h, a.row_sums);
    hipLaunchKernelGGL(statistic_total_kernel, dim3(1), dim3(kBlock), 0, stream, a.row_sums, a.h,
                       a.result);
    return hipGetLastError();
}

} // namespace vmaf::hip::float_vif
