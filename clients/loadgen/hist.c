/*
 * hist.c: log-linear latency buckets.
 */
#include "hist.h"

#include <string.h>

void hist_clear(hist *h)
{
    memset(h, 0, sizeof *h);
}

static int bucket_of(uint64_t us)
{
    if (us < 1024)
        return (int)us;
    int e = 63 - __builtin_clzll(us) - 9; /* us >> e is 512..1023 */
    int idx = 1024 + (e - 1) * 512 + (int)((us >> e) - 512);
    return idx < HIST_BUCKETS ? idx : HIST_BUCKETS - 1;
}

/* The smallest value that falls in bucket idx. */
static uint64_t bucket_low(int idx)
{
    if (idx < 1024)
        return (uint64_t)idx;
    int e = (idx - 1024) / 512 + 1;
    return (uint64_t)(512 + (idx - 1024) % 512) << e;
}

void hist_add(hist *h, int64_t us)
{
    uint64_t v = us < 0 ? 0 : (uint64_t)us;
    h->buckets[bucket_of(v)]++;
    h->count++;
    if (v > h->max_us)
        h->max_us = v;
}

void hist_merge(hist *into, const hist *from)
{
    for (int i = 0; i < HIST_BUCKETS; i++)
        into->buckets[i] += from->buckets[i];
    into->count += from->count;
    if (from->max_us > into->max_us)
        into->max_us = from->max_us;
}

uint64_t hist_quantile(const hist *h, double q)
{
    if (h->count == 0)
        return 0;
    /* The rank of the sample asked for, counting from 1. */
    uint64_t rank = (uint64_t)(q * (double)h->count + 0.999999);
    if (rank < 1)
        rank = 1;
    uint64_t seen = 0;
    for (int i = 0; i < HIST_BUCKETS; i++) {
        seen += h->buckets[i];
        if (seen >= rank) {
            uint64_t v = bucket_low(i);
            return v > h->max_us ? h->max_us : v;
        }
    }
    return h->max_us;
}
