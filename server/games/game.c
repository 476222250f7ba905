/* game.c: what every engine shares: refusals, options, seat ranges, bot levels. */
#include "game.h"

#include "util/rng.h"

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

const volatile int game_no_cancel = 0;

static const char *const option_type_names[] = {"int", "bool", "choice"};

const game_option *game_option_find(const game_engine *e, const char *name)
{
    for (const game_option *o = e->options; o && o->name; o++) {
        if (strcmp(o->name, name) == 0)
            return o;
    }
    return NULL;
}

/* The value `def` stands for in option o (a choice's index, a bool's 0/1). */
static json_t *option_value(const game_option *o, int def)
{
    switch (o->type) {
    case GAME_OPTION_BOOL: return json_boolean(def);
    case GAME_OPTION_CHOICE: return json_string(o->choices[def]);
    default: return json_integer(def);
    }
}

static json_t *option_default(const game_option *o)
{
    return option_value(o, o->def);
}

/* The option_defaults row of option `name`, or NULL. */
static const game_option_default *default_row(const game_engine *e, const char *name)
{
    for (const game_option_default *d = e->option_defaults; d && d->option; d++) {
        if (strcmp(d->option, name) == 0)
            return d;
    }
    return NULL;
}

/* {"option": "variant", "defaults": {"standard": 21, ...}} for a row. */
static json_t *default_by_json(const game_engine *e, const game_option_default *d)
{
    const game_option *o = game_option_find(e, d->option), *by = game_option_find(e, d->by);
    json_t *defaults = json_object();
    for (int i = 0; by->choices[i]; i++)
        json_object_set_new(defaults, by->choices[i], option_value(o, d->defs[i]));
    return json_pack("{s:s, s:o}", "option", d->by, "defaults", defaults);
}

static json_t *option_json(const game_option *o)
{
    json_t *d = json_pack("{s:s,s:s,s:o,s:s,s:s}", "name", o->name, "type",
                          option_type_names[o->type], "default", option_default(o), "label",
                          o->label, "help", o->help);
    if (o->type == GAME_OPTION_INT) {
        json_object_set_new(d, "min", json_integer(o->min));
        json_object_set_new(d, "max", json_integer(o->max));
    } else if (o->type == GAME_OPTION_CHOICE) {
        json_t *choices = json_array();
        for (int i = 0; o->choices[i]; i++)
            json_array_append_new(choices, json_string(o->choices[i]));
        json_object_set_new(d, "choices", choices);
        if (o->choice_labels) {
            json_t *labels = json_array();
            for (int i = 0; o->choices[i]; i++)
                json_array_append_new(labels, json_string(o->choice_labels[i]));
            json_object_set_new(d, "choice_labels", labels);
        }
    }
    return d;
}

json_t *game_options_json(const game_engine *e)
{
    json_t *all = json_array();
    for (const game_option *o = e->options; o && o->name; o++) {
        json_t *d = option_json(o);
        const game_option_default *row = default_row(e, o->name);
        if (row)
            json_object_set_new(d, "default_by", default_by_json(e, row));
        json_array_append_new(all, d);
    }
    return all;
}

/* The index of `value` among o's choices, or -1. */
static int choice_index(const game_option *o, const char *value)
{
    for (int i = 0; value && o->choices[i]; i++) {
        if (strcmp(o->choices[i], value) == 0)
            return i;
    }
    return -1;
}

static bool choice_allowed(const game_option *o, const char *value)
{
    return choice_index(o, value) >= 0;
}

/* Checks one given value against its row; 0 if it fits. */
static int option_check(const game_option *o, const json_t *v, game_error *err)
{
    switch (o->type) {
    case GAME_OPTION_BOOL:
        if (!json_is_boolean(v))
            return game_fail(err, "bad_options", "option %s must be true or false", o->name);
        return 0;
    case GAME_OPTION_INT:
        if (!json_is_integer(v))
            return game_fail(err, "bad_options", "option %s must be a whole number", o->name);
        if (json_integer_value(v) < o->min || json_integer_value(v) > o->max)
            return game_fail(err, "bad_options", "option %s must be between %d and %d", o->name,
                             o->min, o->max);
        return 0;
    case GAME_OPTION_CHOICE:
        if (!json_is_string(v) || !choice_allowed(o, json_string_value(v)))
            return game_fail(err, "bad_options", "option %s is not one of its choices", o->name);
        return 0;
    }
    return game_fail(err, "bad_options", "option %s has an unknown type", o->name);
}

json_t *game_options_resolve(const game_engine *e, const json_t *given, game_error *err)
{
    if (given && !json_is_object(given)) {
        game_fail(err, "bad_options", "options must be an object");
        return NULL;
    }
    const char *name;
    json_t *v;
    json_object_foreach((json_t *)given, name, v) {
        const game_option *o = game_option_find(e, name);
        if (!o) {
            game_fail(err, "bad_options", "%s has no option called %.64s", e->title, name);
            return NULL;
        }
        if (option_check(o, v, err) < 0)
            return NULL;
    }
    json_t *resolved = json_object();
    for (const game_option *o = e->options; o && o->name; o++) {
        json_t *g = given ? json_object_get(given, o->name) : NULL;
        json_object_set_new(resolved, o->name, g ? json_incref(g) : option_default(o));
    }
    /* Defaults that follow a choice, once every choice is resolved. */
    for (const game_option_default *d = e->option_defaults; d && d->option; d++) {
        if (given && json_object_get(given, d->option))
            continue;
        const game_option *o = game_option_find(e, d->option), *by = game_option_find(e, d->by);
        int choice = choice_index(by, json_string_value(json_object_get(resolved, d->by)));
        json_object_set_new(resolved, d->option, option_value(o, d->defs[choice]));
    }
    return resolved;
}

game_seeds game_seeds_from(uint64_t seed)
{
    /* Any fixed, well-mixed function will do: the stream only has to differ
     * from the open one. */
    return (game_seeds){seed, rng_mix(seed ^ 0x5ec2e75eedULL)};
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
    game *g = e->create(resolved, seats, game_seeds_from(seed), err);
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

int game_seat_team(const game_engine *e, const json_t *options, int seat)
{
    return e->seat_team && options ? e->seat_team(options, seat) : -1;
}

int game_bot_level(const game_engine *e, const char *name)
{
    for (int i = 0; e->bot_levels && e->bot_levels[i]; i++) {
        if (strcmp(e->bot_levels[i], name) == 0)
            return i;
    }
    return -1;
}

int game_rules_revision(const game_engine *e)
{
    return e->rules_revision > 0 ? e->rules_revision : 1;
}
