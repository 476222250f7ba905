/*
 * rng.h: the one random number generator of engines and rooms.
 *
 * xoshiro256** seeded through splitmix64: fast, small (32 bytes of state that
 * live inside the game struct, so copying a game copies its dice), and the
 * same sequence on every machine for a given seed. Not for secrets: tokens
 * come from getrandom (lobby/token.c).
 */
#ifndef BOTPIT_RNG_H
#define BOTPIT_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng;

void rng_seed(rng *r, uint64_t seed);
uint64_t rng_next(rng *r);
/* Uniform in [0, n), without modulo bias; n > 0. */
uint32_t rng_below(rng *r, uint32_t n);
/* Uniform in [lo, hi]. */
int rng_range(rng *r, int lo, int hi);
/* Fisher-Yates shuffle of n ints. */
void rng_shuffle_ints(rng *r, int *a, int n);
/* splitmix64 step: derives independent seeds from one (hash-like mixing). */
uint64_t rng_mix(uint64_t x);

#endif
