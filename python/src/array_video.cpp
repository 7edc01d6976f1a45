#include "array_video.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <fmt/core.h>

namespace py = pybind11;

namespace vmaf::python {

namespace {

std::string shape_text(const py::array &a)
{
    return fmt::format("({}, {}, {})", a.shape(0), a.shape(1), a.shape(2));
}

py::array checked_plane(const py::handle &item, const std::string &name)
{
    if (!py::isinstance<py::array>(item)) {
        const std::string type = py::str(py::type::of(item).attr("__name__"));
        throw py::type_error(fmt::format("{} must be a numpy array, not {}", name, type));
    }
    auto a = py::reinterpret_borrow<py::array>(item);
    if (!py::isinstance<py::array_t<uint8_t>>(a) && !py::isinstance<py::array_t<uint16_t>>(a))
        throw py::type_error(fmt::format("{} must hold uint8 or uint16 samples (native byte "
                                         "order), not {}",
                                         name, std::string(py::str(a.dtype()))));
    if (a.ndim() != 3)
        throw py::value_error(fmt::format("{} must be 3-D (frames, height, width), not {}-D",
                                          name, a.ndim()));
    if (a.shape(0) < 1 || a.shape(0) > UINT_MAX || a.shape(1) < 1 ||
        a.shape(1) > session::kMaxDimension || a.shape(2) < 1 || a.shape(2) > session::kMaxDimension)
        throw py::value_error(fmt::format("{} has shape {}: it needs at least one frame and a "
                                          "size of 1 to {} samples each way",
                                          name, shape_text(a), session::kMaxDimension));
    return a;
}

// The pixel format whose chroma planes are ch x cw for a w x h picture
// (chroma sizes rounded up, as Y4M and libvmaf's pictures have them).
VmafPixelFormat chroma_format(py::ssize_t w, py::ssize_t h, py::ssize_t cw, py::ssize_t ch)
{
    const py::ssize_t half_w = (w + 1) / 2, half_h = (h + 1) / 2;
    if (cw == half_w && ch == half_h) return VMAF_PIX_FMT_YUV420P;
    if (cw == half_w && ch == h) return VMAF_PIX_FMT_YUV422P;
    if (cw == w && ch == h) return VMAF_PIX_FMT_YUV444P;
    return VMAF_PIX_FMT_UNKNOWN;
}

unsigned bits_per_sample(bool deep, std::optional<long long> bitdepth, const std::string &side)
{
    if (!deep) {
        if (bitdepth && *bitdepth != 8)
            throw py::value_error(fmt::format("{}: uint8 arrays are 8-bit; bitdepth={} needs "
                                              "uint16 arrays",
                                              side, *bitdepth));
        return 8;
    }
    // 10 bits is what uint16 video most often holds.
    const long long bits = bitdepth.value_or(10);
    if (bits < 9 || bits > 16)
        throw py::value_error(fmt::format("{}: bitdepth of uint16 arrays must be 9 to 16, not {}",
                                          side, bits));
    return static_cast<unsigned>(bits);
}

PlaneMemory plane_memory(const py::array &a)
{
    return {static_cast<const std::byte *>(a.data()), a.strides(0), a.strides(1), a.strides(2)};
}

template <typename Sample>
bool copy_plane(const PlaneMemory &m, unsigned index, unsigned w, unsigned h, void *dst,
                std::ptrdiff_t dst_stride, unsigned bpc, std::string &error)
{
    const std::byte *frame = m.data + static_cast<std::ptrdiff_t>(index) * m.frame_stride;
    Sample largest = 0;
    for (unsigned y = 0; y < h; y++) {
        const std::byte *row = frame + static_cast<std::ptrdiff_t>(y) * m.row_stride;
        auto *out = reinterpret_cast<Sample *>(static_cast<std::byte *>(dst) + y * dst_stride);
        // memcpy: the array's samples need not be aligned.
        if (m.sample_stride == static_cast<std::ptrdiff_t>(sizeof(Sample))) {
            std::memcpy(out, row, w * sizeof(Sample));
        } else {
            for (unsigned x = 0; x < w; x++)
                std::memcpy(&out[x], row + static_cast<std::ptrdiff_t>(x) * m.sample_stride,
                            sizeof(Sample));
        }
        if constexpr (sizeof(Sample) > 1)
            largest = std::max(largest, *std::max_element(out, out + w));
    }
    // The extractors index tables by sample value: one past the bit depth
    // must never reach them.
    if (sizeof(Sample) > 1 && bpc < 16 && largest >> bpc) {
        error = fmt::format("sample value {} exceeds the {}-bit maximum {}", largest, bpc,
                            (1u << bpc) - 1);
        return false;
    }
    return true;
}

} // namespace

ArrayVideo array_video(const py::list &planes, std::optional<long long> bitdepth,
                       const std::string &side)
{
    if (planes.size() != 1 && planes.size() != 3)
        throw py::value_error(fmt::format("{} must be one 3-D array (luma) or three (Y, U, V), "
                                          "not {}",
                                          side, planes.size()));
    ArrayVideo v;
    for (size_t i = 0; i < planes.size(); i++) {
        const std::string name =
            planes.size() == 1 ? side : fmt::format("{} plane {}", side, "YUV"[i]);
        v.arrays.push_back(checked_plane(planes[i], name));
    }
    const py::array &y = v.arrays[0];
    for (const py::array &a : v.arrays) {
        if (a.dtype().itemsize() != y.dtype().itemsize())
            throw py::value_error(fmt::format("{}: the planes are {} and {}; give one dtype",
                                              side, std::string(py::str(y.dtype())),
                                              std::string(py::str(a.dtype()))));
        if (a.shape(0) != y.shape(0))
            throw py::value_error(fmt::format("{}: the planes have {} and {} frames", side,
                                              y.shape(0), a.shape(0)));
    }
    const py::ssize_t w = y.shape(2), h = y.shape(1);
    VmafPixelFormat pix_fmt = VMAF_PIX_FMT_YUV400P;
    if (v.arrays.size() == 3) {
        const py::array &u = v.arrays[1], &vv = v.arrays[2];
        if (u.shape(1) != vv.shape(1) || u.shape(2) != vv.shape(2))
            throw py::value_error(fmt::format("{}: U is {} but V is {}", side, shape_text(u),
                                              shape_text(vv)));
        pix_fmt = chroma_format(w, h, u.shape(2), u.shape(1));
        if (pix_fmt == VMAF_PIX_FMT_UNKNOWN)
            throw py::value_error(fmt::format(
                "{}: chroma planes of {}x{} fit no pixel format for {}x{} luma (4:2:0 needs {}x{}, "
                "4:2:2 {}x{}, 4:4:4 {}x{}; width x height)",
                side, u.shape(2), u.shape(1), w, h, (w + 1) / 2, (h + 1) / 2, (w + 1) / 2, h, w,
                h));
    }
    v.format = {static_cast<unsigned>(w), static_cast<unsigned>(h),
                bits_per_sample(y.dtype().itemsize() == 2, bitdepth, side), pix_fmt};
    v.frames = static_cast<unsigned>(y.shape(0));
    for (const py::array &a : v.arrays) v.planes.push_back(plane_memory(a));
    return v;
}

void check_same_shape(const ArrayVideo &reference, const ArrayVideo &distorted)
{
    const session::VideoFormat &a = reference.format, &b = distorted.format;
    if (a.w != b.w || a.h != b.h || a.pix_fmt != b.pix_fmt || a.bpc != b.bpc)
        throw py::value_error(fmt::format("reference is {} but distorted is {}",
                                          session::format_text(a), session::format_text(b)));
    if (reference.frames != distorted.frames)
        throw py::value_error(fmt::format("reference has {} frames but distorted has {}",
                                          reference.frames, distorted.frames));
}

bool copy_frame(const ArrayVideo &video, unsigned index, VmafPicture &pic,
                const std::string &side, std::string &error)
{
    for (size_t p = 0; p < video.planes.size(); p++) {
        const bool ok =
            video.format.bpc > 8
                ? copy_plane<uint16_t>(video.planes[p], index, pic.w[p], pic.h[p], pic.data[p],
                                       pic.stride[p], video.format.bpc, error)
                : copy_plane<uint8_t>(video.planes[p], index, pic.w[p], pic.h[p], pic.data[p],
                                      pic.stride[p], video.format.bpc, error);
        if (!ok) {
            error = fmt::format("{} frame {} plane {}: {}", side, index, "YUV"[p], error);
            return false;
        }
    }
    return true;
}

} // namespace vmaf::python
