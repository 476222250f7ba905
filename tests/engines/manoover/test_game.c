/* test_game.c: the engine contract (options, seats, refusals, views, events,
 * results) and the match rules of the seed and RULINGS §2. */
#include "helpers.h"

/* ------------------------------------------------------------ options */

static json_t *descriptors;

static const json_t *descriptor(const char *name)
{
    size_t i;
    json_t *d;
    json_array_foreach(descriptors, i, d) {
        if (strcmp(json_string_value(json_object_get(d, "name")), name) == 0)
            return d;
    }
    return NULL;
}

static void load_descriptors(void)
{
    descriptors = game_options_json(&manoover_engine);
}

static void drop_descriptors(void)
{
    json_decref(descriptors);
}

Test(manoover_game, options_are_variant_alternate_and_match_to_with_help,
     .init = load_descriptors, .fini = drop_descriptors)
{
    cr_assert_eq(json_array_size(descriptors), 3);
    const json_t *variant = descriptor("variant");
    cr_assert_str_eq(json_string_value(json_object_get(variant, "type")), "choice");
    cr_assert_str_eq(json_string_value(json_object_get(variant, "default")), "standard");
    cr_assert_eq(json_array_size(json_object_get(variant, "choices")), 3);
    const json_t *alt = descriptor("alternate");
    cr_assert(json_is_false(json_object_get(alt, "default")));
    const json_t *match = descriptor("match_to");
    cr_assert_eq(json_integer_value(json_object_get(match, "default")), 21);
    cr_assert_eq(json_integer_value(json_object_get(match, "min")), 0);
    cr_assert_not_null(strstr(json_string_value(json_object_get(match, "help")), "30"));
    json_t *by = json_object_get(match, "default_by");
    cr_assert_str_eq(json_string_value(json_object_get(by, "option")), "variant");
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(by, "defaults"), "plus")), 30);
    size_t i;
    json_t *d;
    json_array_foreach(descriptors, i, d) {
        cr_assert_gt(strlen(json_string_value(json_object_get(d, "label"))), 3);
        cr_assert_gt(strlen(json_string_value(json_object_get(d, "help"))), 20);
    }
}

static void seat_range_of(const char *options, int *min, int *max)
{
    json_t *given = json_loads(options, 0, NULL);
    game_error err;
    json_t *resolved = game_options_resolve(&manoover_engine, given, &err);
    cr_assert_not_null(resolved);
    game_seat_range(&manoover_engine, resolved, min, max);
    json_decref(resolved);
    json_decref(given);
}

