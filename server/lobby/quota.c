/* quota.c: leaky buckets per address, and the refusal counts of every quota. */
#include "lobby/quota.h"

#include <math.h>
#include <stdlib.h>

#include "util/metrics.h"

#define MS_PER_MIN 60000.0

typedef struct bucket {
    double level;
    uint64_t at; /* loop ms the level was last drained to */
} bucket;

typedef struct addr_buckets {
    bucket b[QUOTA_RATE_COUNT];
} addr_buckets;

static const char *const names[QUOTA_KIND_COUNT] = {
    [QUOTA_ROOMS_PER_MIN] = "rooms_per_min",   [QUOTA_PLAYERS_PER_MIN] = "players_per_min",
    [QUOTA_JOINS_PER_MIN] = "joins_per_min",   [QUOTA_RESUMES_PER_MIN] = "resumes_per_min",
    [QUOTA_ROOMS_PER_ADDR] = "rooms_per_addr",
    [QUOTA_ROOMS_PER_PLAYER] = "rooms_per_player", [QUOTA_BOTS_PER_ADDR] = "bots_per_addr",
    [QUOTA_REPLAYS_PER_MIN] = "replays_per_min", [QUOTA_REPLAYS_PER_ADDR] = "replays_per_addr",
};

const char *quota_name(quota_kind k)
{
    return names[k];
}

void quota_init(quota_book *b)
{
    map_init(&b->by_addr);
    for (int k = 0; k < QUOTA_KIND_COUNT; k++) {
        b->limit[k] = 0;
        b->refused[k] = 0;
    }
}

void quota_free(quota_book *b)
{
    for (map_iter it = map_first(&b->by_addr); it.entry; map_next(&b->by_addr, &it))
        free(map_iter_value(&it));
    map_free(&b->by_addr);
}

static void drain(bucket *bk, int per_min, uint64_t now)
{
    if (now > bk->at)
        bk->level -= (double)(now - bk->at) * per_min / MS_PER_MIN;
    if (bk->level < 0)
        bk->level = 0;
    bk->at = now;
}

/* addr's buckets, made if new; NULL if out of memory. */
static addr_buckets *buckets_of(quota_book *b, const char *addr)
{
    addr_buckets *ab = map_get(&b->by_addr, addr);
    if (ab)
        return ab;
    ab = calloc(1, sizeof *ab);
    if (ab && !map_put(&b->by_addr, addr, ab)) {
        free(ab);
        return NULL;
    }
    return ab;
}

bool quota_take(quota_book *b, const char *addr, quota_kind k, double cost, uint64_t now,
                uint64_t *retry_ms)
{
    int per_min = b->limit[k];
    if (per_min <= 0)
        return true;
    addr_buckets *ab = buckets_of(b, addr);
    if (!ab)
        return true; /* out of memory: refusing everyone would be worse */
    bucket *bk = &ab->b[k];
    drain(bk, per_min, now);
    if (bk->level + cost > per_min) {
        b->refused[k]++;
        *retry_ms = (uint64_t)ceil((bk->level + cost - per_min) * MS_PER_MIN / per_min);
        return false;
    }
    bk->level += cost;
    return true;
}

void quota_charge(quota_book *b, const char *addr, quota_kind k, double cost, uint64_t now)
{
    int per_min = b->limit[k];
    addr_buckets *ab = per_min > 0 ? buckets_of(b, addr) : NULL;
    if (!ab)
        return;
    drain(&ab->b[k], per_min, now);
    ab->b[k].level += cost;
}

void quota_refused(quota_book *b, quota_kind k)
{
    b->refused[k]++;
}

size_t quota_prune(quota_book *b, uint64_t now)
{
    map_iter it = map_first(&b->by_addr);
    while (it.entry) {
        addr_buckets *ab = map_iter_value(&it);
        char key[64];
        snprintf(key, sizeof key, "%s", map_iter_key(&it));
        map_next(&b->by_addr, &it); /* before the entry may go */
        bool drained = true;
        for (int k = 0; k < QUOTA_RATE_COUNT; k++) {
            if (b->limit[k] > 0)
                drain(&ab->b[k], b->limit[k], now);
            drained &= ab->b[k].level <= 0;
        }
        if (drained) {
            map_remove(&b->by_addr, key);
            free(ab);
        }
    }
    return b->by_addr.count;
}

/* The fullest bucket of rate k now, as a whole count. */
static int64_t top_level(const quota_book *b, quota_kind k, uint64_t now)
{
    double top = 0;
    for (map_iter it = map_first(&b->by_addr); it.entry; map_next(&b->by_addr, &it)) {
        bucket bk = ((const addr_buckets *)map_iter_value(&it))->b[k];
        drain(&bk, b->limit[k], now); /* a copy: looking changes nothing */
        if (bk.level > top)
            top = bk.level;
    }
    return (int64_t)ceil(top);
}

void quota_metrics_write(const quota_book *b, const int64_t held_top[QUOTA_KIND_COUNT],
                         uint64_t now, FILE *out)
{
    char labels[64];
    metrics_family(out, "botpit_quota_limit", "gauge",
                   "Each quota's limit: per address and minute (rates), or held at once; 0 is "
                   "none.");
    for (int k = 0; k < QUOTA_KIND_COUNT; k++) {
        snprintf(labels, sizeof labels, "quota=\"%s\"", names[k]);
        metrics_series(out, "botpit_quota_limit", labels, b->limit[k]);
    }
    metrics_family(out, "botpit_quota_refused_total", "counter",
                   "Requests refused because a quota was reached, by quota.");
    for (int k = 0; k < QUOTA_KIND_COUNT; k++) {
        snprintf(labels, sizeof labels, "quota=\"%s\"", names[k]);
        metrics_series(out, "botpit_quota_refused_total", labels, (int64_t)b->refused[k]);
    }
    metrics_family(out, "botpit_quota_top_use", "gauge",
                   "What refusals compare with each limit: the most any one address (or "
                   "player) uses now.");
    for (int k = 0; k < QUOTA_KIND_COUNT; k++) {
        snprintf(labels, sizeof labels, "quota=\"%s\"", names[k]);
        int64_t v = k < QUOTA_RATE_COUNT ? top_level(b, (quota_kind)k, now) : held_top[k];
        metrics_series(out, "botpit_quota_top_use", labels, v);
    }
    metrics_gauge(out, "botpit_quota_addresses",
                  "Addresses with a rate quota in use (active in about the last minute).",
                  (int64_t)b->by_addr.count);
}
