#include "hip/runtime/fault_injection.h"

#include <atomic>
#include <cstdlib>
#include <string>

#include "base/log.h"

namespace vmaf::hip {

namespace {

struct Fault {
    unsigned long long at = 0; // the call that fails first (1-based)
    hipError_t error = hipSuccess;
    bool sticky = false; // every call from `at` on fails
    unsigned state = 0;  // the state (1-based) whose making arms it; 0: each
};

std::atomic<unsigned long long> calls{0};
std::atomic<unsigned long long> fault_at{0};
std::atomic<int> fault_error{hipSuccess};
std::atomic<bool> fault_sticky{false};
std::atomic<unsigned> states_made{0};
std::atomic<bool> malformed_logged{false};

bool parse_count(const std::string &text, unsigned long long &n)
{
    if (text.empty()) return false;
    n = 0;
    for (const char c : text) {
        if (c < '0' || c > '9' || n > (~0ull - 9) / 10) return false;
        n = n * 10 + static_cast<unsigned>(c - '0');
    }
    return true;
}

// VMAF_HIP_FAULT's text as a fault; false where it is malformed.
bool fault_from_text(const std::string &text, Fault &fault)
{
    const size_t colon = text.find(':');
    if (colon == std::string::npos) return false;
    const size_t second = text.find(':', colon + 1);
    const std::string kind = text.substr(colon + 1, second == std::string::npos
                                                        ? std::string::npos
                                                        : second - colon - 1);
    Fault f;
    unsigned long long state = 0;
    if (!parse_count(text.substr(0, colon), f.at) || f.at == 0) return false;
    if (second != std::string::npos &&
        (!parse_count(text.substr(second + 1), state) || state == 0 || state > ~0u))
        return false;
    f.state = static_cast<unsigned>(state);
    if (kind == "oom") {
        f.error = hipErrorOutOfMemory;
    } else if (kind == "launch") {
        f.error = hipErrorLaunchFailure;
    } else if (kind == "illegal") {
        f.error = hipErrorIllegalAddress;
        f.sticky = true;
    } else if (kind == "lost") {
        f.error = hipErrorNoDevice;
        f.sticky = true;
    } else {
        return false;
    }
    fault = f;
    return true;
}

void set_fault(const Fault &fault)
{
    fault_at = 0;
    calls = 0;
    fault_error = fault.error;
    fault_sticky = fault.sticky;
    fault_at = fault.at;
}

} // namespace

void arm_fault_for_new_state()
{
    const unsigned made = ++states_made;
    // A fault is the state's it was armed for: a sticky one must not fail
    // the next state's calls (a later pair of a batch), nor one fault fire
    // again in a state it was not meant for.
    fault_at = 0;
    const char *text = std::getenv("VMAF_HIP_FAULT");
    if (!text || !*text) return;
    Fault fault;
    if (!fault_from_text(text, fault)) {
        if (!malformed_logged.exchange(true))
            log_error("VMAF_HIP_FAULT='{}' is not N:oom, N:launch, N:illegal or N:lost, "
                      "optionally :S (N and S from 1); no fault is injected",
                      text);
        return;
    }
    if (fault.state == 0 || fault.state == made) set_fault(fault);
}

hipError_t injected_error()
{
    const unsigned long long n = ++calls;
    const unsigned long long at = fault_at;
    if (at == 0 || n < at || (n > at && !fault_sticky)) return hipSuccess;
    return static_cast<hipError_t>(fault_error.load());
}

} // namespace vmaf::hip
