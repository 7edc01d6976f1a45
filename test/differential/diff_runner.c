// The differential rig's runner: scores synthetic cases through the public
// C API only, so that the same source, linked to vmaf-hip or to Netflix's
// libvmaf, prints what each library computes (rig.py compares the two).
//
// Usage: diff_runner MODEL_DIR < cases. One case per line of key=value words:
//   id=N seed=N w=N h=N fmt=400|420|422|444 bpc=N frames=N ref=PATTERN
//   dis=TRANSFORM threads=N subsample=N model=NAME|none mflags=N fps=N
//   cpumask=N (VmafConfiguration.cpumask: 1 turns aarch64's NEON off)
//   feat=NAME[:OPTION=VALUE...] (any number)
// For each case it prints `case N`, a `status` line, the model's scores,
// every feature's value at full precision, the XML report, the library's
// error log, then `end`.
//
// diff_runner --y4m DIR < cases writes each case's pictures instead, as
// DIR/N_ref.y4m and DIR/N_dis.y4m at fps frames a second (25 unless given;
// 4:2:0 to 4:4:4): what the references beyond libvmaf (FFmpeg's xpsnr,
// libjxl's ssimulacra2) read, for rig_beyond.py. Chroma planes of an odd
// size get the column or row past libvmaf's planes by repeating the last.
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libvmaf/libvmaf.h>
#include <libvmaf/model.h>
#include <libvmaf/picture.h>

#include "patterns.h"

#define MAX_FEATURES 32
#define MAX_WORD 512

typedef struct Case {
    unsigned long long id, seed;
    unsigned w, h, fmt, bpc, frames, threads, subsample, fps;
    unsigned long long mflags, cpumask;
    char ref[64], dis[64], model[128];
    char feat[MAX_FEATURES][MAX_WORD];
    unsigned n_feat;
} Case;

static int parse_case(char *line, Case *c)
{
    memset(c, 0, sizeof(*c));
    c->subsample = 1;
    strcpy(c->model, "none");
    for (char *word = strtok(line, " \t\r\n"); word; word = strtok(NULL, " \t\r\n")) {
        char *eq = strchr(word, '=');
        if (!eq) return -1;
        *eq = '\0';
        const char *k = word, *v = eq + 1;
        if (!strcmp(k, "id")) c->id = strtoull(v, NULL, 10);
        else if (!strcmp(k, "seed")) c->seed = strtoull(v, NULL, 10);
        else if (!strcmp(k, "w")) c->w = (unsigned)atoi(v);
        else if (!strcmp(k, "h")) c->h = (unsigned)atoi(v);
        else if (!strcmp(k, "fmt")) c->fmt = (unsigned)atoi(v);
        else if (!strcmp(k, "bpc")) c->bpc = (unsigned)atoi(v);
        else if (!strcmp(k, "frames")) c->frames = (unsigned)atoi(v);
        else if (!strcmp(k, "threads")) c->threads = (unsigned)atoi(v);
        else if (!strcmp(k, "subsample")) c->subsample = (unsigned)atoi(v);
        else if (!strcmp(k, "cpumask")) c->cpumask = strtoull(v, NULL, 10);
        else if (!strcmp(k, "fps")) c->fps = (unsigned)atoi(v);
        else if (!strcmp(k, "mflags")) c->mflags = strtoull(v, NULL, 10);
        else if (!strcmp(k, "ref")) snprintf(c->ref, sizeof(c->ref), "%s", v);
        else if (!strcmp(k, "dis")) snprintf(c->dis, sizeof(c->dis), "%s", v);
        else if (!strcmp(k, "model")) snprintf(c->model, sizeof(c->model), "%s", v);
        else if (!strcmp(k, "feat") && c->n_feat < MAX_FEATURES)
            snprintf(c->feat[c->n_feat++], MAX_WORD, "%s", v);
        else return -1;
    }
    return c->w && c->h && c->frames ? 0 : -1;
}

static enum VmafPixelFormat pixel_format(unsigned fmt)
{
    switch (fmt) {
    case 400: return VMAF_PIX_FMT_YUV400P;
    case 420: return VMAF_PIX_FMT_YUV420P;
    case 422: return VMAF_PIX_FMT_YUV422P;
    case 444: return VMAF_PIX_FMT_YUV444P;
    default: return VMAF_PIX_FMT_UNKNOWN;
    }
}

