/* test_bound.c: the solver's lower bound, the blocker test in it and the
 * helper-cost bound (ricochet_bound.c, asked for with limits.helper_bound)
 * never overestimate: against breadth-first optima, along optimal solutions
 * of the sample puzzles, and by solving with and without them.
 *
 * RICOCHET_BOUND_PUZZLES=N sets how many seeded puzzles are solved with and
 * without the helper-cost bound (default 1500, 150 under ASan); the issue's
 * full run is 26000. Built with RICOCHET_BOUND_BROKEN (the
 * ricochet-bound-broken test), the helper-cost bound overestimates on
 * purpose, and this suite must fail. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ricochet_test_util.h"

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static const ricochet_limits plain = {.no_blocker_test = true};
static const ricochet_limits helped = {.helper_bound = true};

/* The seeded puzzles compared with and without the helper-cost bound. */
static int compared_puzzles(void)
{
    const char *n = getenv("RICOCHET_BOUND_PUZZLES");
    if (n && *n)
        return atoi(n);
    return SANITIZED ? 150 : 1500;
}

/* A seeded random puzzle: rule, robot count and vortex vary with i. */
static void random_puzzle(rng *dice, int i, ricochet_board *b, ricochet_puzzle *p)
{
    int layout[4];
    ricochet_layout_random(dice, i % 3 ? "AB" : "ABC", layout);
    ricochet_board_assemble(b, layout, NULL, 0);
    *p = (ricochet_puzzle){.board = b, .ricochet_rule = i % 4 != 0};
    ricochet_position_random(dice, b, i % 5 == 0 ? 5 : 4, &p->robots);
    ricochet_chip chip = ricochet_chips[rng_below(dice, RICOCHET_CHIPS)];
    p->target = ricochet_board_target_cell(b, chip);
    p->active = chip.color;
}

Test(ricochet_bound, the_blocker_test_keeps_every_optimum, .timeout = 240)
{
    /* Solved both ways, every puzzle has the same optimum, and both move
     * lists replay; the blocker test must also prune something, or this
     * would compare the search with itself. */
    ricochet_solver *s = ricochet_solver_new(64 << 20);
    cr_assert_not_null(s);
    rng dice;
    rng_seed(&dice, 77);
    uint64_t nodes_with = 0, nodes_without = 0;
    int n = SANITIZED ? 150 : 1200, deeper = 0;
    for (int i = 0; i < n; i++) {
        ricochet_board b;
        ricochet_puzzle p;
        random_puzzle(&dice, i, &b, &p);
        ricochet_solution with, without;
        cr_assert_eq(ricochet_solver_run(s, &p, NULL, &with), RICOCHET_SOLVED, "puzzle %d", i);
        cr_assert_eq(ricochet_solver_run(s, &p, &plain, &without), RICOCHET_SOLVED, "puzzle %d", i);
        cr_assert_eq(with.nmoves, without.nmoves,
                     "puzzle %d (rule %s, %d robots, %s): %d moves with the blocker test, %d "
                     "without",
                     i, p.ricochet_rule ? "on" : "off", p.robots.nrobots,
                     ricochet_color_name(p.active), with.nmoves, without.nmoves);
        cr_assert(test_replays(&p, with.moves, with.nmoves), "puzzle %d", i);
        cr_assert(test_replays(&p, without.moves, without.nmoves), "puzzle %d", i);
        nodes_with += with.nodes;
        nodes_without += without.nodes;
        deeper += with.nmoves >= 10;
    }
    ricochet_solver_free(s);
    cr_log_info("%d puzzles (%d of 10 moves or more): %llu nodes with the blocker test, %llu "
                "without",
                n, deeper, (unsigned long long)nodes_with, (unsigned long long)nodes_without);
    cr_assert_gt(deeper, 0);
    cr_assert_lt(nodes_with, nodes_without, "the blocker test pruned nothing");
}

