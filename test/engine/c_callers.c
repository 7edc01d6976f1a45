#include "engine/c_callers.h"

int c_init_with_log_level(int level)
{
    VmafConfiguration cfg = {0};
    cfg.log_level = (enum VmafLogLevel)level;
    VmafContext *ctx = 0;
    int err = vmaf_init(&ctx, cfg);
    if (!err) vmaf_close(ctx);
    return err;
}

int c_picture_alloc_with_format(int pix_fmt)
{
    VmafPicture pic;
    int err = vmaf_picture_alloc(&pic, (enum VmafPixelFormat)pix_fmt, 8, 16, 16);
    if (!err) vmaf_picture_unref(&pic);
    return err;
}

int c_write_output_with_format(VmafContext *ctx, int format)
{
    return vmaf_write_output(ctx, "/dev/null", (enum VmafOutputFormat)format);
}

int c_score_pooled_with_method(VmafContext *ctx, int method)
{
    double score;
    return vmaf_feature_score_pooled(ctx, "imported", (enum VmafPoolingMethod)method, &score, 0,
                                     0);
}

int c_preallocate_with_format(VmafContext *ctx, int pix_fmt)
{
    VmafPictureConfiguration cfg = {0};
    cfg.pic_params.w = 16;
    cfg.pic_params.h = 16;
    cfg.pic_params.bpc = 8;
    cfg.pic_params.pix_fmt = (enum VmafPixelFormat)pix_fmt;
    cfg.pic_cnt = 3;
    return vmaf_preallocate_pictures(ctx, cfg);
}

int c_model_score_pooled_with_method(int method)
{
    VmafConfiguration cfg = {0};
    VmafContext *ctx = 0;
    VmafModelConfig mcfg = {0};
    VmafModel *model = 0;
    double score;
    int err = vmaf_init(&ctx, cfg);
    if (!err) err = vmaf_model_load(&model, &mcfg, "vmaf_v0.6.1");
    if (!err) err = vmaf_score_pooled(ctx, model, (enum VmafPoolingMethod)method, &score, 0, 0);
    if (model) vmaf_model_destroy(model);
    if (ctx) vmaf_close(ctx);
    return err;
}

int c_planes_read(VmafContext *ctx, unsigned *planes) { return vmaf_planes_read(ctx, planes); }
