/* test_bfs.c: the solver against a plain breadth-first search (in
 * ricochet_test_util.c, written to be obviously correct rather than fast) on
 * random positions of up to 8 moves: the rule on and off, 4 and 5 robots,
 * the vortex. */
#include <criterion/criterion.h>
#include <string.h>

#include "ricochet_test_util.h"

#ifndef BFS_POSITIONS
#define BFS_POSITIONS 300
#endif

Test(ricochet_bfs, the_solver_agrees_with_breadth_first_search, .timeout = 600)
{
    ricochet_solver *solver = ricochet_solver_new(32 << 20);
    rng dice;
    rng_seed(&dice, 20240521);
    int compared = 0, by_length[9] = {0}, vortex = 0, five = 0, rule_off = 0;
    for (int trial = 0; compared < BFS_POSITIONS && trial < 3000; trial++) {
        int layout[4];
        ricochet_layout_random(&dice, trial % 3 ? "AB" : "ABC", layout);
        ricochet_board b;
        ricochet_board_assemble(&b, layout, NULL, 0);
        ricochet_puzzle p = {.board = &b, .ricochet_rule = trial % 4 != 0};
        ricochet_position_random(&dice, &b, trial % 5 == 0 ? 5 : 4, &p.robots);
        ricochet_chip chip = ricochet_chips[rng_below(&dice, RICOCHET_CHIPS)];
        p.target = ricochet_board_target_cell(&b, chip);
        p.active = chip.color;
        /* Mid-game positions: robots may stand on other targets. */
        if (trial % 7 == 0) {
            int other = ricochet_board_target_cell(&b, ricochet_chips[rng_below(&dice, 16)]);
            if (other != p.target && ricochet_robot_at(&p.robots, other) < 0)
                p.robots.cell[p.robots.nrobots - 1] = (uint8_t)other;
        }
        int want = test_bfs_optimum(&b, &p, 8, 80000);
        if (want == -2)
            continue; /* too wide for the plain search: not compared */
        ricochet_limits lim = {.max_moves = 8};
        ricochet_solution sol;
        ricochet_status st = ricochet_solver_run(solver, &p, &lim, &sol);
        if (want < 0) {
            cr_assert_eq(st, RICOCHET_NO_SOLUTION, "trial %d: breadth-first finds none within 8",
                         trial);
            cr_assert_gt(sol.lower_bound, 8);
        } else {
            cr_assert_eq(st, RICOCHET_SOLVED, "trial %d: %s", trial, ricochet_status_name(st));
            cr_assert_eq(sol.nmoves, want, "trial %d (rule %s, %d robots, %s): solver %d, bfs %d",
                         trial, p.ricochet_rule ? "on" : "off", p.robots.nrobots,
                         ricochet_color_name(p.active), sol.nmoves, want);
            cr_assert(test_replays(&p, sol.moves, sol.nmoves), "trial %d", trial);
            by_length[want]++;
        }
        compared++;
        vortex += p.active == RICOCHET_ANY;
        five += p.robots.nrobots == 5;
        rule_off += !p.ricochet_rule;
    }
    ricochet_solver_free(solver);
    cr_log_info("compared %d positions: by length 1..8: %d %d %d %d %d %d %d %d; vortex %d, "
                "5 robots %d, rule off %d",
                compared, by_length[1], by_length[2], by_length[3], by_length[4], by_length[5],
                by_length[6], by_length[7], by_length[8], vortex, five, rule_off);
    cr_assert_geq(compared, BFS_POSITIONS);
    cr_assert_gt(vortex, BFS_POSITIONS / 60);
    cr_assert_gt(five, BFS_POSITIONS / 15);
    cr_assert_gt(rule_off, BFS_POSITIONS / 10);
    cr_assert_gt(by_length[7] + by_length[8], BFS_POSITIONS / 60, "some long ones too");
}
