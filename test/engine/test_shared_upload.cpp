// The engine's shared staging (engine/shared_upload.h) with a stand-in for
// the HIP module: "device" pictures in host memory, the copy a memcpy that
// records its ticket, waits recorded. No device is needed; the GPU suite
// runs the real module (every model's twins staged this way).
#include <cerrno>
#include <cstring>
#include <gtest/gtest.h>
#include <memory>
#include <vector>

#include "base/picture_memory.h"
#include "engine/shared_upload.h"
#include "libvmaf/libvmaf.h"

namespace {

struct FakeGpu {
    int copy_error = 0, wait_error = 0;
    uint64_t tickets = 0;
    std::vector<uint64_t> waits;
    unsigned planes_copied = 0;
    int events = 0; // made minus freed
    bool freed = false;
};
FakeGpu *gpu = nullptr;

int uploader_create(const VmafHipState *, void **uploader)
{
    *uploader = gpu;
    return 0;
}
void uploader_free(void *uploader) { static_cast<FakeGpu *>(uploader)->freed = true; }
int uploader_copy(void *uploader, const VmafPicture *src, const VmafPicture *dst, unsigned planes,
                  void **ready, uint64_t *ticket)
{
    auto *g = static_cast<FakeGpu *>(uploader);
    if (g->copy_error) return g->copy_error;
    for (unsigned p = 0; p < planes; p++)
        for (unsigned y = 0; y < src->h[p]; y++)
            std::memcpy(static_cast<unsigned char *>(dst->data[p]) + y * dst->stride[p],
                        static_cast<const unsigned char *>(src->data[p]) + y * src->stride[p],
                        src->w[p]);
    g->planes_copied += planes;
    g->events++;
    *ready = g;
    *ticket = ++g->tickets;
    return 0;
}
int uploader_wait(void *uploader, uint64_t ticket)
{
    auto *g = static_cast<FakeGpu *>(uploader);
    g->waits.push_back(ticket);
    return g->wait_error;
}
void ready_free(void *ready)
{
    if (ready) static_cast<FakeGpu *>(ready)->events--;
}
void host_as_device(const VmafHipState *, vmaf::PictureAllocator *allocator)
{
    *allocator = vmaf::host_allocator();
}

VmafHipModule fake_module()
{
    VmafHipModule m{};
    m.ready_free = ready_free;
    m.device_allocator = host_as_device;
    m.uploader_create = uploader_create;
    m.uploader_free = uploader_free;
    m.uploader_copy = uploader_copy;
    m.uploader_wait = uploader_wait;
    return m;
}

constexpr vmaf::PictureParams kParams{VMAF_PIX_FMT_YUV420P, 8, 16, 8};

// A host picture whose samples are `value`, counting its release.
struct HostPicture {
    VmafPicture pic{};
    int released = 0;
    explicit HostPicture(unsigned char value)
    {
        EXPECT_EQ(vmaf::picture_alloc(&pic, kParams.pix_fmt, kParams.bpc, kParams.w, kParams.h,
                                      vmaf::host_allocator()),
                  0);
        for (unsigned p = 0; p < 3; p++)
            std::memset(pic.data[p], value, static_cast<size_t>(pic.stride[p]) * pic.h[p]);
        vmaf::picture_set_recycler(&pic, &HostPicture::recycle, this);
    }
    static void recycle(void *user, VmafPicture *pic)
    {
        static_cast<HostPicture *>(user)->released++;
        vmaf::picture_destroy(pic);
    }
};

// Each test's pictures are declared before its upload, which outlives them
// otherwise: its end gives back what it still holds, to their recyclers.
class SharedUploadTest : public ::testing::Test {
protected:
    void SetUp() override { gpu = &fake; }
    void TearDown() override { gpu = nullptr; }
    std::unique_ptr<vmaf::SharedUpload> make(unsigned planes, unsigned pictures = 8)
    {
        std::unique_ptr<vmaf::SharedUpload> u;
        EXPECT_EQ(vmaf::SharedUpload::create(module, nullptr, kParams, planes, pictures, u), 0);
        return u;
    }

