// Device pictures (vmaf_hip_picture_wrap): frames already in GPU memory, in
// a hardware decoder's layouts, score exactly as the same frames handed in
// from host memory. The twins are the same; only how the planes reach their
// staging differs (a device copy, or the unpacking kernel), so every value
// of every frame must be identical.
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "hip/hip_parity.h"
#include "hip/runtime/buffer.h"
#include "support/clips.h"

namespace {

using vmaf::test::Context;
using vmaf::test::HipDeviceTest;
using vmaf::test::HipState;
using vmaf::test::Video;

// How the test lays a picture out in device memory, as decoders do.
enum class Layout {
    kPlanar,     // VMAF's own: copied as it is
    kNv12,       // 8-bit, chroma interleaved (NVDEC's 4:2:0 8-bit)
    kHighBits16, // 16-bit samples in the high bits, chroma interleaved
                 // where 4:2:0 (P010), planar where 4:4:4 (YUV444P16)
};

struct Owned {
    vmaf::hip::DeviceBuffer buffer;
    int *released;
};

void release(void *cookie)
{
    auto *owned = static_cast<Owned *>(cookie);
    ++*owned->released;
    delete owned;
}

void put(std::vector<uint8_t> &out, size_t at, unsigned value, unsigned bytes)
{
    out[at] = static_cast<uint8_t>(value);
    if (bytes == 2) out[at + 1] = static_cast<uint8_t>(value >> 8);
}

unsigned sample(const VmafPicture &pic, unsigned p, unsigned x, unsigned y)
{
    const auto *row = static_cast<const uint8_t *>(pic.data[p]) + y * pic.stride[p];
    return pic.bpc > 8 ? reinterpret_cast<const uint16_t *>(row)[x] : row[x];
}

// `pic` copied to the device in `layout`, wrapped; its buffer is freed (and
// *released counted) by the picture's release.
int device_copy(VmafHipState *state, const VmafPicture &pic, Layout layout, int *released,
                VmafPicture *out)
{
    const bool interleaved = layout != Layout::kPlanar && pic.pix_fmt == VMAF_PIX_FMT_YUV420P;
    const unsigned bytes = layout == Layout::kHighBits16 ? 2 : pic.bpc > 8 ? 2 : 1;
    const unsigned shift = layout == Layout::kHighBits16 ? 16 - pic.bpc : 0;
    // Plane p's first sample and stride in one buffer; rows padded, as a
    // decoder's are.
    const unsigned planes = pic.pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    size_t offset[3] = {}, stride[3] = {};
    size_t total = 0;
    for (unsigned p = 0; p < planes; p++) {
        const unsigned row_samples = interleaved && p > 0 ? pic.w[1] * 2 : pic.w[p];
        stride[p] = (row_samples * bytes + 255) / 256 * 256;
        if (interleaved && p == 2) {
            offset[2] = offset[1] + bytes;
            continue;
        }
        offset[p] = total;
        total += stride[p] * pic.h[p];
    }
    std::vector<uint8_t> host(total, 0xa5);
    const unsigned step = bytes * 2;
    for (unsigned p = 0; p < planes; p++)
        for (unsigned y = 0; y < pic.h[p]; y++)
            for (unsigned x = 0; x < pic.w[p]; x++)
                put(host, offset[p] + y * stride[p] + x * (interleaved && p ? step : bytes),
                    sample(pic, p, x, y) << shift, bytes);
    auto owned = std::make_unique<Owned>();
    owned->released = released;
    if (int err = owned->buffer.upload(host.data(), host.size())) return err;
    VmafHipDevicePicture desc{};
    desc.pix_fmt = pic.pix_fmt;
    desc.bpc = pic.bpc;
    desc.w = pic.w[0];
    desc.h = pic.h[0];
    for (unsigned p = 0; p < planes; p++)
        desc.plane[p] = {owned->buffer.as<uint8_t>() + offset[p], static_cast<ptrdiff_t>(stride[p]),
                         interleaved && p ? step : bytes, bytes, shift};
    desc.release = release;
    desc.cookie = owned.release();
    return vmaf_hip_picture_wrap(state, &desc, out);
}

// The features of the default model, and ones that read chroma.
constexpr const char *kFeatures[] = {"vif", "adm", "motion", "psnr", "float_ssim", "ciede"};

struct Scored {
    std::string csv;
    int error = 0;
};

// Every frame of the pair through a HIP context, the distorted side (and
// the reference, when `both`) as device pictures in `layout`, or all from
// host memory when `layout` is empty.
Scored score(const Video &ref, const Video &dis, const Layout *layout, bool both, int *released)
{
    VmafHipState *raw = nullptr;
    EXPECT_EQ(vmaf_hip_state_init(&raw, VmafHipConfiguration{0}), 0);
    HipState state(raw);
    Context ctx = vmaf::test::make_context(0);
    EXPECT_EQ(vmaf_hip_import_state(ctx.get(), state.get()), 0);
    const bool chroma = ref.pix_fmt != VMAF_PIX_FMT_YUV400P;
    for (const char *f : kFeatures) {
        if (!chroma && (!std::strcmp(f, "ciede") || !std::strcmp(f, "psnr"))) continue;
        EXPECT_EQ(vmaf_use_feature(ctx.get(), f, nullptr), 0) << f;
    }
    Scored out;
    for (unsigned i = 0; i < ref.frames.size() && !out.error; i++) {
        VmafPicture r{}, d{};
        if (layout && both) out.error = device_copy(state.get(), ref.frames[i], *layout, released, &r);
        else r = vmaf::test::host_copy(ref.frames[i]);
        if (out.error) break;
        if (layout) out.error = device_copy(state.get(), dis.frames[i], *layout, released, &d);
        else d = vmaf::test::host_copy(dis.frames[i]);
        if (out.error) {
            vmaf_picture_unref(&r);
            break;
        }
        out.error = vmaf_read_pictures(ctx.get(), &r, &d, i);
    }
    if (!out.error) out.error = vmaf_read_pictures(ctx.get(), nullptr, nullptr, 0);
    if (!out.error) out.csv = vmaf::test::written_output(ctx.get(), VMAF_OUTPUT_FORMAT_CSV);
    ctx.reset();
    return out;
}

class DevicePicture : public HipDeviceTest {};

// Each clip of a format, each layout: the same bytes as from host memory.
TEST_F(DevicePicture, ScoresAsHostPicturesInEveryLayout)
{
    const std::string clips[] = {"vtest_576x324_420p8", "tree_640x360_420p10",
                                 "box_352x288_444p8", "vtest_481x271_420p8"};
    for (const std::string &clip : clips) {
        Video ref = vmaf::test::load_y4m(vmaf::test::clip_path(clip, "ref"));
        Video dis = vmaf::test::load_y4m(vmaf::test::clip_path(clip, "dis"));
        ASSERT_FALSE(ref.frames.empty()) << clip;
        const Scored want = score(ref, dis, nullptr, false, nullptr);
        ASSERT_EQ(want.error, 0) << clip;
        ASSERT_NE(want.csv.find('\n'), std::string::npos) << clip;
        for (const Layout layout : {Layout::kPlanar, Layout::kNv12, Layout::kHighBits16}) {
            if (layout == Layout::kNv12 && ref.bpc > 8) continue;
            for (const bool both : {false, true}) {
                int released = 0;
                const Scored got = score(ref, dis, &layout, both, &released);
                EXPECT_EQ(got.error, 0) << clip << " layout " << static_cast<int>(layout);
                EXPECT_EQ(got.csv, want.csv) << clip << " layout " << static_cast<int>(layout)
                                             << (both ? ", both sides" : ", distorted side");
                // Every device picture went back to its owner.
                EXPECT_EQ(released, static_cast<int>(ref.frames.size() * (both ? 2 : 1)));
            }
        }
        ref.release();
        dis.release();
    }
}

TEST_F(DevicePicture, HostMemoryIsRefusedAndReleased)
{
    VmafHipState *raw = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&raw, VmafHipConfiguration{0}), 0);
    HipState state(raw);
    std::vector<uint8_t> host(64 * 64 * 2);
    int released = 0;
    VmafHipDevicePicture desc{};
    desc.pix_fmt = VMAF_PIX_FMT_YUV420P;
    desc.bpc = 8;
    desc.w = desc.h = 64;
    desc.plane[0] = {host.data(), 64, 1, 1, 0};
    desc.plane[1] = {host.data() + 4096, 64, 2, 1, 0};
    desc.plane[2] = {host.data() + 4097, 64, 2, 1, 0};
    desc.release = [](void *r) { ++*static_cast<int *>(r); };
    desc.cookie = &released;
    VmafPicture pic{};
    EXPECT_EQ(vmaf_hip_picture_wrap(state.get(), &desc, &pic), -EINVAL);
    EXPECT_EQ(released, 1);
    EXPECT_EQ(pic.ref, nullptr);
    // A layout that cannot hold the samples: refused before the device is asked.
    desc.plane[1].step = 1;
    EXPECT_EQ(vmaf_hip_picture_wrap(state.get(), &desc, &pic), -EINVAL);
    desc.plane[1].step = 2;
    desc.bpc = 10;
    EXPECT_EQ(vmaf_hip_picture_wrap(state.get(), &desc, &pic), -EINVAL);
    EXPECT_EQ(released, 3);
}

} // namespace
