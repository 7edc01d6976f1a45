/* Pictures: planar YUV in host memory, reference counted. */
#ifndef VMAF_PICTURE_H
#define VMAF_PICTURE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum VmafPixelFormat {
    VMAF_PIX_FMT_UNKNOWN,
    VMAF_PIX_FMT_YUV420P,
    VMAF_PIX_FMT_YUV422P,
    VMAF_PIX_FMT_YUV444P,
    VMAF_PIX_FMT_YUV400P,
};

typedef struct VmafRef VmafRef;

typedef struct VmafPicture {
    enum VmafPixelFormat pix_fmt;
    unsigned bpc;          /* bits per component, 8..16 */
    unsigned w[3], h[3];   /* chroma w/2 (and h/2 for 4:2:0) rounded down, as
                              libvmaf's; the memory holds ceil-sized planes; 0 for YUV400 */
    ptrdiff_t stride[3];   /* in bytes */
    void *data[3];         /* samples are uint8_t for bpc 8, uint16_t above */
    VmafRef *ref;
    void *priv;
} VmafPicture;

/* Allocates a picture holding one reference; 0 or a negative errno. Its
 * samples are unspecified until written. */
int vmaf_picture_alloc(VmafPicture *pic, enum VmafPixelFormat pix_fmt,
                       unsigned bpc, unsigned w, unsigned h);

/* Drops one reference; the memory goes when the last one does. */
int vmaf_picture_unref(VmafPicture *pic);

#ifdef __cplusplus
}
#endif

#endif