Test(manoover_game, three_player_variant_takes_exactly_three_seats_the_others_two)
{
    int min, max;
    seat_range_of("{\"variant\":\"three\"}", &min, &max);
    cr_assert(min == 3 && max == 3);
    seat_range_of("{}", &min, &max);
    cr_assert(min == 2 && max == 2);
    seat_range_of("{\"variant\":\"plus\"}", &min, &max);
    cr_assert(min == 2 && max == 2);
    game_error err;
    cr_assert_null(game_create_with(&manoover_engine, "{\"variant\":\"three\"}", 2, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
    cr_assert_null(game_create_with(&manoover_engine, NULL, 3, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
    cr_assert_null(game_create_with(&manoover_engine, "{\"match_to\":-1}", 2, 1, &err));
}

static int match_to_of(const char *options, int seats)
{
    game *g = mk(options, seats, 1);
    json_t *v = view_json(g, -1);
    int to = (int)json_integer_value(json_object_get(json_object_get(v, "match"), "to"));
    json_decref(v);
    manoover_engine.destroy(g);
    return to;
}

/* RULINGS §2: match_to's default is the variant's own target. */
Test(manoover_game, match_to_left_unset_is_the_variants_own_21_or_30_for_plus,
     .init = load_descriptors, .fini = drop_descriptors)
{
    cr_assert_eq(match_to_of(NULL, 2), 21);
    cr_assert_eq(match_to_of("{\"variant\":\"three\"}", 3), 21);
    cr_assert_eq(match_to_of("{\"variant\":\"plus\"}", 2), 30);
    const char *const variants[] = {"standard", "three", "plus"};
    json_t *defaults = json_object_get(json_object_get(descriptor("match_to"), "default_by"),
                                       "defaults");
    for (int i = 0; i < 3; i++) {
        const manoover_layout *l = manoover_layout_find(variants[i]);
        cr_assert_eq(json_integer_value(json_object_get(defaults, variants[i])), l->match_points,
                     "%s: the option's default is the layout's target", variants[i]);
    }
}

/* RULINGS §2: "any value the host sets explicitly is used as set, in every
 * variant", 21 in MANOOVER Plus included. */
Test(manoover_game, match_to_set_by_the_host_is_used_as_set_in_every_variant)
{
    cr_assert_eq(match_to_of("{\"variant\":\"plus\",\"match_to\":21}", 2), 21);
    cr_assert_eq(match_to_of("{\"variant\":\"plus\",\"match_to\":40}", 2), 40);
    cr_assert_eq(match_to_of("{\"variant\":\"plus\",\"match_to\":0}", 2), 0);
    cr_assert_eq(match_to_of("{\"variant\":\"standard\",\"match_to\":30}", 2), 30);
    cr_assert_eq(match_to_of("{\"variant\":\"three\",\"match_to\":30}", 3), 30);
    cr_assert_eq(match_to_of("{\"match_to\":12}", 2), 12);
    json_t *given = json_loads("{\"variant\":\"plus\",\"match_to\":21}", 0, NULL);
    game_error err;
    json_t *resolved = game_options_resolve(&manoover_engine, given, &err);
    cr_assert_eq(json_integer_value(json_object_get(resolved, "match_to")), 21,
                 "the room's resolved options show the target played to");
    json_decref(resolved);
    json_decref(given);
}

/* ------------------------------------------------------------ refusals */

static game *red_to_move(void)
{
    game *g = mk_standard(40);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 2, -1, 1, "N");
    place(&p, RED, 6, -3, 3, "N");
    place(&p, BLUE, 1, 3, -3, "S");
    load(g, &p, RED, 2, 2, 6);
    return g;
}

Test(manoover_game, malformed_actions_are_bad_action_and_change_nothing)
{
    game *g = red_to_move();
    act_refused(g, RED, "[1, 2]", "bad_action");
    act_refused(g, RED, "\"step\"", "bad_action");
    act_refused(g, RED, "{}", "bad_action");
    act_refused(g, RED, "{\"kind\":7}", "bad_action");
    act_refused(g, RED, "{\"kind\":\"jump\",\"robot\":2}", "bad_action");
    act_refused(g, RED, "{\"kind\":\"step\"}", "bad_action");
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":\"2\"}", "bad_action");
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":2.0}", "bad_action");
    act_refused(g, RED, "{\"kind\":\"turn\",\"robot\":2}", "bad_action");
    act_refused(g, RED, "{\"kind\":\"turn\",\"robot\":2,\"dir\":\"E\"}", "bad_action");
    act_refused(g, RED, "{\"kind\":\"turn\",\"robot\":2,\"dir\":3}", "bad_action");
    manoover_engine.destroy(g);
}

Test(manoover_game, bad_action_names_the_field)
{
    game *g = red_to_move();
    json_t *a = json_loads("{\"kind\":\"turn\",\"robot\":2,\"dir\":\"up\"}", 0, NULL);
    json_t *events = json_array();
    game_error err;
    cr_assert_eq(manoover_engine.act(g, RED, a, 1, events, &err), -1);
    cr_assert_not_null(strstr(err.message, "dir"));
    json_decref(a);
    a = json_loads("{\"kind\":\"step\",\"robot\":null}", 0, NULL);
    cr_assert_eq(manoover_engine.act(g, RED, a, 1, events, &err), -1);
    cr_assert_not_null(strstr(err.message, "robot"));
    json_decref(a);
    json_decref(events);
    manoover_engine.destroy(g);
}

Test(manoover_game, out_of_turn_actions_are_not_your_turn)
{
    game *g = red_to_move();
    act_refused(g, BLUE, "{\"kind\":\"pass\"}", "not_your_turn");
    act_refused(g, BLUE, "{\"kind\":\"step\",\"robot\":1}", "not_your_turn");
    act_refused(g, GAME_SEAT_SPECTATOR, "{\"kind\":\"pass\"}", "not_your_turn");
    act_refused(g, 7, "{\"kind\":\"pass\"}", "not_your_turn");
    manoover_engine.destroy(g);
}

Test(manoover_game, actions_against_the_rules_are_illegal_with_a_reason)
{
    game *g = red_to_move();
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":9}", "illegal");
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":0}", "illegal");
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":-3}", "illegal");
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":99999999999}", "illegal");
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":1}", "illegal"); /* not on the board */
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":3}", "illegal"); /* no die */
    act_refused(g, RED, "{\"kind\":\"turn\",\"robot\":2,\"dir\":\"N\"}", "illegal");
    json_t *a = json_loads("{\"kind\":\"step\",\"robot\":4}", 0, NULL);
    json_t *events = json_array();
    game_error err;
    manoover_engine.act(g, RED, a, 1, events, &err);
    cr_assert_not_null(strstr(err.message, "4"));
    json_decref(a);
    json_decref(events);
    manoover_engine.destroy(g);
}