Test(ricochet_bound, the_helper_bound_keeps_every_optimum, .timeout = 3600)
{
    /* Each puzzle solved with and without the helper-cost bound: the same
     * optimum, both move lists replay, and the bound of the start (with
     * it) is at most that optimum, found by the search without it. The
     * bound must also prune, and raise some start bound above the one
     * without it, or this would compare the search with itself. */
    ricochet_solver *s = ricochet_solver_new(64 << 20);
    cr_assert_not_null(s);
    rng dice;
    rng_seed(&dice, 31);
    uint64_t nodes_with = 0, nodes_without = 0;
    int n = compared_puzzles(), deeper = 0, raised = 0, vortex = 0;
    for (int i = 0; i < n; i++) {
        ricochet_board b;
        ricochet_puzzle p;
        random_puzzle(&dice, i, &b, &p);
        ricochet_solution with, without;
        cr_assert_eq(ricochet_solver_run(s, &p, NULL, &without), RICOCHET_SOLVED, "puzzle %d", i);
        cr_assert_eq(ricochet_solver_run(s, &p, &helped, &with), RICOCHET_SOLVED, "puzzle %d", i);
        cr_assert_eq(with.nmoves, without.nmoves,
                     "puzzle %d (rule %s, %d robots, %s): %d moves with the helper-cost bound, %d "
                     "without",
                     i, p.ricochet_rule ? "on" : "off", p.robots.nrobots,
                     ricochet_color_name(p.active), with.nmoves, without.nmoves);
        cr_assert(test_replays(&p, with.moves, with.nmoves), "puzzle %d", i);
        cr_assert(test_replays(&p, without.moves, without.nmoves), "puzzle %d", i);
        int h = ricochet_solver_bound(s, &p, &helped);
        cr_assert_leq(h, without.nmoves, "puzzle %d: bound %d, optimum %d", i, h,
                      without.nmoves);
        raised += h > ricochet_solver_bound(s, &p, NULL);
        nodes_with += with.nodes;
        nodes_without += without.nodes;
        deeper += with.nmoves >= 10;
        vortex += p.active == RICOCHET_ANY;
    }
    ricochet_solver_free(s);
    cr_log_info("%d puzzles (%d of 10 moves or more, %d vortex rounds, where the bound is not "
                "used): %llu nodes with the helper-cost bound, %llu without; the start bound "
                "raised on %d",
                n, deeper, vortex, (unsigned long long)nodes_with,
                (unsigned long long)nodes_without, raised);
    fprintf(stderr,
            "ricochet-bound: %d puzzles, the same optima with and without the helper-cost "
            "bound; %llu nodes with it, %llu without; start bound raised on %d\n",
            n, (unsigned long long)nodes_with, (unsigned long long)nodes_without, raised);
    cr_assert_gt(deeper, 0);
    cr_assert_gt(raised, 0, "the helper-cost bound never raised a start bound");
    cr_assert_lt(nodes_with, nodes_without, "the helper-cost bound pruned nothing");
}

Test(ricochet_bound, the_hard_samples_keep_their_optimum_with_the_helper_bound)
{
    ricochet_solver *s = ricochet_solver_new(0);
    for (int i = 0; i < ricochet_sample_count; i++) {
        const ricochet_sample *x = &ricochet_samples[i];
        if (strcmp(x->group, "hard") != 0)
            continue;
        ricochet_board b;
        ricochet_puzzle p;
        test_sample(x->id, &b, &p);
        ricochet_solution with;
        cr_assert_eq(ricochet_solver_run(s, &p, &helped, &with), RICOCHET_SOLVED);
        cr_assert_eq(with.nmoves, x->optimal_moves, "%s", x->id);
        cr_assert(test_replays(&p, with.moves, with.nmoves), "%s", x->id);
    }
    ricochet_solver_free(s);
}

Test(ricochet_bound, the_hard_samples_keep_their_optimum_without_the_blocker_test)
{
    /* The confirmed optima, reached by the search without the test too: the
     * comparison above is against the old search, not a changed one. */
    ricochet_solver *s = ricochet_solver_new(0);
    for (int i = 0; i < ricochet_sample_count; i++) {
        const ricochet_sample *x = &ricochet_samples[i];
        if (strcmp(x->group, "hard") != 0)
            continue;
        ricochet_board b;
        ricochet_puzzle p;
        test_sample(x->id, &b, &p);
        ricochet_solution with, without;
        cr_assert_eq(ricochet_solver_run(s, &p, &plain, &without), RICOCHET_SOLVED);
        cr_assert_eq(ricochet_solver_run(s, &p, NULL, &with), RICOCHET_SOLVED);
        cr_assert_eq(without.nmoves, x->optimal_moves, "%s", x->id);
        cr_assert_eq(with.nmoves, x->optimal_moves, "%s", x->id);
    }
    ricochet_solver_free(s);
}

/* Walks an optimal solution of p (found without the blocker test) and
 * checks the bound at every position whose remaining optimum is known:
 * with the rule off every one (k moves in, L - k remain, else the whole
 * would be shorter); with the rule on those before the active robot's first
 * move (its rule memory is still fresh, as in a new puzzle). The
 * helper-cost bound is checked the same way. Returns how many positions the
 * blocker test raised the bound of; *exact counts those where the bound is
 * the optimum, *helper_raised those where the helper-cost bound is higher
 * still. */
