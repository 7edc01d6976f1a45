// What adm and its HIP twin read from their setup, checked the same way.
#pragma once

#include "extractor/extractor.h"
#include "feature/adm/adm_compute.h"
#include "feature/adm/adm_extractor.h"

namespace vmaf::adm {

// The parameters and output options of adm's option values; -EINVAL, with a
// message starting with `name`, for pictures or viewing conditions that
// integer ADM cannot score.
int read_setup(const VmafExtractorSetup &setup, const char *name, IntegerAdmParams *params,
               AdmOutput *output);

} // namespace vmaf::adm
