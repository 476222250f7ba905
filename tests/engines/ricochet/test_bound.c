/* test_bound.c: the solver's lower bound, and the blocker test in it, never
 * overestimate: against breadth-first optima, along optimal solutions of the
 * sample puzzles, and by solving with and without the blocker test. */
#include <criterion/criterion.h>
#include <stdio.h>
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
 * move (its rule memory is still fresh, as in a new puzzle). Returns how
 * many positions the blocker test raised the bound of; *exact counts those
 * where the bound is the optimum. */
static int walk_solution(ricochet_solver *s, const ricochet_puzzle *start, const char *name,
                         int *checked, int *exact)
{
    ricochet_solution sol;
    cr_assert_eq(ricochet_solver_run(s, start, &plain, &sol), RICOCHET_SOLVED, "%s", name);
    ricochet_puzzle p = *start;
    int raised = 0;
    for (int k = 0; k < sol.nmoves; k++) {
        int left = sol.nmoves - k;
        int h = ricochet_solver_bound(s, &p, NULL);
        int h_plain = ricochet_solver_bound(s, &p, &plain);
        cr_assert_leq(h, left, "%s after %d moves: bound %d, but %d moves finish", name, k, h,
                      left);
        cr_assert_geq(h, h_plain, "%s after %d moves", name, k);
        raised += h > h_plain;
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
    int checked = 0, exact = 0, raised = 0;
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
            raised += walk_solution(s, &p, x->id, &checked, &exact);
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
        raised += walk_solution(s, &p, name, &checked, &exact);
    }
    ricochet_solver_free(s);
    cr_log_info("%d positions checked, the bound exact on %d, raised by the blocker test on %d",
                checked, exact, raised);
    cr_assert_gt(raised, 0, "the blocker test never raised a bound: nothing was tested");
}

Test(ricochet_bound, the_bound_never_exceeds_the_breadth_first_optimum)
{
    /* Up to 6 moves, through the round module's own rules: independent of
     * the solver's search. */
    ricochet_solver *s = ricochet_solver_new(16 << 20);
    rng dice;
    rng_seed(&dice, 99);
    int compared = 0, raised = 0;
    for (int i = 0; i < 400; i++) {
        ricochet_board b;
        ricochet_puzzle p;
        random_puzzle(&dice, i, &b, &p);
        int want = test_bfs_optimum(&b, &p, 6, 60000);
        if (want < 0)
            continue; /* longer, or too wide to tell */
        int h = ricochet_solver_bound(s, &p, NULL);
        cr_assert_leq(h, want, "puzzle %d: bound %d, optimum %d", i, h, want);
        raised += h > ricochet_solver_bound(s, &p, &plain);
        compared++;
    }
    ricochet_solver_free(s);
    cr_log_info("%d positions compared, %d raised by the blocker test", compared, raised);
    cr_assert_gt(compared, 100);
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
