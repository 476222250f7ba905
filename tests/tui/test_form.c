/* The create-a-room form, from the games message. */
#include <criterion/criterion.h>
#include <string.h>

#include "form.h"
#include "keymap.h"

static const char games_json[] =
    "[{\"id\":\"ricochet\",\"title\":\"Ricochet Robots\",\"options\":["
    "{\"name\":\"timer_s\",\"type\":\"int\",\"default\":60,\"min\":2,\"max\":600,\"label\":\"Sand timer\",\"help\":\"Seconds\"},"
    "{\"name\":\"silver\",\"type\":\"bool\",\"default\":false,\"label\":\"Silver robot\"},"
    "{\"name\":\"sides\",\"type\":\"choice\",\"default\":\"AB\",\"choices\":[\"AB\",\"ABC\"],\"label\":\"Sides\"}]},"
    "{\"id\":\"boxing\",\"title\":\"Robot boxing\",\"options\":["
    "{\"name\":\"size\",\"type\":\"int\",\"default\":8,\"min\":6,\"max\":16,\"label\":\"Ring size\"}]}]";

static json_t *games(void)
{
    return json_loads(games_json, 0, NULL);
}

Test(form, it_is_built_from_the_games_message_with_defaults)
{
    json_t *g = games();
    form f;
    char why[300];
    cr_assert_eq(form_build(&f, g, "ricochet", why, sizeof why), 0, "%s", why);
    cr_assert_eq(f.nfields, 3);
    cr_assert_str_eq(f.fields[0].label, "Sand timer");
    cr_assert_eq(f.fields[0].value, 60);
    cr_assert_eq(f.fields[1].kind, FORM_BOOL);
    cr_assert_eq(f.fields[2].kind, FORM_CHOICE);
    json_t *o = form_options(&f);
    cr_assert_eq(json_object_size(o), 0, "defaults are left out");
    json_decref(o);
    json_decref(g);
}

Test(form, left_and_right_change_and_clamp)
{
    json_t *g = games();
    form f;
    char why[300];
    form_build(&f, g, "ricochet", why, sizeof why);
    form_move(&f, 1); /* timer_s */
    form_change(&f, 1, g);
    cr_assert_eq(f.fields[0].value, 65, "a wide range moves in fives");
    for (int i = 0; i < 200; i++)
        form_change(&f, 1, g);
    cr_assert_eq(f.fields[0].value, 600);
    form_move(&f, 1);
    form_change(&f, 1, g);
    cr_assert_eq(f.fields[1].value, 1);
    form_move(&f, 1);
    form_change(&f, 1, g);
    json_t *o = form_options(&f);
    cr_assert_eq(json_integer_value(json_object_get(o, "timer_s")), 600);
    cr_assert(json_is_true(json_object_get(o, "silver")));
    cr_assert_str_eq(json_string_value(json_object_get(o, "sides")), "ABC");
    json_decref(o);
    json_decref(g);
}

Test(form, typed_numbers_are_checked_against_the_range)
{
    json_t *g = games();
    form f;
    char why[300] = "";
    form_build(&f, g, "ricochet", why, sizeof why);
    form_move(&f, 1);
    cr_assert(form_type(&f, '9'));
    cr_assert(form_type(&f, '0'));
    cr_assert(form_type(&f, '0'));
    cr_assert(form_type(&f, '0'));
    cr_assert_eq(form_commit(&f, why, sizeof why), -1);
    cr_assert(strstr(why, "2 to 600"), "%s", why);
    cr_assert_eq(f.fields[0].value, 600);
    form_type(&f, '4');
    form_type(&f, '5');
    form_type(&f, K_BACKSPACE);
    cr_assert_eq(form_commit(&f, why, sizeof why), 0);
    cr_assert_eq(f.fields[0].value, 4);
    form_move(&f, 1);
    cr_assert_not(form_type(&f, '5'), "a bool takes no digits");
    json_decref(g);
}

