/*
 * replay.h: the engine contract's invariants, checked one way for every
 * engine, by its own tests and by the fuzz targets.
 *
 * A replay_log is a game as the room keeps it: options, seat count, seeds and
 * every input accepted so far. Feed the live game through replay_act and
 * replay_tick (they log what is accepted), then replay_check rebuilds the
 * game from the log, and from a clone, and compares every audience's view
 * byte for byte. replay_act also checks that a refused action changed no view
 * and said why; replay_act_checked does the same for a game kept without a
 * log.
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
    /* Set trace before the first input to keep a fingerprint of every view
     * and of the events after each input: replay_check then names the first
     * input at which a replay departs, events included. */
    bool trace;
    uint64_t *marks; /* owned; one per input while tracing */
    char problem[512]; /* the first broken invariant, "" while all hold */
} replay_log;

/* Sees the game and the events of each input as a rebuild replays it. */
typedef void (*replay_step_fn)(const game *g, json_t *events, void *ctx);

/* Starts a log and creates the live game from it (NULL with err set if the
 * engine refuses the options). `options` is a JSON text or NULL for the
 * defaults. The caller destroys the game and frees the log. */
game *replay_start(replay_log *log, const game_engine *e, const char *options, int seats,
                   game_seeds seeds, game_error *err);
void replay_free(replay_log *log);

/* Applies an action as act() does and logs it if accepted. A refusal must
 * leave every view and the deadline as they were and carry a code and a
 * sentence, or log->problem is set. */
int replay_act(replay_log *log, game *g, int seat, const json_t *action, int64_t now,
               json_t *events, game_error *err);
void replay_tick(replay_log *log, game *g, int64_t now, json_t *events);

/* act() with the refusal rule checked, for a game kept without a log:
 * returns act()'s result; a broken rule is written into `problem` (len
 * bytes), which stays "" otherwise. */
int replay_act_checked(const game_engine *e, game *g, int seats, int seat, const json_t *action,
                       int64_t now, json_t *events, game_error *err, char *problem, size_t len);

/* Every view (each seat and the spectator), over() and the deadline, as one
 * text: what a replay must reproduce. Free with free(). */
char *replay_views(const game_engine *e, const game *g, int seats);

/* The game rebuilt from the log's first `upto` inputs (NULL, with
 * log->problem set, if the options no longer make a game); on_step (may be
 * NULL) sees each input's game and events. The caller destroys it. */
game *replay_rebuild(replay_log *log, size_t upto, replay_step_fn on_step, void *ctx);

/* Rebuilds the game from the log, and clones the live one (if the engine
 * clones), and compares their views with the live game's (and, tracing,
 * after every input). Returns true if every invariant held so far;
 * otherwise log->problem says which broke. */
bool replay_check(replay_log *log, const game *live);

#endif
