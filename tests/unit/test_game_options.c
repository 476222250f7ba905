#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"

static const char *const sides[] = {"AB", "ABC", NULL};
static const char *const sides_words[] = {"Sides A and B", "Sides A, B and C", NULL};

static const game_option opts[] = {
    {"timer_s", GAME_OPTION_INT, "Timer", "Seconds.", 60, 5, 600, NULL, NULL},
    {"silver", GAME_OPTION_BOOL, "Silver", "A fifth robot.", 0, 0, 0, NULL, NULL},
    {"sides", GAME_OPTION_CHOICE, "Sides", "Which sides.", 0, 0, 0, sides, sides_words},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};
/* A choice without words of its own. */
static const game_option plain_opts[] = {
    {"sides", GAME_OPTION_CHOICE, "Sides", "Which sides.", 0, 0, 0, sides, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

static const int timer_by_sides[] = {60, 90};
static const game_option_default opt_defaults[] = {
    {"timer_s", "sides", timer_by_sides},
    {NULL, NULL, NULL},
};

static const game_engine fake = {.id = "fake", .title = "Fake", .options = opts};
static const game_engine fake_plain = {.id = "plain", .title = "Plain", .options = plain_opts};
/* The same, with timer_s's default following sides. */
static const game_engine fake_by = {.id = "fake_by", .title = "Fake", .options = opts,
                                    .option_defaults = opt_defaults};

static json_t *resolve(const char *text, game_error *err)
{
    json_t *given = text ? json_loads(text, 0, NULL) : NULL;
    json_t *r = game_options_resolve(&fake, given, err);
    json_decref(given);
    return r;
}

Test(options, defaults_fill_every_option)
{
    game_error err;
    json_t *r = resolve(NULL, &err);
    cr_assert_not_null(r);
    cr_assert_eq(json_integer_value(json_object_get(r, "timer_s")), 60);
    cr_assert(json_is_false(json_object_get(r, "silver")));
    cr_assert_str_eq(json_string_value(json_object_get(r, "sides")), "AB");
    json_decref(r);
}

Test(options, given_values_override_defaults)
{
    game_error err;
    json_t *r = resolve("{\"timer_s\": 5, \"sides\": \"ABC\"}", &err);
    cr_assert_not_null(r);
    cr_assert_eq(json_integer_value(json_object_get(r, "timer_s")), 5);
    cr_assert_str_eq(json_string_value(json_object_get(r, "sides")), "ABC");
    json_decref(r);
}

Test(options, unknown_option_is_refused_by_name)
{
    game_error err;
    cr_assert_null(resolve("{\"speed\": 3}", &err));
    cr_assert_str_eq(err.code, "bad_options");
    cr_assert(strstr(err.message, "speed"));
}

Test(options, out_of_range_and_wrong_types_are_refused)
{
    game_error err;
    cr_assert_null(resolve("{\"timer_s\": 4}", &err));
    cr_assert(strstr(err.message, "between 5 and 600"));
    cr_assert_null(resolve("{\"timer_s\": \"60\"}", &err));
    cr_assert_null(resolve("{\"silver\": 1}", &err));
    cr_assert_null(resolve("{\"sides\": \"D\"}", &err));
    cr_assert_null(resolve("[1]", &err));
}

Test(options, the_table_is_listed_as_the_games_message_json)
{
    json_t *all = game_options_json(&fake);
    cr_assert_eq(json_array_size(all), 3);
    json_t *timer = json_array_get(all, 0), *silver = json_array_get(all, 1),
           *sides_json = json_array_get(all, 2);
    cr_assert_str_eq(json_string_value(json_object_get(timer, "type")), "int");
    cr_assert_eq(json_integer_value(json_object_get(timer, "default")), 60);
    cr_assert_eq(json_integer_value(json_object_get(timer, "min")), 5);
    cr_assert_eq(json_integer_value(json_object_get(timer, "max")), 600);
    cr_assert_str_eq(json_string_value(json_object_get(timer, "label")), "Timer");
    cr_assert_str_eq(json_string_value(json_object_get(timer, "help")), "Seconds.");
    cr_assert_str_eq(json_string_value(json_object_get(silver, "type")), "bool");
    cr_assert(json_is_false(json_object_get(silver, "default")));
    cr_assert_null(json_object_get(silver, "min"), "a bool has no range");
    cr_assert_str_eq(json_string_value(json_object_get(sides_json, "default")), "AB");
    cr_assert_eq(json_array_size(json_object_get(sides_json, "choices")), 2);
    cr_assert_str_eq(json_string_value(json_array_get(json_object_get(sides_json, "choices"), 1)),
                     "ABC");
    json_decref(all);
}

Test(options, choices_are_listed_with_their_words_in_order)
{
    json_t *all = game_options_json(&fake);
    json_t *labels = json_object_get(json_array_get(all, 2), "choice_labels");
    cr_assert_eq(json_array_size(labels), 2, "one label per choice");
    cr_assert_str_eq(json_string_value(json_array_get(labels, 0)), "Sides A and B");
    cr_assert_str_eq(json_string_value(json_array_get(labels, 1)), "Sides A, B and C");
    cr_assert_null(json_object_get(json_array_get(all, 1), "choice_labels"), "a bool has none");
    json_decref(all);
    all = game_options_json(&fake_plain);
    cr_assert_null(json_object_get(json_array_get(all, 0), "choice_labels"),
                   "a choice without words lists none");
    json_decref(all);
}

Test(options, a_test_seed_fixes_both_streams_and_they_differ)
{
    game_seeds a = game_seeds_from(42), b = game_seeds_from(42), c = game_seeds_from(43);
    cr_assert_eq(a.seed, 42);
    cr_assert_eq(a.secret, b.secret);
    cr_assert_neq(a.secret, a.seed);
    cr_assert_neq(a.secret, c.secret);
}

static json_t *resolve_by(const char *text)
{
    json_t *given = json_loads(text, 0, NULL);
    game_error err;
    json_t *r = game_options_resolve(&fake_by, given, &err);
    cr_assert_not_null(r, "%s", err.message);
    json_decref(given);
    return r;
}

Test(options, a_default_may_follow_another_options_choice)
{
    json_t *r = resolve_by("{}");
    cr_assert_eq(json_integer_value(json_object_get(r, "timer_s")), 60);
    json_decref(r);
    r = resolve_by("{\"sides\": \"ABC\"}");
    cr_assert_eq(json_integer_value(json_object_get(r, "timer_s")), 90, "ABC's own default");
    json_decref(r);
}

Test(options, a_value_set_is_used_as_set_even_where_the_default_follows_a_choice)
{
    json_t *r = resolve_by("{\"sides\": \"ABC\", \"timer_s\": 60}");
    cr_assert_eq(json_integer_value(json_object_get(r, "timer_s")), 60,
                 "60 set by the host, though it is AB's default");
    json_decref(r);
    r = resolve_by("{\"timer_s\": 90}");
    cr_assert_eq(json_integer_value(json_object_get(r, "timer_s")), 90);
    json_decref(r);
}

Test(options, a_default_that_follows_a_choice_is_listed_with_its_values)
{
    json_t *all = game_options_json(&fake_by);
    json_t *timer = json_array_get(all, 0);
    cr_assert_eq(json_integer_value(json_object_get(timer, "default")), 60);
    char *by = json_dumps(json_object_get(timer, "default_by"), JSON_SORT_KEYS | JSON_COMPACT);
    cr_assert_str_eq(by, "{\"defaults\":{\"AB\":60,\"ABC\":90},\"option\":\"sides\"}");
    free(by);
    cr_assert_null(json_object_get(json_array_get(all, 1), "default_by"));
    json_decref(all);
    all = game_options_json(&fake);
    cr_assert_null(json_object_get(json_array_get(all, 0), "default_by"), "only where declared");
    json_decref(all);
}
