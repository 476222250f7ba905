/* test_bfs.c: the solver against a plain breadth-first search, written here
 * to be obviously correct rather than fast, on random positions of up to 8
 * moves: the rule on and off, 4 and 5 robots, the vortex. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ricochet_test_util.h"

/* A full position: every robot's cell and turn state, colour by colour. */
typedef struct bfs_node {
    ricochet_round round;
} bfs_node;

static uint64_t node_key(const ricochet_round *r)
{
    uint64_t k = 1;
    for (int i = 0; i < r->pos.nrobots; i++)
        k = k << 10 | r->pos.cell[i] | (uint64_t)r->turn[i] << 8;
    return k;
}

/* An open-addressed set of keys. */
typedef struct key_set {
    uint64_t *slots;
    size_t size, count;
} key_set;

static bool set_add(key_set *s, uint64_t k)
{
    if (s->count * 2 >= s->size) {
        key_set bigger = {calloc(s->size * 2, sizeof(uint64_t)), s->size * 2, 0};
        for (size_t i = 0; i < s->size; i++)
            if (s->slots[i])
                set_add(&bigger, s->slots[i]);
        free(s->slots);
        *s = bigger;
    }
    size_t i = (size_t)(k * UINT64_C(0x9E3779B97F4A7C15) >> 40) & (s->size - 1);
    while (s->slots[i]) {
        if (s->slots[i] == k)
            return false;
        i = (i + 1) & (s->size - 1);
    }
    s->slots[i] = k;
    s->count++;
    return true;
}

/* The fewest moves that solve the round, through the round module itself
 * (so every rule applies exactly as in play); -1 when none within limit,
 * -2 when more than max_states positions would be needed to tell. */
static int bfs_optimum(const ricochet_board *b, const ricochet_puzzle *p, int limit,
                       size_t max_states)
{
    key_set seen = {calloc(1 << 16, sizeof(uint64_t)), 1 << 16, 0};
    size_t cap = 1024, head = 0, tail = 0;
    bfs_node *queue = malloc(cap * sizeof *queue);
    ricochet_round_start(&queue[tail++].round, &p->robots, p->target, p->active, p->ricochet_rule);
    set_add(&seen, node_key(&queue[0].round));
    int answer = -1;
    while (head < tail && answer == -1) {
        ricochet_round cur = queue[head++].round;
        if (cur.moves >= limit)
            break;
        for (int robot = 0; robot < cur.pos.nrobots && answer == -1; robot++)
            for (int d = 0; d < 4; d++) {
                /* Moves that go nowhere are refused anyway; skipping them
                 * here only spares writing the sentence. */
                int npath;
                ricochet_slide(b, &cur.pos, robot, d, NULL, &npath, NULL, NULL);
                if (npath == 0)
                    continue;
                ricochet_round next = cur;
                char why[256];
                if (ricochet_round_move(&next, b, robot, d, NULL, why, sizeof why) < 0)
                    continue;
                if (next.solved) {
                    answer = next.moves;
                    break;
                }
                if (!set_add(&seen, node_key(&next)))
                    continue;
                if (tail == cap) {
                    cap *= 2;
                    queue = realloc(queue, cap * sizeof *queue);
                }
                queue[tail++].round = next;
                if (seen.count > max_states) {
                    answer = -2;
                    break;
                }
            }
    }
    free(queue);
    free(seen.slots);
    return answer;
}

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
        int want = bfs_optimum(&b, &p, 8, 80000);
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