// Fills frame `t` of both pictures; planes the format has not stay as allocated.
static int fill(const Case *c, unsigned t, VmafPicture *ref, VmafPicture *dis)
{
    const unsigned planes = c->fmt == 400 ? 1 : 3;
    for (unsigned p = 0; p < planes; p++) {
        PlaneSpec spec = {c->seed * 1000003ull + t * 7919ull + p, c->bpc, ref->w[p], ref->h[p]};
        if (pattern_fill(c->ref, &spec, ref->data[p], ref->stride[p])) return -1;
        if (transform_fill(c->dis, &spec, ref->data[p], ref->stride[p], dis->data[p], dis->stride[p]))
            return -1;
    }
    return 0;
}

static void status(const Case *c, const char *stage, int rc)
{
    printf("case %llu\nstatus %s %s %d\n", c->id, rc ? "fail" : "ok", stage, rc);
}

// The features of the XML report, each looked up by its own name and by the
// names the report's aliases stand for, at full precision.
static void print_features(VmafContext *vmaf, const char *xml, unsigned frames)
{
    const char *frame = strstr(xml, "<frame ");
    if (!frame) return;
    const char *stop = strchr(frame, '\n');
    for (const char *q = strchr(frame, ' '); q && q < stop; q = strchr(q + 1, ' ')) {
        const char *eq = strchr(q, '=');
        if (!eq || eq > stop || eq - q - 1 <= 0 || eq - q - 1 >= 200) continue;
        char alias[256], name[320];
        snprintf(alias, sizeof(alias), "%.*s", (int)(eq - q - 1), q + 1);
        if (!strcmp(alias, "frameNum")) continue;
        const char *candidates[6] = {"%s", "VMAF_feature_%s_score", "VMAF_integer_feature_%s_score",
                                     "Cambi_feature_%s_score", "Speed_chroma_feature_%s_score",
                                     "Speed_temporal_feature_%s_score"};
        for (unsigned k = 0; k < 6; k++) {
            const char *base = alias;
            if (k == 2) {
                if (strncmp(alias, "integer_", 8)) continue;
                base = alias + 8;
            }
            snprintf(name, sizeof(name), candidates[k], base);
            unsigned found = 0;
            for (unsigned i = 0; i < frames; i++) {
                double score;
                if (vmaf_feature_score_at_index(vmaf, name, &score, i)) continue;
                printf("feature %s %u %.17g\n", alias, i, score);
                found++;
            }
            if (found) break;
        }
    }
}

static void print_xml(VmafContext *vmaf, unsigned frames)
{
    char path[] = "/tmp/diff_runner_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return;
    close(fd);
    int rc = vmaf_write_output(vmaf, path, VMAF_OUTPUT_FORMAT_XML);
    printf("write %d\n", rc);
    FILE *f = fopen(path, "rb");
    static char xml[1 << 22];
    size_t n = f ? fread(xml, 1, sizeof(xml) - 1, f) : 0;
    xml[n] = '\0';
    if (f) fclose(f);
    unlink(path);
    if (rc) return;
    print_features(vmaf, xml, frames);
    // Every line but the run's own speed.
    for (char *line = strtok(xml, "\n"); line; line = strtok(NULL, "\n"))
        if (!strstr(line, "<fyi ")) printf("xml %s\n", line);
}

static int use_feature(VmafContext *vmaf, char *spec)
{
    char *opts = strchr(spec, ':');
    if (opts) *opts++ = '\0';
    VmafFeatureDictionary *dict = NULL;
    for (char *o = opts ? strtok(opts, ":") : NULL; o; o = strtok(NULL, ":")) {
        char *eq = strchr(o, '=');
        if (!eq) return -EINVAL;
        *eq = '\0';
        int rc = vmaf_feature_dictionary_set(&dict, o, eq + 1);
        if (rc) return rc;
    }
    return vmaf_use_feature(vmaf, spec, dict);
}

