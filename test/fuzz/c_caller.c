#include "c_caller.h"

int c_feature_score_pooled(VmafContext *vmaf, const char *feature_name, int pool_method,
                           double *score, unsigned index_low, unsigned index_high)
{
    return vmaf_feature_score_pooled(vmaf, feature_name, pool_method, score, index_low, index_high);
}

int c_write_output(VmafContext *vmaf, const char *output_path, int format)
{
    return vmaf_write_output(vmaf, output_path, format);
}

int c_preallocate_pictures(VmafContext *vmaf, unsigned w, unsigned h, unsigned bpc, int pix_fmt,
                           unsigned pic_cnt)
{
    VmafPictureConfiguration cfg = {{w, h, bpc, pix_fmt}, pic_cnt};
    return vmaf_preallocate_pictures(vmaf, cfg);
}
