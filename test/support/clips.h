// Test clips from ../shared/clips, decompressed once into the build tree.
#pragma once

#include <string>
#include <vector>

namespace vmaf::test {

// The clip names of ../shared/clips/MANIFEST.tsv.
const std::vector<std::string> &clip_names();

// The clips that have a golden NAME/VARIANT.json.
std::vector<std::string> clips_with_variant(const std::string &variant);

// Path of NAME_ref.y4m or NAME_dis.y4m (side "ref" or "dis"), decompressed.
std::string clip_path(const std::string &name, const std::string &side);

// The shared folder (clips/, golden/): $VMAF_TEST_SHARED_DIR, else the
// meson option shared_dir. Decompressed clips go to $VMAF_TEST_WORK_DIR,
// else the build tree.
std::string shared_dir();

} // namespace vmaf::test
