/*
 * rstore_core.h: what the Redis store's files share: the store itself, the
 * lists of strings its calls are made of, and how a write joins the
 * transaction being gathered. rstore.c is the core (transactions, rooms,
 * players, results, link codes); rstore_rating.c the ratings (standings
 * read ahead, written only if unchanged, rebuilt, read for leaderboards and
 * histories).
 */
#ifndef BOTPIT_RSTORE_CORE_H
#define BOTPIT_RSTORE_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/rstore_int.h"
#include "util/map.h"

/* Growing lists of owned strings: a call's arguments. */
typedef struct strs {
    char **v;
    size_t *len;
    int n, cap;
} strs;

bool strs_push(strs *s, const char *text, size_t len);
bool strs_add(strs *s, const char *text);
bool strs_addf(strs *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool strs_has(const strs *s, const char *text);
void strs_clear(strs *s);
void strs_free(strs *s);

struct rstore {
    rconn *conn;
    char node[RSTORE_NODE_MAX + 1];
    int sc_apply, sc_load, sc_owned, sc_player, sc_results, sc_gen, sc_link, sc_replay;
    map epochs; /* code -> epoch (as intptr_t) this node may write it at */
    map holds;  /* room code or player id -> its latest pending write (one ref each) */
    /* The transaction being gathered. */
    int depth;
    bool tx_failed;
    strs ops, codes, players;
    strs standings; /* the standings it writes ("game player"), read ahead */
    bool hard;      /* it has more than clock saves */
    void (*lost)(void *arg, const char *code, bool fenced);
    void *lost_arg;
    uint64_t failures, fenced, stale, data_lost;
    bool failing; /* the last transaction failed (logged once) */
    /* This loop iteration's transactions, sent as one call just before the
     * loop waits (rconn's flusher), or before any other call. */
    strs batch;
    struct sent_tx **batch_txs;
    int nbatch, batch_cap;
    struct sent_tx **failed; /* batches that could not be sent: failed on the next turn */
    int nfailed;
    char gen[40];
    json_t *startup; /* rooms read at start: {code: load reply as JSON} */
    /* Result numbers reserved ahead (rstore.c): [next, end), then the
     * spare block. */
    int64_t id_next, id_end, spare_next, spare_end;
    bool reserving;
    struct rstore_rating *rating; /* rstore_rating.c's state */
};

/* A write joins the transaction being gathered (one outside any is a
 * transaction of its own); op_end with false dooms it. */
int rstore_op_begin(rstore *r);
int rstore_op_end(rstore *r, bool ok);

/* A reply element's text, "" if it is not a string. */
const char *rstore_str_of(const redisReply *e);

/* --- rstore_rating.c, for the core --- */

/* Registers its scripts; -1 if it cannot (out of memory, too many). */
int rstore_rating_new(rstore *r);
void rstore_rating_free(rstore *r);
/* The standings of the humans seated in a game in play (seats as a
 * store_room has them) will be wanted when it ends: read them ahead. */
void rstore_rating_want_seats(rstore *r, const char *game, const json_t *seats);
/* Sends the reads asked for this loop iteration (after the batch). */
void rstore_rating_flush(rstore *r);
/* A transaction that wrote standings (keys: "game player") was kept or
 * not: what was read ahead of those that it did not write is not known to
 * match Redis any more, and is read again when wanted. */
void rstore_rating_settled(rstore *r, const strs *keys, bool kept);
/* Whether the transaction being gathered rebuilds the ratings (it began
 * with store_ratings_clear); if so, rstore_rating_finish_rebuild adds the
 * standings it computed to its ops (0, or -1 if out of memory) before it
 * is sent. */
bool rstore_rating_rebuilding(const rstore *r);
int rstore_rating_finish_rebuild(rstore *r);
/* The transaction being gathered is over (sent or not). */
void rstore_rating_tx_reset(rstore *r);

#endif
