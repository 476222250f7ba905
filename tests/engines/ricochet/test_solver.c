/* test_solver.c: the solver against the sample puzzles (exact optimum, a
 * solution that replays), its budgets, cancel flag, memory cap and threads. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <string.h>

#include "ricochet_test_util.h"

/* The two 24/25-move anchors take seconds natively and far longer under
 * AddressSanitizer; they run in the plain build (and in the bench). */
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

static ricochet_solver *solver;

static void setup(void)
{
    solver = ricochet_solver_new(0);
    cr_assert_not_null(solver);
}

static void teardown(void)
{
    ricochet_solver_free(solver);
}

static void check_sample(const ricochet_sample *x, bool rule)
{
    ricochet_board b;
    ricochet_puzzle p;
    test_sample(x->id, &b, &p);
    p.ricochet_rule = rule;
    ricochet_solution sol;
    ricochet_status st = ricochet_solver_run(solver, &p, NULL, &sol);
    int want = rule ? x->optimal_moves : x->optimal_moves_no_rule;
    cr_assert_eq(st, RICOCHET_SOLVED, "%s: %s", x->id, ricochet_status_name(st));
    cr_assert_eq(sol.nmoves, want, "%s (rule %s): %d moves, the optimum is %d", x->id,
                 rule ? "on" : "off", sol.nmoves, want);
    cr_assert_eq(sol.lower_bound, want);
    cr_assert(test_replays(&p, sol.moves, sol.nmoves),
              "%s: the solution does not replay to the target", x->id);
}

Test(ricochet_solver, every_sample_puzzle_to_its_optimum_with_the_rule_on, .init = setup,
     .fini = teardown, .timeout = 240)
{
    int checked = 0;
    for (int i = 0; i < ricochet_sample_count; i++) {
        const ricochet_sample *x = &ricochet_samples[i];
        if (SANITIZED && strcmp(x->group, "anchor") == 0) {
            cr_log_info("%s skipped under the sanitizer (run it in the plain build)", x->id);
            continue;
        }
        check_sample(x, true);
        checked++;
    }
    cr_assert_geq(checked, SANITIZED ? ricochet_sample_count - 2 : ricochet_sample_count);
}

Test(ricochet_solver, sample_puzzles_with_the_rule_off, .init = setup, .fini = teardown)
{
    for (int i = 0; i < ricochet_sample_count; i++) {
        const ricochet_sample *x = &ricochet_samples[i];
        if (strcmp(x->group, "anchor") == 0 || strcmp(x->group, "hard") == 0)
            continue;
        check_sample(x, false);
    }
}

Test(ricochet_solver, the_sample_example_solutions_replay_in_the_optimum)
{
    /* A check of the data and of the move module together. */
    for (int i = 0; i < ricochet_sample_count; i++) {
        const ricochet_sample *x = &ricochet_samples[i];
        if (!x->example_moves)
            continue;
        ricochet_board b;
        ricochet_puzzle p;
        test_sample(x->id, &b, &p);
        p.ricochet_rule = false;
        ricochet_move moves[64];
        for (int k = 0; k < x->example_moves; k++)
            moves[k] = (ricochet_move){x->example[k][0], x->example[k][1]};
        cr_assert_eq(x->example_moves, x->optimal_moves_no_rule, "%s", x->id);
        cr_assert(test_replays(&p, moves, x->example_moves), "%s", x->id);
    }
}

Test(ricochet_solver, a_node_budget_gives_up_with_a_proven_lower_bound, .init = setup,
     .fini = teardown)
{
    ricochet_board b;
    ricochet_puzzle p;
    test_sample("H002", &b, &p);
    ricochet_limits lim = {.max_nodes = 20000};
    ricochet_solution sol;
    cr_assert_eq(ricochet_solver_run(solver, &p, &lim, &sol), RICOCHET_GAVE_UP);
    cr_assert_eq(sol.status, RICOCHET_GAVE_UP);
    cr_assert(sol.lower_bound >= 1 && sol.lower_bound <= 12, "bound %d", sol.lower_bound);
    cr_assert_leq(sol.nodes, 20000 + 5000);
}

Test(ricochet_solver, a_raised_cancel_flag_stops_the_solve, .init = setup, .fini = teardown)
{
    ricochet_board b;
    ricochet_puzzle p;
    test_sample("A002", &b, &p);
    volatile int cancel = 1;
    ricochet_limits lim = {.cancel = &cancel};
    ricochet_solution sol;
    cr_assert_eq(ricochet_solver_run(solver, &p, &lim, &sol), RICOCHET_CANCELLED);
}

