// Model files made to hurt: values nested deeper than the stack, values of
// 100 KB, paths that never end (/dev/zero) or hold far more than a model.
// Each is refused with -EINVAL or -EFBIG and a short message naming the
// file; none crashes, floods the log or reads without end.
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <unistd.h>

#include "libvmaf/model.h"
#include "support/clips.h"

namespace {

namespace fs = std::filesystem;

// A message quotes at most a short excerpt of a value; the path and the
// explanation fit well within this.
constexpr size_t kMessageBound = 600;
// The loader's limit: 32 MiB, far beyond the largest model (0.4 MB).
constexpr size_t kModelFileLimit = size_t{32} << 20;

std::string default_model_text()
{
    std::ifstream in(vmaf::test::shared_dir() + "/models/vmaf_v0.6.1.json");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The default model's text with the first `from` replaced by `to`.
std::string edited(const std::string &from, const std::string &to)
{
    std::string text = default_model_text();
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return text;
    return text.replace(at, from.size(), to);
}

struct LoadResult {
    int err;
    std::string message;
};

LoadResult load_path(const std::string &path)
{
    VmafModelConfig cfg{"vmaf", VMAF_MODEL_FLAGS_DEFAULT};
    VmafModel *model = nullptr;
    testing::internal::CaptureStderr();
    const int err = vmaf_model_load_from_path(&model, &cfg, path.c_str());
    std::string message = testing::internal::GetCapturedStderr();
    EXPECT_EQ(model, nullptr);
    vmaf_model_destroy(model);
    EXPECT_NE(message.find(path), std::string::npos) << "the message should name the file: " << message;
    return {err, message};
}

struct TempDir {
    fs::path dir;
    TempDir()
    {
        char tmpl[] = "/tmp/vmaf_model_hostileXXXXXX";
        dir = mkdtemp(tmpl);
    }
    ~TempDir() { fs::remove_all(dir); }
};

LoadResult load_text(const std::string &text)
{
    TempDir tmp;
    const fs::path path = tmp.dir / "model.json";
    std::ofstream(path, std::ios::binary) << text;
    return load_path(path.string());
}

// Refused with -EINVAL, a message that names `problem`, and no more than a
// few lines of text, however large the value.
void expect_short_refusal(const std::string &text, const std::string &problem)
{
    const auto [err, message] = load_text(text);
    EXPECT_EQ(err, -EINVAL) << message.substr(0, kMessageBound);
    EXPECT_NE(message.find(problem), std::string::npos)
        << "expected '" << problem << "' in: " << message.substr(0, kMessageBound);
    EXPECT_LT(message.size(), kMessageBound) << message.substr(0, kMessageBound) << "...";
}

std::string nested_arrays(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(HostileModel, DeeplyNestedModelTypeIsRefusedNotOverflowed)
{
    expect_short_refusal(edited("\"LIBSVMNUSVR\"", nested_arrays(100000)),
                         "'model_type' must be a string (LIBSVMNUSVR, BOOTSTRAP_LIBSVMNUSVR, "
                         "RESIDUEBOOTSTRAP_LIBSVMNUSVR), is an array");
}

TEST(HostileModel, DeeplyNestedNormTypeIsRefusedNotOverflowed)
{
    expect_short_refusal(edited("\"linear_rescale\"", nested_arrays(100000)),
                         "'norm_type' must be a string (linear_rescale, none), is an array");
}

TEST(HostileModel, DeeplyNestedObjectsAreRefused)
{
    std::string objects;
    for (int i = 0; i < 100000; i++) objects += "{\"a\":";
    objects += "1" + std::string(100000, '}');
    expect_short_refusal(edited("\"linear_rescale\"", objects), "'norm_type' must be a string");
}

TEST(HostileModel, LongValuesAreQuotedShort)
{
    const std::string huge(120000, 'Z');
    expect_short_refusal(edited("\"LIBSVMNUSVR\"", "\"" + huge + "\""), "unknown model_type \"ZZZZ");
    expect_short_refusal(edited("\"linear_rescale\"", "\"" + huge + "\""), "unknown norm_type \"ZZZZ");
    expect_short_refusal(edited("\"VMAF_integer_feature_adm2_score\"", "\"" + huge + "\""),
                         "unknown feature 'ZZZZ");
    expect_short_refusal(edited("nu_svr", huge), "svm_type 'ZZZZ");
    expect_short_refusal(edited("\"feature_names\"", "\"" + huge + "\x01\""), "malformed JSON");
}

TEST(HostileModel, AFileLargerThanAnyModelIsRefused)
{
    TempDir tmp;
    const fs::path path = tmp.dir / "sparse.json";
    { std::ofstream(path) << ""; }
    fs::resize_file(path, kModelFileLimit + 1);
    const auto [err, message] = load_path(path.string());
    EXPECT_EQ(err, -EFBIG) << message;
    EXPECT_NE(message.find("more than 32 MiB"), std::string::npos) << message;
}

TEST(HostileModel, EndlessDevicesAreRefused)
{
    for (const char *device : {"/dev/zero", "/dev/urandom"}) {
        if (access(device, R_OK) != 0) continue;
        const auto [err, message] = load_path(device);
        EXPECT_EQ(err, -EFBIG) << device << ": " << message;
        EXPECT_LT(message.size(), kMessageBound) << device;
    }
}

} // namespace
