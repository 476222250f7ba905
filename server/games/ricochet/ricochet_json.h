/*
 * ricochet_json.h: Ricochet Robots puzzles and solutions as JSON.
 *
 * The puzzle format is that of data/ricochet/sample_puzzles.json:
 *
 *   {"id": "A001",                                  (optional, echoed)
 *    "layout": {"NW": "4B", "NE": "3B", "SE": "2B", "SW": "1A"},
 *    "robots": {"red": {"x": 2, "y": 14}, "green": 48, ...},
 *    "target": {"color": "blue", "symbol": "triangle", "x": 9, "y": 12},
 *    "active_robot": "blue",                        (or "any"; optional)
 *    "ricochet_rule": true}                         (optional, default true)
 *
 * A robot or target cell is an integer 16*y + x, or an object with "x" and
 * "y" and/or "cell" (which must agree). A target may instead (or as well)
 * name its chip by "color" and "symbol"; the active robot defaults to the
 * chip's colour. Robots red, green, blue and yellow are required, silver is
 * optional.
 *
 * Every refusal is a sentence that names the field ("robots.red.x must be a
 * whole number from 0 to 15").
 */
#ifndef BOTPIT_RICOCHET_JSON_H
#define BOTPIT_RICOCHET_JSON_H

#include <jansson.h>
#include <stddef.h>

#include "ricochet_rules.h"

/* Reads one puzzle. On success fills *board and *puzzle (puzzle->board =
 * board, so keep both together) and returns 0; otherwise -1 and a sentence
 * in why, prefixed by `where` ("puzzles[3]") when not NULL. */
int ricochet_puzzle_from_json(const json_t *obj, const char *where, ricochet_board *board,
                              ricochet_puzzle *puzzle, char *why, size_t whylen);

/* [["red", "N"], ...]: a new array. */
json_t *ricochet_moves_to_json(const ricochet_move *moves, int n);

/* The board for a client to draw (the view's "board"), a new object. */
json_t *ricochet_board_to_json(const ricochet_board *b);

/* One applied move for an event or an animation (a move step), a new
 * object. Both shapes: protocol/PROTOCOL.md, "ricochet: Ricochet Robots". */
json_t *ricochet_step_to_json(const ricochet_step *st);

/* Robot cells by colour, a new object: {"red": 169, "green": 220, ...}. */
json_t *ricochet_position_to_json(const ricochet_position *p);

/*
 * The engine contract's work_run for a solve (thread-safe and pure: a time
 * budget is the caller's, who raises *cancel). The request is a puzzle
 * object as above plus
 *   "budget": {"nodes": N, "max_moves": M}            (each optional)
 *   "table_mib": 256                                  (memory cap, optional)
 * The result, a new object:
 *   {"status": "solved", "moves": 7, "solution": [["green", "E"], ...],
 *    "nodes": 6949, "lower_bound": 7}
 *   {"status": "gave_up" | "no_solution", "lower_bound": 12, "nodes": ...}
 *   {"status": "invalid", "error": "robots.red: ..."}
 * plus "fell_back": true when the A* table outgrew table_mib and IDA*
 * finished the search (slower, still exact).
 * NULL once *cancel becomes nonzero (the contract: the work is abandoned).
 */
json_t *ricochet_solve_json(const json_t *request, const volatile int *cancel);

/* ---- the table's forms, shared by the game's events and the views ---- */

extern const char *const ricochet_demo_end_names[]; /* "solved" ... "time" */
extern const char *const ricochet_outcome_names[];  /* "won", "all_failed", "no_bids" */
extern const char *const ricochet_timer_by_names[]; /* "bid", "player", "idle" */

/* The chip as {"color": "red", "symbol": "circle", "x": 3, "y": 9, "cell": 147}. */
json_t *ricochet_target_json(const ricochet_board *b, int chip);
/* Robots by colour: {"red": {"x": 2, "y": 14, "cell": 226}, ...}. */
json_t *ricochet_robots_json(const ricochet_position *p);
json_t *ricochet_attempt_json(const ricochet_attempt *a);
/* The optimum as the view shows it after a round, with the steps of the
 * solution replayed from `start` (under the ricochet rule or not) for
 * animation. */
json_t *ricochet_optimum_json(const ricochet_board *b, bool rule, const ricochet_position *start,
                              int chip, const ricochet_optimum *o);

#endif
