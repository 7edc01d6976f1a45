/*
 * An installed-library client written as FFmpeg's libvmaf filter is: C,
 * <libvmaf.h> through the pkg-config include paths, and <libvmaf/version.h>.
 * Scores an 8-bit 4:2:0 Y4M pair with the default model and prints the
 * pooled mean vmaf.
 *
 * usage: score_clip REF.y4m DIS.y4m
 */
#include <libvmaf.h>
#include <libvmaf/version.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if VMAF_API_VERSION_MAJOR != 3
#error "the installed version.h is not libvmaf 3's"
#endif

struct Y4m {
    FILE *file;
    unsigned w, h;
};

/* Reads the stream header; only the size is needed, the clip is 4:2:0 8-bit. */
static int y4m_open(struct Y4m *y4m, const char *path)
{
    char line[256];
    y4m->file = fopen(path, "rb");
    if (!y4m->file || !fgets(line, sizeof line, y4m->file)) return -1;
    if (strncmp(line, "YUV4MPEG2 ", 10) || !strchr(line, '\n')) return -1;
    const char *w = strstr(line, " W"), *h = strstr(line, " H");
    const char *c = strstr(line, " C");
    if (!w || !h || (c && strncmp(c, " C420", 5))) return -1;
    y4m->w = (unsigned)strtoul(w + 2, NULL, 10);
    y4m->h = (unsigned)strtoul(h + 2, NULL, 10);
    return y4m->w && y4m->h ? 0 : -1;
}

/* 1 with a frame read into a new picture, 0 at the end, -1 on error. */
static int y4m_read(struct Y4m *y4m, VmafPicture *pic)
{
    char line[256];
    if (!fgets(line, sizeof line, y4m->file)) return feof(y4m->file) ? 0 : -1;
    if (strncmp(line, "FRAME", 5)) return -1;
    if (vmaf_picture_alloc(pic, VMAF_PIX_FMT_YUV420P, 8, y4m->w, y4m->h)) return -1;
    for (int p = 0; p < 3; p++) {
        unsigned char *row = pic->data[p];
        for (unsigned y = 0; y < pic->h[p]; y++, row += pic->stride[p]) {
            if (fread(row, 1, pic->w[p], y4m->file) != pic->w[p]) {
                vmaf_picture_unref(pic);
                return -1;
            }
        }
    }
    return 1;
}

static int score(VmafContext *vmaf, VmafModel *model, struct Y4m *ref, struct Y4m *dis)
{
    if (vmaf_use_features_from_model(vmaf, model)) return -1;
    unsigned index = 0;
    for (;; index++) {
        VmafPicture r, d;
        const int got_ref = y4m_read(ref, &r);
        if (got_ref < 0) return -1;
        const int got_dis = got_ref ? y4m_read(dis, &d) : 0;
        if (got_dis != got_ref) {
            if (got_ref) vmaf_picture_unref(&r);
            return -1;
        }
        if (!got_ref) break;
        if (vmaf_read_pictures(vmaf, &r, &d, index)) return -1;
    }
    double mean;
    if (!index || vmaf_read_pictures(vmaf, NULL, NULL, 0) ||
        vmaf_score_pooled(vmaf, model, VMAF_POOL_METHOD_MEAN, &mean, 0, index - 1))
        return -1;
    printf("%s %d.%d.%d %u %.9f\n", vmaf_version(), VMAF_API_VERSION_MAJOR,
           VMAF_API_VERSION_MINOR, VMAF_API_VERSION_PATCH, index, mean);
    return 0;
}

int main(int argc, char **argv)
{
    struct Y4m ref = {0}, dis = {0};
    VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_ERROR, .n_threads = 2};
    VmafModelConfig model_cfg = {.name = "vmaf"};
    VmafContext *vmaf = NULL;
    VmafModel *model = NULL;
    int err = argc != 3 || y4m_open(&ref, argv[1]) || y4m_open(&dis, argv[2]) ||
              ref.w != dis.w || ref.h != dis.h || vmaf_init(&vmaf, cfg) ||
              vmaf_model_load(&model, &model_cfg, "vmaf_v0.6.1") ||
              score(vmaf, model, &ref, &dis);
    if (model) vmaf_model_destroy(model);
    if (vmaf) vmaf_close(vmaf);
    if (ref.file) fclose(ref.file);
    if (dis.file) fclose(dis.file);
    if (err) fprintf(stderr, "score_clip: failed\n");
    return err ? EXIT_FAILURE : EXIT_SUCCESS;
}
