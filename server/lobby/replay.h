/*
 * replay.h: a finished game, ready to be shown at any of its inputs.
 *
 * The server never trusts a stored view: a replay is rebuilt from the
 * finished game's log (what store_replay_get reads back: its options, seat
 * count, seeds, rules revision and every input), by playing it once through
 * the engine. On the way it keeps a copy of the game (a checkpoint) every
 * `every` inputs, the events each input made (so a client can write the
 * log's sentences as in a live game) and where the game's turns or rounds
 * begin (the engine's replay_marks, read from the spectator's view). A
 * frame, the view of one audience at one input, is then a clone of the
 * nearest checkpoint at or before it, at most `every` - 1 inputs played on
 * it, and one view.
 *
 * Everything here is pure and may run on any thread (the lobby builds and
 * steps replays on libuv's workers, replays.c), but a replay is used by one
 * thread at a time. Its memory is bounded: at most REPLAY_CHECKPOINTS
 * copies of the game, and REPLAY_MAX_INPUTS inputs (a longer game is not
 * replayed).
 */
#ifndef BOTPIT_REPLAY_H
#define BOTPIT_REPLAY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "proto.h"

/* Copies of the game kept at most, besides the one made for a frame. */
#define REPLAY_CHECKPOINTS 64
/* A checkpoint every this many inputs at least (more in longer games). */
#define REPLAY_EVERY_MIN 8
/* The longest game replayed. */
#define REPLAY_MAX_INPUTS 20000
/* A frame carries the events of at most this many inputs it stepped over
 * (a jump over more says how many it skipped): a message stays small. */
#define REPLAY_FRAME_INPUTS 100

typedef struct replay replay;

/* Rebuilds the finished game of a stored row (store_replay_get's form;
 * borrowed). NULL with *code and a sentence in why when it cannot be
 * shown: PROTO_NO_SUCH_REPLAY for a game of an engine this server does not
 * have, played under another rules revision, too long, or whose log the
 * engine no longer takes; PROTO_INTERNAL when out of memory. */
replay *replay_build(const json_t *row, proto_code *code, char *why, size_t why_len);
void replay_free(replay *r);

/* How many inputs the game has; its seats. */
size_t replay_length(const replay *r);
int replay_seats(const replay *r);
const game_engine *replay_engine(const replay *r);

/* What the replay message says of the game (PROTOCOL.md, Replays): its
 * id ("game"), room, engine, title, options, players, result, inputs,
 * marks and the like, without its frame. New reference. */
json_t *replay_header(const replay *r);

/* The frame at input `to` (0 to replay_length; 0 is the deal) for
 * `audience` (a seat, GAME_SEAT_SPECTATOR or GAME_SEAT_REPLAY): {"game",
 * "seq", "of", "from", "seat", "t", "view", "inputs", "skipped"}. When it
 * moves forward from `from` for the same audience (`same_audience`), it
 * carries the events of the inputs in between (the last
 * REPLAY_FRAME_INPUTS of them, "skipped" counting the others); otherwise
 * none. NULL if out of memory. New reference. */
json_t *replay_frame(const replay *r, size_t to, size_t from, int audience, bool same_audience);

/* The view of `audience` at input `to` alone (tests and benchmarks). New
 * reference, or NULL. */
json_t *replay_view(const replay *r, size_t to, int audience);

#endif
