/*
 * glicko2.c: the steps of Glickman's worked description, on the Glicko-2
 * scale (mu, phi) internally and the Glicko scale (r, RD) outside.
 */
#include "util/glicko2.h"

#include <math.h>

/* The factor between the two scales (400 / ln 10). */
#define SCALE 173.7178
/* When the volatility search stops. */
#define VOL_EPSILON 0.000001

typedef struct scaled {
    double mu, phi;
} scaled;

static scaled to_scaled(glicko2_rating r)
{
    return (scaled){(r.rating - GLICKO2_START_RATING) / SCALE, r.rd / SCALE};
}

/* Weighs an opponent's result by how sure their rating is. */
static double g_of(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

static double expected_score(double mu, double mu_j, double phi_j)
{
    return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

glicko2_rating glicko2_start(void)
{
    return (glicko2_rating){GLICKO2_START_RATING, GLICKO2_START_RD, GLICKO2_START_VOL};
}

double glicko2_expected(glicko2_rating a, glicko2_rating b)
{
    scaled x = to_scaled(a), y = to_scaled(b);
    return expected_score(x.mu, y.mu, sqrt(x.phi * x.phi + y.phi * y.phi));
}

/* The function whose root is the new volatility's log-square (step 5). */
typedef struct vol_problem {
    double delta2, phi2, v, a, tau2;
} vol_problem;

static double vol_f(const vol_problem *p, double x)
{
    double ex = exp(x);
    double d = p->phi2 + p->v + ex;
    return ex * (p->delta2 - p->phi2 - p->v - ex) / (2.0 * d * d) - (x - p->a) / p->tau2;
}

/* The new volatility, by the Illinois variant of regula falsi. */
static double new_volatility(double sigma, double phi, double v, double delta, double tau)
{
    vol_problem p = {delta * delta, phi * phi, v, log(sigma * sigma), tau * tau};
    double A = p.a, B;
    if (p.delta2 > p.phi2 + p.v) {
        B = log(p.delta2 - p.phi2 - p.v);
    } else {
        int k = 1;
        while (vol_f(&p, p.a - k * tau) < 0)
            k++;
        B = p.a - k * tau;
    }
    double fA = vol_f(&p, A), fB = vol_f(&p, B);
    while (fabs(B - A) > VOL_EPSILON) {
        double C = A + (A - B) * fA / (fB - fA);
        double fC = vol_f(&p, C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2.0;
        }
        B = C;
        fB = fC;
    }
    return exp(A / 2.0);
}

glicko2_rating glicko2_rate(glicko2_rating player, const glicko2_game *games, size_t n,
                            double tau)
{
    scaled me = to_scaled(player);
    if (n == 0) {
        /* A period without games: only the deviation grows. */
        double phi_star = sqrt(me.phi * me.phi + player.vol * player.vol);
        return (glicko2_rating){player.rating, phi_star * SCALE, player.vol};
    }

    double inv_v = 0.0, sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        scaled o = to_scaled(games[i].opponent);
        double g = g_of(o.phi);
        double e = expected_score(me.mu, o.mu, o.phi);
        inv_v += g * g * e * (1.0 - e);
        sum += g * (games[i].score - e);
    }
    double v = 1.0 / inv_v;
    double delta = v * sum;

    double vol = new_volatility(player.vol, me.phi, v, delta, tau);
    double phi_star = sqrt(me.phi * me.phi + vol * vol);
    double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu_new = me.mu + phi_new * phi_new * sum;
    return (glicko2_rating){GLICKO2_START_RATING + SCALE * mu_new, SCALE * phi_new, vol};
}