Test(manoover_game, actions_after_the_end_are_illegal)
{
    game *g = mk_standard(41);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, 2, -1, "NE");
    place(&p, BLUE, 1, 3, -2, "S");
    load(g, &p, RED, 1, 1);
    json_decref(act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}"));
    cr_assert(manoover_engine.over(g));
    act_refused(g, RED, "{\"kind\":\"pass\"}", "illegal");
    act_refused(g, BLUE, "{\"kind\":\"pass\"}", "illegal");
    manoover_engine.destroy(g);
}

/* ------------------------------------------------------------ views, events */

Test(manoover_game, view_holds_the_board_dice_turn_phase_and_match)
{
    game *g = mk(NULL, 2, 42);
    json_t *v = view_json(g, g->turn);
    static const char *const fields[] = {
        "radius", "goals", "robots", "dice", "turn", "phase", "scored", "score", "off_board",
        "match", "first_player", "roll", "set_aside", "legal", "colours", "alive", "out", "you"};
    for (size_t k = 0; k < sizeof fields / sizeof *fields; k++)
        cr_assert_not_null(json_object_get(v, fields[k]), "missing %s", fields[k]);
    cr_assert_eq(json_array_size(json_object_get(v, "robots")), 12);
    json_t *r0 = json_array_get(json_object_get(v, "robots"), 0);
    cr_assert(robot_is(r0, RED, 1));
    cr_assert(cell_is(json_object_get(r0, "cell"), -3, 3));
    cr_assert_str_eq(json_string_value(json_object_get(r0, "dir")), "N");
    cr_assert_str_eq(json_string_value(json_object_get(v, "phase")), "control");
    json_t *match = json_object_get(v, "match");
    cr_assert_eq(json_integer_value(json_object_get(match, "to")), 21);
    cr_assert(json_is_null(json_object_get(match, "next_game_at")));
    cr_assert_eq(json_array_size(json_object_get(match, "totals")), 2);
    json_t *d0 = json_array_get(json_object_get(v, "dice"), 0);
    cr_assert(json_is_integer(json_object_get(d0, "value")));
    cr_assert(json_is_false(json_object_get(d0, "used")));
    cr_assert(json_is_true(json_object_get(d0, "usable")));
    json_decref(v);
    manoover_engine.destroy(g);
}