Test(form, the_game_row_switches_games)
{
    json_t *g = games();
    form f;
    char why[300];
    form_build(&f, g, NULL, why, sizeof why);
    cr_assert_str_eq(form_game(&f), "ricochet");
    form_change(&f, 1, g);
    cr_assert_str_eq(form_game(&f), "boxing");
    cr_assert_eq(f.nfields, 1);
    cr_assert_str_eq(f.fields[0].name, "size");
    form_move(&f, -1); /* wraps to "private" */
    cr_assert_eq(f.row, 2);
    form_change(&f, 1, g);
    cr_assert(f.is_private);
    json_decref(g);
}

Test(form, command_line_options_by_name)
{
    json_t *g = games();
    form f;
    char why[300];
    form_build(&f, g, "ricochet", why, sizeof why);
    cr_assert_eq(form_set(&f, "timer_s=30", why, sizeof why), 0, "%s", why);
    cr_assert_eq(form_set(&f, "silver=on", why, sizeof why), 0);
    cr_assert_eq(form_set(&f, "sides=abc", why, sizeof why), 0);
    cr_assert_eq(form_set(&f, "private", why, sizeof why), 0);
    cr_assert(f.is_private);
    cr_assert_eq(f.fields[0].value, 30);
    cr_assert_eq(form_set(&f, "timer_s=1", why, sizeof why), -1);
    cr_assert(strstr(why, "2 to 600"));
    cr_assert_eq(form_set(&f, "timer_s=soon", why, sizeof why), -1);
    cr_assert_eq(form_set(&f, "silver=maybe", why, sizeof why), -1);
    cr_assert_eq(form_set(&f, "sides=XYZ", why, sizeof why), -1);
    cr_assert(strstr(why, "AB or ABC"), "%s", why);
    cr_assert_eq(form_set(&f, "speed=3", why, sizeof why), -1);
    cr_assert_eq(form_set(&f, "fast", why, sizeof why), -1);
    json_decref(g);
}

/* Issue 27: :create's refusals name the option by its label, as the form
 * does, in sentences that say what to do; the refused option is the
 * selected row, keeping what was typed. */
Test(form, command_line_refusals_name_the_label_and_keep_what_was_typed)
{
    json_t *g = games();
    form f;
    char why[400];
    form_build(&f, g, "ricochet", why, sizeof why);
    cr_assert_eq(form_set(&f, "silver=on", why, sizeof why), 0);
    cr_assert_eq(form_set(&f, "timer_s=9999", why, sizeof why), -1);
    cr_assert_str_eq(why, "Sand timer is 2 to 600, not 9999. Change it here, then Enter creates the room.");
    cr_assert_eq(f.row, 1, "its row is selected");
    cr_assert_str_eq(f.fields[0].typing, "9999", "what was typed stays on the row");
    cr_assert_eq(f.fields[1].value, 1, "what came before it too");
    cr_assert_eq(form_commit(&f, why, sizeof why), -1);
    cr_assert_str_eq(why, "Sand timer is 2 to 600: it is 600 now");
    cr_assert_eq(form_set(&f, "sides=XYZ", why, sizeof why), -1);
    cr_assert_str_eq(why, "Sides is AB or ABC, not \"XYZ\". Change it here, then Enter creates the room.");
    cr_assert_eq(form_set(&f, "sand=30", why, sizeof why), -1);
    cr_assert_str_eq(why, "Ricochet Robots has no option \"sand\". Its options are the rows below, by their labels; "
                          "each row's help gives the NAME=VALUE to type.");
    cr_assert_null(strstr(why, "timer_s"), "no wire names in place of labels");
    char typed[80];
    form_typed_text(&f.fields[0], typed, sizeof typed);
    cr_assert_str_eq(typed, "timer_s=600", "what the help tells to type");
    json_decref(g);
}

Test(form, no_games_or_an_unknown_game_is_a_clear_error)
{
    json_t *g = games();
    form f;
    char why[300];
    cr_assert_eq(form_build(&f, NULL, NULL, why, sizeof why), -1);
    cr_assert(strstr(why, "not listed"));
    cr_assert_eq(form_build(&f, g, "chess", why, sizeof why), -1);
    cr_assert_str_eq(why, "There is no game \"chess\" here; the games are ricochet and boxing. Left/Right on the "
                          "first row chooses one.");
    cr_assert_str_eq(form_game(&f), "ricochet", "the form of the first game, to choose from");
    json_decref(g);
}
