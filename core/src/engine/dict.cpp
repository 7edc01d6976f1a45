#include "engine/dict.h"

#include <cerrno>

#include "base/guarded.h"

extern "C" int vmaf_feature_dictionary_set(VmafFeatureDictionary **dict, const char *key,
                                           const char *val)
{
    if (!dict || !key || !val) return -EINVAL;
    return vmaf::guarded("vmaf_feature_dictionary_set", [&] {
        if (!*dict) *dict = new VmafFeatureDictionary;
        for (auto &[k, v] : (*dict)->entries) {
            if (k == key) {
                v = val;
                return 0;
            }
        }
        (*dict)->entries.emplace_back(key, val);
        return 0;
    });
}

extern "C" int vmaf_feature_dictionary_free(VmafFeatureDictionary **dict)
{
    if (!dict) return -EINVAL;
    delete *dict;
    *dict = nullptr;
    return 0;
}