Test(manoover_game, only_the_player_to_move_sees_its_legal_actions)
{
    game *g = red_to_move();
    json_t *mine = view_json(g, RED), *theirs = view_json(g, BLUE), *spec = view_json(g, -1);
    json_t *legal = json_object_get(mine, "legal");
    cr_assert(json_is_true(json_object_get(legal, "pass")));
    json_t *robots = json_object_get(legal, "robots");
    cr_assert_eq(json_array_size(robots), 2);
    json_t *two = json_array_get(robots, 0);
    cr_assert_eq(json_integer_value(json_object_get(two, "number")), 2);
    cr_assert(json_is_true(json_object_get(two, "step")));
    cr_assert_eq(json_array_size(json_object_get(two, "turn")), 5);
    cr_assert_null(json_object_get(theirs, "legal"));
    cr_assert_null(json_object_get(spec, "legal"));
    /* Apart from "you" and "legal", everyone sees the same: no secrets. */
    json_object_del(mine, "legal");
    json_object_del(mine, "you");
    json_object_del(theirs, "you");
    json_object_del(spec, "you");
    cr_assert(json_equal(mine, theirs));
    cr_assert(json_equal(mine, spec));
    json_decref(mine);
    json_decref(theirs);
    json_decref(spec);
    manoover_engine.destroy(g);
}

Test(manoover_game, every_event_is_an_object_with_a_kind)
{
    game *g = mk(NULL, 2, 43);
    for (int k = 0; k < 20 && !manoover_engine.over(g); k++) {
        json_t *ev = act_ok(g, g->turn, "{\"kind\":\"pass\"}");
        size_t i;
        json_t *e;
        json_array_foreach(ev, i, e) {
            cr_assert(json_is_object(e));
            cr_assert(json_is_string(json_object_get(e, "kind")));
        }
        cr_assert_gt(ev_count(ev, "turn_start"), 0);
        cr_assert_gt(ev_count(ev, "roll"), 0);
        json_decref(ev);
    }
    manoover_engine.destroy(g);
}

Test(manoover_game, step_events_carry_the_robot_cells_and_pushes)
{
    game *g = red_to_move();
    manoover_pos p = g->pos;
    place(&p, BLUE, 2, -1, 0, "S");
    load(g, &p, RED, 2, 2, 6);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":2}");
    json_t *st = ev_nth(ev, "step", 0);
    cr_assert(robot_is(json_object_get(st, "robot"), RED, 2));
    cr_assert(cell_is(json_object_get(st, "from"), -1, 1));
    cr_assert(cell_is(json_object_get(st, "to"), -1, 0));
    json_t *push = json_array_get(json_object_get(st, "pushes"), 0);
    cr_assert(robot_is(json_object_get(push, "robot"), BLUE, 2));
    cr_assert(cell_is(json_object_get(push, "from"), -1, 0));
    cr_assert(cell_is(json_object_get(push, "to"), -1, -1));
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_game, bot_waits_when_it_is_not_its_turn)
{
    game *g = red_to_move();
    int64_t wake = GAME_NO_DEADLINE;
    cr_assert_null(manoover_engine.bot(g, BLUE, MANOOVER_BOT_HARD, 0, 1, &wake, &game_no_cancel));
    json_t *a = manoover_engine.bot(g, RED, MANOOVER_BOT_EASY, 0, 1, &wake, &game_no_cancel);
    cr_assert_not_null(a);
    json_decref(a);
    manoover_engine.destroy(g);
}

Test(manoover_game, bots_aim_a_robot_at_their_goal_when_the_dice_allow)
{
    for (int level = MANOOVER_BOT_NORMAL; level <= MANOOVER_BOT_HARD; level++) {
        game *g = mk_standard(44);
        manoover_pos p = empty_pos(g);
        /* Red 1 points off the board; turned north-east it walks into Red's goal. */
        place(&p, RED, 1, -1, -2, "N");
        place(&p, RED, 6, -3, 3, "N");
        place(&p, BLUE, 1, 3, -3, "S");
        place(&p, BLUE, 2, 2, -3, "S");
        load(g, &p, RED, 1, 1);
        int64_t wake = GAME_NO_DEADLINE;
        json_t *a = manoover_engine.bot(g, RED, level, 0, 5, &wake, &game_no_cancel);
        cr_assert_str_eq(json_string_value(json_object_get(a, "kind")), "turn");
        cr_assert_str_eq(json_string_value(json_object_get(a, "dir")), "NE");
        json_decref(a);
        manoover_engine.destroy(g);
    }
}

