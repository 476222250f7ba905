/* map.c: separate chaining, doubling when the load passes 1. */
#include "map.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct map_entry {
    map_entry *next;
    void *value;
    char key[];
};

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
    return h;
}

void map_init(map *m)
{
    m->buckets = NULL;
    m->nbuckets = 0;
    m->count = 0;
}

void map_free(map *m)
{
    for (size_t i = 0; i < m->nbuckets; i++) {
        map_entry *e = m->buckets[i];
        while (e) {
            map_entry *next = e->next;
            free(e);
            e = next;
        }
    }
    free(m->buckets);
    map_init(m);
}

static map_entry **slot_of(const map *m, const char *key)
{
    if (!m->nbuckets)
        return NULL;
    map_entry **p = &m->buckets[hash(key) & (m->nbuckets - 1)];
    while (*p && strcmp((*p)->key, key) != 0)
        p = &(*p)->next;
    return p;
}

void *map_get(const map *m, const char *key)
{
    map_entry **p = slot_of(m, key);
    return (p && *p) ? (*p)->value : NULL;
}

static bool grow(map *m)
{
    size_t n = m->nbuckets ? m->nbuckets * 2 : 16;
    map_entry **b = calloc(n, sizeof *b);
    if (!b)
        return false;
    for (size_t i = 0; i < m->nbuckets; i++) {
        map_entry *e = m->buckets[i];
        while (e) {
            map_entry *next = e->next;
            size_t j = hash(e->key) & (n - 1);
            e->next = b[j];
            b[j] = e;
            e = next;
        }
    }
    free(m->buckets);
    m->buckets = b;
    m->nbuckets = n;
    return true;
}

bool map_put(map *m, const char *key, void *value)
{
    map_entry **p = slot_of(m, key);
    if (p && *p) {
        (*p)->value = value;
        return true;
    }
    if (m->count >= m->nbuckets && !grow(m))
        return false;
    size_t len = strlen(key) + 1;
    map_entry *e = malloc(sizeof *e + len);
    if (!e)
        return false;
    memcpy(e->key, key, len);
    e->value = value;
    size_t j = hash(key) & (m->nbuckets - 1);
    e->next = m->buckets[j];
    m->buckets[j] = e;
    m->count++;
    return true;
}

void *map_remove(map *m, const char *key)
{
    map_entry **p = slot_of(m, key);
    if (!p || !*p)
        return NULL;
    map_entry *e = *p;
    void *v = e->value;
    *p = e->next;
    free(e);
    m->count--;
    return v;
}

static void skip_empty(const map *m, map_iter *it)
{
    while (!it->entry && it->bucket + 1 < m->nbuckets)
        it->entry = m->buckets[++it->bucket];
}

map_iter map_first(const map *m)
{
    map_iter it = {NULL, 0};
    if (m->nbuckets) {
        it.entry = m->buckets[0];
        skip_empty(m, &it);
    }
    return it;
}

void map_next(const map *m, map_iter *it)
{
    it->entry = it->entry->next;
    skip_empty(m, it);
}

void *map_iter_value(const map_iter *it)
{
    return it->entry->value;
}

const char *map_iter_key(const map_iter *it)
{
    return it->entry->key;
}
