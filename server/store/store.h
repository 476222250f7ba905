/*
 * store.h: persistence of players, rooms, their input logs and results, in
 * one SQLite file (WAL mode).
 *
 * The input log is the game (the engines' replay invariant), so a room is
 * saved as its settings and seats plus every accepted input; restoring a room
 * means replaying its log. The callers make a write the commit point: nobody
 * is told of a change before the write that keeps it has returned 0. With WAL
 * and synchronous=NORMAL a commit is a write to the OS, not a disk flush, so
 * it survives the process being killed (not a power cut).
 *
 * Writes run on the caller's (the loop's) thread and never wait long for a
 * lock: a database another process holds locked fails the write after
 * STORE_BUSY_MS (at once while writes are already failing), it does not
 * freeze the loop.
 *
 * Health: the first failed write is logged with its cause; later ones are
 * only counted, until a write succeeds again (logged too). store_ok says
 * which state the store is in; store_probe tries a tiny write to find out
 * whether writing works again.
 *
 * All functions return 0 on success and -1 on failure; json_t * parameters
 * are borrowed.
 */
#ifndef BOTPIT_STORE_H
#define BOTPIT_STORE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define STORE_BUSY_MS 20

typedef struct store store;

/* Opens (creating if needed) the database at path, checks it is sound and
 * writable, and sets up the schema. NULL with a sentence in err otherwise. */
store *store_open(const char *path, char *err, size_t err_len);
/* In distributed mode: the same store on Redis, through conn, writing as
 * node (rstore.h: writes are asynchronous there). Registers its scripts
 * with conn, so it comes before rconn_open. NULL if out of memory. */
struct rconn;
store *store_open_redis(struct rconn *conn, const char *node);
void store_close(store *s);
/* Whether other servers write to this store too (Redis). */
bool store_shared(const store *s);

/* --- health --- */

/* False from a failed write until a write succeeds again. */
bool store_ok(const store *s);
/* Writes that have failed since the store was opened. */
uint64_t store_failures(const store *s);
/* A tiny write of its own: 0 if writing works (again). */
int store_probe(store *s);

/* --- transactions --- */

/* Groups the writes up to the matching store_commit into one transaction
 * that stands or falls whole. Transactions nest: only the outermost commits,
 * and a failure anywhere inside makes it roll back and return -1. A write
 * outside any transaction is a transaction of its own. */
int store_begin(store *s);
int store_commit(store *s);

/* --- writes --- */

int store_player_put(store *s, const char *id, const char *name, const uint8_t hash[32]);

/* A room's settings and seats: everything but its log. */
typedef struct store_room {
    const char *code, *game, *status, *host;
    const json_t *options; /* resolved engine options */
    const json_t *seats;   /* [{"player": id|null, "bot": level|-1, "takeover": bool, "bot_was"}] */
    uint64_t seed;
    bool seed_fixed, is_private, bot_takeover;
    int64_t clock_ms; /* the game clock at the last save */
    /* The game's secret stream (game_seeds.secret), drawn by the server when
     * the game started; rooms stored before it was kept have none. */
    bool has_secret;
    uint64_t secret;
    /* The rules revision of the game's engine (game_rules_revision) when it
     * was stored; 0 for a room stored before revisions were kept. */
    int rules_revision;
} store_room;

int store_room_put(store *s, const store_room *r);
/* Forgets a room and its log. */
int store_room_delete(store *s, const char *code);
/* Marks a room whose log no longer replays: kept aside, never dropped. */
int store_room_mark_broken(store *s, const char *code, const char *why);

/* Appends input number seq (kind "act" or "tick") and moves the room's
 * clock to t. */
int store_input_append(store *s, const char *code, uint64_t seq, int64_t t, int seat,
                       const char *kind, const json_t *action);

/* Saves the game clocks of many rooms in one transaction. */
int store_room_clocks(store *s, const char *const *codes, const int64_t *clocks, size_t n);

/* A finished game: its result and who sat where ([{"seat", "id"?, ...}]),
 * and what its replay needs besides its log: the resolved options, the
 * seat count, both seeds and the rules revision it was played under. The
 * room's log as stored so far (the inputs appended earlier in the same
 * transaction included) is kept with it, under the game's id, so that the
 * game can be replayed after the room is gone. Without options no replay
 * is kept. */
typedef struct store_result {
    const char *code, *game;
    const json_t *players, *result;
    int64_t finished_at_ms;
    bool is_private; /* shown only to those who played */
    bool seeded;     /* the host chose the seed */
    const json_t *options; /* resolved engine options, or NULL: no replay */
    int seats;
    uint64_t seed;
    bool has_secret; /* false for a game dealt before secrets were kept */
    uint64_t secret;
    int rules_revision;
} store_result;

/* Stores a finished game: 0, or -1. */
int store_result_put(store *s, const store_result *r);

/* --- reads --- */

/* Calls fn for every stored player. */
int store_each_player(store *s, void (*fn)(void *arg, const char *id, const char *name,
                                           const uint8_t hash[32]),
                      void *arg);

/* Calls fn for every room not broken, with its row and its inputs as a JSON
 * array of {"seq", "t", "seat", "kind", "action"} in seq order (borrowed for
 * the call). */
