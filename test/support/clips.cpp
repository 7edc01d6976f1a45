#include "support/clips.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace vmaf::test {

namespace fs = std::filesystem;

namespace {
// A run-time override wins over the build-time default: a build directory
// may run on another machine (the GPU suite does).
std::string setting(const char *env, const char *built_in)
{
    const char *value = std::getenv(env);
    return value && *value ? value : built_in;
}
} // namespace

std::string shared_dir() { return setting("VMAF_TEST_SHARED_DIR", VMAF_TEST_SHARED_DIR); }

const std::vector<std::string> &clip_names()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        std::ifstream manifest(shared_dir() + "/clips/MANIFEST.tsv");
        if (!manifest) throw std::runtime_error("cannot read " + shared_dir() + "/clips/MANIFEST.tsv");
        std::string line;
        std::getline(manifest, line); // column names
        while (std::getline(manifest, line))
            if (!line.empty()) out.push_back(line.substr(0, line.find('\t')));
        return out;
    }();
    return names;
}

std::vector<std::string> clips_with_variant(const std::string &variant)
{
    std::vector<std::string> out;
    for (const auto &name : clip_names())
        if (fs::exists(shared_dir() + "/golden/" + name + "/" + variant + ".json")) out.push_back(name);
    return out;
}

std::string clip_path(const std::string &name, const std::string &side)
{
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    const fs::path dir = setting("VMAF_TEST_WORK_DIR", VMAF_TEST_WORK_DIR);
    const fs::path out = dir / (name + "_" + side + ".y4m");
    if (fs::exists(out)) return out.string();
    fs::create_directories(dir);
    const std::string src = shared_dir() + "/clips/" + name + "_" + side + ".y4m.xz";
    // Decompress to a temporary name first: test executables run in parallel.
    const fs::path tmp = out.string() + ".part" + std::to_string(::getpid());
    const std::string cmd = "xz -dc '" + src + "' > '" + tmp.string() + "'";
    if (std::system(cmd.c_str()) != 0) throw std::runtime_error("failed: " + cmd);
    fs::rename(tmp, out);
    return out.string();
}

} // namespace vmaf::test
