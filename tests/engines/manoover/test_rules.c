/* test_rules.c: one test per rule sentence of the seed 000_9f0cb3af72169154
 * and of RULINGS §2, each named after it, asserting what a player sees. */
#include "helpers.h"

/* ------------------------------------------------------------ geometry */

static int count_cells(const manoover_layout *l)
{
    int n = 0;
    for (int q = -5; q <= 5; q++) {
        for (int r = -5; r <= 5; r++)
            n += manoover_on_board(l, cell(q, r));
    }
    return n;
}

Test(manoover_rules, directions_are_axial_flat_topped_hexes)
{
    static const int expect[6][2] = {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}};
    static const char *const names[6] = {"N", "NE", "SE", "S", "SW", "NW"};
    for (int d = 0; d < 6; d++) {
        manoover_cell c = manoover_neighbour(cell(0, 0), manoover_dir_parse(names[d]));
        cr_assert(c.q == expect[d][0] && c.r == expect[d][1], "%s", names[d]);
        cr_assert_str_eq(manoover_dir_name(d), names[d]);
    }
    cr_assert_eq(manoover_dir_parse("E"), -1);
}

Test(manoover_rules, two_player_board_is_a_hexagon_of_37_cells_with_corner_goals)
{
    game *g = mk_standard(1);
    cr_assert_eq(count_cells(g->layout), 37);
    json_t *v = view_json(g, RED);
    cr_assert_eq(json_integer_value(json_object_get(v, "radius")), 3);
    json_t *goals = json_object_get(v, "goals");
    cr_assert_eq(json_array_size(goals), 2);
    /* Red's goal is the top corner, Blue's the bottom corner. */
    cr_assert(cell_is(json_object_get(json_array_get(goals, RED), "cell"), 0, -3));
    cr_assert(cell_is(json_object_get(json_array_get(goals, BLUE), "cell"), 0, 3));
    json_decref(v);
    manoover_engine.destroy(g);
}

Test(manoover_rules, red_starts_on_the_two_lower_edges_numbered_west_to_east_arrows_north)
{
    game *g = mk_standard(2);
    static const int cells[6][2] = {{-3, 3}, {-2, 3}, {-1, 3}, {1, 2}, {2, 1}, {3, 0}};
    for (int n = 1; n <= 6; n++)
        cr_assert(robot_at(g, RED, n, cells[n - 1][0], cells[n - 1][1], "N"), "red %d", n);
    manoover_engine.destroy(g);
}

Test(manoover_rules, blue_mirrors_red_numbered_from_blues_left_arrows_south)
{
    game *g = mk_standard(3);
    for (int n = 1; n <= 6; n++) {
        const manoover_robot *red = robot_of(g, RED, n);
        cr_assert(robot_at(g, BLUE, n, -red->cell.q, -red->cell.r, "S"), "blue %d", n);
    }
    /* Blue faces south: its left is the east, where its robot 1 stands. */
    cr_assert_gt(robot_of(g, BLUE, 1)->cell.q, robot_of(g, BLUE, 6)->cell.q);
    manoover_engine.destroy(g);
}

Test(manoover_rules, three_player_board_has_61_cells_and_goals_at_alternating_corners)
{
    game *g = mk("{\"variant\":\"three\",\"match_to\":0}", 3, 4);
    cr_assert_eq(count_cells(g->layout), 61);
    /* Top, lower right and lower left: every other corner. */
    cr_assert(g->layout->goal[RED].q == 0 && g->layout->goal[RED].r == -4);
    cr_assert(g->layout->goal[BLUE].q == 4 && g->layout->goal[BLUE].r == 0);
    cr_assert(g->layout->goal[GREEN].q == -4 && g->layout->goal[GREEN].r == 4);
    manoover_engine.destroy(g);
}

Test(manoover_rules, three_player_robots_start_at_the_corner_opposite_their_goal_arrows_to_centre)
{
    game *g = mk("{\"variant\":\"three\",\"match_to\":0}", 3, 5);
    for (int s = 0; s < 3; s++) {
        manoover_cell goal = g->layout->goal[s];
        manoover_cell corner = {(int8_t)-goal.q, (int8_t)-goal.r};
        /* The direction from the corner toward the centre. */
        int inward = -1;
        for (int d = 0; d < 6; d++) {
            manoover_cell unit = manoover_neighbour(cell(0, 0), d);
            if (corner.q + 4 * unit.q == 0 && corner.r + 4 * unit.r == 0)
                inward = d;
        }
        cr_assert_geq(inward, 0);
        int at_corner = 0, next_to_corner = 0, two_away = 0;
        for (int n = 1; n <= 6; n++) {
            const manoover_robot *r = robot_of(g, s, n);
            cr_assert_eq(r->dir, inward, "seat %d robot %d points to the centre", s, n);
            int dq = r->cell.q - corner.q, dr = r->cell.r - corner.r;
            int dist = (abs(dq) + abs(dr) + abs(dq + dr)) / 2;
            at_corner += dist == 0;
            next_to_corner += dist == 1;
            two_away += dist == 2;
        }
        /* The corner, the cell inward and one along each edge, then two more
         * along the edges. */
        cr_assert_eq(at_corner, 1);
        cr_assert_eq(next_to_corner, 3);
        cr_assert_eq(two_away, 2);
    }
    manoover_engine.destroy(g);
}

/* The seed: "throw the three dice" (six-sided, robots 1 to 6); RULINGS §2
 * for three players: "Three d6". */
Test(manoover_rules, two_and_three_player_games_throw_three_d6)
{
    const char *const options[2] = {"{\"match_to\":0}", "{\"variant\":\"three\",\"match_to\":0}"};
    for (int k = 0; k < 2; k++) {
        game *g = mk(options[k], k ? 3 : 2, 21);
        cr_assert_eq(g->layout->dice, 3);
        cr_assert_eq(g->layout->faces, 6);
        cr_assert_eq(g->roll.n, 3, "the first turn's throw");
        for (int d = 0; d < 3; d++)
            cr_assert(g->roll.first[d] >= 1 && g->roll.first[d] <= 6);
        manoover_engine.destroy(g);
    }
}

