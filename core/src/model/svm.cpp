#include "model/svm.h"

#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <optional>

#include "base/excerpt.h"

namespace vmaf::model {

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// Splits off the next blank-separated token of `s`.
std::string_view next_token(std::string_view &s)
{
    s = trim(s);
    size_t end = 0;
    while (end < s.size() && s[end] != ' ' && s[end] != '\t') end++;
    const std::string_view token = s.substr(0, end);
    s.remove_prefix(end);
    return token;
}

// from_chars: exact, and independent of the process locale.
std::optional<double> to_double(std::string_view s)
{
    double v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

std::optional<long> to_long(std::string_view s)
{
    long v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
    return v;
}

struct Header {
    std::optional<int> svm_type, kernel_type;
    std::optional<long> total_sv, nr_class;
    std::optional<double> rho;
    double gamma = 0, coef0 = 0;
    long degree = 3;
};

// One "key value" line before "SV"; returns an error text or "".
std::string header_line(std::string_view line, Header &h)
{
    const std::string_view key = next_token(line);
    const std::string_view value = trim(line);
    auto number = [&](auto parse, auto &out) -> std::string {
        const auto v = parse(value);
        if (!v) return fmt::format("'{}' has a bad value '{}'", key, excerpt(value));
        out = *v;
        return {};
    };
    if (key == "svm_type") {
        if (value == "nu_svr") h.svm_type = NU_SVR;
        else if (value == "epsilon_svr") h.svm_type = EPSILON_SVR;
        else return fmt::format("svm_type '{}' is not a regression (nu_svr, epsilon_svr)", excerpt(value));
        return {};
    }
    if (key == "kernel_type") {
        if (value == "linear") h.kernel_type = LINEAR;
        else if (value == "polynomial") h.kernel_type = POLY;
        else if (value == "rbf") h.kernel_type = RBF;
        else if (value == "sigmoid") h.kernel_type = SIGMOID;
        else return fmt::format("unknown kernel_type '{}'", excerpt(value));
        return {};
    }
    if (key == "gamma") return number(to_double, h.gamma);
    if (key == "coef0") return number(to_double, h.coef0);
    if (key == "degree") return number(to_long, h.degree);
    if (key == "nr_class") {
        long n = 0;
        if (auto e = number(to_long, n); !e.empty()) return e;
        h.nr_class = n;
        return {};
    }
    if (key == "total_sv") {
        long n = 0;
        if (auto e = number(to_long, n); !e.empty()) return e;
        if (n <= 0) return fmt::format("total_sv must be positive, is {}", n);
        h.total_sv = n;
        return {};
    }
    if (key == "rho") {
        double r = 0;
        if (auto e = number(to_double, r); !e.empty()) return e;
        h.rho = r;
        return {};
    }
    // Classification-only fields that regressions carry nothing useful in.
    if (key == "label" || key == "nr_sv" || key == "probA" || key == "probB") return {};
    return fmt::format("unknown field '{}'", excerpt(key));
}

} // namespace

bool Svm::parse(std::string_view text, size_t n_features, std::string &error)
{
    Header h;
    size_t line_no = 0;
    bool in_sv = false;
    nodes_.clear();
    sv_start_.clear();
    coef_.clear();

    while (!text.empty()) {
        const size_t nl = text.find('\n');
        const std::string_view raw = text.substr(0, nl);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        line_no++;
        std::string_view line = trim(raw);
        if (line.empty()) continue;
        const auto fail = [&](const std::string &what) {
            error = fmt::format("SVM line {}: {}", line_no, what);
            return false;
        };

        if (!in_sv) {
            if (line == "SV") {
                in_sv = true;
                continue;
            }
            if (auto e = header_line(line, h); !e.empty()) return fail(e);
            continue;
        }

        const auto coef = to_double(next_token(line));
        if (!coef) return fail("a support vector must start with a finite coefficient");
        coef_.push_back(*coef);
        sv_start_.push_back(nodes_.size());
        long last = 0;
        for (std::string_view tok = next_token(line); !tok.empty(); tok = next_token(line)) {
            const size_t colon = tok.find(':');
            if (colon == std::string_view::npos)
                return fail(fmt::format("'{}' is not index:value", excerpt(tok)));
            const auto index = to_long(tok.substr(0, colon));
            const auto value = to_double(tok.substr(colon + 1));
            if (!index || !value)
                return fail(fmt::format("'{}' is not index:value with a finite value", excerpt(tok)));
            if (*index <= last || *index > static_cast<long>(n_features))
                return fail(fmt::format("feature index {} is out of order or beyond the model's {} features",
                                        *index, n_features));
            last = *index;
            nodes_.push_back(svm_node{static_cast<int>(*index), *value});
        }
        nodes_.push_back(svm_node{-1, 0.0});
    }

    const auto fail = [&](const std::string &what) {
        error = fmt::format("SVM: {}", what);
        return false;
    };
    if (!h.svm_type) return fail("no svm_type");
    if (!h.kernel_type) return fail("no kernel_type");
    if (!h.rho) return fail("no rho");
    if (!h.total_sv) return fail("no total_sv");
    if (h.nr_class && *h.nr_class != 2) return fail(fmt::format("nr_class is {}, a regression has 2", *h.nr_class));
    if (!in_sv) return fail("no 'SV' line before the support vectors");
    if (coef_.size() != static_cast<size_t>(*h.total_sv))
        return fail(fmt::format("total_sv says {} support vectors but {} follow", *h.total_sv, coef_.size()));

    model_ = svm_model{};
    model_.param.svm_type = *h.svm_type;
    model_.param.kernel_type = *h.kernel_type;
    model_.param.degree = static_cast<int>(h.degree);
    model_.param.gamma = h.gamma;
    model_.param.coef0 = h.coef0;
    model_.nr_class = 2;
    model_.l = static_cast<int>(coef_.size());
    rho_ = *h.rho;
    link();
    return true;
}

void Svm::link()
{
    sv_.resize(sv_start_.size());
    for (size_t i = 0; i < sv_.size(); i++) sv_[i] = &nodes_[sv_start_[i]];
    coef_rows_[0] = coef_.data();
    model_.SV = sv_.data();
    model_.sv_coef = coef_rows_;
    model_.rho = &rho_;
    // Storage is ours: libsvm must never free it.
    model_.free_sv = 0;
}

double Svm::predict(std::span<const double> x) const
{
    std::vector<svm_node> query(x.size() + 1);
    for (size_t i = 0; i < x.size(); i++) query[i] = svm_node{static_cast<int>(i + 1), x[i]};
    query[x.size()] = svm_node{-1, 0.0};
    return svm_predict(&model_, query.data());
}

} // namespace vmaf::model
