/*
 * robotwars_game.h: the flow of a game of Robot Wars (robotwars_game.c):
 * the engine contract's create, act, tick, deadline, over and clone; what
 * the views and bots read of a game (all public, except the asking seat's
 * own allocation, which a bot never needs); and hooks for tests.
 */
#ifndef BOTPIT_ROBOTWARS_GAME_H
#define BOTPIT_ROBOTWARS_GAME_H

#include <stddef.h>

#include "robotwars_rules.h"

game *rw_game_create(const json_t *options, int seats, game_seeds seeds, game_error *err);
void rw_game_destroy(game *g);
game *rw_game_clone(const game *g);
int rw_game_act(game *g, int seat, const json_t *action, int64_t now, json_t *events,
                game_error *err);
void rw_game_tick(game *g, int64_t now, json_t *events);
int64_t rw_game_deadline(const game *g);
bool rw_game_over(const game *g);

/* The battle being set up or fought (or the last one). */
const rw_battle *rw_current(const game *g);
/* The index of `seat` among the current battle's drawn seats, or -1. */
int rw_drawn_index(const game *g, int seat);
/* "Seat 2 wins the match by 3 battles to 1", or "The wars go on". */
void rw_summary(const game *g, char *buf, size_t len);

/* What a bot reads of a game (all public, except the asking seat's own
 * allocation, which a bot never needs). */
rw_phase rw_phase_of(const game *g);
int rw_seats(const game *g);
const rw_arena *rw_arena_of(const game *g);
const rw_turn *rw_turn_of(const game *g);   /* NULL unless a turn is on */
const rw_bracket *rw_bracket_of(const game *g);
int rw_battle_index(const game *g);
int rw_round(const game *g);             /* the round of turns, from 1 */
int rw_turn_limit(const game *g);        /* turns each in a battle */
int rw_weapon_of(const game *g, int seat);  /* value */
/* The arena index of `seat` in the current battle, or -1. */
int rw_in_battle(const game *g, int seat);
/* During the set-up: discs `seat` won (-1 if not in the battle) and whether
 * it has allocated. */
int rw_discs(const game *g, int seat);
bool rw_allocated(const game *g, int seat);

/* For tests and tools only (not the engine contract). */
rw_arena *rw_test_arena(game *g);
rw_turn *rw_test_turn(game *g);
/* The next d6 rolls come from `rolls` (1..6), then the stream again. */
void rw_test_load_dice(game *g, const int *rolls, int n);

#endif