Test(manoover_rules, plus_gives_eight_robots_each_on_the_edges_next_to_the_corner_and_four_d8)
{
    game *g = mk("{\"variant\":\"plus\",\"match_to\":0}", 2, 6);
    cr_assert_eq(count_cells(g->layout), 61);
    cr_assert_eq(g->layout->robots, 8);
    cr_assert_eq(g->layout->dice, 4);
    cr_assert_eq(g->layout->faces, 8);
    for (int n = 1; n <= 8; n++) {
        const manoover_robot *r = robot_of(g, RED, n);
        /* On the two lower edges, never the bottom corner itself. */
        cr_assert(r->cell.r == 4 || r->cell.q + r->cell.r == 4, "red %d on a lower edge", n);
        cr_assert(!(r->cell.q == 0 && r->cell.r == 4));
        cr_assert_eq(r->dir, MANOOVER_N);
        cr_assert(robot_at(g, BLUE, n, -r->cell.q, -r->cell.r, "S"));
    }
    json_t *v = view_json(g, RED);
    cr_assert_eq(json_array_size(json_object_get(json_object_get(v, "roll"), "dice")), 4);
    json_decref(v);
    manoover_engine.destroy(g);
}

/* ------------------------------------------------------------ first player */

/* Checks a first_player record: every round but the last has a tie at the
 * top, only the tied throw again, and the last round's single highest begins. */
static void check_first_player(const json_t *fp, int seats)
{
    json_t *rounds = json_object_get(fp, "rounds");
    size_t nrounds = json_array_size(rounds);
    cr_assert_geq(nrounds, 1);
    bool throws[3] = {true, true, true};
    for (size_t k = 0; k < nrounds; k++) {
        json_t *round = json_array_get(rounds, k);
        cr_assert_eq(json_array_size(round), (size_t)seats);
        int best = 0, nbest = 0, who = -1;
        for (int s = 0; s < seats; s++) {
            json_t *v = json_array_get(round, (size_t)s);
            cr_assert_eq(json_is_integer(v), throws[s], "round %zu seat %d", k, s);
            int x = json_is_integer(v) ? (int)json_integer_value(v) : 0;
            cr_assert(x == 0 || (x >= 1 && x <= 6));
            if (x > best) {
                best = x;
                nbest = 0;
            }
            if (x == best && x) {
                nbest++;
                who = s;
            }
        }
        for (int s = 0; s < seats; s++) {
            json_t *v = json_array_get(round, (size_t)s);
            throws[s] = json_is_integer(v) && json_integer_value(v) == best;
        }
        if (k + 1 < nrounds) {
            cr_assert_gt(nbest, 1, "a round with a single highest ends the throws");
        } else {
            cr_assert_eq(nbest, 1);
            cr_assert_eq(json_integer_value(json_object_get(fp, "seat")), who);
        }
    }
}

Test(manoover_rules, highest_die_goes_first_and_ties_throw_again)
{
    int retries = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        game *g = mk_standard(seed);
        json_t *v = view_json(g, -1);
        json_t *fp = json_object_get(v, "first_player");
        check_first_player(fp, 2);
        retries += json_array_size(json_object_get(fp, "rounds")) > 1;
        int first = (int)json_integer_value(json_object_get(fp, "seat"));
        cr_assert_eq(json_integer_value(json_object_get(v, "turn")), first);
        cr_assert_eq(json_integer_value(json_object_get(v, "game_first")), first);
        json_decref(v);
        manoover_engine.destroy(g);
    }
    cr_assert_gt(retries, 10, "ties happen about one time in six");
}

Test(manoover_rules, three_players_tied_for_highest_throw_again)
{
    int retries = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        game *g = mk("{\"variant\":\"three\",\"match_to\":0}", 3, seed);
        json_t *v = view_json(g, -1);
        check_first_player(json_object_get(v, "first_player"), 3);
        retries += json_array_size(json_object_get(json_object_get(v, "first_player"), "rounds")) > 1;
        json_decref(v);
        manoover_engine.destroy(g);
    }
    cr_assert_gt(retries, 10);
}

/* ------------------------------------------------------------ goals */

