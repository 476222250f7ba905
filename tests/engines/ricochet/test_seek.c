/* test_seek.c: the bots' bounded search. Every answer it gives is legal
 * under the round's rules and solves the round; it is never shorter than
 * the solver's optimum, and with room enough it finds the optimum of short
 * puzzles; its limits (helpers, depth, positions) hold. */
#include <string.h>

#include "table_support.h"

/* Replays moves from the round's start; true if every one is legal and the
 * last solves. */
static bool solves(const game *g, const ricochet_move *moves, int n)
{
    ricochet_round r = *ricochet_round_of(g);
    ricochet_round_reset(&r);
    for (int i = 0; i < n; i++) {
        char why[200];
        if (ricochet_round_move(&r, ricochet_board_of(g), moves[i].robot, moves[i].dir, NULL, why,
                                sizeof why) < 0)
            return false;
    }
    return r.solved;
}

static int helpers_used(const game *g, const ricochet_move *moves, int n)
{
    const ricochet_round *r = ricochet_round_of(g);
    int h = 0;
    for (int i = 0; i < n; i++)
        h += !ricochet_round_is_active(r, moves[i].robot);
    return h;
}

Test(seek, answers_are_legal_and_never_beat_the_optimum, .timeout = 120)
{
    const ricochet_seek_limits limits[] = {{0, 8, 2000}, {1, 10, 8000}, {2, 12, 50000}};
    int answered = 0, optimal = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        const char *options = seed % 4 == 0 ? "{\"ricochet_rule\":false}"
                              : seed % 4 == 1 ? "{\"silver\":true}" : NULL;
        game *g = rt_new(options, 2, seed);
        json_decref(rt_solve(g, 0));
        const ricochet_optimum *o = ricochet_optimum_of(g);
        for (size_t l = 0; l < sizeof limits / sizeof *limits; l++) {
            ricochet_move moves[RICOCHET_MAX_MOVES];
            int n = ricochet_seek(ricochet_board_of(g), ricochet_round_of(g), &limits[l], NULL, moves);
            if (n < 0)
                continue;
            answered++;
            cr_assert(solves(g, moves, n), "seed %llu limits %zu: the answer does not solve",
                      (unsigned long long)seed, l);
            cr_assert_leq(n, limits[l].max_depth);
            if (ricochet_round_of(g)->active != RICOCHET_ANY)
                cr_assert_leq(helpers_used(g, moves, n), limits[l].helpers);
            if (o->known == RICOCHET_KNOWN_OPTIMUM) {
                cr_assert_geq(n, o->nmoves, "seed %llu: shorter than the optimum", (unsigned long long)seed);
                optimal += n == o->nmoves;
            }
        }
        RT->destroy(g);
    }
    cr_assert_gt(answered, 60);
    cr_assert_gt(optimal, 30);
}

Test(seek, with_room_enough_it_finds_the_optimum_of_short_puzzles, .timeout = 120)
{
    int checked = 0;
    for (uint64_t seed = 1; seed <= 80 && checked < 15; seed++) {
        game *g = rt_new(NULL, 2, seed);
        json_decref(rt_solve(g, 0));
        const ricochet_optimum *o = ricochet_optimum_of(g);
        if (o->known == RICOCHET_KNOWN_OPTIMUM && o->nmoves <= 4) {
            const ricochet_seek_limits all = {3, 4, 400000};
            ricochet_move moves[RICOCHET_MAX_MOVES];
            int n = ricochet_seek(ricochet_board_of(g), ricochet_round_of(g), &all, NULL, moves);
            cr_assert_eq(n, o->nmoves, "seed %llu: %d moves, the optimum is %d", (unsigned long long)seed,
                         n, o->nmoves);
            checked++;
        }
        RT->destroy(g);
    }
    cr_assert_gt(checked, 5);
}

Test(seek, too_small_a_budget_finds_nothing)
{
    game *g = rt_new(NULL, 2, 3);
    const ricochet_seek_limits none = {1, 0, 1000}, tiny = {1, 12, 1};
    ricochet_move moves[RICOCHET_MAX_MOVES];
    cr_assert_eq(ricochet_seek(ricochet_board_of(g), ricochet_round_of(g), &none, NULL, moves), -1);
    cr_assert_eq(ricochet_seek(ricochet_board_of(g), ricochet_round_of(g), &tiny, NULL, moves), -1);
    RT->destroy(g);
}
