/*
 * support.h: helpers the Robot Wars suites share: games brought to a battle,
 * robots put where a test wants them, loaded dice, events, byte-exact views
 * and refusals that must change nothing. What every engine's suites share
 * is tests/support/engine_test.h; these name the engine and the clock.
 */
#ifndef ROBOTWARS_TEST_SUPPORT_H
#define ROBOTWARS_TEST_SUPPORT_H

#include <criterion/criterion.h>

#include "engine_test.h"
#include "games/robotwars/robotwars.h"
#include "games/robotwars/tools/robotwars_bench.h"

/* The game clock the helpers act at; each helper action moves it on by 1. */
extern int64_t rw_now;

/* A new game (fails the test if refused). `options` is JSON text or NULL. */
game *rwt_new(const char *options, int seats, uint64_t seed);
/* Acts; returns 0 or -1 like act, the events in *events if not NULL. */
int rwt_act(game *g, int seat, const char *json, json_t **events, game_error *err);
/* Acts and fails the test if refused. Returns the events (caller decrefs). */
json_t *rwt_ok(game *g, int seat, const char *json);
/* Every roboteer of the battle being set up allocates as the normal bot
 * would; returns the events (caller decrefs). */
json_t *rwt_allocate_all(game *g);
/* A two-robot battle under way: the game of seed `seed` with two seats,
 * allocated, in the first robot's first turn. */
game *rwt_duel(uint64_t seed);
/* Puts robot i (arena index) on (x, y) facing dir with the capabilities
 * given (-1 keeps one), and starts its turn afresh if it is to move. */
void rwt_place(game *g, int i, int x, int y, int dir);
void rwt_caps(game *g, int i, int speed, int power, int manoeuvrability);
/* Re-derives the turn of the robot to move from its capabilities. */
void rwt_restart_turn(game *g);
/* The seat of the robot to move. */
int rwt_mover(const game *g);

/* The first event of `kind` in events (borrowed), or NULL; and how many. */
json_t *rwt_event(json_t *events, const char *kind);
int rwt_count(json_t *events, const char *kind);
/* json_dumps with sorted keys, compact; caller frees. */
char *rwt_dump(const json_t *j);
char *rwt_view(const game *g, int seat);
/* Every seat's view and the spectator's, over() and the deadline
 * (replay_views); caller frees. */
char *rwt_all_views(const game *g);
/* Fails the test unless act refuses with `code` and keeps the refusal rule
 * (replay.h: a sentence, no events, every view and the deadline
 * unchanged). Returns the message (static). */
const char *rwt_refused(game *g, int seat, const char *json, const char *code);
/* The view's field at a path like "battle.turn.moves_left" (borrowed from
 * a view the helper keeps until the next call). */
json_t *rwt_view_get(const game *g, int seat, const char *path);

#endif
