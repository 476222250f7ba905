#include <criterion/criterion.h>
#include <string.h>

#include "games/game.h"

static const json_t *opts(void)
{
    static json_t *d;
    if (!d)
        d = json_loads("[{\"name\":\"timer_s\",\"type\":\"int\",\"default\":60,\"min\":5,\"max\":600},"
                       "{\"name\":\"silver\",\"type\":\"bool\",\"default\":false},"
                       "{\"name\":\"sides\",\"type\":\"choice\",\"default\":\"AB\",\"choices\":[\"AB\",\"ABC\"]}]",
                       0, NULL);
    return d;
}

static const game_engine fake = {.id = "fake", .title = "Fake", .options = opts};

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