static void run_case(Case *c, const char *model_dir)
{
    // Errors only: the record keeps why a library refused a case.
    VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_ERROR, .n_threads = c->threads,
                             .n_subsample = c->subsample, .cpumask = c->cpumask};
    VmafContext *vmaf = NULL;
    int rc = vmaf_init(&vmaf, cfg);
    if (rc) {
        status(c, "init", rc);
        return;
    }
    VmafModel *model = NULL;
    VmafModelCollection *collection = NULL;
    const char *stage = "model";
    if (strcmp(c->model, "none")) {
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s.json", model_dir, c->model);
        VmafModelConfig mcfg = {.name = "vmaf", .flags = c->mflags};
        if (strstr(c->model, "_b_")) {
            rc = vmaf_model_collection_load_from_path(&model, &collection, &mcfg, path);
            if (!rc) rc = vmaf_use_features_from_model_collection(vmaf, collection);
        } else {
            rc = vmaf_model_load_from_path(&model, &mcfg, path);
            if (!rc) rc = vmaf_use_features_from_model(vmaf, model);
        }
    }
    for (unsigned k = 0; !rc && k < c->n_feat; k++) {
        stage = "feature";
        rc = use_feature(vmaf, c->feat[k]);
    }
    const enum VmafPixelFormat pix = pixel_format(c->fmt);
    for (unsigned t = 0; !rc && t < c->frames; t++) {
        stage = "read";
        VmafPicture ref, dis;
        rc = vmaf_picture_alloc(&ref, pix, c->bpc, c->w, c->h);
        if (rc) break;
        rc = vmaf_picture_alloc(&dis, pix, c->bpc, c->w, c->h);
        if (rc) {
            vmaf_picture_unref(&ref);
            break;
        }
        if (fill(c, t, &ref, &dis)) {
            rc = -EINVAL;
            stage = "pattern";
            vmaf_picture_unref(&ref);
            vmaf_picture_unref(&dis);
            break;
        }
        rc = vmaf_read_pictures(vmaf, &ref, &dis, t);
    }
    if (!rc) {
        stage = "flush";
        rc = vmaf_read_pictures(vmaf, NULL, NULL, 0);
    }
    status(c, stage, rc);
    if (!rc && model) {
        for (unsigned i = 0; i < c->frames; i++) {
            double s;
            if (!vmaf_score_at_index(vmaf, model, &s, i)) printf("score %u %.17g\n", i, s);
            VmafModelCollectionScore b;
            if (collection && !vmaf_score_at_index_model_collection(vmaf, collection, &b, i))
                printf("bootstrap %u %.17g %.17g %.17g %.17g\n", i, b.bootstrap.bagging_score,
                       b.bootstrap.stddev, b.bootstrap.ci.p95.lo, b.bootstrap.ci.p95.hi);
        }
        const enum VmafPoolingMethod methods[] = {VMAF_POOL_METHOD_MIN, VMAF_POOL_METHOD_MAX,
                                                  VMAF_POOL_METHOD_MEAN, VMAF_POOL_METHOD_HARMONIC_MEAN};
        for (unsigned m = 0; m < 4; m++) {
            double s;
            int r = vmaf_score_pooled(vmaf, model, methods[m], &s, 0, c->frames - 1);
            if (!r) printf("pooled %u %.17g\n", m, s);
            else printf("pooled %u error %d\n", m, r);
        }
    }
    if (!rc) print_xml(vmaf, c->frames);
    vmaf_close(vmaf);
    if (collection) vmaf_model_collection_destroy(collection);
    else if (model) vmaf_model_destroy(model);
}

// Runs a case with the library's log (stderr) caught, then prints the log
// as `log` lines of the record.
static void run_logged(Case *c, const char *model_dir)
{
    char path[] = "/tmp/diff_runner_log_XXXXXX";
    int fd = mkstemp(path);
    int saved = dup(2);
    if (fd >= 0 && saved >= 0) dup2(fd, 2);
    run_case(c, model_dir);
    fflush(stdout);
    fflush(stderr);
    if (saved >= 0) {
        dup2(saved, 2);
        close(saved);
    }
    if (fd < 0) return;
    close(fd);
    FILE *f = fopen(path, "r");
    char line[1024];
    while (f && fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        printf("log %s\n", line);
    }
    if (f) fclose(f);
    unlink(path);
}