Test(manoover_rules, robot_entering_its_owners_goal_scores_and_leaves_the_board)
{
    game *g = mk_standard(7);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, 0, -2, "N");
    place(&p, RED, 6, -3, 3, "N");
    place(&p, BLUE, 1, 3, -3, "S");
    load(g, &p, RED, 2, 1, 6);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}");
    json_t *sc = ev_nth(ev, "scored", 0);
    cr_assert_not_null(sc);
    cr_assert(robot_is(json_object_get(sc, "robot"), RED, 1));
    cr_assert_eq(json_integer_value(json_object_get(sc, "goal")), RED);
    cr_assert_eq(g->pos.scored[RED], 1);
    cr_assert_eq(robot_of(g, RED, 1)->where, MANOOVER_IN_GOAL);
    /* Goal cells stay empty: nothing stands on [0,-3]. */
    cr_assert_eq(g->pos.occupant[manoover_cell_index(cell(0, -3))], -1);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, robot_of_either_colour_entering_red_goal_scores_for_red)
{
    game *g = mk_standard(8);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, 0, -1, "N");
    place(&p, RED, 6, -3, 3, "N");
    place(&p, BLUE, 3, 0, -2, "SE");
    place(&p, BLUE, 1, 3, -3, "S");
    load(g, &p, RED, 2, 1, 6);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}");
    json_t *sc = ev_nth(ev, "scored", 0);
    cr_assert(robot_is(json_object_get(sc, "robot"), BLUE, 3));
    cr_assert_eq(json_integer_value(json_object_get(sc, "goal")), RED);
    json_t *v = view_json(g, BLUE);
    json_t *red_goal = json_array_get(json_object_get(v, "scored"), RED);
    cr_assert_eq(json_array_size(red_goal), 1);
    cr_assert(robot_is(json_array_get(red_goal, 0), BLUE, 3));
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(v, "score"), RED)), 1);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(v, "score"), BLUE)), 0);
    json_decref(v);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, robot_of_either_colour_entering_blue_goal_scores_for_blue)
{
    game *g = mk_standard(9);
    manoover_pos p = empty_pos(g);
    place(&p, BLUE, 1, 0, 1, "S");
    place(&p, BLUE, 6, 3, -3, "S");
    place(&p, RED, 4, 0, 2, "N");
    place(&p, RED, 1, -3, 3, "N");
    load(g, &p, BLUE, 2, 1, 6);
    json_t *ev = act_ok(g, BLUE, "{\"kind\":\"step\",\"robot\":1}");
    json_t *sc = ev_nth(ev, "scored", 0);
    cr_assert(robot_is(json_object_get(sc, "robot"), RED, 4));
    cr_assert_eq(json_integer_value(json_object_get(sc, "goal")), BLUE);
    cr_assert_eq(g->pos.scored[BLUE], 1);
    cr_assert_eq(g->pos.scored[RED], 0);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, robot_going_off_the_edge_is_removed_and_scores_for_no_one)
{
    game *g = mk_standard(10);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, 3, 0, "NE");
    place(&p, RED, 6, -3, 3, "N");
    place(&p, BLUE, 1, 3, -3, "S");
    load(g, &p, RED, 2, 1, 6);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}");
    json_t *off = ev_nth(ev, "off_board", 0);
    cr_assert(robot_is(json_object_get(off, "robot"), RED, 1));
    cr_assert(cell_is(json_object_get(off, "cell"), 4, -1));
    cr_assert_eq(ev_count(ev, "scored"), 0);
    json_t *v = view_json(g, -1);
    json_t *offs = json_object_get(v, "off_board");
    cr_assert(robot_is(json_array_get(offs, json_array_size(offs) - 1), RED, 1));
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(v, "score"), RED)), 0);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(v, "alive"), RED)), 1);
    json_decref(v);
    json_decref(ev);
    manoover_engine.destroy(g);
}

/* Ends a two-player game: `mover` steps robot 1 and pushes the other seat's
 * last robot off the board, with s0 and s1 robots already in the goals. */
static json_t *end_two_player_game(game *g, int mover, int s0, int s1, int64_t now)
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
    load(g, &p, mover, 2, 1, 1);
    return act_ok_at(g, mover, "{\"kind\":\"step\",\"robot\":1}", now);
}

Test(manoover_rules, game_ends_as_soon_as_a_player_has_no_robot_and_most_goals_wins)
{
    game *g = mk_standard(11);
    json_t *ev = end_two_player_game(g, RED, 1, 3, 5000);
    json_t *over = ev_nth(ev, "game_over", 0);
    cr_assert_not_null(over);
    cr_assert_str_eq(json_string_value(json_object_get(over, "reason")), "no_robots");
    json_t *w = json_object_get(over, "winners");
    cr_assert_eq(json_array_size(w), 1);
    cr_assert_eq(json_integer_value(json_array_get(w, 0)), BLUE);
    cr_assert(manoover_engine.over(g));
    /* Red still held a die showing 1: the game did not wait for it. */
    json_t *v = view_json(g, RED);
    cr_assert_str_eq(json_string_value(json_object_get(v, "phase")), "over");
    cr_assert_null(json_object_get(v, "legal"));
    json_decref(v);
    json_t *res = manoover_engine.result(g);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(res, "winners"), 0)), BLUE);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(res, "scores"), BLUE)), 3);
    cr_assert_not_null(strstr(json_string_value(json_object_get(res, "summary")), "Seat 2 wins"));
    json_decref(res);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, equal_goals_is_a_tie)
{
    game *g = mk_standard(12);
    json_t *ev = end_two_player_game(g, BLUE, 2, 2, 5000);
    json_t *w = json_object_get(ev_nth(ev, "game_over", 0), "winners");
    cr_assert_eq(json_array_size(w), 2, "a tie lists both players");
    json_t *res = manoover_engine.result(g);
    cr_assert_not_null(strstr(json_string_value(json_object_get(res, "summary")), "tie"));
    json_decref(res);
    json_decref(ev);
    manoover_engine.destroy(g);
}

/* ------------------------------------------------------------ automatic phase */

