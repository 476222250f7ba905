/*
 * table_support.h: helpers the table suites share (test_table, test_refusals,
 * test_play, test_bots): games driven through the engine contract at chosen
 * game times, the solver's answer fed in line as the room feeds it, rounds
 * set up by hand and byte-exact views. Logged games and their replays use the
 * shared harness (tests/support/replay.h); what every engine's suites share
 * is tests/support/engine_test.h, which these name the engine for.
 */
#ifndef RICOCHET_TABLE_SUPPORT_H
#define RICOCHET_TABLE_SUPPORT_H

#include <criterion/criterion.h>

#include "engine_test.h"
#include "games/ricochet/ricochet.h"
#include "replay.h"

/* Options with short timers for tests: a 5 s sand timer, the idle rule at
 * 10 s (by hand) and 20 s (by itself), 8 s to demonstrate, a 2 s pause,
 * bots thinking at 0%; `more` adds options (",\"chips_to_win\":2"). */
#define RT_OPTS(more)                                                                        \
    "{\"timer_s\":5,\"idle_min_s\":10,\"idle_s\":20,\"demo_s\":8,\"pause_s\":2,"            \
    "\"bot_think_pct\":0" more "}"

extern const game_engine *const RT;

/* A new game; fails the test if refused. options: JSON text or NULL. */
game *rt_new(const char *options, int seats, uint64_t seed);
/* Acts at game time `at`; returns 0 or -1 like act, events in *events if not NULL. */
int rt_act(game *g, int seat, const char *json, int64_t at, json_t **events, game_error *err);
/* Acts and fails the test if refused. Returns the events (caller decrefs). */
json_t *rt_ok(game *g, int seat, const char *json, int64_t at);
/* Fails the test unless act refuses with `code` and keeps the refusal rule
 * (replay.h: a sentence, no events, every view and the deadline unchanged). */
void rt_refused(game *g, int seat, const char *json, int64_t at, const char *code);
/* Ticks at `at`; returns the events (caller decrefs). */
json_t *rt_tick(game *g, int64_t at);
/* Feeds the solver's answer as the room does; returns the events. */
json_t *rt_solve(game *g, int64_t at);
/* A bid / a move as action JSON (static buffer, one at a time). */
const char *rt_bid(int moves);
const char *rt_move(int robot, int dir);
/* Plays the first n moves of `moves` for `seat` from game time `at`, one a
 * millisecond; returns all the events. */
json_t *rt_play(game *g, int seat, const ricochet_move *moves, int n, int64_t at);
/* Some legal move of the round now that does not solve it. */
ricochet_move rt_harmless_move(const game *g);

/* The first event of `kind` (borrowed), or NULL; how many there are. */
json_t *rt_event(json_t *events, const char *kind);
int rt_count(json_t *events, const char *kind);
/* The view of `seat`, parsed (caller decrefs) or as sorted compact text (caller frees). */
json_t *rt_view(const game *g, int seat);
char *rt_view_text(const game *g, int seat);
int rt_int(const json_t *obj, const char *key);
const char *rt_str(const json_t *obj, const char *key);

#endif
