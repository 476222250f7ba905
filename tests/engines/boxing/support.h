/*
 * support.h: helpers the boxing suites share: games with set layouts,
 * whole turns of orders, byte-exact views, and bot games logged with the
 * shared replay harness. What every engine's suites share is
 * tests/support/engine_test.h; these name the engine and the clock.
 */
#ifndef BOXING_TEST_SUPPORT_H
#define BOXING_TEST_SUPPORT_H

#include <criterion/criterion.h>

#include "games/boxing/tools/boxing_bench.h"
#include "engine_test.h"
#include "games/boxing/boxing.h"
#include "replay.h"

/* Lasers on the corners (a NW, b NE, c SW, d SE), engines on the sides
 * (e N, f W, g E, h S), the booster i in the centre. */
#define BX_CORNERS "{\"kind\":\"layout\",\"grid\":[\"aeb\",\"fig\",\"chd\"],\"lasers\":\"abcd\",\"booster\":\"i\"}"
/* Lasers on the sides (a N, b W, c E, d S), engines on the corners (e NW,
 * f NE, g SW, h SE), the booster i in the centre. */
#define BX_SIDES "{\"kind\":\"layout\",\"grid\":[\"eaf\",\"bic\",\"gdh\"],\"lasers\":\"abcd\",\"booster\":\"i\"}"

/* The game clock the helpers act at; each helper action moves it on by 1. */
extern int64_t bx_now;

/* A new game (fails the test if refused). `options` is JSON text or NULL. */
game *bx_new(const char *options, int seats, uint64_t seed);
/* A game in turn 1 with every seat laid out from `layouts` (JSON texts). */
game *bx_start(const char *options, int seats, const char *const *layouts);
/* Acts; returns 0 or -1 like act, the events in *events if not NULL. */
int bx_act(game *g, int seat, const char *json, json_t **events, game_error *err);
/* Acts and fails the test if refused. Returns the events (caller decrefs). */
json_t *bx_ok(game *g, int seat, const char *json);
/* Every seat sends its orders (NULL: none); returns all the events. */
json_t *bx_turn(game *g, const char *const *orders);
/* The first event of `kind` in events (borrowed), or NULL. */
json_t *bx_event(json_t *events, const char *kind);
/* json_dumps with sorted keys, compact; caller frees. */
char *bx_dump(const json_t *j);
char *bx_view(const game *g, int seat);
/* Fails the test unless act refuses with `code` and keeps the refusal rule
 * (replay.h: a sentence, no events, every view and the deadline unchanged). */
void bx_refused(game *g, int seat, const char *json, const char *code);

/* ---- logged games (tests/support/replay.h) ---- */

/* A random legal action for `seat` chosen from its own view, or NULL. */
json_t *bx_chaos(const game *g, int seat, rng *r);
/* A logged game (replay_start with both streams from `seed`); fails the
 * test if refused. Set log->trace before playing to compare the replay
 * after every input. */
game *bx_logged(replay_log *log, const char *options, int seats, uint64_t seed);
/* Plays the logged game g to the end: bots think over a clone, as the
 * room's workers do, and every input goes through replay_act or
 * replay_tick (a refused bot action fails the test). Seats listed in
 * `sleepy` (a mask) sometimes let the deadline pass; levels by seat, -1 for
 * bx_chaos. `on_step` (may be NULL) sees the game and the events after each
 * input. Returns g. */
game *bx_play_bots(replay_log *log, game *g, const int *levels, unsigned sleepy, uint64_t salt,
                   replay_step_fn on_step, void *ctx);

#endif