Test(manoover_rules, automatic_phase_moves_each_robot_one_cell_in_number_order)
{
    game *g = mk_standard(13);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 4, 1, 1, "N");
    place(&p, RED, 1, -2, 2, "N");
    place(&p, RED, 2, -1, 2, "NE");
    place(&p, BLUE, 1, 3, -3, "S");
    load(g, &p, RED, 1, 4);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"turn\",\"robot\":4,\"dir\":\"NE\"}");
    int auto_at = ev_index(ev, "phase", 0);
    cr_assert_str_eq(json_string_value(json_object_get(json_array_get(ev, (size_t)auto_at), "phase")),
                     "automatic");
    /* Robots 1, 2, 4 step in that order (3, 5, 6 are out of the game). */
    static const int order[3] = {1, 2, 4};
    for (int k = 0; k < 3; k++) {
        json_t *st = ev_nth(ev, "step", k);
        cr_assert_gt(ev_index(ev, "step", k), auto_at);
        cr_assert(robot_is(json_object_get(st, "robot"), RED, order[k]));
        cr_assert_str_eq(json_string_value(json_object_get(st, "phase")), "automatic");
    }
    cr_assert_eq(ev_count(ev, "step"), 3);
    cr_assert(robot_at(g, RED, 1, -2, 1, "N"));
    cr_assert(robot_at(g, RED, 2, 0, 1, "NE"));
    cr_assert(robot_at(g, RED, 4, 2, 0, "NE"));
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, bumping_moves_the_whole_line_one_cell_the_way_the_mover_goes)
{
    game *g = mk_standard(14);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, 0, 2, "N");
    place(&p, BLUE, 2, 0, 1, "SE");
    place(&p, RED, 3, 0, 0, "SW");
    place(&p, BLUE, 4, 0, -1, "S");
    place(&p, RED, 6, -3, 3, "N");
    load(g, &p, RED, 2, 1, 6);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}");
    cr_assert(robot_at(g, RED, 1, 0, 1, NULL));
    cr_assert(robot_at(g, BLUE, 2, 0, 0, NULL));
    cr_assert(robot_at(g, RED, 3, 0, -1, NULL));
    cr_assert(robot_at(g, BLUE, 4, 0, -2, NULL));
    json_t *pushes = json_object_get(ev_nth(ev, "step", 0), "pushes");
    cr_assert_eq(json_array_size(pushes), 3);
    cr_assert(robot_is(json_object_get(json_array_get(pushes, 0), "robot"), BLUE, 2));
    cr_assert(cell_is(json_object_get(json_array_get(pushes, 2), "to"), 0, -2));
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, pushed_robot_keeps_its_arrow)
{
    game *g = mk_standard(15);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, 0, 2, "N");
    place(&p, BLUE, 2, 0, 1, "SE");
    place(&p, RED, 3, 0, 0, "SW");
    place(&p, RED, 6, -3, 3, "N");
    load(g, &p, RED, 2, 1, 6);
    json_decref(act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}"));
    cr_assert(robot_at(g, BLUE, 2, 0, 0, "SE"), "the arrow of the bumped robot is not considered");
    cr_assert(robot_at(g, RED, 3, 0, -1, "SW"));
    manoover_engine.destroy(g);
}

Test(manoover_rules, robot_bumped_off_the_board_is_removed)
{
    game *g = mk_standard(16);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, 1, 0, "SE");
    place(&p, BLUE, 2, 2, 0, "N");
    place(&p, BLUE, 3, 3, 0, "N");
    place(&p, RED, 6, -3, 3, "N");
    load(g, &p, RED, 2, 1, 6);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}");
    json_t *off = ev_nth(ev, "off_board", 0);
    cr_assert(robot_is(json_object_get(off, "robot"), BLUE, 3));
    cr_assert(robot_at(g, BLUE, 2, 3, 0, "N"));
    cr_assert_eq(g->pos.alive[BLUE], 1);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, robot_bumped_into_a_goal_scores_for_the_goal_owner)
{
    game *g = mk_standard(17);
    manoover_pos p = empty_pos(g);
    place(&p, BLUE, 5, 0, 0, "S");
    place(&p, RED, 2, 0, 1, "N");
    place(&p, RED, 3, 0, 2, "N");
    place(&p, BLUE, 1, 3, -3, "S");
    place(&p, RED, 1, -3, 3, "N");
    load(g, &p, BLUE, 2, 5, 1);
    json_t *ev = act_ok(g, BLUE, "{\"kind\":\"step\",\"robot\":5}");
    json_t *sc = ev_nth(ev, "scored", 0);
    cr_assert(robot_is(json_object_get(sc, "robot"), RED, 3));
    cr_assert_eq(json_integer_value(json_object_get(sc, "goal")), BLUE);
    cr_assert(robot_at(g, RED, 2, 0, 2, "N"));
    json_decref(ev);
    manoover_engine.destroy(g);
}

/* ------------------------------------------------------------ control phase */

/* Red's throws over many seeds when only robots 1 and 2 are left. */
typedef struct roll_stats {
    int kept_first, rerolled, set_aside, unlucky;
} roll_stats;

static void check_roll(const json_t *roll, roll_stats *st)
{
    json_t *first = json_object_get(roll, "first"), *dice = json_object_get(roll, "dice");
    json_t *rerolled = json_object_get(roll, "rerolled");
    json_t *kept = json_object_get(roll, "kept"), *aside = json_object_get(roll, "set_aside");
    cr_assert_eq(json_array_size(dice), 3);
    size_t nkept = 0, naside = 0, nre = 0;
    for (size_t d = 0; d < 3; d++) {
        int f = (int)json_integer_value(json_array_get(first, d));
        int v = (int)json_integer_value(json_array_get(dice, d));
        bool alive_first = f == 1 || f == 2, alive_final = v == 1 || v == 2;
        json_t *re = NULL;
        size_t i;
        json_t *x;
        json_array_foreach(rerolled, i, x) {
            if (json_integer_value(json_object_get(x, "die")) == (json_int_t)d)
                re = x;
        }
        if (alive_first) {
            /* Dice naming a robot still in the game stay on the table. */
            cr_assert_null(re);
            cr_assert_eq(v, f);
            st->kept_first++;
        } else {
            /* Dice naming a removed robot are thrown once more. */
            cr_assert_not_null(re);
            cr_assert_eq(json_integer_value(json_object_get(re, "from")), f);
            cr_assert_eq(json_integer_value(json_object_get(re, "to")), v);
            nre++;
        }
        if (alive_final)
            cr_assert_eq(json_integer_value(json_array_get(kept, nkept++)), v);
        else
            cr_assert_eq(json_integer_value(json_array_get(aside, naside++)), v);
    }
    cr_assert_eq(json_array_size(kept), nkept);
    cr_assert_eq(json_array_size(aside), naside);
    cr_assert_eq(json_array_size(rerolled), nre);
    st->rerolled += nre > 0;
    st->set_aside += naside > 0;
    st->unlucky += nkept == 0;
}

static manoover_pos two_red_robots(const game *g)
{
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, -2, 2, "N");
    place(&p, RED, 2, -1, 2, "N");
    place(&p, BLUE, 1, 2, -3, "S");
    return p;
}