    FakeGpu fake;
    VmafHipModule module = fake_module();
    std::function<bool()> not_returning = [] { return false; };
};

TEST_F(SharedUploadTest, DevicePicturesCarryTheSamplesAndHostPicturesWaitForTheirCopy)
{
    HostPicture r0(10), d0(20), r1(30), d1(40);
    auto upload = make(3);
    VmafPicture ref = r0.pic, dis = d0.pic;
    ASSERT_EQ(upload->upload(ref, dis, not_returning), 0);
    const vmaf::DevicePlanes *device = vmaf::picture_device(ref);
    ASSERT_NE(device, nullptr);
    EXPECT_EQ(device->planes_written, 3u);
    EXPECT_EQ(device->ready, static_cast<void *>(&fake));
    EXPECT_EQ(static_cast<const unsigned char *>(ref.data[0])[5], 10);
    EXPECT_EQ(static_cast<const unsigned char *>(dis.data[2])[1], 20);
    EXPECT_EQ(fake.planes_copied, 6u);
    // Kept until their copies are known to be done.
    EXPECT_EQ(r0.released + d0.released, 0);
    EXPECT_TRUE(fake.waits.empty());

    VmafPicture ref1 = r1.pic, dis1 = d1.pic;
    ASSERT_EQ(upload->upload(ref1, dis1, not_returning), 0);
    // The first frame's last copy (ticket 2) waited for, after the second
    // frame's copies were queued.
    ASSERT_EQ(fake.waits, std::vector<uint64_t>{2});
    EXPECT_EQ(fake.tickets, 4u);
    EXPECT_EQ(r0.released + d0.released, 2);
    EXPECT_EQ(r1.released + d1.released, 0);

    ASSERT_EQ(upload->settle(), 0);
    EXPECT_EQ(fake.waits.back(), 4u);
    EXPECT_EQ(r1.released + d1.released, 2);
    for (VmafPicture *p : {&ref, &dis, &ref1, &dis1}) vmaf_picture_unref(p);
    // A pool picture's event lasts until its next copy or the pool's end.
    upload.reset();
    EXPECT_TRUE(fake.freed);
    EXPECT_EQ(fake.events, 0);
}

TEST_F(SharedUploadTest, LumaAloneWhenNoExtractorReadsChroma)
{
    HostPicture r(1), d(2);
    auto upload = make(1);
    VmafPicture ref = r.pic, dis = d.pic;
    ASSERT_EQ(upload->upload(ref, dis, not_returning), 0);
    EXPECT_EQ(fake.planes_copied, 2u);
    EXPECT_EQ(vmaf::picture_device(dis)->planes_written, 1u);
    vmaf_picture_unref(&ref);
    vmaf_picture_unref(&dis);
}

TEST_F(SharedUploadTest, DeviceAndSharedPicturesPassThrough)
{
    HostPicture shared(5), host(6);
    auto upload = make(3);
    vmaf::picture_share(&shared.pic, 2);
    VmafPicture device{};
    ASSERT_EQ(vmaf::picture_alloc_device(&device, kParams.pix_fmt, kParams.bpc, kParams.w, kParams.h,
                                         vmaf::host_allocator()),
              0);
    VmafPicture ref = shared.pic, dis = device;
    ASSERT_EQ(upload->upload(ref, dis, not_returning), 0);
    EXPECT_EQ(ref.data[0], shared.pic.data[0]);
    EXPECT_EQ(dis.data[0], device.data[0]);
    EXPECT_EQ(fake.tickets, 0u);
    VmafPicture ref2 = shared.pic, dis2 = host.pic;
    vmaf::picture_ref(&ref2, &shared.pic);
    ASSERT_EQ(upload->upload(ref2, dis2, not_returning), 0);
    EXPECT_EQ(fake.tickets, 1u);
    EXPECT_NE(vmaf::picture_device(dis2), nullptr);
    ASSERT_EQ(upload->settle(), 0);
    EXPECT_EQ(host.released, 1);
    for (VmafPicture *p : {&ref, &dis, &ref2, &dis2}) vmaf_picture_unref(p);
    EXPECT_EQ(shared.released, 1);
}

TEST_F(SharedUploadTest, AFailedCopyLeavesThePictureToItsCaller)
{
    HostPicture r(1), d(2);
    auto upload = make(3);
    VmafPicture ref = r.pic, dis = d.pic;
    fake.copy_error = -EIO;
    EXPECT_EQ(upload->upload(ref, dis, not_returning), -EIO);
    EXPECT_EQ(ref.data[0], r.pic.data[0]);
    EXPECT_EQ(vmaf::picture_device(ref), nullptr);
    EXPECT_EQ(r.released, 0);
    vmaf_picture_unref(&ref);
    vmaf_picture_unref(&dis);
    EXPECT_EQ(r.released + d.released, 2);
}

TEST_F(SharedUploadTest, AFailedWaitKeepsTheHostPicturesUntilSettle)
{
    HostPicture r0(1), d0(2), r1(3), d1(4);
    auto upload = make(3);
    VmafPicture ref = r0.pic, dis = d0.pic, ref1 = r1.pic, dis1 = d1.pic;
    ASSERT_EQ(upload->upload(ref, dis, not_returning), 0);
    fake.wait_error = -EIO;
    EXPECT_EQ(upload->upload(ref1, dis1, not_returning), -EIO);
    EXPECT_EQ(r0.released + d0.released, 0);
    EXPECT_EQ(upload->settle(), -EIO);
    EXPECT_EQ(r0.released + d0.released + r1.released + d1.released, 4);
    for (VmafPicture *p : {&ref, &dis, &ref1, &dis1}) vmaf_picture_unref(p);
}

TEST_F(SharedUploadTest, AnExhaustedPoolIsAnErrorNotAWait)
{
    HostPicture r(1), d(2);
    auto upload = make(3, 1);
    VmafPicture ref = r.pic, dis = d.pic;
    EXPECT_EQ(upload->upload(ref, dis, not_returning), -EBUSY);
    EXPECT_NE(vmaf::picture_device(ref), nullptr);
    EXPECT_EQ(vmaf::picture_device(dis), nullptr);
    vmaf_picture_unref(&ref);
    vmaf_picture_unref(&dis);
    EXPECT_EQ(upload->settle(), 0);
    EXPECT_EQ(r.released + d.released, 2);
}

} // namespace
