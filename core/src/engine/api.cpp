// The C API: argument checks, and no exception crosses it.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>
#include <string>
#include <fmt/format.h>
#include <unistd.h>

#include "engine/api_guard.h"
#include "engine/context.h"
#include "engine/dict.h"
#include "libvmaf/libvmaf.h"
#include "engine/log.h"
#include "engine/output.h"

namespace {

using vmaf::guarded;

const vmaf::OptionStrings kNoOptions;

int write_stream(std::ostream &out, const std::string &path, const std::string &text)
{
    out << text;
    out.flush();
    if (!out) {
        vmaf::log_error("cannot write '{}': write failed (disk full?)", path);
        return -EIO;
    }
    return 0;
}

// A regular file (or a new one) is written under a temporary name and
// renamed into place, so a failed write never leaves a half file where an
// old one was. Devices, pipes and links are written through as they are.
int write_file(const std::string &path, const std::string &text)
{
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        vmaf::log_error("cannot write '{}': folder '{}' does not exist", path, dir.string());
        return -ENOENT;
    }
    const fs::file_status st = fs::symlink_status(target, ec);
    if (fs::is_directory(st)) {
        vmaf::log_error("cannot write '{}': it is a folder", path);
        return -EISDIR;
    }
    if (fs::exists(st) && !fs::is_regular_file(st)) {
        std::ofstream out(target, std::ios::binary);
        if (!out) {
            vmaf::log_error("cannot write '{}': cannot open it for writing", path);
            return -EACCES;
        }
        return write_stream(out, path, text);
    }
    const fs::path tmp =
        dir / fmt::format(".{}.tmp-{}", target.filename().string(), ::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) {
            vmaf::log_error("cannot write '{}': permission denied or read-only", path);
            return -EACCES;
        }
        if (int err = write_stream(out, path, text)) {
            out.close();
            fs::remove(tmp, ec);
            return err;
        }
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        fs::remove(tmp, ec);
        vmaf::log_error("cannot write '{}': {}", path, ec.message());
        return -EIO;
    }
    return 0;
}

} // namespace

extern "C" {

const char *vmaf_version(void) { return VMAF_VERSION; }

int vmaf_init(VmafContext **vmaf, VmafConfiguration cfg)
{
    if (!vmaf) return -EINVAL;
    return guarded("vmaf_init", [&] {
        vmaf::set_log_level(cfg.log_level);
        if (cfg.n_threads > vmaf::ThreadPool::max_threads()) {
            vmaf::log_error("vmaf_init: {} threads is more than the {} this machine takes "
                            "(4 per hardware thread, at least 64)",
                            cfg.n_threads, vmaf::ThreadPool::max_threads());
            return -EINVAL;
        }
        *vmaf = new VmafContext(cfg);
        return 0;
    });
}

int vmaf_close(VmafContext *vmaf)
{
    if (!vmaf) return -EINVAL;
    delete vmaf;
    return 0;
}

int vmaf_use_feature(VmafContext *vmaf, const char *feature_name,
                     VmafFeatureDictionary *opts_dict)
{
    if (!vmaf || !feature_name) return -EINVAL;
    return guarded("vmaf_use_feature", [&] {
        return vmaf->use_feature(feature_name, opts_dict ? opts_dict->entries : kNoOptions);
    });
}

int vmaf_import_feature_score(VmafContext *vmaf, const char *feature_name, double value,
                              unsigned index)
{
    if (!vmaf || !feature_name) return -EINVAL;
    return guarded("vmaf_import_feature_score",
                   [&] { return vmaf->collector.append(feature_name, value, index); });
}

int vmaf_read_pictures(VmafContext *vmaf, VmafPicture *ref, VmafPicture *dist, unsigned index)
{
    if (!vmaf) return -EINVAL;
    return guarded("vmaf_read_pictures", [&] { return vmaf->read_pictures(ref, dist, index); });
}

int vmaf_feature_score_at_index(VmafContext *vmaf, const char *feature_name, double *score,
                                unsigned index)
{
    if (!vmaf || !feature_name || !score) return -EINVAL;
    return guarded("vmaf_feature_score_at_index", [&] {
        const auto v = vmaf->score(feature_name, index);
        if (!v) return -EINVAL;
        *score = *v;
        return 0;
    });
}

int vmaf_feature_score_pooled(VmafContext *vmaf, const char *feature_name,
                              enum VmafPoolingMethod pool_method, double *score,
                              unsigned index_low, unsigned index_high)
{
    if (!vmaf || !feature_name || !score) return -EINVAL;
    return guarded("vmaf_feature_score_pooled", [&] {
        return vmaf->pooled(feature_name, pool_method, index_low, index_high, score);
    });
}

int vmaf_preallocate_pictures(VmafContext *vmaf, VmafPictureConfiguration cfg)
{
    if (!vmaf) return -EINVAL;
    return guarded("vmaf_preallocate_pictures", [&] { return vmaf->preallocate(cfg); });
}

int vmaf_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic)
{
    if (!vmaf || !pic) return -EINVAL;
    return guarded("vmaf_fetch_preallocated_picture",
                   [&] { return vmaf->fetch_preallocated(pic); });
}

int vmaf_write_output(VmafContext *vmaf, const char *output_path, enum VmafOutputFormat fmt)
{
    if (!vmaf) return -EINVAL;
    return guarded("vmaf_write_output", [&] {
        const vmaf::OutputInfo info{vmaf->cfg.n_subsample, vmaf->fps()};
        std::string text;
        switch (fmt) {
        case VMAF_OUTPUT_FORMAT_XML: text = vmaf::write_xml(*vmaf, info); break;
        case VMAF_OUTPUT_FORMAT_JSON: text = vmaf::write_json(*vmaf, info); break;
        case VMAF_OUTPUT_FORMAT_CSV: text = vmaf::write_csv(*vmaf, info); break;
        case VMAF_OUTPUT_FORMAT_SUB: text = vmaf::write_sub(*vmaf, info); break;
        default:
            vmaf::log_error("unknown output format {}", static_cast<int>(fmt));
            return -EINVAL;
        }
        if (!output_path || std::string(output_path) == "-") {
            errno = 0;
            if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
                std::fflush(stdout) != 0) {
                vmaf::log_error("cannot write the report to standard output: {}",
                                errno ? std::strerror(errno) : "write failed");
                return -EIO;
            }
            return 0;
        }
        if (!*output_path) {
            vmaf::log_error("cannot write the report: the output path is empty");
            return -EINVAL;
        }
        return write_file(output_path, text);
    });
}

} // extern "C"