Test(manoover_rules, dice_naming_removed_robots_are_thrown_once_more_then_set_aside)
{
    roll_stats st = {0};
    for (uint64_t seed = 1; seed <= 300; seed++) {
        game *g = mk_standard(seed);
        manoover_pos p = two_red_robots(g);
        load(g, &p, BLUE, 1, 1);
        json_t *ev = act_ok(g, BLUE, "{\"kind\":\"pass\"}");
        json_t *roll = ev_nth(ev, "roll", 0);
        cr_assert_eq(json_integer_value(json_object_get(roll, "seat")), RED);
        check_roll(roll, &st);
        /* The view shows the same throw to every seat and the spectator. */
        json_t *v0 = view_json(g, RED), *v1 = view_json(g, BLUE), *vs = view_json(g, -1);
        cr_assert(json_equal(json_object_get(v0, "dice"), json_object_get(vs, "dice")));
        cr_assert(json_equal(json_object_get(v1, "set_aside"), json_object_get(vs, "set_aside")));
        json_decref(v0);
        json_decref(v1);
        json_decref(vs);
        json_decref(ev);
        manoover_engine.destroy(g);
    }
    cr_assert_gt(st.kept_first, 100);
    cr_assert_gt(st.rerolled, 100);
    cr_assert_gt(st.set_aside, 50);
}

Test(manoover_rules, two_throws_without_a_robot_in_play_end_the_control_phase)
{
    int unlucky = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        game *g = mk_standard(seed);
        manoover_pos p = two_red_robots(g);
        load(g, &p, BLUE, 1, 1);
        json_t *ev = act_ok(g, BLUE, "{\"kind\":\"pass\"}");
        json_t *roll = ev_nth(ev, "roll", 0);
        if (json_array_size(json_object_get(roll, "kept")) == 0) {
            unlucky++;
            /* In the same call: Red's automatic phase, then Blue's turn. */
            int at = ev_index(ev, "roll", 0);
            json_t *after = json_array_get(ev, (size_t)at + 1);
            cr_assert_str_eq(json_string_value(json_object_get(after, "phase")), "automatic");
            cr_assert_eq(json_integer_value(json_object_get(after, "seat")), RED);
            json_t *next = ev_nth(ev, "turn_start", 1);
            cr_assert_eq(json_integer_value(json_object_get(next, "seat")), BLUE);
            cr_assert(robot_at(g, RED, 1, -2, 1, "N"));
        }
        json_decref(ev);
        manoover_engine.destroy(g);
    }
    cr_assert_gt(unlucky, 5, "(4/6)^6 of the throws miss both robots");
}

Test(manoover_rules, dice_come_from_the_seeded_rng)
{
    int differ = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        game *a = mk_standard(seed), *b = mk_standard(seed), *c = mk_standard(seed + 1000);
        json_t *va = view_json(a, -1), *vb = view_json(b, -1), *vc = view_json(c, -1);
        cr_assert(json_equal(json_object_get(va, "roll"), json_object_get(vb, "roll")));
        differ += !json_equal(json_object_get(va, "roll"), json_object_get(vc, "roll"));
        json_decref(va);
        json_decref(vb);
        json_decref(vc);
        manoover_engine.destroy(a);
        manoover_engine.destroy(b);
        manoover_engine.destroy(c);
    }
    cr_assert_gt(differ, 10);
}

/* Red with robots 2 and 4 around the middle and a spare die on robot 6. */
static manoover_pos control_position(const game *g)
{
    manoover_pos p = empty_pos(g);
    place(&p, RED, 2, -1, 1, "N");
    place(&p, RED, 4, 1, 0, "N");
    place(&p, RED, 6, -3, 3, "N");
    place(&p, BLUE, 1, 3, -3, "S");
    return p;
}

Test(manoover_rules, turning_points_the_arrow_in_any_other_direction)
{
    static const char *const dirs[5] = {"NE", "SE", "S", "SW", "NW"};
    for (int d = 0; d < 5; d++) {
        game *g = mk_standard(20);
        manoover_pos p = control_position(g);
        load(g, &p, RED, 2, 2, 6);
        char action[64];
        snprintf(action, sizeof action, "{\"kind\":\"turn\",\"robot\":2,\"dir\":\"%s\"}", dirs[d]);
        json_t *ev = act_ok(g, RED, action);
        json_t *t = ev_nth(ev, "turned", 0);
        cr_assert_str_eq(json_string_value(json_object_get(t, "from_dir")), "N");
        cr_assert_str_eq(json_string_value(json_object_get(t, "dir")), dirs[d]);
        cr_assert(robot_at(g, RED, 2, -1, 1, dirs[d]), "turning does not move the robot");
        json_decref(ev);
        manoover_engine.destroy(g);
    }
    game *g = mk_standard(20);
    manoover_pos p = control_position(g);
    load(g, &p, RED, 2, 2, 6);
    act_refused(g, RED, "{\"kind\":\"turn\",\"robot\":2,\"dir\":\"N\"}", "illegal");
    manoover_engine.destroy(g);
}

