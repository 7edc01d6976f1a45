// Writers: the reference's own main.{json,xml,csv,sub} for vtest_576x324,
// rebuilt from its per-frame values, must come out the same.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/output.h"
#include "support/clips.h"
#include "support/golden.h"

namespace {

const std::string kClip = "vtest_576x324_420p8";

std::string read_file(const std::string &path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> lines_of(const std::string &text)
{
    std::vector<std::string> out;
    std::stringstream s(text);
    for (std::string line; std::getline(s, line);) out.push_back(line);
    return out;
}

class Writers : public ::testing::Test {
protected:
    void SetUp() override
    {
        // Ordered, so that keys are imported in the reference's order.
        std::ifstream in(vmaf::test::shared_dir() + "/golden/" + kClip + "/main.json");
        golden = nlohmann::ordered_json::parse(in);
        VmafConfiguration cfg{};
        ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
        for (const auto &f : golden.at("frames")) {
            const unsigned i = f.at("frameNum").get<unsigned>();
            for (const auto &[k, v] : f.at("metrics").items())
                ASSERT_EQ(vmaf_import_feature_score(ctx, k.c_str(), v.get<double>(), i), 0);
        }
    }
    void TearDown() override { vmaf_close(ctx); }
    std::string golden_text(const char *ext)
    {
        return read_file(vmaf::test::shared_dir() + "/golden/" + kClip + "/main." + ext);
    }
    VmafContext *ctx = nullptr;
    nlohmann::ordered_json golden;
    const vmaf::OutputInfo info{1, 0.0};
};

TEST_F(Writers, CsvIsTheReferenceText)
{
    EXPECT_EQ(vmaf::write_csv(*ctx, info), golden_text("csv"));
}

TEST_F(Writers, SubIsTheReferenceText)
{
    EXPECT_EQ(vmaf::write_sub(*ctx, info), golden_text("sub"));
}

TEST_F(Writers, XmlFramesAreTheReferenceTextAndPooledValuesAgree)
{
    const auto got = lines_of(vmaf::write_xml(*ctx, info));
    const auto want = lines_of(golden_text("xml"));
    ASSERT_EQ(got.size(), want.size());
    EXPECT_EQ(got[0], want[0]); // <VMAF version=...>
    for (size_t i = 0; i < got.size(); i++) {
        const bool frame_or_tag = want[i].find("<frame ") != std::string::npos ||
                                  want[i].find("frames>") != std::string::npos ||
                                  want[i].find("aggregate_metrics") != std::string::npos ||
                                  want[i] == "</VMAF>";
        if (frame_or_tag) {
            EXPECT_EQ(got[i], want[i]);
        } else if (want[i].find("<metric ") != std::string::npos) {
            EXPECT_EQ(got[i].substr(0, got[i].find(" min=")), want[i].substr(0, want[i].find(" min=")));
        }
    }
}

TEST_F(Writers, JsonHasTheReferenceShapeAndValues)
{
    const auto got = nlohmann::ordered_json::parse(vmaf::write_json(*ctx, info));
    EXPECT_EQ(got.at("version"), golden.at("version"));
    ASSERT_EQ(got.at("frames").size(), golden.at("frames").size());
    for (size_t i = 0; i < got.at("frames").size(); i++) {
        const auto &g = got.at("frames")[i], &w = golden.at("frames")[i];
        EXPECT_EQ(g.at("frameNum"), w.at("frameNum"));
        ASSERT_EQ(g.at("metrics").size(), w.at("metrics").size());
        for (const auto &[k, v] : w.at("metrics").items())
            EXPECT_EQ(g.at("metrics").at(k).get<double>(), v.get<double>()) << k;
    }
    const auto &gp = got.at("pooled_metrics"), &wp = golden.at("pooled_metrics");
    ASSERT_EQ(gp.size(), wp.size());
    for (const auto &[k, methods] : wp.items()) {
        ASSERT_TRUE(gp.contains(k)) << k;
        ASSERT_EQ(gp.at(k).size(), 4u);
        // Pooled from 6-decimal values, so within their rounding.
        for (const auto &[m, v] : methods.items())
            EXPECT_NEAR(gp.at(k).at(m).get<double>(), v.get<double>(), 1e-6) << k << " " << m;
    }
    EXPECT_TRUE(got.at("aggregate_metrics").empty());
    EXPECT_TRUE(got.contains("fps"));
}

TEST(FormatScore, SixDecimalsUnlessTheFractionIsTiny)
{
    EXPECT_EQ(vmaf::format_score(88.2323134), "88.232313");
    EXPECT_EQ(vmaf::format_score(0.0), "0.000000");
    EXPECT_EQ(vmaf::format_score(-1.5), "-1.500000");
    EXPECT_EQ(vmaf::format_score(3.0000000123), "3.0000000123000001");
    EXPECT_EQ(vmaf::format_score(1e-9), "0.0000000010000000");
}

TEST(WriteOutput, NonFiniteValuesAreJsonNull)
{
    VmafConfiguration cfg{};
    VmafContext *ctx = nullptr;
    ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
    ASSERT_EQ(vmaf_import_feature_score(ctx, "ciede2000", INFINITY, 0), 0);
    ASSERT_EQ(vmaf_import_feature_score(ctx, "psnr_y", 30.0, 0), 0);
    const std::string text = vmaf::write_json(*ctx, vmaf::OutputInfo{1, 0.0});
    // As the reference writes it: no newline after a per-frame null.
    EXPECT_NE(text.find("        \"ciede2000\": null,        \"psnr_y\": 30.000000\n      }"),
              std::string::npos)
        << text;
    const auto j = nlohmann::json::parse(text);
    EXPECT_TRUE(j.at("frames")[0].at("metrics").at("ciede2000").is_null());
    EXPECT_EQ(j.at("frames")[0].at("metrics").at("psnr_y").get<double>(), 30.0);
    vmaf_close(ctx);
}

TEST(WriteOutput, FileErrorsAreReportedAndNothingIsLeftBehind)
{
    VmafConfiguration cfg{};
    VmafContext *ctx = nullptr;
    ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
    ASSERT_EQ(vmaf_import_feature_score(ctx, "psnr_y", 30.0, 0), 0);
    EXPECT_EQ(vmaf_write_output(ctx, "/nonexistent-folder/out.xml", VMAF_OUTPUT_FORMAT_XML), -ENOENT);
    EXPECT_EQ(vmaf_write_output(ctx, "/tmp", VMAF_OUTPUT_FORMAT_XML), -EISDIR);
    EXPECT_EQ(vmaf_write_output(ctx, "/tmp/x.xml", VMAF_OUTPUT_FORMAT_NONE), -EINVAL);
    char dir[] = "/tmp/vmaf_outXXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    const std::string path = std::string(dir) + "/out.csv";
    ASSERT_EQ(vmaf_write_output(ctx, path.c_str(), VMAF_OUTPUT_FORMAT_CSV), 0);
    EXPECT_EQ(read_file(path), "Frame,psnr_y,\n0,30.000000,\n");
    std::remove(path.c_str());

    // A link is written through, never replaced by a file.
    const std::string real = std::string(dir) + "/real.csv", link = std::string(dir) + "/link.csv";
    ASSERT_EQ(symlink(real.c_str(), link.c_str()), 0);
    ASSERT_EQ(vmaf_write_output(ctx, link.c_str(), VMAF_OUTPUT_FORMAT_CSV), 0);
    char target[256] = {};
    EXPECT_GT(readlink(link.c_str(), target, sizeof(target) - 1), 0);
    EXPECT_EQ(read_file(real), "Frame,psnr_y,\n0,30.000000,\n");
    std::remove(link.c_str());
    std::remove(real.c_str());
    EXPECT_EQ(rmdir(dir), 0); // no temporary file left
    vmaf_close(ctx);
}

// The temporary file is created exclusively under a name no one can plant
// in advance: a link at the name the writer once used (".NAME.tmp-PID")
// is neither written through nor becomes the report.
TEST(WriteOutput, PlantedLinkIsNeverWrittenThrough)
{
    VmafConfiguration cfg{};
    VmafContext *ctx = nullptr;
    ASSERT_EQ(vmaf_init(&ctx, cfg), 0);
    ASSERT_EQ(vmaf_import_feature_score(ctx, "psnr_y", 30.0, 0), 0);
    char dir[] = "/tmp/vmaf_outXXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    const std::string victim = std::string(dir) + "/victim", out = std::string(dir) + "/out.csv";
    const std::string planted = std::string(dir) + "/.out.csv.tmp-" + std::to_string(getpid());
    std::ofstream(victim) << "precious";
    ASSERT_EQ(symlink(victim.c_str(), planted.c_str()), 0);
    ASSERT_EQ(vmaf_write_output(ctx, out.c_str(), VMAF_OUTPUT_FORMAT_CSV), 0);
    EXPECT_EQ(read_file(victim), "precious");
    struct stat st;
    ASSERT_EQ(lstat(out.c_str(), &st), 0);
    EXPECT_TRUE(S_ISREG(st.st_mode));
    EXPECT_EQ(read_file(out), "Frame,psnr_y,\n0,30.000000,\n");
    // A new report gets the mode the umask gives a new file.
    const mode_t mask = umask(022);
    umask(mask);
    EXPECT_EQ(st.st_mode & 0777, 0666 & ~mask);
    for (const auto &f : {victim, out, planted}) std::remove(f.c_str());
    EXPECT_EQ(rmdir(dir), 0);
    vmaf_close(ctx);
}

// An existing writable report in a folder that cannot take a temporary file
// is rewritten in place. The write runs in a child without root's rights
// (root may create files in any folder).
TEST(WriteOutput, WritableFileInReadOnlyFolderIsRewrittenInPlace)
{
    char dir[] = "/tmp/vmaf_roXXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    const std::string out = std::string(dir) + "/out.csv";
    std::ofstream(out) << "old report";
    ASSERT_EQ(chmod(out.c_str(), 0666), 0);
    ASSERT_EQ(chmod(dir, geteuid() == 0 ? 0755 : 0555), 0);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(2);
        VmafConfiguration cfg{};
        VmafContext *ctx = nullptr;
        if (vmaf_init(&ctx, cfg) || vmaf_import_feature_score(ctx, "psnr_y", 30.0, 0)) _exit(3);
        const int err = vmaf_write_output(ctx, out.c_str(), VMAF_OUTPUT_FORMAT_CSV);
        vmaf_close(ctx);
        _exit(err == 0 ? 0 : 4);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;
    EXPECT_EQ(read_file(out), "Frame,psnr_y,\n0,30.000000,\n");
    ASSERT_EQ(chmod(dir, 0700), 0);
    std::remove(out.c_str());
    EXPECT_EQ(rmdir(dir), 0); // nothing else was left in the folder
}

} // namespace
