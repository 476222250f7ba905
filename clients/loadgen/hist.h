/*
 * hist.h: latency histograms that merge (one per worker process) and give
 * percentiles.
 *
 * Values are microseconds in buckets exact below 1,024 us and within 0.2%
 * above (512 buckets per power of two), up to about 137 s, so a histogram
 * is a fixed array that a worker can write down a pipe as it is.
 */
#ifndef BOTPIT_LOADGEN_HIST_H
#define BOTPIT_LOADGEN_HIST_H

#include <stdint.h>

#define HIST_BUCKETS (1024 + 18 * 512)

typedef struct hist {
    uint64_t count;
    uint64_t max_us;
    uint32_t buckets[HIST_BUCKETS];
} hist;

void hist_clear(hist *h);
void hist_add(hist *h, int64_t us);
void hist_merge(hist *into, const hist *from);
/* The value below which a fraction q (0..1) of the samples lie, in us;
 * 0 when there are none. */
uint64_t hist_quantile(const hist *h, double q);

#endif