Test(ricochet_solver, max_moves_below_the_optimum_finds_none, .init = setup, .fini = teardown)
{
    ricochet_board b;
    ricochet_puzzle p;
    test_sample("R002", &b, &p); /* 10 moves */
    ricochet_limits lim = {.max_moves = 9};
    ricochet_solution sol;
    cr_assert_eq(ricochet_solver_run(solver, &p, &lim, &sol), RICOCHET_NO_SOLUTION);
    cr_assert_eq(sol.lower_bound, 10, "no solution within 9 is a proof of at least 10");
}

Test(ricochet_solver, a_small_memory_cap_still_gives_the_optimum)
{
    /* 1 MiB cannot hold the A* table of a 12-move puzzle: the search goes on
     * as IDA* from the bound reached, and must still be exact. */
    ricochet_solver *small = ricochet_solver_new(RICOCHET_TABLE_MIN);
    cr_assert_not_null(small);
    const char *ids[] = {"H003", "H002", "R017", "R003", "C001"};
    int fell_back = 0;
    for (int i = 0; i < 5; i++) {
        ricochet_board b;
        ricochet_puzzle p;
        const ricochet_sample *x = test_sample(ids[i], &b, &p);
        ricochet_solution sol;
        cr_assert_eq(ricochet_solver_run(small, &p, NULL, &sol), RICOCHET_SOLVED, "%s", x->id);
        cr_assert_eq(sol.nmoves, x->optimal_moves, "%s", x->id);
        cr_assert(test_replays(&p, sol.moves, sol.nmoves), "%s", x->id);
        fell_back += sol.fell_back;
    }
    cr_assert_geq(fell_back, 1, "the 12-move puzzles do not fit in 1 MiB");
    ricochet_solver_free(small);
}

Test(ricochet_solver, malformed_puzzles_are_invalid_not_crashes, .init = setup, .fini = teardown)
{
    ricochet_board b;
    ricochet_puzzle p;
    test_sample("R001", &b, &p);
    ricochet_solution sol;
    ricochet_puzzle bad = p;
    bad.robots.cell[1] = bad.robots.cell[0];
    cr_assert_eq(ricochet_solver_run(solver, &bad, NULL, &sol), RICOCHET_INVALID);
    bad = p;
    bad.target = 119; /* the centre block */
    cr_assert_eq(ricochet_solver_run(solver, &bad, NULL, &sol), RICOCHET_INVALID);
    bad = p;
    bad.active = 4; /* no silver on this board */
    cr_assert_eq(ricochet_solver_run(solver, &bad, NULL, &sol), RICOCHET_INVALID);
    bad = p;
    bad.board = NULL;
    cr_assert_eq(ricochet_solver_run(solver, &bad, NULL, &sol), RICOCHET_INVALID);
}

/* Several solves at once, each with its own workspace, agree with the
 * sequential answers. */
typedef struct job {
    const char *id;
    int moves;
} job;

static void *solve_job(void *arg)
{
    job *j = arg;
    ricochet_board b;
    ricochet_puzzle p;
    test_sample(j->id, &b, &p);
    ricochet_solution sol;
    ricochet_solve(&p, NULL, 64 << 20, &sol);
    j->moves = sol.status == RICOCHET_SOLVED && test_replays(&p, sol.moves, sol.nmoves)
                   ? sol.nmoves
                   : -1;
    return NULL;
}

Test(ricochet_solver, separate_solves_may_run_on_separate_threads)
{
    static const char *ids[] = {"H001", "H003", "R017", "R009", "C002", "H004"};
    pthread_t th[6];
    job jobs[6];
    for (int i = 0; i < 6; i++) {
        jobs[i] = (job){ids[i], 0};
        cr_assert_eq(pthread_create(&th[i], NULL, solve_job, &jobs[i]), 0);
    }
    for (int i = 0; i < 6; i++) {
        pthread_join(th[i], NULL);
        ricochet_board b;
        ricochet_puzzle p;
        const ricochet_sample *x = test_sample(ids[i], &b, &p);
        cr_assert_eq(jobs[i].moves, x->optimal_moves, "%s", ids[i]);
    }
}

Test(ricochet_solver, a_workspace_is_reusable_across_puzzles_and_rules, .init = setup,
     .fini = teardown)
{
    /* Alternating puzzles, rules and robot counts must not leak state. */
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < ricochet_sample_count; i++) {
            const ricochet_sample *x = &ricochet_samples[i];
            if (strcmp(x->group, "random") != 0 && strcmp(x->group, "ricochet_rule") != 0)
                continue;
            check_sample(x, (i + round) % 2 == 0);
        }
}