Test(manoover_rules, moving_advances_one_cell_only_the_way_the_arrow_points)
{
    game *g = mk_standard(21);
    manoover_pos p = control_position(g);
    place(&p, RED, 2, -1, 1, "SE");
    load(g, &p, RED, 2, 2, 6);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":2}");
    json_t *st = ev_nth(ev, "step", 0);
    cr_assert_str_eq(json_string_value(json_object_get(st, "phase")), "control");
    cr_assert_str_eq(json_string_value(json_object_get(st, "dir")), "SE");
    cr_assert_eq(json_integer_value(json_object_get(st, "die")), 2);
    cr_assert(robot_at(g, RED, 2, 0, 1, "SE"));
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, each_die_gives_one_action_on_the_robot_it_names)
{
    game *g = mk_standard(22);
    manoover_pos p = control_position(g);
    load(g, &p, RED, 2, 2, 6);
    /* No die shows 4. */
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":4}", "illegal");
    /* One die, one action: turn or move, not both. */
    json_decref(act_ok(g, RED, "{\"kind\":\"turn\",\"robot\":2,\"dir\":\"NE\"}"));
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":2}", "illegal");
    json_t *v = view_json(g, RED);
    json_t *dice = json_object_get(v, "dice");
    cr_assert(json_is_true(json_object_get(json_array_get(dice, 0), "used")));
    cr_assert(json_is_false(json_object_get(json_array_get(dice, 1), "used")));
    json_t *legal = json_object_get(json_object_get(v, "legal"), "robots");
    cr_assert_eq(json_array_size(legal), 1);
    cr_assert_eq(json_integer_value(json_object_get(json_array_get(legal, 0), "number")), 6);
    json_decref(v);
    manoover_engine.destroy(g);
}

Test(manoover_rules, controlling_actions_in_any_order_turn_4_move_2_move_4)
{
    game *g = mk_standard(23);
    manoover_pos p = control_position(g);
    load(g, &p, RED, 3, 4, 2, 4);
    json_t *e1 = act_ok(g, RED, "{\"kind\":\"turn\",\"robot\":4,\"dir\":\"NW\"}");
    json_t *e2 = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":2}");
    json_t *e3 = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":4}");
    cr_assert_eq(ev_count(e1, "turned"), 1);
    cr_assert(robot_is(json_object_get(ev_nth(e2, "step", 0), "robot"), RED, 2));
    json_t *st = ev_nth(e3, "step", 0);
    cr_assert(robot_is(json_object_get(st, "robot"), RED, 4));
    cr_assert_str_eq(json_string_value(json_object_get(st, "dir")), "NW");
    cr_assert(cell_is(json_object_get(st, "to"), 0, 0));
    /* The last die used: the automatic phase follows in the same call. */
    cr_assert_gt(ev_count(e3, "phase"), 0);
    json_decref(e1);
    json_decref(e2);
    json_decref(e3);
    manoover_engine.destroy(g);
}

Test(manoover_rules, two_dice_on_one_robot_give_it_two_actions)
{
    game *g = mk_standard(24);
    manoover_pos p = control_position(g);
    load(g, &p, RED, 3, 2, 2, 6);
    json_t *v = view_json(g, RED);
    json_t *legal = json_object_get(json_object_get(v, "legal"), "robots");
    cr_assert_eq(json_integer_value(json_object_get(json_array_get(legal, 0), "dice")), 2);
    json_decref(v);
    json_decref(act_ok(g, RED, "{\"kind\":\"step\",\"robot\":2}"));
    json_decref(act_ok(g, RED, "{\"kind\":\"turn\",\"robot\":2,\"dir\":\"NE\"}"));
    cr_assert(robot_at(g, RED, 2, -1, 0, "NE"));
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":2}", "illegal");
    manoover_engine.destroy(g);
}

Test(manoover_rules, three_dice_on_one_robot_give_it_three_actions)
{
    game *g = mk_standard(25);
    manoover_pos p = control_position(g);
    load(g, &p, RED, 3, 2, 2, 2);
    json_decref(act_ok(g, RED, "{\"kind\":\"turn\",\"robot\":2,\"dir\":\"NE\"}"));
    json_decref(act_ok(g, RED, "{\"kind\":\"step\",\"robot\":2}"));
    cr_assert(robot_at(g, RED, 2, 0, 0, "NE"));
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":2}");
    json_t *st = ev_nth(ev, "step", 0);
    cr_assert_str_eq(json_string_value(json_object_get(st, "phase")), "control");
    cr_assert(cell_is(json_object_get(st, "to"), 1, -1));
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, a_controlling_move_bumps_robots_as_in_the_automatic_phase)
{
    game *g = mk_standard(26);
    manoover_pos p = control_position(g);
    place(&p, BLUE, 2, -1, 0, "S");
    place(&p, BLUE, 3, -1, -1, "SE");
    load(g, &p, RED, 2, 2, 6);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":2}");
    cr_assert_eq(json_array_size(json_object_get(ev_nth(ev, "step", 0), "pushes")), 2);
    cr_assert(robot_at(g, BLUE, 2, -1, -1, "S"));
    cr_assert(robot_at(g, BLUE, 3, -1, -2, "SE"));
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, passing_ends_the_control_phase_with_dice_left)
{
    game *g = mk_standard(27);
    manoover_pos p = control_position(g);
    load(g, &p, RED, 3, 2, 4, 6);
    json_decref(act_ok(g, RED, "{\"kind\":\"step\",\"robot\":2}"));
    json_t *ev = act_ok(g, RED, "{\"kind\":\"pass\"}");
    json_t *pass = ev_nth(ev, "pass", 0);
    json_t *unused = json_object_get(pass, "unused");
    cr_assert_eq(json_array_size(unused), 2);
    cr_assert_eq(json_integer_value(json_array_get(unused, 0)), 4);
    /* Then Red's automatic phase and Blue's turn. */
    cr_assert_gt(ev_index(ev, "phase", 0), ev_index(ev, "pass", 0));
    cr_assert(robot_at(g, RED, 4, 1, -1, "N"), "robot 4 still moved automatically");
    cr_assert_eq(json_integer_value(json_object_get(ev_nth(ev, "turn_start", 0), "seat")), BLUE);
    json_decref(ev);
    manoover_engine.destroy(g);
}

/* ------------------------------------------------------------ the sample move */

