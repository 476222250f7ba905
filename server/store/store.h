/*
 * store.h: persistence of players, rooms, their input logs and results, in
 * one SQLite file (WAL mode).
 *
 * The input log is the game (the engines' replay invariant), so a room is
 * saved as its settings and seats plus every accepted input; restoring a room
 * means replaying its log. An input is committed before anyone is told of
 * its effect. Writes are synchronous on the loop thread: with WAL and
 * synchronous=NORMAL a commit is a write to the OS, not a disk flush, so it
 * survives the process being killed (not a power cut).
 *
 * All functions return 0 on success and -1 on failure (logged with the
 * SQLite message); json_t * parameters are borrowed.
 */
#ifndef BOTPIT_STORE_H
#define BOTPIT_STORE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct store store;

/* Opens (creating if needed) the database at path, checks it is sound and
 * writable, and sets up the schema. NULL with a sentence in err otherwise. */
store *store_open(const char *path, char *err, size_t err_len);
void store_close(store *s);

int store_player_put(store *s, const char *id, const char *name, const uint8_t hash[32]);

/* A room's settings and seats: everything but its log. */
typedef struct store_room {
    const char *code, *game, *status, *host;
    const json_t *options; /* resolved engine options */
    const json_t *seats;   /* [{"player": id|null, "bot": level|-1, "takeover": bool}] */
    uint64_t seed;
    bool seed_fixed, is_private, bot_takeover;
    int64_t clock_ms; /* the game clock at the last save */
} store_room;

int store_room_put(store *s, const store_room *r);
/* Forgets a room and its log. */
int store_room_delete(store *s, const char *code);
/* Marks a room whose log no longer replays: kept aside, never dropped. */
int store_room_mark_broken(store *s, const char *code, const char *why);

/* Appends one input (kind "act" or "tick") and moves the room's clock. */
int store_input_append(store *s, const char *code, uint64_t seq, int64_t t, int seat,
                       const char *kind, const json_t *action);

/* Saves the game clocks of many rooms in one transaction. */
int store_room_clocks(store *s, const char *const *codes, const int64_t *clocks, size_t n);

/* Records a finished game: its result and who sat where. */
int store_result_put(store *s, const char *code, const char *game, const json_t *players,
                     const json_t *result, int64_t finished_at_ms);

/* Calls fn for every stored player. */
int store_each_player(store *s, void (*fn)(void *arg, const char *id, const char *name,
                                           const uint8_t hash[32]),
                      void *arg);

/* Calls fn for every room not broken, with its row and its inputs as a JSON
 * array of {"t", "seat", "kind", "action"} in order (borrowed for the
 * call). */
int store_each_room(store *s, void (*fn)(void *arg, const store_room *r, const json_t *inputs),
                    void *arg);

/* Recent results, newest first, optionally of one game and/or one player. */
json_t *store_results(store *s, const char *game, const char *player_id, int limit);

/* Rooms kept aside because their log did not replay. */
int store_broken_count(store *s);

#endif
