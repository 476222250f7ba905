/*
 * ricochet_game.h: the flow of a game of Ricochet Robots at the table
 * (ricochet_game.c): the engine contract's create, act, tick, deadline,
 * over, clone and off-loop work; what bots, tests and tools read of a game.
 *
 * Bots read a game only through the accessors below: public facts, plus
 * the round's optimum once the server has logged it (the bots' own
 * knowledge; it reaches the players' views only when the round ends).
 */
#ifndef BOTPIT_RICOCHET_GAME_H
#define BOTPIT_RICOCHET_GAME_H

#include "ricochet_rules.h"

game *ricochet_create(const json_t *options, int seats, game_seeds seeds, game_error *err);
void ricochet_destroy(game *g);
game *ricochet_clone(const game *g);
int ricochet_act(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                 game_error *err);
void ricochet_tick(game *g, int64_t now_ms, json_t *events);
int64_t ricochet_deadline(const game *g);
bool ricochet_over(const game *g);
/* "Seat 1 wins with 8 chips", or "The game goes on" before the end. */
void ricochet_summary(const game *g, char *buf, size_t len);
/* The solver run the game waits for (the round's puzzle), and the run. */
json_t *ricochet_work_request(const game *g);
json_t *ricochet_work_run(const json_t *request, const volatile int *cancel);

/* ---- the public record, for bots, tests and tools ---- */

int ricochet_seats(const game *g);
ricochet_phase ricochet_phase_of(const game *g);
int ricochet_round_no(const game *g); /* from 1 */
const ricochet_board *ricochet_board_of(const game *g);
/* The round in progress: start position, robots now, target, active robot,
 * the rule and the moves of the demonstration under way. Borrowed. */
const ricochet_round *ricochet_round_of(const game *g);
int64_t ricochet_revealed_at(const game *g);
/* Game time the sand timer runs out, or GAME_NO_DEADLINE before it starts. */
int64_t ricochet_timer_end(const game *g);
/* Earliest game time a player may start the timer by hand (the idle rule). */
int64_t ricochet_start_timer_at(const game *g);
/* A seat's bid this round, 0 for none. */
int ricochet_bid_of(const game *g, int seat);
bool ricochet_any_bid(const game *g);
/* The seat demonstrating now, or -1; when it began and when its last move was. */
int ricochet_demonstrator(const game *g);
int64_t ricochet_demo_started_at(const game *g);
int64_t ricochet_last_move_at(const game *g);
/* The moves of the demonstration under way, in order; returns their count. */
int ricochet_demo_moves(const game *g, ricochet_move *out, int max);
int ricochet_chips_of(const game *g, int seat);
/* The server's solver's answer for the round in progress. Borrowed. */
const ricochet_optimum *ricochet_optimum_of(const game *g);
/* The bots' thinking-time scale in percent (option bot_think_pct). */
int ricochet_think_pct(const game *g);

/* For tests and tools only (not the engine contract): puts the robots on
 * `cells` (nrobots of them, distinct, off the centre block) and reveals
 * `chip` (an index into ricochet_chips, which must still be in the pile) as
 * a fresh round at game time `at`. Returns -1 if any of that is not so. */
int ricochet_set_round(game *g, const uint8_t *cells, int chip, int64_t at);

#endif