/* The seed's sample move, on the reconstructed board. Its exact cells cannot
 * be laid out here (a line pushed north-east into a corner goal always ends on
 * the board's edge), so the same story is told with cells that fit: Blue has
 * three robots in its goal and robots 4 and 5 left, Red throws 2, 2, 6,
 * advances robot 6, moves robot 2 and turns it toward Red's goal; robot 1
 * bumps red 4 which bumps blue 4; robot 2 bumps red 3 which bumps blue 4 into
 * Red's goal; robot 3 enters Red's goal; then robot 4 bumps red 6 which bumps
 * blue 5, Blue's last robot, off the board, and the game ends at once: Blue
 * wins 3 to 2 before red 5 and 6 ever move. */
Test(manoover_rules, sample_move_game_ends_in_the_middle_of_the_automatic_phase)
{
    game *g = mk_standard(28);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, -1, 1, "N");
    place(&p, RED, 2, -2, 0, "NW");
    place(&p, RED, 3, -2, -1, "NE");
    place(&p, RED, 4, -1, 0, "NE");
    place(&p, RED, 5, 2, 1, "N");
    place(&p, RED, 6, 0, -1, "N");
    place(&p, BLUE, 4, -1, -1, "S");
    place(&p, BLUE, 5, 1, -3, "S");
    manoover_pos_put_in_goal(&p, BLUE, 1, BLUE);
    manoover_pos_put_in_goal(&p, BLUE, 2, BLUE);
    manoover_pos_put_in_goal(&p, BLUE, 3, BLUE);
    load(g, &p, RED, 3, 2, 2, 6);

    json_decref(act_ok(g, RED, "{\"kind\":\"step\",\"robot\":6}"));
    cr_assert(robot_at(g, RED, 6, 0, -2, "N"));
    json_decref(act_ok(g, RED, "{\"kind\":\"step\",\"robot\":2}"));
    cr_assert(robot_at(g, RED, 2, -3, 0, "NW"));
    json_t *ev = act_ok(g, RED, "{\"kind\":\"turn\",\"robot\":2,\"dir\":\"NE\"}");

    /* Robot 1 bumps red 4, which bumps blue 4. */
    json_t *s1 = ev_nth(ev, "step", 0);
    cr_assert(robot_is(json_object_get(s1, "robot"), RED, 1));
    json_t *push1 = json_object_get(s1, "pushes");
    cr_assert_eq(json_array_size(push1), 2);
    cr_assert(robot_is(json_object_get(json_array_get(push1, 0), "robot"), RED, 4));
    cr_assert(robot_is(json_object_get(json_array_get(push1, 1), "robot"), BLUE, 4));
    /* Robot 2 bumps red 3, which bumps blue 4 into Red's goal. */
    json_t *s2 = ev_nth(ev, "step", 1);
    cr_assert(robot_is(json_object_get(s2, "robot"), RED, 2));
    json_t *sc1 = ev_nth(ev, "scored", 0);
    cr_assert(robot_is(json_object_get(sc1, "robot"), BLUE, 4));
    cr_assert_eq(json_integer_value(json_object_get(sc1, "goal")), RED);
    /* Robot 3 enters Red's goal. */
    json_t *sc2 = ev_nth(ev, "scored", 1);
    cr_assert(robot_is(json_object_get(sc2, "robot"), RED, 3));
    cr_assert_eq(json_integer_value(json_object_get(sc2, "goal")), RED);
    /* Robot 4 bumps red 6, which bumps blue 5 off the board. */
    json_t *s4 = ev_nth(ev, "step", 3);
    cr_assert(robot_is(json_object_get(s4, "robot"), RED, 4));
    json_t *off = ev_nth(ev, "off_board", 0);
    cr_assert(robot_is(json_object_get(off, "robot"), BLUE, 5));
    json_t *out = ev_nth(ev, "player_out", 0);
    cr_assert_eq(json_integer_value(json_object_get(out, "seat")), BLUE);
    /* The game ends at once: robots 5 and 6 never move. */
    cr_assert_eq(ev_count(ev, "step"), 4);
    cr_assert(robot_at(g, RED, 5, 2, 1, "N"));
    cr_assert(robot_at(g, RED, 6, 1, -3, "N"));
    json_t *over = ev_nth(ev, "game_over", 0);
    cr_assert_eq(ev_index(ev, "game_over", 0), (int)json_array_size(ev) - 1);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(over, "scored"), RED)), 2);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(over, "scored"), BLUE)), 3);
    json_t *w = json_object_get(over, "winners");
    cr_assert_eq(json_array_size(w), 1);
    cr_assert_eq(json_integer_value(json_array_get(w, 0)), BLUE);
    cr_assert(manoover_engine.over(g));
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, game_ends_in_the_middle_of_a_control_phase)
{
    game *g = mk_standard(29);
    manoover_pos p = control_position(g);
    place(&p, RED, 4, 2, -2, "NE");
    load(g, &p, RED, 3, 4, 2, 6);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":4}");
    cr_assert_eq(ev_count(ev, "game_over"), 1);
    cr_assert_eq(ev_count(ev, "phase"), 0, "no automatic phase after the end");
    act_refused(g, RED, "{\"kind\":\"step\",\"robot\":2}", "illegal");
    json_decref(ev);
    manoover_engine.destroy(g);
}

/* ------------------------------------------------------------ three players */

static manoover_pos three_player_position(const game *g)
{
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, 2, -3, "NE");
    place(&p, RED, 2, 0, 0, "N");
    place(&p, RED, 3, -3, 4, "NW");
    place(&p, GREEN, 1, 3, -4, "S");
    place(&p, BLUE, 1, -2, 0, "S");
    place(&p, BLUE, 2, -1, 0, "S");
    return p;
}

