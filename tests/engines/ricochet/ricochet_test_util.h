/* ricochet_test_util.h: puzzles for the ricochet suites. */
#ifndef RICOCHET_TEST_UTIL_H
#define RICOCHET_TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>

#include "ricochet_board.h"
#include "ricochet_move.h"
#include "ricochet_samples.h"
#include "ricochet_solver.h"
#include "util/rng.h"

/* Assembles the board with side ids nw, ne, se, sw ("1A" ...); asserts. */
void test_board(ricochet_board *b, const char *nw, const char *ne, const char *se, const char *sw);

/* A board with no walls but the edge and the centre block, for movement
 * tests that want to place their own walls (then call ricochet_board_seal). */
void test_open_board(ricochet_board *b);

/* Adds a wall on side d of cell (x, y) and seals the board. */
void test_wall(ricochet_board *b, int x, int y, int d);

/* The sample puzzle called id, as board and puzzle (rule on). */
const ricochet_sample *test_sample(const char *id, ricochet_board *b, ricochet_puzzle *p);

/* Four robots at the given cells (silver < 0 for none). */
ricochet_position test_position(int red, int green, int blue, int yellow, int silver);

/* Replays moves through a round; true when every move is accepted and the
 * last one solves the round. */
bool test_replays(const ricochet_puzzle *p, const ricochet_move *moves, int n);

/* The fewest moves that solve p, by breadth-first search through the round
 * module (every rule applies exactly as in play): -1 when none within
 * limit, -2 when more than max_states positions would be needed to tell.
 * Written to be obviously right, not fast. */
int test_bfs_optimum(const ricochet_board *b, const ricochet_puzzle *p, int limit,
                     size_t max_states);

#endif
