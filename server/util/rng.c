/* rng.c: xoshiro256** (Blackman and Vigna's published algorithm), our code. */
#include "rng.h"

uint64_t rng_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

void rng_seed(rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        seed = rng_mix(seed);
        r->s[i] = seed;
    }
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t rng_below(rng *r, uint32_t n)
{
    /* Lemire's multiply-and-reject: unbiased, one multiplication mostly. */
    uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = -n % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

int rng_range(rng *r, int lo, int hi)
{
    return lo + (int)rng_below(r, (uint32_t)(hi - lo + 1));
}

void rng_shuffle_ints(rng *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint32_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
