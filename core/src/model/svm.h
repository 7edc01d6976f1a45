// The libsvm regression inside a model: parsed from libsvm's text format
// into storage we own, evaluated by libsvm's svm_predict.
#pragma once

#include <libsvm/svm.h>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vmaf::model {

class Svm {
public:
    // Parses libsvm's model text. Returns false with `error` saying which
    // line is wrong; a model whose feature indices exceed `n_features` or
    // whose numbers are not finite is refused.
    bool parse(std::string_view text, size_t n_features, std::string &error);

    // `x` holds the normalized features in model order.
    double predict(std::span<const double> x) const;

    Svm() = default;
    Svm(const Svm &) = delete;
    Svm &operator=(const Svm &) = delete;

private:
    void link();

    svm_model model_{};
    // One run of nodes per support vector, each ended by index -1; model_.SV
    // points into it.
    std::vector<svm_node> nodes_;
    std::vector<size_t> sv_start_;
    std::vector<svm_node *> sv_;
    std::vector<double> coef_;
    double *coef_rows_[1] = {nullptr};
    double rho_ = 0;
};

} // namespace vmaf::model