// One plane of a picture, w x h samples of `bytes` each, its last column
// and row repeated to ceil sizes where FFmpeg's plane is larger.
static void write_plane(FILE *f, const VmafPicture *pic, unsigned p, unsigned w, unsigned h, unsigned bytes)
{
    const unsigned pw = pic->w[p], ph = pic->h[p];
    for (unsigned y = 0; y < h; y++) {
        const uint8_t *row = (const uint8_t *)pic->data[p] + (size_t)(y < ph ? y : ph - 1) * pic->stride[p];
        fwrite(row, bytes, pw, f);
        for (unsigned x = pw; x < w; x++) fwrite(row + (size_t)(pw - 1) * bytes, bytes, 1, f);
    }
}

// The case's pictures as two Y4M files in `dir`.
static int write_y4m(const Case *c, const char *dir)
{
    const char *tag = c->fmt == 444 ? "444" : c->fmt == 422 ? "422" : "420";
    char colour[32];
    if (c->bpc > 8) snprintf(colour, sizeof(colour), "%sp%u", tag, c->bpc);
    else snprintf(colour, sizeof(colour), "%s%s", tag, c->fmt == 420 ? "jpeg" : "");
    const unsigned ss_x = c->fmt != 444, ss_y = c->fmt == 420, bytes = c->bpc > 8 ? 2 : 1;
    const unsigned cw = (c->w + ss_x) >> ss_x, ch = (c->h + ss_y) >> ss_y;
    char path[2][1024];
    FILE *f[2];
    for (int s = 0; s < 2; s++) {
        snprintf(path[s], sizeof(path[s]), "%s/%llu_%s.y4m", dir, c->id, s ? "dis" : "ref");
        f[s] = fopen(path[s], "wb");
        if (!f[s]) return -errno;
        fprintf(f[s], "YUV4MPEG2 W%u H%u F%u:1 Ip A1:1 C%s\n", c->w, c->h, c->fps ? c->fps : 25, colour);
    }
    int rc = 0;
    for (unsigned t = 0; !rc && t < c->frames; t++) {
        VmafPicture pic[2] = {{0}};
        rc = vmaf_picture_alloc(&pic[0], pixel_format(c->fmt), c->bpc, c->w, c->h);
        if (rc) break;
        rc = vmaf_picture_alloc(&pic[1], pixel_format(c->fmt), c->bpc, c->w, c->h);
        if (!rc) rc = fill(c, t, &pic[0], &pic[1]) ? -EINVAL : 0;
        for (int s = 0; !rc && s < 2; s++) {
            fputs("FRAME\n", f[s]);
            write_plane(f[s], &pic[s], 0, c->w, c->h, bytes);
            write_plane(f[s], &pic[s], 1, cw, ch, bytes);
            write_plane(f[s], &pic[s], 2, cw, ch, bytes);
        }
        vmaf_picture_unref(&pic[0]);
        if (pic[1].data[0]) vmaf_picture_unref(&pic[1]);
    }
    for (int s = 0; s < 2; s++)
        if (fclose(f[s]) && !rc) rc = -EIO;
    return rc;
}

int main(int argc, char **argv)
{
    const int y4m = argc == 3 && !strcmp(argv[1], "--y4m");
    if (argc != 2 && !y4m) {
        fprintf(stderr, "usage: %s MODEL_DIR < cases\n       %s --y4m DIR < cases\n", argv[0], argv[0]);
        return 2;
    }
    static char line[1 << 16];
    while (fgets(line, sizeof(line), stdin)) {
        Case c;
        char copy[sizeof(line)];
        snprintf(copy, sizeof(copy), "%s", line);
        if (parse_case(copy, &c)) {
            printf("case ?\nstatus bad-line\nend\n");
        } else if (y4m) {
            printf("case %llu\nwritten %d\nend\n", c.id, c.fmt == 400 ? -EINVAL : write_y4m(&c, argv[2]));
        } else {
            run_logged(&c, argv[1]);
            printf("end\n");
        }
        fflush(stdout);
    }
    return 0;
}
