/*
 * fingerprint.h: an engine's replay fingerprint, as Stockfish's `bench`
 * signature: one 64-bit digest of everything a fixed set of stored games
 * shows when replayed (`botpit bench replay`, bench_replay.c).
 *
 * The games are input logs kept in the tree (tests/replay/<engine>.jsonl),
 * recorded once from seeded bot games and replayed from then on: the digest
 * depends on the rules (what the engine makes of the inputs), never on the
 * bots, so a retuned bot leaves it where it was, while a rule change that
 * a stored game would notice moves it. server/games/README.md says why and
 * what to do when it moves.
 *
 * A log file is JSON Lines. A game starts with a header
 *   {"game": {"options": {...}, "seats": 2, "seed": "17", "secret": "99",
 *             "bots": ["normal", null], "max_inputs": 400}}
 * (seeds as decimal strings: they are 64-bit; "bots" and "max_inputs" say
 * how --record plays it, a null bot being a seat nobody plays, whose
 * deadlines pass; they count for nothing in the digest) and goes on
 * with its inputs, one a line, as the room logs them:
 *   [t, seat, action]   an action (seat GAME_SEAT_SERVER: off-loop work)
 *   [t, "tick"]         a tick
 *
 * The digest: FNV-1a (64 bits) over, for each game in order, the views of
 * every audience (the spectator, then each seat), over() and the deadline
 * once the game is created and again after each input together with the
 * events that input made, and at the end the result of a game that is over.
 */
#ifndef BOTPIT_FINGERPRINT_H
#define BOTPIT_FINGERPRINT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/game.h"

#define FINGERPRINT_MAX_SEATS 16

typedef struct fingerprint_game {
    json_t *options;  /* as stored (resolved again when replayed); owned */
    int seats;
    game_seeds seeds;
    int bots[FINGERPRINT_MAX_SEATS]; /* bot level of each seat (-1: idle), for --record */
    int max_inputs;                  /* --record stops there */
    json_t *inputs;   /* array of [t, seat, action] and [t, "tick"]; owned */
} fingerprint_game;

typedef struct fingerprint_log {
    const game_engine *e;
    fingerprint_game *games; /* owned */
    size_t n;
} fingerprint_log;

/* What a replay went through. */
typedef struct fingerprint_stats {
    size_t games, inputs, over; /* over: games that ended */
    FILE *show; /* if not NULL, a line per game: its inputs and how it ended */
} fingerprint_stats;

/* Reads a log file of engine e. 0, or -1 with a sentence in err. */
int fingerprint_read(const char *path, const game_engine *e, fingerprint_log *out, char *err,
                     size_t err_len);
/* Writes it (headers and inputs). 0, or -1 with err. */
int fingerprint_write(const char *path, const fingerprint_log *log, char *err, size_t err_len);
void fingerprint_free(fingerprint_log *log);

/* The plan of a log for an engine that has none yet: its default options,
 * the fewest and the most seats, middle-level bots. */
void fingerprint_default_plan(const game_engine *e, fingerprint_log *out);

/* Replays every game and returns the digest (stats may be NULL; its `show`
 * is read, the counts are written). An input
 * the engine refuses, or options it no longer takes, make it fail: -1 with
 * err naming the game and the input. */
int fingerprint_digest(const fingerprint_log *log, uint64_t *digest, fingerprint_stats *stats,
                       char *err, size_t err_len);

/* Plays game i of the log again with bots, as a room would (bot pace
 * pace_ms, off-loop work done in line, a thinking bot given budget_ms),
 * and replaces its inputs. 0, or -1 with err. */
int fingerprint_record(fingerprint_log *log, size_t i, int pace_ms, int budget_ms, char *err,
                       size_t err_len);

/* --- the digests file (tests/replay/digests.txt) ---
 * One line per engine, "<id> <rules revision> <digest in hex>"; lines
 * starting with '#' are comments. */

/* What `text` (a digests file) records for engine `id`: 0 with its
 * revision and digest, or -1 if it records none. */
int fingerprint_recorded(const char *text, const char *id, int *revision, uint64_t *digest);

/* Compares engine e's digest with what `text` records for it (`file`
 * names it in sentences): 0 if they agree, else -1 with what to do in why:
 * a digest that moved means its rules changed (bump the revision in the
 * same commit) or a change meant to keep them broke a replay. */
int fingerprint_compare(const char *text, const char *file, const game_engine *e,
                        uint64_t digest, char *why, size_t len);

#endif
