/*
 * map.h: a string-keyed hash map of pointers (rooms by code, players by id).
 * Keys are copied; values are borrowed (the map never frees them).
 */
#ifndef BOTPIT_MAP_H
#define BOTPIT_MAP_H

#include <stdbool.h>
#include <stddef.h>

typedef struct map_entry map_entry;

typedef struct map {
    map_entry **buckets;
    size_t nbuckets;
    size_t count;
} map;

void map_init(map *m);
void map_free(map *m); /* frees the map's own memory, not the values */
void *map_get(const map *m, const char *key);
/* Inserts or replaces; returns false on allocation failure. */
bool map_put(map *m, const char *key, void *value);
/* Removes key; returns the value it had, or NULL. */
void *map_remove(map *m, const char *key);

/* Iteration: for (map_iter it = map_first(m); it.entry; map_next(m, &it)) */
typedef struct map_iter {
    map_entry *entry;
    size_t bucket;
} map_iter;
map_iter map_first(const map *m);
void map_next(const map *m, map_iter *it);
void *map_iter_value(const map_iter *it);
const char *map_iter_key(const map_iter *it);

#endif
