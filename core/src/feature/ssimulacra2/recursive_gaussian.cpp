#include "feature/ssimulacra2/recursive_gaussian.h"

#include <cmath>

namespace vmaf::ssimulacra2 {

RecursiveGaussian recursive_gaussian(double sigma)
{
    constexpr double pi = 3.141592653589793238;
    const double radius = std::round(static_cast<float>(3.2795 * sigma + 0.2546));
    const double pi_div_2r = pi / (2.0 * radius);
    const double omega[3] = {pi_div_2r, 3.0 * pi_div_2r, 5.0 * pi_div_2r};
    const double p1 = +1.0 / std::tan(0.5 * omega[0]);
    const double p3 = -1.0 / std::tan(0.5 * omega[1]);
    const double p5 = +1.0 / std::tan(0.5 * omega[2]);
    const double r1 = +p1 * p1 / std::sin(omega[0]);
    const double r3 = -p3 * p3 / std::sin(omega[1]);
    const double r5 = +p5 * p5 / std::sin(omega[2]);
    const double neg_half_sigma2 = -0.5 * sigma * sigma;
    const double recip_radius = 1.0 / radius;
    double rho[3];
    for (int i = 0; i < 3; i++) rho[i] = std::exp(neg_half_sigma2 * omega[i] * omega[i]) * recip_radius;
    const double d13 = p1 * r3 - r1 * p3;
    const double d35 = p3 * r5 - r3 * p5;
    const double d51 = p5 * r1 - r5 * p1;
    const double recip_d13 = 1.0 / d13;
    const double zeta15 = d35 * recip_d13;
    const double zeta35 = d51 * recip_d13;

    // beta = A^-1 gamma, A's inverse by cofactors over the determinant.
    const double a[3][3] = {{p1, p3, p5}, {r1, r3, r5}, {zeta15, zeta35, 1.0}};
    double inv[3][3];
    inv[0][0] = a[1][1] * a[2][2] - a[1][2] * a[2][1];
    inv[0][1] = a[0][2] * a[2][1] - a[0][1] * a[2][2];
    inv[0][2] = a[0][1] * a[1][2] - a[0][2] * a[1][1];
    inv[1][0] = a[1][2] * a[2][0] - a[1][0] * a[2][2];
    inv[1][1] = a[0][0] * a[2][2] - a[0][2] * a[2][0];
    inv[1][2] = a[0][2] * a[1][0] - a[0][0] * a[1][2];
    inv[2][0] = a[1][0] * a[2][1] - a[1][1] * a[2][0];
    inv[2][1] = a[0][1] * a[2][0] - a[0][0] * a[2][1];
    inv[2][2] = a[0][0] * a[1][1] - a[0][1] * a[1][0];
    const double det = a[0][0] * inv[0][0] + a[0][1] * inv[1][0] + a[0][2] * inv[2][0];
    const double idet = 1.0 / det;
    for (auto &row : inv)
        for (double &v : row) v *= idet;
    const double gamma[3] = {1.0, radius * radius - sigma * sigma, zeta15 * rho[0] + zeta35 * rho[1] + rho[2]};
    double beta[3];
    for (int y = 0; y < 3; y++) {
        double e = 0;
        for (int x = 0; x < 3; x++) e += inv[y][x] * gamma[x];
        beta[y] = e;
    }

    RecursiveGaussian g{};
    g.radius = static_cast<int>(radius);
    for (int i = 0; i < 3; i++) {
        const double n2 = -beta[i] * std::cos(omega[i] * (radius + 1.0));
        const double d1 = -2.0 * std::cos(omega[i]);
        const double d_2 = d1 * d1;
        g.n2[i] = static_cast<float>(n2);
        g.d1[i] = static_cast<float>(d1);
        // Four consecutive outputs of o = n i - d p - pp expanded in the
        // block's inputs and the two outputs before it.
        g.mul_prev[i][0] = static_cast<float>(-d1);
        g.mul_prev[i][1] = static_cast<float>(d_2 - 1.0);
        g.mul_prev[i][2] = static_cast<float>(-d_2 * d1 + 2.0 * d1);
        g.mul_prev[i][3] = static_cast<float>(d_2 * d_2 - 3.0 * d_2 + 1.0);
        g.mul_prev2[i][0] = -1.0f;
        g.mul_prev2[i][1] = static_cast<float>(d1);
        g.mul_prev2[i][2] = static_cast<float>(-d_2 + 1.0);
        g.mul_prev2[i][3] = static_cast<float>(d_2 * d1 - 2.0 * d1);
        const float in[4] = {static_cast<float>(n2), static_cast<float>(-d1 * n2),
                             static_cast<float>(d_2 * n2 - n2),
                             static_cast<float>(-d_2 * d1 * n2 + 2.0 * d1 * n2)};
        for (int j = 0; j < 4; j++)
            for (int l = 0; l < 4; l++) g.mul_in[i][j][l] = l >= j ? in[l - j] : 0.0f;
    }
    return g;
}

} // namespace vmaf::ssimulacra2
