/*
 * replay.h: the engine contract's invariants, checked one way for every
 * engine, by its own tests and by the fuzz targets.
 *
 * A replay_log is a game as the room keeps it: options, seat count, seeds and
 * every input accepted so far. Feed the live game through replay_act and
 * replay_tick (they log what is accepted), then replay_check rebuilds the
 * game from the log, and from a clone, and compares every audience's view
 * byte for byte. replay_act also checks that a refused action changed no view
 * and said why.
 */
#ifndef BOTPIT_REPLAY_H
#define BOTPIT_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"

#define REPLAY_TICK (-3) /* the seat of a logged tick */

typedef struct replay_input {
    int64_t t;
    int seat;       /* a seat, GAME_SEAT_SERVER, or REPLAY_TICK */
    json_t *action; /* owned; NULL for a tick */
} replay_input;

typedef struct replay_log {
    const game_engine *e;
    json_t *options; /* resolved, owned */
    int seats;
    game_seeds seeds;
    replay_input *in; /* owned */
    size_t n, cap;
    char problem[512]; /* the first broken invariant, "" while all hold */
} replay_log;

/* Starts a log and creates the live game from it (NULL with err set if the
 * engine refuses the options). `options` is a JSON text or NULL for the
 * defaults. The caller destroys the game and frees the log. */
game *replay_start(replay_log *log, const game_engine *e, const char *options, int seats,
                   game_seeds seeds, game_error *err);
void replay_free(replay_log *log);

/* Applies an action as act() does and logs it if accepted. A refusal must
 * leave every view as it was and carry a message, or log->problem is set. */
int replay_act(replay_log *log, game *g, int seat, const json_t *action, int64_t now,
               json_t *events, game_error *err);
void replay_tick(replay_log *log, game *g, int64_t now, json_t *events);

/* Every view (each seat and the spectator) and over(), as one text: what a
 * replay must reproduce. Free with free(). */
char *replay_views(const game_engine *e, const game *g, int seats);

/* Rebuilds the game from the log, and clones the live one (if the engine
 * clones), and compares their views with the live game's. Returns true if
 * every invariant held so far; otherwise log->problem says which broke. */
bool replay_check(replay_log *log, const game *live);

#endif