Test(manoover_rules, three_players_play_on_when_one_player_has_no_robot_left)
{
    game *g = mk("{\"variant\":\"three\",\"match_to\":0}", 3, 30);
    manoover_pos p = three_player_position(g);
    load(g, &p, RED, 2, 1, 3);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}");
    cr_assert_eq(json_integer_value(json_object_get(ev_nth(ev, "player_out", 0), "seat")), GREEN);
    cr_assert_eq(ev_count(ev, "game_over"), 0);
    cr_assert_not(manoover_engine.over(g));
    cr_assert_eq(g->turn, RED, "Red still holds a die");
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, goal_of_a_player_out_still_scores_for_that_player)
{
    game *g = mk("{\"variant\":\"three\",\"match_to\":0}", 3, 31);
    manoover_pos p = three_player_position(g);
    load(g, &p, RED, 2, 1, 3);
    json_decref(act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}"));
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":3}");
    json_t *sc = ev_nth(ev, "scored", 0);
    cr_assert(robot_is(json_object_get(sc, "robot"), RED, 3));
    cr_assert_eq(json_integer_value(json_object_get(sc, "goal")), GREEN);
    cr_assert_eq(g->pos.scored[GREEN], 1);
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, turns_go_clockwise_and_skip_a_player_with_no_robot)
{
    game *g = mk("{\"variant\":\"three\",\"match_to\":0}", 3, 32);
    manoover_pos p = three_player_position(g);
    load(g, &p, RED, 2, 1, 3);
    json_decref(act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}"));
    json_t *ev = act_ok(g, RED, "{\"kind\":\"pass\"}");
    cr_assert_eq(json_integer_value(json_object_get(ev_nth(ev, "turn_start", 0), "seat")), BLUE);
    json_decref(ev);
    for (int k = 0; k < 4 && !manoover_engine.over(g); k++) {
        int seat = g->turn;
        cr_assert_neq(seat, GREEN, "a player with no robot takes no turn");
        ev = act_ok(g, seat, "{\"kind\":\"pass\"}");
        json_t *ts = ev_nth(ev, "turn_start", 0);
        if (ts)
            cr_assert_eq(json_integer_value(json_object_get(ts, "seat")), seat == RED ? BLUE : RED);
        json_decref(ev);
    }
    manoover_engine.destroy(g);
}

Test(manoover_rules, three_player_game_ends_when_a_second_player_has_no_robot)
{
    game *g = mk("{\"variant\":\"three\",\"match_to\":0}", 3, 33);
    manoover_pos p = empty_pos(g);
    place(&p, RED, 1, 2, -3, "NE");
    place(&p, RED, 2, 0, 0, "N");
    place(&p, BLUE, 1, 3, -4, "S");
    manoover_pos_put_in_goal(&p, GREEN, 1, GREEN);
    manoover_pos_put_in_goal(&p, GREEN, 2, GREEN);
    load(g, &p, RED, 2, 1, 2);
    json_t *ev = act_ok(g, RED, "{\"kind\":\"step\",\"robot\":1}");
    json_t *over = ev_nth(ev, "game_over", 0);
    cr_assert_not_null(over);
    /* Green, out of robots since before, wins with two robots in its goal. */
    json_t *w = json_object_get(over, "winners");
    cr_assert_eq(json_array_size(w), 1);
    cr_assert_eq(json_integer_value(json_array_get(w, 0)), GREEN);
    json_decref(ev);
    manoover_engine.destroy(g);
}

/* ------------------------------------------------------------ alternate order */

static bool robots_at_start(const game *g)
{
    for (int s = 0; s < g->layout->seats; s++) {
        for (int n = 1; n <= g->layout->robots; n++) {
            const manoover_start *st = &g->layout->start[s][n - 1];
            if (!robot_at(g, s, n, st->cell.q, st->cell.r, NULL))
                return false;
        }
    }
    return true;
}

static void alternate_order(const char *options, int seats)
{
    game *g = mk(options, seats, 34);
    int first = g->turn;
    /* Each player's first move is a control phase only. */
    for (int k = 0; k < seats - 1; k++) {
        json_t *ev = act_ok(g, g->turn, "{\"kind\":\"pass\"}");
        cr_assert_eq(ev_count(ev, "step"), 0, "no automatic phase on a first move");
        json_t *ph = ev_nth(ev, "phase", 0);
        cr_assert_str_eq(json_string_value(json_object_get(ph, "phase")), "control");
        cr_assert(robots_at_start(g));
        json_decref(ev);
    }
    /* The last first move ends; the first player's second move is its
     * automatic phase, then its control phase. */
    json_t *ev = act_ok(g, g->turn, "{\"kind\":\"pass\"}");
    cr_assert_eq(g->turn, first);
    json_t *ph0 = ev_nth(ev, "phase", 0), *ph1 = ev_nth(ev, "phase", 1);
    cr_assert_str_eq(json_string_value(json_object_get(ph0, "phase")), "automatic");
    cr_assert_eq(json_integer_value(json_object_get(ph0, "seat")), first);
    cr_assert_str_eq(json_string_value(json_object_get(ph1, "phase")), "control");
    cr_assert_eq(json_integer_value(json_object_get(ph1, "seat")), first);
    cr_assert_gt(ev_count(ev, "step"), 0);
    cr_assert_lt(ev_index(ev, "step", 0), ev_index(ev, "roll", 0));
    cr_assert_not(robots_at_start(g));
    json_decref(ev);
    /* Its control phase ends the turn: no automatic phase after it, the
     * next player's comes first in its turn. */
    ev = act_ok(g, first, "{\"kind\":\"pass\"}");
    ph0 = ev_nth(ev, "phase", 0);
    cr_assert_eq(json_integer_value(json_object_get(ph0, "seat")), (first + 1) % seats);
    cr_assert_str_eq(json_string_value(json_object_get(ph0, "phase")), "automatic");
    json_decref(ev);
    manoover_engine.destroy(g);
}

Test(manoover_rules, alternate_first_move_is_control_only_then_automatic_before_control)
{
    alternate_order("{\"alternate\":true,\"match_to\":0}", 2);
}

Test(manoover_rules, alternate_order_works_for_three_players_too)
{
    alternate_order("{\"variant\":\"three\",\"alternate\":true,\"match_to\":0}", 3);
}
