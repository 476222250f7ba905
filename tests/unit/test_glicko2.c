#include <criterion/criterion.h>
#include <math.h>

#include "util/glicko2.h"

static glicko2_rating rating(double r, double rd, double vol)
{
    return (glicko2_rating){r, rd, vol};
}

/* Glickman's "Example of the Glicko-2 system": a 1500 player (RD 200,
 * volatility 0.06) beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a
 * 1700 (RD 300), with tau 0.5. The paper's answer: 1464.06, 151.52, 0.05999. */
Test(glicko2, glickmans_worked_example)
{
    glicko2_game games[] = {
        {rating(1400, 30, 0.06), 1.0},
        {rating(1550, 100, 0.06), 0.0},
        {rating(1700, 300, 0.06), 0.0},
    };
    glicko2_rating after = glicko2_rate(rating(1500, 200, 0.06), games, 3, 0.5);
    cr_assert_float_eq(after.rating, 1464.06, 0.01, "rating %.4f", after.rating);
    cr_assert_float_eq(after.rd, 151.52, 0.01, "RD %.4f", after.rd);
    cr_assert_float_eq(after.vol, 0.05999, 0.00001, "volatility %.7f", after.vol);
}

Test(glicko2, a_period_without_games_only_widens_the_deviation)
{
    glicko2_rating before = rating(1620, 80, 0.06);
    glicko2_rating after = glicko2_rate(before, NULL, 0, GLICKO2_TAU);
    cr_assert_eq(after.rating, before.rating);
    cr_assert_eq(after.vol, before.vol);
    cr_assert_float_eq(after.rd, sqrt(80.0 * 80.0 + pow(0.06 * 173.7178, 2)), 1e-9);
}

Test(glicko2, beating_a_stronger_player_gains_more_than_beating_a_weaker)
{
    glicko2_rating me = glicko2_start();
    glicko2_game strong = {rating(1800, 60, 0.06), 1.0};
    glicko2_game weak = {rating(1200, 60, 0.06), 1.0};
    double up_strong = glicko2_rate(me, &strong, 1, GLICKO2_TAU).rating - me.rating;
    double up_weak = glicko2_rate(me, &weak, 1, GLICKO2_TAU).rating - me.rating;
    cr_assert_gt(up_weak, 0.0);
    cr_assert_gt(up_strong, up_weak);
}

Test(glicko2, a_draw_between_equals_moves_nobody_and_narrows_both)
{
    glicko2_rating a = rating(1500, 200, 0.06);
    glicko2_game draw = {a, 0.5};
    glicko2_rating after = glicko2_rate(a, &draw, 1, GLICKO2_TAU);
    cr_assert_float_eq(after.rating, 1500.0, 1e-9);
    cr_assert_lt(after.rd, 200.0);
}

Test(glicko2, a_win_and_a_loss_are_mirror_images)
{
    glicko2_rating a = glicko2_start(), b = rating(1500, 350, 0.06);
    glicko2_game win = {b, 1.0}, loss = {a, 0.0};
    glicko2_rating wa = glicko2_rate(a, &win, 1, GLICKO2_TAU);
    glicko2_rating lb = glicko2_rate(b, &loss, 1, GLICKO2_TAU);
    cr_assert_float_eq(wa.rating - 1500.0, 1500.0 - lb.rating, 1e-9);
}

Test(glicko2, expected_score_is_even_between_equals_and_favours_the_stronger)
{
    glicko2_rating a = rating(1700, 50, 0.06), b = rating(1500, 50, 0.06);
    cr_assert_float_eq(glicko2_expected(b, b), 0.5, 1e-12);
    cr_assert_gt(glicko2_expected(a, b), 0.7);
    cr_assert_float_eq(glicko2_expected(a, b) + glicko2_expected(b, a), 1.0, 1e-12);
}