int store_each_room(store *s, void (*fn)(void *arg, const store_room *r, const json_t *inputs),
                    void *arg);

/* The inputs of one room, as store_each_room gives them; NULL on failure.
 * New reference. */
json_t *store_inputs(store *s, const char *code);

/* Recent results, newest first, optionally of one game and/or one player,
 * each with its row "id" (also the finished game's replay id), "private"
 * and "seeded": public games, and the private ones
 * viewer_id played in (viewer_id may be NULL: public games only). NULL if
 * they could not be read. New reference. */
json_t *store_results(store *s, const char *game, const char *player_id, const char *viewer_id,
                      int limit);

/* What store_replay_get found. */
typedef enum store_replay_status {
    STORE_REPLAY_OK,
    STORE_REPLAY_NONE,     /* no such game, or a private one viewer_id did not play */
    STORE_REPLAY_NOT_KEPT, /* a game finished before replays were kept */
    STORE_REPLAY_FAILED,   /* the database could not be read */
} store_replay_status;

/* A finished game with what replaying it needs, for viewer_id (may be
 * NULL: public games only; a private game is only its players'):
 *   {"id", "room", "game", "finished_at", "players", "result", "private",
 *    "seeded", "options", "seats", "seed", "secret" (null if none kept),
 *    "rules", "inputs": [{"seq", "t", "seat", "kind", "action"?}, ...]}
 * (seeds as JSON integers holding the 64 bits, two's complement), or NULL
 * with *status saying why. New reference.
 *
 * Unlike the rest of the store it may be called from any thread (the
 * lobby reads replays on its worker threads): it reads through a
 * read-only connection of its own, opened on first use and taken by one
 * thread at a time, so it never waits for nor disturbs the loop's writes
 * (WAL). In distributed mode (store_open_redis) replays are read from
 * Redis on the loop instead (rstore_replay_read, then rstore_replay_row
 * on any thread): this answers NULL with STORE_REPLAY_NOT_KEPT. */
json_t *store_replay_get(store *s, int64_t id, const char *viewer_id, store_replay_status *status);

/* Rooms kept aside because their log did not replay; -1 if unreadable. */
int store_broken_count(store *s);

/* The stored player whose token has this hash: 1 with its id and name, 0
 * if none, -1 if it could not be read. */
int store_player_by_token(store *s, const uint8_t hash[32], char *id, size_t id_len, char *name,
                          size_t name_len);

/* A stored player's name: 1 with it in name, 0 if no player has that id, -1
 * if it could not be read. */
int store_player_name(store *s, const char *id, char *name, size_t len);

/* Calls fn for every stored result, in the order they were stored (by id),
 * with the row borrowed for the call. */
int store_each_result(store *s, void (*fn)(void *arg, int64_t id, const store_result *r),
                      void *arg);

/* As store_result_put, with the new row's id (results.id: what
 * /api/results and replays call it) in *id when id is not NULL. */
int store_result_add(store *s, const store_result *r, int64_t *id);

/* --- ratings: rows derived from the results (store/rating.h computes them) --- */

/* A player's record in one game. */
typedef struct store_standing {
    int played, won;               /* finished games, and of them won */
    int public_played, public_won; /* the same counting public games only */
    int rated;                     /* games that moved the rating */
    double rating, rd, vol;        /* Glicko-2, meaningful once rated > 0 */
} store_standing;

/* 1 with *st filled, 0 if the player has no record in game, -1 on failure. */
int store_standing_get(store *s, const char *player, const char *game, store_standing *st);
int store_standing_put(store *s, const char *player, const char *game, const store_standing *st);

/* How one game moved one player's rating. */
typedef struct store_rating_change {
    int64_t result;
    const char *player;
    int seat;
    double rating_before, rd_before, rating_after, rd_after;
} store_rating_change;

int store_rating_change_put(store *s, const store_rating_change *c);
/* The changes one result made, by seat: [{"seat", "player", "rating_before",
 * "rd_before", "rating_after", "rd_after"}]; NULL on failure. New reference. */
json_t *store_rating_changes(store *s, int64_t result);

/* Forgets every standing and change (before they are computed again). */
int store_ratings_clear(store *s);
/* The version of the rules the stored ratings were computed under: 0 if
 * none was recorded, -1 if unreadable. */
int store_ratings_version(store *s);
int store_ratings_set_version(store *s, int version);

/* The rated players of a game, best first: those with at least
 * `established` rated games, then the others (provisional), each by rating,
 * at most limit: [{"id", "name", "rating", "rd", "rated"}], ratings as
 * stored. NULL on failure. New reference. */
json_t *store_leaderboard(store *s, const char *game, int established, int limit);
/* Every standing and change as stored, in a fixed order, ratings exact:
 * {"standings": [...], "changes": [...]} (to compare two computations).
 * NULL on failure. New reference. */
json_t *store_ratings_table(store *s);
/* A player's record in every game they finished, by game id: [{"game",
 * "played", "won", "public_played", "public_won", "rated", "rating", "rd"}].
 * NULL on failure. New reference. */
json_t *store_standings_of(store *s, const char *player);

#endif
