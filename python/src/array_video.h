// A video held in numpy arrays: one 3-D array (frames, rows, columns) per
// plane, luma only or Y, U, V. The planes are checked and their memory
// described while the GIL is held; frames are then copied into pictures
// without it, never touching a Python object.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/numpy.h>

#include "libvmaf/picture.h"
#include "session/session.h"

namespace vmaf::python {

struct PlaneMemory {
    const std::byte *data = nullptr;
    std::ptrdiff_t frame_stride = 0, row_stride = 0, sample_stride = 0; // bytes, any sign
};

struct ArrayVideo {
    session::VideoFormat format;
    unsigned frames = 0;
    std::vector<PlaneMemory> planes;
    std::vector<pybind11::array> arrays; // keep the memory alive
};

// `side` ("reference", "distorted") names the input in messages. Throws
// pybind11::type_error for an element that is not a uint8 or uint16 array
// and pybind11::value_error for shapes that make no picture or a bit depth
// that does not fit the dtype (uint16 arrays default to 10 bits).
ArrayVideo array_video(const pybind11::list &planes, std::optional<long long> bitdepth,
                       const std::string &side);

// Throws pybind11::value_error, saying what differs, unless both hold
// pictures of one format and the same number of frames.
void check_same_shape(const ArrayVideo &reference, const ArrayVideo &distorted);

// Copies frame `index` into `pic`, allocated for video.format; false with
// `error` set when a sample exceeds the bit depth.
bool copy_frame(const ArrayVideo &video, unsigned index, VmafPicture &pic,
                const std::string &side, std::string &error);

} // namespace vmaf::python
