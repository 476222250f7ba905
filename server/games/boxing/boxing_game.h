/*
 * boxing_game.h: the flow of a game of Robot boxing (boxing_game.c): the
 * engine contract's create, act, tick, deadline, over and clone; and what a
 * bot may read of a game: what is public (cells, destroyed letters, the
 * record of resolved turns) plus its own seat's layout.
 */
#ifndef BOTPIT_BOXING_GAME_H
#define BOTPIT_BOXING_GAME_H

#include <stddef.h>

#include "boxing_rules.h"

game *boxing_create(const json_t *options, int seats, game_seeds seeds, game_error *err);
void boxing_destroy(game *g);
/* A deep copy for a bot's worker thread. */
game *boxing_clone(const game *g);
int boxing_act(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
               game_error *err);
void boxing_tick(game *g, int64_t now_ms, json_t *events);
int64_t boxing_deadline(const game *g);
bool boxing_over(const game *g);
/* "Seat 1 wins: Seat 2 has no working laser left": once the game is over. */
void boxing_summary(const game *g, char *buf, size_t len);

/* ---- what bots read ---- */
int boxing_seats(const game *g);
int boxing_size(const game *g);
bool boxing_free_centre(const game *g);
boxing_phase boxing_phase_of(const game *g);
int boxing_turn(const game *g); /* the turn being ordered, from 1 */
int boxing_cell(const game *g, int seat);
bool boxing_alive(const game *g, int seat);
uint16_t boxing_destroyed(const game *g, int seat);
bool boxing_layout_in(const game *g, int seat);
bool boxing_orders_in(const game *g, int seat);
int boxing_record_count(const game *g);
const boxing_record *boxing_record_at(const game *g, int i);
/* A seat's own secret, for that seat's bot; NULL before it is laid out.
 * Borrowed from the game. */
const boxing_layout *boxing_own_layout(const game *g, int seat);

/* For tests and tools only (not the engine contract): puts a robot on a cell
 * before the orders of a turn. Returns -1 if the cell is off the ring or taken. */
int boxing_place_robot(game *g, int seat, int x, int y);

#endif
