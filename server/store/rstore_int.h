/*
 * rstore_int.h: what store.c passes through to the Redis store: its life
 * and the functions of store.h, with the same meaning (store.h), except
 * that a write returns once sent (its outcome: rstore.h).
 */
#ifndef BOTPIT_RSTORE_INT_H
#define BOTPIT_RSTORE_INT_H

#include "store/rconn.h"
#include "store/rstore.h"

rstore *rstore_new(rconn *conn, const char *node);
void rstore_free(rstore *r);
/* A new connection is up: the data's generation is checked again. */
void rstore_connection_up(rstore *r);

bool rstore_ok(const rstore *r);
uint64_t rstore_failures(const rstore *r);
int rstore_probe(rstore *r);
int rstore_begin(rstore *r);
int rstore_commit(rstore *r);
int rstore_player_put(rstore *r, const char *id, const char *name, const uint8_t hash[32]);
int rstore_room_put(rstore *r, const store_room *row);
int rstore_room_delete(rstore *r, const char *code);
int rstore_room_mark_broken(rstore *r, const char *code, const char *why);
int rstore_input_append(rstore *r, const char *code, uint64_t seq, int64_t t, int seat,
                        const char *kind, const json_t *action);
int rstore_room_clocks(rstore *r, const char *const *codes, const int64_t *clocks, size_t n);
int rstore_result_add(rstore *r, const store_result *res, int64_t *id);
int rstore_each_player(rstore *r,
                       void (*fn)(void *arg, const char *id, const char *name,
                                  const uint8_t hash[32]),
                       void *arg);
int rstore_each_room(rstore *r, void (*fn)(void *arg, const store_room *r, const json_t *inputs),
                     void *arg);
int rstore_broken_count(rstore *r);
int rstore_each_result(rstore *r, void (*fn)(void *arg, int64_t id, const store_result *res),
                       void *arg);
int rstore_standing_get(rstore *r, const char *player, const char *game, store_standing *st);
int rstore_standing_put(rstore *r, const char *player, const char *game,
                        const store_standing *st);
int rstore_rating_change_put(rstore *r, const store_rating_change *c);
int rstore_ratings_clear(rstore *r);
int rstore_ratings_version(rstore *r);
int rstore_ratings_set_version(rstore *r, int version);
json_t *rstore_ratings_table(rstore *r);

#endif
