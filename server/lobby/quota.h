/*
 * quota.h: what one address may do per minute (rooms created, new
 * identities, join attempts), as leaky buckets kept per address key
 * (util/addr.h: IPv6 by its /64).
 *
 * Each kind of request fills its bucket by its cost; the bucket drains at
 * `per_min` a minute; a request that would overflow it is refused and told
 * how long to wait. A bucket that has drained is forgotten (quota_prune), so
 * the book holds only the addresses active in the last minute or so.
 * Quotas on what is held at once (rooms open, bot seats) are counted from the
 * rooms themselves by the lobby; this module keeps their refusal counts too,
 * so /metrics shows every refusal in one family.
 *
 * Time is given by the caller (loop ms), so this knows no clock.
 */
#ifndef BOTPIT_QUOTA_H
#define BOTPIT_QUOTA_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "util/map.h"

typedef enum quota_kind {
    /* rates, per address and minute */
    QUOTA_ROOMS_PER_MIN,
    QUOTA_PLAYERS_PER_MIN,
    QUOTA_JOINS_PER_MIN,
    QUOTA_RESUMES_PER_MIN,
    QUOTA_REPLAYS_PER_MIN,
    QUOTA_RATE_COUNT,
    /* held at once */
    QUOTA_ROOMS_PER_ADDR = QUOTA_RATE_COUNT,
    QUOTA_ROOMS_PER_PLAYER,
    QUOTA_BOTS_PER_ADDR,
    QUOTA_REPLAYS_PER_ADDR,
    QUOTA_KIND_COUNT
} quota_kind;

typedef struct quota_book {
    map by_addr;                       /* address key -> its buckets */
    int limit[QUOTA_KIND_COUNT];       /* per minute, or at once; 0: no limit */
    uint64_t refused[QUOTA_KIND_COUNT];
} quota_book;

/* "rooms_per_min", ...: the names in errors and /metrics. */
const char *quota_name(quota_kind k);

void quota_init(quota_book *b);
void quota_free(quota_book *b);

/* Adds cost to addr's bucket of rate k if it fits: true; otherwise false,
 * counts a refusal and sets *retry_ms to the wait until it would fit. */
bool quota_take(quota_book *b, const char *addr, quota_kind k, double cost, uint64_t now,
                uint64_t *retry_ms);
/* Adds cost whether it fits or not (a join that missed costs extra). */
void quota_charge(quota_book *b, const char *addr, quota_kind k, double cost, uint64_t now);
/* Counts a refusal of a quota held at once. */
void quota_refused(quota_book *b, quota_kind k);
/* Forgets the addresses whose buckets have all drained; how many are left. */
size_t quota_prune(quota_book *b, uint64_t now);

/* The limits, the refusals, the most one address (or player) uses of each
 * quota (held_top for those held at once, which the caller counts) and how
 * many addresses are tracked, for /metrics. */
void quota_metrics_write(const quota_book *b, const int64_t held_top[QUOTA_KIND_COUNT],
                         uint64_t now, FILE *out);

#endif