static int walk_solution(ricochet_solver *s, const ricochet_puzzle *start, const char *name,
                         int *checked, int *exact, int *helper_raised)
{
    ricochet_solution sol;
    cr_assert_eq(ricochet_solver_run(s, start, &plain, &sol), RICOCHET_SOLVED, "%s", name);
    ricochet_puzzle p = *start;
    int raised = 0;
    for (int k = 0; k < sol.nmoves; k++) {
        int left = sol.nmoves - k;
        int h = ricochet_solver_bound(s, &p, NULL);
        int h_plain = ricochet_solver_bound(s, &p, &plain);
        int h_helped = ricochet_solver_bound(s, &p, &helped);
        cr_assert_leq(h, left, "%s after %d moves: bound %d, but %d moves finish", name, k, h,
                      left);
        cr_assert_leq(h_helped, left,
                      "%s after %d moves: helper-cost bound %d, but %d moves finish", name, k,
                      h_helped, left);
        cr_assert_geq(h, h_plain, "%s after %d moves", name, k);
        raised += h > h_plain;
        *helper_raised += h_helped > h;
        *exact += h == left;
        (*checked)++;
        const ricochet_move *m = &sol.moves[k];
        if (p.ricochet_rule && (m->robot == p.active || p.active == RICOCHET_ANY))
            break; /* from here the rule's memory is not a fresh puzzle's */
        p.robots.cell[m->robot] = (uint8_t)ricochet_slide(p.board, &p.robots, m->robot, m->dir,
                                                           NULL, NULL, NULL, NULL);
    }
    return raised;
}

Test(ricochet_bound, along_optimal_solutions_the_bound_never_exceeds_the_moves_left,
     .timeout = 240)
{
    ricochet_solver *s = ricochet_solver_new(0);
    int checked = 0, exact = 0, raised = 0, helper_raised = 0;
    for (int i = 0; i < ricochet_sample_count; i++) {
        const ricochet_sample *x = &ricochet_samples[i];
        if (SANITIZED && strcmp(x->group, "anchor") == 0)
            continue;
        ricochet_board b;
        ricochet_puzzle p;
        test_sample(x->id, &b, &p);
        for (int rule = 0; rule < 2; rule++) {
            if (!rule && strcmp(x->group, "anchor") == 0)
                continue; /* seconds each without the rule; the rule-on walk covers them */
            p.ricochet_rule = rule;
            raised += walk_solution(s, &p, x->id, &checked, &exact, &helper_raised);
        }
    }
    rng dice;
    rng_seed(&dice, 4242);
    for (int i = 0; i < 300; i++) {
        ricochet_board b;
        ricochet_puzzle p;
        random_puzzle(&dice, i, &b, &p);
        char name[32];
        snprintf(name, sizeof name, "random %d", i);
        raised += walk_solution(s, &p, name, &checked, &exact, &helper_raised);
    }
    ricochet_solver_free(s);
    cr_log_info("%d positions checked, the bound exact on %d, raised by the blocker test on %d, "
                "by the helper-cost bound on %d more",
                checked, exact, raised, helper_raised);
    cr_assert_gt(raised, 0, "the blocker test never raised a bound: nothing was tested");
    cr_assert_gt(helper_raised, 0, "the helper-cost bound never raised a bound");
}

Test(ricochet_bound, the_bound_never_exceeds_the_breadth_first_optimum)
{
    /* Up to 6 moves, through the round module's own rules: independent of
     * the solver's search. */
    ricochet_solver *s = ricochet_solver_new(16 << 20);
    rng dice;
    rng_seed(&dice, 99);
    int compared = 0, raised = 0, helper_raised = 0;
    for (int i = 0; i < 400; i++) {
        ricochet_board b;
        ricochet_puzzle p;
        random_puzzle(&dice, i, &b, &p);
        int want = test_bfs_optimum(&b, &p, 6, 60000);
        if (want < 0)
            continue; /* longer, or too wide to tell */
        int h = ricochet_solver_bound(s, &p, NULL);
        int h_helped = ricochet_solver_bound(s, &p, &helped);
        cr_assert_leq(h, want, "puzzle %d: bound %d, optimum %d", i, h, want);
        cr_assert_leq(h_helped, want, "puzzle %d: helper-cost bound %d, optimum %d", i, h_helped,
                      want);
        raised += h > ricochet_solver_bound(s, &p, &plain);
        helper_raised += h_helped > h;
        compared++;
    }
    ricochet_solver_free(s);
    cr_log_info("%d positions compared, %d raised by the blocker test, %d more by the helper-cost "
                "bound",
                compared, raised, helper_raised);
    cr_assert_gt(compared, 100);
    cr_assert_gt(helper_raised, 0, "the helper-cost bound never raised a bound");
}

Test(ricochet_bound, a_malformed_puzzle_has_no_bound)
{
    ricochet_solver *s = ricochet_solver_new(0);
    ricochet_board b;
    ricochet_puzzle p;
    test_sample("R001", &b, &p);
    p.target = 119; /* the centre block */
    cr_assert_eq(ricochet_solver_bound(s, &p, NULL), -1);
    ricochet_solver_free(s);
}