Test(manoover_game, hard_weighs_a_position_by_the_fewest_robots_left_in_play)
{
    game *g = mk_standard(45);
    cr_assert_eq(manoover_bot_phase(&g->pos), 0, "six robots each: the opening");
    manoover_pos p = empty_pos(g);
    for (int n = 1; n <= 6; n++)
        place(&p, BLUE, n, n - 4, 1, "N");
    place(&p, RED, 1, -1, -2, "N");
    place(&p, RED, 2, 0, -2, "N");
    place(&p, RED, 3, 1, -2, "N");
    place(&p, RED, 4, 2, -2, "N");
    manoover_pos_recount(&p);
    cr_assert_eq(manoover_bot_phase(&p), 1, "Red down to four");
    manoover_pos q = empty_pos(g);
    place(&q, RED, 1, -1, -2, "N");
    place(&q, BLUE, 1, 3, -3, "S");
    place(&q, BLUE, 2, 2, -3, "S");
    manoover_pos_recount(&q);
    cr_assert_eq(manoover_bot_phase(&q), MANOOVER_BOT_PHASES - 1, "Red's last robot");
    manoover_engine.destroy(g);
}

/* ------------------------------------------------------------ matches */

/* Ends the current two-player game: `mover` steps robot 1 and pushes the
 * other's last robot off, with s0 and s1 robots in the goals. */
static json_t *end_game(game *g, int mover, int s0, int s1, int64_t now)
{
    int other = 1 - mover;
    manoover_pos p = empty_pos(g);
    place(&p, mover, 1, 2, -1, "NE");
    place(&p, other, 1, 3, -2, "S");
    int k = 0;
    for (int s = 0; s < 2; s++) {
        for (int n = 2; n <= 6; n++, k++) {
            if (k < s0)
                manoover_pos_put_in_goal(&p, s, n, RED);
            else if (k < s0 + s1)
                manoover_pos_put_in_goal(&p, s, n, BLUE);
        }
    }
    load(g, &p, mover, 1, 1);
    return act_ok_at(g, mover, "{\"kind\":\"step\",\"robot\":1}", now);
}

/* Three players: Red pushes Blue's last robot off while Green has none left;
 * s0, s1, s2 robots already in the goals. */
static json_t *end_game3(game *g, int s0, int s1, int s2, int64_t now)
{
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, 2, -3, "NE");
    place(&p, BLUE, 1, 3, -4, "S");
    int want[3] = {s0, s1, s2};
    int goal = 0;
    for (int s = 0; s < 3; s++) {
        for (int n = s == GREEN ? 1 : 2; n <= 6; n++) {
            while (goal < 3 && want[goal] == 0)
                goal++;
            if (goal == 3)
                break;
            manoover_pos_put_in_goal(&p, s, n, goal);
            want[goal]--;
        }
    }
    load(g, &p, RED, 1, 1);
    return act_ok_at(g, RED, "{\"kind\":\"step\",\"robot\":1}", now);
}

static int ints_at(const json_t *o, const char *key, int k)
{
    return (int)json_integer_value(json_array_get(json_object_get(o, key), (size_t)k));
}

