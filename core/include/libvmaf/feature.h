/* Options for a feature extractor, as key/value strings. */
#ifndef VMAF_FEATURE_H
#define VMAF_FEATURE_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafFeatureDictionary VmafFeatureDictionary;

/* Creates *dict when it is NULL; a key set twice keeps the last value. */
int vmaf_feature_dictionary_set(VmafFeatureDictionary **dict, const char *key,
                                const char *val);

int vmaf_feature_dictionary_free(VmafFeatureDictionary **dict);

#ifdef __cplusplus
}
#endif

#endif
