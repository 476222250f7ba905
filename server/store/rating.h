/*
 * rating.h: a rating per game for every player, derived from the stored
 * results (Glicko-2, util/glicko2.h), and the record (played, won) beside it.
 *
 * The rules, as PROTOCOL.md ("Ratings") tells players:
 * - A game rates the humans in its seats at its end (a player away whose
 *   seat a bot finished is still its player) when at least two humans played
 *   it and the host did not choose its seed. A game of one human against
 *   bots, or a seeded one, counts as played (and won) but moves no rating.
 * - Places come from the result: its winners (and boxing's `drawn`) share
 *   the first place; the rest follow by their `out` turn (boxing: knocked
 *   out later is better, never knocked out best) or else by their `scores`,
 *   higher better; equal is a tie. Every pair of seats is one game scored by
 *   their places (1, 0.5, 0). In a game of teams (a result with `teams`),
 *   a player plays each other team as one opponent (its members' mean
 *   rating), never a teammate.
 * - Bots are opponents with a fixed rating per game and level (they never
 *   move); a seat a bot finished for someone who left is a bot's seat.
 * - One game is one rating period, computed from everyone's ratings as
 *   they were before it.
 * Everything here is a function of the results in the order they were
 * stored, so rating_rebuild computes the same tables again from scratch.
 * A change to these rules or to the bots' ratings raises RATING_VERSION,
 * and a server started on older tables rebuilds them.
 */
#ifndef BOTPIT_RATING_H
#define BOTPIT_RATING_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "store/store.h"
#include "util/glicko2.h"

#define RATING_VERSION 1
/* A player with fewer rated games in a game is provisional there. */
#define RATING_ESTABLISHED_GAMES 5
/* How sure a bot's fixed rating is taken to be (its RD). */
#define RATING_BOT_RD 100.0
#define RATING_MAX_SEATS 16

/* A bot level's fixed rating in a game ("easy", "normal", "hard"); an
 * unknown level is rated as "normal". */
double rating_bot(const char *game, const char *level);

/* Why a game moves no rating: NULL if it does, else "seeded" (the host
 * chose the seed) or "one_human" (fewer than two humans played). */
const char *rating_unrated_why(const json_t *players, bool seeded);

/* The places of a result's n seats: place[i] is how many seats did better
 * than seat i (0: first); team[i] its team, or -1 when the game is not
 * played in teams. Returns 0, or -1 if the result names no places. */
int rating_places(const json_t *result, int n, int *place, int *team);

/* One seat of a finished game. */
typedef struct rating_seat {
    bool human;            /* a player's seat (else a bot's) */
    int place, team;       /* as rating_places gives them */
    glicko2_rating before; /* the player's, or the bot's fixed rating */
    glicko2_rating after;  /* set for the humans by rating_compute */
} rating_seat;

/* The humans' ratings after the game, each from everyone's before. */
void rating_compute(rating_seat *seats, int n);

/* Records finished game `id` (just stored with store_result_add) in the
 * standings, in the caller's transaction. With summary not NULL, sets it to
 * the game's `rating` block (rating_summary). Returns 0 or -1. */
int rating_record(store *s, int64_t id, const store_result *r, json_t **summary);

/* The `rating` block of stored result `id`: {"rated", "why"?, "seats":
 * [{"seat", "id", "before", "after", "rd"} for the rated players, {"seat",
 * "bot", "rating"} for the bots]}, ratings rounded. NULL if unreadable. New
 * reference. */
json_t *rating_summary(store *s, int64_t id, const char *game, const json_t *players,
                       bool seeded);

/* The same block from the changes one result made (as
 * store_rating_changes gives them, borrowed). New reference. */
json_t *rating_summary_of(const json_t *changes, const char *game, const json_t *players,
                          bool seeded);

/* Drops every standing and computes them all again from the results, in one
 * transaction, and records RATING_VERSION. Returns the number of results
 * read, or -1. */
long rating_rebuild(store *s);

/* Rebuilds when the tables were computed under another RATING_VERSION (or
 * never): 1 if it did, 0 if they were current, -1 on failure. A store
 * other servers share (Redis) whose tables are of a later version is left
 * as it is: servers of two versions share it during a rolling upgrade. */
int rating_check(store *s);

#endif