Test(manoover_game, match_game_scores_a_point_per_robot_and_four_to_the_winner)
{
    game *g = mk(NULL, 2, 50);
    json_t *ev = end_game(g, RED, 5, 2, 10000);
    json_t *over = ev_nth(ev, "game_over", 0);
    cr_assert_eq(ints_at(over, "scored", RED), 5);
    cr_assert_eq(ints_at(over, "bonus", RED), 4);
    cr_assert_eq(ints_at(over, "bonus", BLUE), 0);
    cr_assert_eq(ints_at(over, "points", RED), 9);
    cr_assert_eq(ints_at(over, "totals", BLUE), 2);
    cr_assert(json_is_false(json_object_get(over, "match_over")));
    cr_assert_not(manoover_engine.over(g));
    json_t *v = view_json(g, -1);
    json_t *games = json_object_get(json_object_get(v, "match"), "games");
    cr_assert_eq(json_array_size(games), 1);
    cr_assert_eq(ints_at(json_array_get(games, 0), "points", RED), 9);
    json_decref(v);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_game, match_tie_scores_two_bonus_points_each)
{
    game *g = mk(NULL, 2, 51);
    json_t *ev = end_game(g, BLUE, 3, 3, 10000);
    json_t *over = ev_nth(ev, "game_over", 0);
    cr_assert_eq(ints_at(over, "bonus", RED), 2);
    cr_assert_eq(ints_at(over, "bonus", BLUE), 2);
    cr_assert_eq(ints_at(over, "totals", RED), 5);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_game, next_match_game_starts_after_the_result_is_shown)
{
    game *g = mk(NULL, 2, 52);
    json_decref(end_game(g, RED, 1, 0, 10000));
    cr_assert_eq(manoover_engine.deadline(g), 10000 + MANOOVER_NEXT_GAME_DELAY_MS);
    json_t *v = view_json(g, RED);
    cr_assert_str_eq(json_string_value(json_object_get(v, "phase")), "over");
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(v, "match"), "next_game_at")),
                 10000 + MANOOVER_NEXT_GAME_DELAY_MS);
    json_decref(v);
    act_refused(g, g->turn, "{\"kind\":\"pass\"}", "illegal");
    cr_assert_null(manoover_engine.bot(g, g->turn, MANOOVER_BOT_EASY, 0, 1, &(int64_t){0}, &game_no_cancel));
    json_t *ev = json_array();
    manoover_engine.tick(g, 14999, ev);
    cr_assert_eq(json_array_size(ev), 0, "too early");
    manoover_engine.tick(g, 15000, ev);
    json_t *start = ev_nth(ev, "game_start", 0);
    cr_assert_eq(json_integer_value(json_object_get(start, "game")), 2);
    cr_assert_eq(ev_count(ev, "roll") > 0, true);
    cr_assert_eq(manoover_engine.deadline(g), GAME_NO_DEADLINE);
    v = view_json(g, -1);
    cr_assert_str_eq(json_string_value(json_object_get(v, "phase")), "control");
    cr_assert_eq(json_integer_value(json_object_get(v, "game")), 2);
    cr_assert_eq(json_array_size(json_object_get(v, "robots")), 12, "a fresh set-up");
    json_decref(v);
    json_decref(ev);
    manoover_engine.destroy(g);
}

static int tick_next_game(game *g, int64_t now)
{
    json_t *ev = json_array();
    manoover_engine.tick(g, now, ev);
    json_t *start = ev_nth(ev, "game_start", 0);
    cr_assert_not_null(start);
    int first = (int)json_integer_value(json_object_get(start, "first"));
    cr_assert_eq(g->turn, first, "every die names a robot at the start");
    json_decref(ev);
    return first;
}

Test(manoover_game, later_match_games_start_with_the_lower_total)
{
    for (int winner = RED; winner <= BLUE; winner++) {
        game *g = mk(NULL, 2, 53);
        json_decref(end_game(g, RED, winner == RED ? 4 : 1, winner == RED ? 1 : 4, 1000));
        cr_assert_eq(tick_next_game(g, 6000), 1 - winner);
        cr_assert_eq(g->first_seat, 1 - winner);
        manoover_engine.destroy(g);
    }
}

Test(manoover_game, equal_totals_start_with_who_went_second_last_game)
{
    for (uint64_t seed = 54; seed < 58; seed++) {
        game *g = mk(NULL, 2, seed);
        int first = g->first_seat;
        json_decref(end_game(g, RED, 2, 2, 1000));
        cr_assert_eq(g->totals[RED], g->totals[BLUE]);
        cr_assert_eq(tick_next_game(g, 6000), 1 - first);
        manoover_engine.destroy(g);
    }
}

