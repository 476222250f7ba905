/* game.c: what every engine shares: refusals, options, seat ranges, bot levels. */
#include "game.h"

#include <stdarg.h>
#include <string.h>

int game_fail(game_error *err, const char *code, const char *fmt, ...)
{
    if (err) {
        snprintf(err->code, sizeof err->code, "%s", code);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static const json_t *option_descriptor(const json_t *descriptors, const char *name)
{
    size_t i;
    const json_t *d;
    json_array_foreach(descriptors, i, d) {
        if (strcmp(json_string_value(json_object_get(d, "name")), name) == 0)
            return d;
    }
    return NULL;
}

static bool choice_allowed(const json_t *d, const char *value)
{
    size_t i;
    const json_t *c;
    json_array_foreach(json_object_get(d, "choices"), i, c) {
        if (strcmp(json_string_value(c), value) == 0)
            return true;
    }
    return false;
}

/* Checks one given value against its descriptor; 0 if it fits. */
static int option_check(const json_t *d, const char *name, const json_t *v, game_error *err)
{
    const char *type = json_string_value(json_object_get(d, "type"));
    if (strcmp(type, "bool") == 0) {
        if (!json_is_boolean(v))
            return game_fail(err, "bad_options", "option %s must be true or false", name);
    } else if (strcmp(type, "int") == 0) {
        if (!json_is_integer(v))
            return game_fail(err, "bad_options", "option %s must be a whole number", name);
        json_int_t n = json_integer_value(v);
        json_int_t lo = json_integer_value(json_object_get(d, "min"));
        json_int_t hi = json_integer_value(json_object_get(d, "max"));
        if (n < lo || n > hi)
            return game_fail(err, "bad_options", "option %s must be between %lld and %lld",
                             name, (long long)lo, (long long)hi);
    } else if (strcmp(type, "choice") == 0) {
        if (!json_is_string(v) || !choice_allowed(d, json_string_value(v)))
            return game_fail(err, "bad_options", "option %s is not one of its choices", name);
    }
    return 0;
}

json_t *game_options_resolve(const game_engine *e, const json_t *given, game_error *err)
{
    const json_t *descriptors = e->options();
    if (given && !json_is_object(given)) {
        game_fail(err, "bad_options", "options must be an object");
        return NULL;
    }
    const char *name;
    json_t *v;
    json_object_foreach((json_t *)given, name, v) {
        const json_t *d = option_descriptor(descriptors, name);
        if (!d) {
            game_fail(err, "bad_options", "%s has no option called %.64s", e->title, name);
            return NULL;
        }
        if (option_check(d, name, v, err) < 0)
            return NULL;
    }
    json_t *resolved = json_object();
    size_t i;
    const json_t *d;
    json_array_foreach(descriptors, i, d) {
        const char *n = json_string_value(json_object_get(d, "name"));
        const json_t *g = given ? json_object_get(given, n) : NULL;
        json_object_set(resolved, n, g ? (json_t *)g : json_object_get(d, "default"));
    }
    return resolved;
}

game *game_create_with(const game_engine *e, const char *options, int seats, uint64_t seed,
                       game_error *err)
{
    json_t *given = NULL;
    if (options) {
        given = json_loads(options, 0, NULL);
        if (!given) {
            game_fail(err, "bad_options", "options are not valid JSON");
            return NULL;
        }
    }
    json_t *resolved = game_options_resolve(e, given, err);
    json_decref(given);
    if (!resolved)
        return NULL;
    game *g = e->create(resolved, seats, seed, err);
    json_decref(resolved);
    return g;
}

void game_seat_range(const game_engine *e, const json_t *options, int *min, int *max)
{
    *min = e->min_players;
    *max = e->max_players;
    if (e->seat_range && options)
        e->seat_range(options, min, max);
}

int game_bot_level(const game_engine *e, const char *name)
{
    for (int i = 0; e->bot_levels && e->bot_levels[i]; i++) {
        if (strcmp(e->bot_levels[i], name) == 0)
            return i;
    }
    return -1;
}
