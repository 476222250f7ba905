/*
 * support.h: helpers the boxing suites share: games with set layouts,
 * whole turns of orders, byte-exact views, and bot games with an input log
 * that can be replayed.
 */
#ifndef BOXING_TEST_SUPPORT_H
#define BOXING_TEST_SUPPORT_H

#include <criterion/criterion.h>

#include "games/boxing/boxing.h"

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
/* Every seat's view and the spectator's, joined; caller frees. */
char *bx_all_views(const game *g);
/* Fails the test unless act refuses with `code` and every view is unchanged. */
void bx_refused(game *g, int seat, const char *json, const char *code);

/* ---- logged games ---- */

typedef struct bx_input {
    int64_t at;
    int seat;     /* -1 for a tick */
    json_t *action;
} bx_input;

typedef struct bx_log {
    char options[128];
    int seats;
    uint64_t seed;
    bx_input *inputs;
    int n, cap;
} bx_log;

void bx_log_add(bx_log *log, int64_t at, int seat, const json_t *action);
void bx_log_free(bx_log *log);
/* A random legal action for `seat` chosen from its own view, or NULL. */
json_t *bx_chaos(const game *g, int seat, rng *r);
/* Plays a game of bots to the end, logging every input. Seats listed in
 * `sleepy` (a mask) sometimes let the deadline pass; levels by seat, -1 for
 * bx_chaos.
 * `on_step` (may be NULL) sees the game and the events after each input. */
typedef void (*bx_step_fn)(const game *g, json_t *events, void *ctx);
game *bx_play_bots(bx_log *log, const int *levels, unsigned sleepy, uint64_t salt,
                   bx_step_fn on_step, void *ctx);
/* Replays a log (inputs 0..upto-1); `on_step` as above. */
game *bx_replay(const bx_log *log, int upto, bx_step_fn on_step, void *ctx);

#endif
