/*
 * manoover_game.h: the flow of a game of Robot Attack (manoover_game.c):
 * the engine contract's create, act, tick, deadline, over and clone, the
 * seat range of a variant; what bots read of a game (its control phase),
 * and hooks for tests and tools.
 */
#ifndef MANOOVER_GAME_H
#define MANOOVER_GAME_H

#include "games/game.h"
#include "manoover_rules.h"

void manoover_seat_range(const json_t *options, int *min, int *max);
game *manoover_create(const json_t *options, int seats, game_seeds seeds, game_error *err);
void manoover_destroy(game *g);
game *manoover_clone(const game *g);
int manoover_act(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                 game_error *err);
void manoover_tick(game *g, int64_t now_ms, json_t *events);
int64_t manoover_deadline(const game *g);
bool manoover_over(const game *g);

/* The dice of this control phase: {"seat", "dice", "first", "rerolled",
 * "kept", "set_aside"}. */
json_t *manoover_roll_json(const game *g);

/* What a bot sees: a control phase waiting for `seat`. */
typedef struct manoover_situation {
    manoover_pos pos;
    int seat;
    bool alternate;
    int ndice;
    uint8_t dice[MANOOVER_MAX_DICE]; /* usable dice: robot numbers */
} manoover_situation;

/* The situation of the seat to move; false if no one is to move. */
bool manoover_game_situation(const game *g, manoover_situation *out);

/* Tests and tools: replaces the position and starts a control phase of
 * `seat` with the given dice (all kept), as if thrown. Keeps game and match
 * bookkeeping. Returns -1 if the seat or a die is out of range. */
int manoover_game_load(game *g, const manoover_pos *pos, int seat, const int *dice, int ndice);

/* The dice `seat`'s next action may use: values of unused dice naming robots
 * on the board. Returns how many. */
int manoover_game_usable_dice(const game *g, uint8_t out[MANOOVER_MAX_DICE]);

#endif