Test(manoover_game, match_ends_when_a_game_ends_with_someone_at_the_target_and_ahead)
{
    game *g = mk(NULL, 2, 58);
    g->totals[RED] = 15;
    g->totals[BLUE] = 16;
    json_t *ev = end_game(g, RED, 3, 0, 1000);
    cr_assert(manoover_engine.over(g));
    cr_assert_eq(manoover_engine.deadline(g), GAME_NO_DEADLINE);
    json_t *mo = ev_nth(ev, "match_over", 0);
    cr_assert_eq(ints_at(mo, "winners", 0), RED);
    json_t *res = manoover_engine.result(g);
    cr_assert_eq(ints_at(res, "scores", RED), 22);
    cr_assert_eq(ints_at(res, "scores", BLUE), 16);
    cr_assert_eq(json_array_size(json_object_get(res, "winners")), 1);
    cr_assert_str_eq(json_string_value(json_object_get(res, "summary")),
                     "Seat 1 wins the match 22 to 16");
    json_decref(res);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_game, match_tied_at_the_target_plays_on_until_one_is_ahead)
{
    game *g = mk(NULL, 2, 59);
    g->totals[RED] = 17;
    g->totals[BLUE] = 17;
    json_decref(end_game(g, BLUE, 2, 2, 1000));
    cr_assert_eq(g->totals[RED], 21);
    cr_assert_eq(g->totals[BLUE], 21);
    cr_assert_not(manoover_engine.over(g), "tied at 21: play another game");
    tick_next_game(g, 6000);
    json_decref(end_game(g, RED, 0, 1, 7000));
    cr_assert(manoover_engine.over(g));
    cr_assert_eq(g->winners[0], BLUE);
    manoover_engine.destroy(g);
}

Test(manoover_game, single_game_when_match_to_is_zero)
{
    game *g = mk_standard(60);
    json_t *ev = end_game(g, RED, 0, 1, 1000);
    cr_assert(manoover_engine.over(g));
    cr_assert_eq(manoover_engine.deadline(g), GAME_NO_DEADLINE);
    cr_assert_eq(ev_count(ev, "match_over"), 0);
    json_t *res = manoover_engine.result(g);
    cr_assert_eq(ints_at(res, "scores", BLUE), 1, "a single game scores robots in goal");
    json_decref(res);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_game, three_players_a_single_top_scorer_gets_four)
{
    game *g = mk("{\"variant\":\"three\"}", 3, 61);
    json_t *ev = end_game3(g, 1, 3, 0, 1000);
    json_t *over = ev_nth(ev, "game_over", 0);
    cr_assert_eq(ints_at(over, "scored", BLUE), 3);
    cr_assert_eq(ints_at(over, "bonus", BLUE), 4);
    cr_assert_eq(ints_at(over, "bonus", RED), 0);
    cr_assert_eq(ints_at(over, "bonus", GREEN), 0);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_game, three_players_two_tied_for_top_give_the_third_four)
{
    game *g = mk("{\"variant\":\"three\"}", 3, 62);
    json_t *ev = end_game3(g, 2, 0, 2, 1000);
    json_t *over = ev_nth(ev, "game_over", 0);
    cr_assert_eq(ints_at(over, "bonus", RED), 0);
    cr_assert_eq(ints_at(over, "bonus", GREEN), 0);
    cr_assert_eq(ints_at(over, "bonus", BLUE), 4);
    cr_assert_eq(ints_at(over, "points", BLUE), 4);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_game, three_players_three_way_tie_gives_no_bonus)
{
    game *g = mk("{\"variant\":\"three\"}", 3, 63);
    json_t *ev = end_game3(g, 2, 2, 2, 1000);
    json_t *over = ev_nth(ev, "game_over", 0);
    for (int s = 0; s < 3; s++) {
        cr_assert_eq(ints_at(over, "bonus", s), 0);
        cr_assert_eq(ints_at(over, "points", s), 2);
    }
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_game, three_player_match_first_player_rotates_to_the_left)
{
    game *g = mk("{\"variant\":\"three\"}", 3, 64);
    int first = g->first_seat;
    for (int k = 1; k <= 3; k++) {
        json_decref(end_game3(g, 1, 0, 0, 1000 * k * 10));
        cr_assert_eq(tick_next_game(g, 1000 * k * 10 + 5000), (first + k) % 3);
    }
    manoover_engine.destroy(g);
}

