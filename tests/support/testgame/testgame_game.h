/*
 * testgame_game.h: the flow of a game of count to 21 (the engine contract's
 * create, act, tick, deadline, over, clone and off-loop work), and what a
 * bot may read of a game: everything public, and its own seat's secret.
 */
#ifndef BOTPIT_TESTGAME_GAME_H
#define BOTPIT_TESTGAME_GAME_H

#include "games/game.h"

game *testgame_create(const json_t *options, int seats, game_seeds seeds, game_error *err);
void testgame_destroy(game *g);
game *testgame_clone(const game *g);
int testgame_act(game *g, int seat, const json_t *action, int64_t now, json_t *events,
                 game_error *err);
void testgame_tick(game *g, int64_t now, json_t *events);
int64_t testgame_deadline(const game *g);
bool testgame_over(const game *g);
json_t *testgame_work_request(const game *g);
json_t *testgame_work_run(const json_t *request, const volatile int *cancel);

/* What bots read. */
int testgame_turn(const game *g);   /* the seat to play, -1 once the game is won */
int testgame_total(const game *g);
int testgame_target(const game *g);
int testgame_bot_ms(const game *g); /* option bot_ms: how long a bot "thinks" */

#endif