Test(manoover_game, three_player_match_tied_at_target_plays_on_and_anyone_may_win)
{
    game *g = mk("{\"variant\":\"three\"}", 3, 65);
    g->totals[RED] = 20;
    g->totals[BLUE] = 20;
    g->totals[GREEN] = 10;
    json_decref(end_game3(g, 1, 1, 0, 1000));
    cr_assert_eq(g->totals[RED], 21);
    cr_assert_eq(g->totals[BLUE], 21);
    cr_assert_eq(g->totals[GREEN], 14, "Green took the bonus of the two-way tie");
    cr_assert_not(manoover_engine.over(g));
    tick_next_game(g, 6000);
    json_decref(end_game3(g, 0, 0, 6, 7000));
    cr_assert(manoover_engine.over(g));
    cr_assert_eq(g->nwinners, 1);
    cr_assert_eq(g->winners[0], GREEN, "Green, not one of the tied, wins 24 to 21");
    manoover_engine.destroy(g);
}

/* RULINGS §2, the turn cap: "A game that reaches 400 turns (all players'
 * turns counted together) ends there and is scored as it stands (event
 * reason turn_limit)". Turn 399 of Red, then Blue's turn 400, then the end. */
Test(manoover_game, a_game_reaching_400_turns_ends_there_scored_as_it_stands_reason_turn_limit)
{
    cr_assert_eq(MANOOVER_TURN_LIMIT, 400);
    game *g = mk_standard(66);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, -1, 1, "N");
    place(&p, BLUE, 1, 1, -1, "S");
    manoover_pos_put_in_goal(&p, RED, 2, BLUE);
    p.turns = MANOOVER_TURN_LIMIT - 1;
    load(g, &p, RED, 1, 1);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"pass\"}");
    json_t *last_turn = ev_nth(ev, "turn_start", 0);
    cr_assert_not_null(last_turn, "turn 400 is played");
    cr_assert_eq(json_integer_value(json_object_get(last_turn, "turn")), 400);
    cr_assert_eq(json_integer_value(json_object_get(last_turn, "seat")), BLUE);
    /* Blue passes whatever it threw, unless its dice gave it nothing to do. */
    if (!ev_nth(ev, "game_over", 0)) {
        json_decref(ev);
        cr_assert_not(manoover_engine.over(g), "the game goes on during turn 400");
        ev = act_ok(g, BLUE, "{\"kind\":\"pass\"}");
    }
    for (int k = 0; ev_nth(ev, "turn_start", k); k++)
        cr_assert_leq(json_integer_value(json_object_get(ev_nth(ev, "turn_start", k), "turn")), 400,
                      "no turn after the 400th");
    json_t *over = ev_nth(ev, "game_over", 0);
    cr_assert_not_null(over);
    cr_assert_str_eq(json_string_value(json_object_get(over, "reason")), "turn_limit");
    cr_assert_eq(json_integer_value(json_object_get(over, "turns")), 400);
    cr_assert_eq(ints_at(over, "winners", 0), BLUE, "scored as it stands: two robots in Blue's goal");
    cr_assert(manoover_engine.over(g));
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_game, clone_is_an_equal_copy_that_shares_nothing)
{
    game *g = mk("{}", 2, 5);
    json_decref(end_game(g, RED, 3, 1, 1000));
    game *copy = manoover_engine.clone(g);
    cr_assert_not_null(copy);
    char *before = views_of(g), *copied = views_of(copy);
    cr_assert_str_eq(copied, before, "the copy shows what the original shows");
    cr_assert_eq(tick_next_game(copy, copy->next_game_at), BLUE, "the copy starts the next game");
    char *after = views_of(g);
    cr_assert_str_eq(after, before, "the original did not move with the copy");
    manoover_engine.destroy(g);
    char *alone = views_of(copy);
    cr_assert_str_neq(alone, before, "the copy lives on after the original is gone");
    manoover_engine.destroy(copy);
    free(before);
    free(copied);
    free(after);
    free(alone);
}
