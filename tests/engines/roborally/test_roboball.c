/*
 * test_roboball.c: RoboBall (seed 003 and RULINGS §5 "RoboBall"), the
 * mode "roboball" of the RoboRally engine: one test per rule sentence of
 * the seed and per ruling, on small floors built for each (the board
 * model and the rules), then on real courses as whole games (options,
 * actions, views, events, hostile input), and random legal play with the
 * replay check.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "util/rng.h"

static test_course tc;
static rr_state st;

/* An 8x8 plain floor with `robots` robots (seat i on team teams[i], or its
 * own team), homes along the top row (team t at (t, 0)), the ball at
 * (bx, by); robots stay on their docks (row 7) until placed. */
static void rb_floor(int robots, int bx, int by, const int *teams)
{
    tc_init(&tc, 8, 8);
    ts_init(&st, &tc, robots, false);
    int nteams = 0;
    for (int i = 0; i < robots; i++) {
        st.rb.team[i] = (int8_t)(teams ? teams[i] : i);
        if (st.rb.team[i] + 1 > nteams)
            nteams = st.rb.team[i] + 1;
    }
    st.rb.nteams = nteams;
    for (int t = 0; t < nteams; t++)
        st.rb.home[t] = (int16_t)tc_cell(&tc, t, 0);
    rr_ball_put(&st, tc_cell(&tc, bx, by));
}

static int ball_x(void) { return st.floor.piece[RR_BALL].cell % tc.c.width; }
static int ball_y(void) { return st.floor.piece[RR_BALL].cell / tc.c.width; }
static bool pogo(void) { return st.floor.piece[RR_BALL].is_virtual; }
static bool hitched(int seat) { return st.rb.hitched & (1u << seat); }
static void hitch(int seat) { st.rb.hitched |= (uint8_t)(1u << seat); }
static void put_ball(int x, int y) { st.floor.piece[RR_BALL].cell = (int16_t)tc_cell(&tc, x, y); }

/* The first frame action {"do": what} in the events (any step), or NULL. */
static json_t *find_do(json_t *events, const char *what)
{
    size_t i, j, k;
    json_t *e, *frame, *a;
    json_array_foreach(events, i, e) {
        json_array_foreach(json_object_get(e, "frames"), j, frame) {
            json_array_foreach(frame, k, a) {
                if (strcmp(json_string_value(json_object_get(a, "do")), what) == 0)
                    return a;
            }
        }
    }
    return NULL;
}

static const char *why_of(json_t *events, const char *what)
{
    json_t *a = find_do(events, what);
    cr_assert_not_null(a, "a %s action", what);
    return json_string_value(json_object_get(a, "why"));
}

/* ---- general rules and set-up ---- */

Test(general, robots_have_infinite_lives)
{
    rb_floor(2, 4, 4, NULL);
    ts_place(&st, 0, 1, 1, RR_N);
    tc_pit(&tc, 1, 0);
    for (int i = 0; i < 5; i++) {
        int c[2] = {C_MOVE1, 0};
        ts_register(&st, 1, c, NULL);
        cr_assert(!rr_robot_here(&st, 0), "fell into the pit");
        cr_assert_eq(st.robot[0].lives, RR_LIVES, "no life is lost");
        cr_assert(!st.robot[0].out);
        int facing[RR_MAX_ROBOTS] = {RR_N};
        st.robot[0].archive = (int16_t)tc_cell(&tc, 1, 1);
        rr_reenter(&st, facing, NULL);
        cr_assert(rr_robot_here(&st, 0), "it re-enters every time");
        cr_assert_eq(st.robot[0].damage, 2, "and pays the re-entry damage");
    }
    cr_assert(!rr_all_out(&st));
}

/* Lives are endless, so the frame of a destruction counts none: null, as
 * the views show them (it used to say 3). */
Test(general, a_destroyed_frame_counts_no_lives_for_they_are_endless)
{
    rb_floor(2, 4, 4, NULL);
    ts_place(&st, 0, 1, 1, RR_N);
    tc_pit(&tc, 1, 0);
    int c[2] = {C_MOVE1, 0};
    json_t *ev;
    ts_register(&st, 1, c, &ev);
    json_t *gone = find_do(ev, "destroyed");
    cr_assert_not_null(gone);
    cr_assert(json_is_null(json_object_get(gone, "lives")), "lives: null");
    json_decref(ev);
}

Test(setup, the_roboball_begins_on_the_courses_centre_and_homes_are_equidistant_from_it)
{
    for (int i = 0; i < rr_course_count; i++) {
        const rr_course *c = &rr_courses[i];
        cr_assert(c->roboball, "%s has RoboBall squares", c->id);
        int bx = c->ball % c->width, by = c->ball / c->width;
        cr_assert_leq(abs(bx - c->width / 2) + abs(by - c->height / 2), 2, "%s: the ball near the centre", c->id);
        cr_assert_eq(c->cells[c->ball].kind, RR_PLAIN);
        for (int n = 2; n <= 8; n++) {
            int d0 = -1;
            for (int t = 0; t < n; t++) {
                int h = c->homes[n - 2][t];
                int d = abs(h % c->width - bx) + abs(h / c->width - by);
                if (d0 < 0)
                    d0 = d;
                cr_assert_eq(d, d0, "%s, %d teams: home %d as far as the others", c->id, n, t);
                cr_assert_neq(c->cells[h].kind, RR_PIT);
                for (int u = 0; u < t; u++)
                    cr_assert_neq(c->homes[n - 2][u], h, "homes are unique");
            }
        }
    }
}

Test(setup, each_team_starts_on_its_home_virtual_while_its_robots_share_it)
{
    game *g = rg_new("{\"mode\":\"roboball\",\"teams\":2,\"course\":\"island_hop\"}", 4, 3);
    const rr_state *s = rr_game_state(g);
    const rr_course *c = rr_game_course(g);
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(s->rb.team[i], i % 2, "seat i on team i %% teams");
        cr_assert_eq(s->floor.piece[i].cell, c->homes[0][i % 2], "on its team's home");
        cr_assert(s->floor.piece[i].is_virtual, "virtual while sharing it");
        cr_assert_eq(s->robot[i].archive, c->homes[0][i % 2]);
    }
    cr_assert_eq(s->floor.piece[RR_BALL].cell, c->ball, "the ball on the centre square");
    roborally_engine.destroy(g);
    g = rg_new("{\"mode\":\"roboball\",\"course\":\"island_hop\"}", 3, 3);
    s = rr_game_state(g);
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(s->floor.piece[i].cell, c->homes[1][i], "free-for-all: three teams of one");
        cr_assert(!s->floor.piece[i].is_virtual, "alone on its home: real");
    }
    roborally_engine.destroy(g);
}

Test(setup, teams_have_equal_sizes_or_the_game_is_refused)
{
    game_error err = {"", ""};
    cr_assert_null(game_create_with(&roborally_engine, "{\"mode\":\"roboball\",\"teams\":2}", 3, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
    cr_assert_null(game_create_with(&roborally_engine, "{\"mode\":\"roboball\",\"teams\":1}", 2, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
    cr_assert_null(game_create_with(&roborally_engine, "{\"mode\":\"roboball\",\"teams\":3}", 4, 1, &err));
    game *g = rg_new("{\"mode\":\"roboball\",\"teams\":3}", 6, 1);
    cr_assert_eq(rr_game_state(g)->rb.nteams, 3);
    roborally_engine.destroy(g);
}

/* QA item 13: one team is refused when the options are resolved, which is
 * when a room is created (not only at start), in words: the option's label
 * and what it allows. The race ignores teams and takes any in range. */
Test(setup, one_team_is_refused_at_create_with_the_options_label)
{
    game_error err = {"", ""};
    json_t *given = json_loads("{\"mode\":\"roboball\",\"teams\":1}", 0, NULL);
    cr_assert_null(game_options_resolve(&roborally_engine, given, &err));
    cr_assert_str_eq(err.code, "bad_options");
    cr_assert_str_eq(err.message, "Teams (RoboBall) must be 0 (every player for themselves) or 2 to "
                                  "4, not 1: one team would have no one to play against");
    json_decref(given);
    for (int teams = 0; teams <= 4; teams++) {
        char text[64];
        snprintf(text, sizeof text, "{\"mode\":\"%s\",\"teams\":%d}", teams == 1 ? "race" : "roboball",
                 teams);
        given = json_loads(text, 0, NULL);
        json_t *r = game_options_resolve(&roborally_engine, given, &err);
        cr_assert_not_null(r, "%s: %s", text, err.message);
        json_decref(r);
        json_decref(given);
    }
}

/* The room shows each seat's team from the engine (game_engine.seat_team):
 * the team the game then puts that seat on. */
static int team_for_room(const char *options, int seat)
{
    game_error err;
    json_t *given = json_loads(options, 0, NULL);
    json_t *resolved = game_options_resolve(&roborally_engine, given, &err);
    cr_assert_not_null(resolved, "%s", err.message);
    int team = game_seat_team(&roborally_engine, resolved, seat);
    json_decref(given);
    json_decref(resolved);
    return team;
}

Test(setup, the_room_shows_the_team_the_game_puts_each_seat_on)
{
    static const char *const with_teams[] = {"{\"mode\":\"roboball\",\"teams\":2}",
                                             "{\"mode\":\"roboball\",\"teams\":4}"};
    for (int k = 0; k < 2; k++) {
        game *g = rg_new(with_teams[k], 8, 5);
        for (int seat = 0; seat < 8; seat++)
            cr_assert_eq(team_for_room(with_teams[k], seat), rr_game_state(g)->rb.team[seat], "%s seat %d",
                         with_teams[k], seat);
        roborally_engine.destroy(g);
    }
    for (int seat = 0; seat < 8; seat++) {
        cr_assert_eq(team_for_room("{\"mode\":\"roboball\",\"teams\":0}", seat), -1,
                     "every player a team of one: no teams to show");
        cr_assert_eq(team_for_room("{\"mode\":\"race\",\"teams\":2}", seat), -1, "the race ignores teams");
    }
}

Test(homes, homes_archive_and_repair_like_flags)
{
    rb_floor(2, 4, 4, NULL);
    ts_place(&st, 0, 1, 1, RR_N);
    ts_place(&st, 1, 7, 7, RR_E); /* out of the way of its laser */
    st.robot[0].damage = 3;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(st.robot[0].archive, tc_cell(&tc, 1, 0), "a home archives");
    cr_assert_eq(st.robot[0].flags, 0, "there are no flags to touch");
    rr_cleanup(&st, NULL);
    cr_assert_eq(st.robot[0].damage, 2, "and repairs a single wrench's worth (%d)", st.robot[0].damage);
}

Test(homes, race_flags_are_no_flags_in_roboball)
{
    rb_floor(2, 4, 4, NULL);
    tc_flag(&tc, 5, 5, 1);
    ts_place(&st, 0, 5, 6, RR_N);
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(st.robot[0].flags, 0);
    cr_assert_eq(st.finished, 0);
    cr_assert_neq(st.robot[0].archive, tc_cell(&tc, 5, 5), "and no archive site");
}

/* ---- victory ---- */

Test(victory, the_team_that_gets_the_ball_to_its_home_wins_at_the_end_of_the_phase)
{
    rb_floor(2, 1, 1, NULL);
    ts_place(&st, 0, 1, 2, RR_N);
    json_t *ev;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, &ev);
    cr_assert_eq(ball_y(), 0);
    cr_assert_eq(st.rb.goal, 1, "the ball is on team 1's home: team 1 scores, whoever pushed it");
    json_t *goal = find_do(ev, "goal");
    cr_assert_not_null(goal);
    cr_assert_eq(json_integer_value(json_object_get(goal, "team")), 1);
    json_decref(ev);
}

Test(victory, victory_is_awarded_only_if_the_ball_ends_the_phase_on_the_home)
{
    rb_floor(2, 0, 2, NULL);
    /* Pushed north over home 0 at (0,0) and on: it would cross the home mid-card,
     * so a belt carries it off the home before the phase ends. */
    tc_belt(&tc, 0, 0, RR_BELT, RR_E, "W");
    ts_place(&st, 0, 0, 3, RR_N);
    int c[2] = {C_MOVE2, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ball_x(), 1, "carried off by the belt");
    cr_assert_eq(st.rb.goal, 1, "it ends on team 1's home (1,0) instead");
    /* Pushed west over team 1's home (1,0) onto team 0's (0,0), then a belt
     * carries it south: two homes crossed within the phase, none at its end. */
    rb_floor(2, 2, 0, NULL);
    tc_belt(&tc, 0, 0, RR_BELT, RR_S, "N");
    ts_place(&st, 0, 3, 0, RR_W);
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ball_x(), 0);
    cr_assert_eq(ball_y(), 1, "on a home mid-phase, then carried off it");
    cr_assert_eq(st.rb.goal, -1, "no goal");
}

Test(victory, no_team_robots_need_be_alive_at_the_end_of_phase_for_a_team_to_achieve_victory)
{
    game *g = rg_new("{\"mode\":\"roboball\",\"course\":\"island_hop\"}", 2, 3);
    rr_state *s = rr_game_state_for_tests(g);
    const rr_course *c = rr_game_course(g);
    int home1 = c->homes[0][1];
    /* Seat 0 pushes the ball west onto team 1's home (9,11); seat 1 is gone. */
    s->floor.piece[RR_BALL].cell = (int16_t)(home1 + 1);
    s->floor.piece[0].cell = (int16_t)(home1 + 2);
    s->floor.piece[0].facing = RR_W;
    s->floor.piece[0].is_virtual = false;
    rr_destroy(s, 1, RR_GONE_PIT, NULL);
    int h0[5] = {490, 80, 90, 100, 110}, h1[5] = {70, 100, 120, 140, 160};
    json_t *ev = rg_turn(g, h0, false, h1);
    cr_assert(roborally_engine.over(g));
    cr_assert_eq(rr_game_winners(g), 2u, "seat 1's team wins though its robot is destroyed");
    json_t *over = rg_event(ev, "over");
    cr_assert_str_eq(json_string_value(json_object_get(over, "reason")), "goal");
    json_t *res = roborally_engine.result(g);
    cr_assert_eq(json_integer_value(json_object_get(res, "team")), 1);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(res, "scores"), 1)), 1);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(res, "scores"), 0)), 0);
    cr_assert(json_is_null(json_array_get(json_object_get(res, "lives"), 0)));
    json_decref(res);
    json_decref(ev);
    roborally_engine.destroy(g);
}

Test(victory, after_max_turns_with_no_goal_the_game_is_a_draw)
{
    game *g = rg_new("{\"mode\":\"roboball\",\"max_turns\":1,\"course\":\"island_hop\"}", 2, 3);
    int h0[5] = {70, 80, 90, 100, 110}, h1[5] = {120, 130, 140, 150, 160};
    json_t *ev = rg_turn(g, h0, false, h1); /* turning in place: nobody moves the ball */
    cr_assert(roborally_engine.over(g), "the turn limit ends the game at the end of turn 1");
    json_t *over = rg_event(ev, "over");
    cr_assert_not_null(over);
    cr_assert_str_eq(json_string_value(json_object_get(over, "reason")), "turn_limit");
    cr_assert_eq(json_array_size(json_object_get(over, "winners")), 0, "a draw: no winners");
    json_t *res = roborally_engine.result(g);
    cr_assert(json_is_null(json_object_get(res, "team")));
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(res, "scores"), 0)), 0);
    json_decref(res);
    json_decref(ev);
    roborally_engine.destroy(g);
}

/* ---- the ball on the floor ---- */

Test(ball, a_robot_may_push_the_roboball_just_as_it_would_push_a_robot)
{
    rb_floor(2, 3, 3, NULL);
    ts_place(&st, 0, 3, 5, RR_N);
    ts_place(&st, 1, 3, 2, RR_S);
    st.robot[1].powered_down = true;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ball_y(), 3, "not reached yet");
    ts_register(&st, 2, c, NULL);
    cr_assert_eq(ball_y(), 2, "pushed");
    cr_assert_eq(ts_y(&st, 1), 1, "and the ball pushes the robot beyond it");
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_N, "it faces the way it last moved");
}

Test(ball, the_roboball_is_subject_to_walls)
{
    rb_floor(2, 3, 3, NULL);
    tc_wall(&tc, 3, 3, RR_N);
    ts_place(&st, 0, 3, 4, RR_N);
    int c[2] = {C_MOVE2, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ball_y(), 3, "a wall stops it");
    cr_assert_eq(ts_y(&st, 0), 4, "and the robot pushing it");
}

Test(ball, pushers_move_the_roboball_just_as_they_would_move_a_robot)
{
    rb_floor(2, 3, 3, NULL);
    tc_pusher(&tc, 3, 3, RR_E, 1u);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ball_x(), 4);
}

Test(ball, conveyor_belts_move_the_roboball_and_it_faces_the_way_it_last_moved)
{
    rb_floor(2, 3, 3, NULL);
    tc_belt(&tc, 3, 3, RR_EXPRESS, RR_E, "W");
    tc_belt(&tc, 4, 3, RR_EXPRESS, RR_S, "W");
    tc_belt(&tc, 4, 4, RR_EXPRESS, RR_S, "N");
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ball_x(), 4);
    cr_assert_eq(ball_y(), 4, "an express belt moves it twice");
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_S, "it last moved south");
}

/* Seed: "Gears, and crushers have essentially no effect on RoboBalls";
 * RULINGS: gears (and belt curves) turn the ball's facing only while
 * extraction runs. */
Test(ball, outside_extraction_gears_and_belt_curves_do_not_even_turn_the_roboballs_facing)
{
    rb_floor(2, 3, 3, NULL);
    tc_gear(&tc, 3, 3, true);
    tc_belt(&tc, 5, 5, RR_BELT, RR_E, "W");
    tc_belt(&tc, 6, 5, RR_BELT, RR_S, "W");
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert_eq(ball_x(), 3);
    cr_assert_eq(ball_y(), 3);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_N, "the gear leaves its facing alone");
    cr_assert_null(find_do(ev, "turn"), "nothing turns");
    json_decref(ev);
    put_ball(5, 5);
    ts_register(&st, 2, NULL, &ev);
    cr_assert_eq(ball_x(), 6, "the belt carries it onto the curve");
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_E, "facing the way it moved, not the curve's way");
    cr_assert_null(find_do(ev, "turn"));
    json_decref(ev);
}

Test(ball, crushers_have_no_effect_on_the_roboball)
{
    /* No shipped board has crushers (FORMAT.md: "crushers" is always empty)
     * and the floor model has no crusher element, so nothing crushes the
     * ball: the only floor kinds that act on a piece are these. */
    rb_floor(2, 3, 3, NULL);
    for (int k = RR_PLAIN; k <= RR_WRENCH_HAMMER; k++) {
        if (k == RR_PIT)
            continue;
        tc.cells[tc_cell(&tc, 3, 3)].kind = (uint8_t)k;
        tc.cells[tc_cell(&tc, 3, 3)].out = RR_N;
        tc.cells[tc_cell(&tc, 3, 3)].in = 1u << RR_S;
        ts_register(&st, 1, NULL, NULL);
        cr_assert(rr_on_floor(&st.floor.piece[RR_BALL]), "floor kind %d", k);
        put_ball(3, 3);
    }
}

Test(ball, the_roboball_moves_only_when_pushed_or_dragged_no_inertia)
{
    rb_floor(2, 3, 3, NULL);
    ts_place(&st, 0, 3, 5, RR_N);
    int c[2] = {C_MOVE2, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ball_y(), 2);
    for (int r = 2; r <= 5; r++)
        ts_register(&st, r, NULL, NULL);
    cr_assert_eq(ball_y(), 2, "it stays where the push left it");
}

Test(ball, nothing_can_harm_the_roboball_and_lasers_stop_at_it_like_a_wall)
{
    rb_floor(2, 3, 3, NULL);
    tc_laser(&tc, 0, 3, RR_E, 3);
    ts_place(&st, 0, 5, 3, RR_W);
    ts_place(&st, 1, 1, 5, RR_N);
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert_eq(st.robot[0].damage, 0, "the board laser stops at the ball");
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e) {
        json_t *frame = json_array_get(json_object_get(e, "frames"), 0);
        size_t k;
        json_t *a;
        json_array_foreach(frame, k, a) {
            if (strcmp(json_string_value(json_object_get(a, "do")), "beam") == 0)
                cr_assert_lt(json_array_size(json_object_get(a, "hits")), 1, "the ball is never a hit");
        }
    }
    cr_assert(rr_on_floor(&st.floor.piece[RR_BALL]));
    json_decref(ev);
}

Test(ball, a_beam_that_passes_walls_passes_the_roboball_without_harming_it)
{
    rb_floor(2, 3, 3, NULL);
    ts_place(&st, 0, 1, 3, RR_E);
    ts_place(&st, 1, 5, 3, RR_N);
    st.robot[0].options = 1u << RR_OPT_HIGH_POWER_LASER;
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[1].damage, 1, "the high-power laser goes through the ball");
    st.robot[0].options = 0;
    ts_register(&st, 2, NULL, NULL);
    cr_assert_eq(st.robot[1].damage, 1, "an ordinary laser stops at it");
}

/* ---- robots dragging the ball ---- */

Test(drag, a_hitched_roboball_follows_in_the_exact_path_of_its_dragging_robot_one_space_behind)
{
    rb_floor(2, 3, 5, NULL);
    ts_place(&st, 0, 3, 4, RR_N);
    hitch(0);
    json_t *ev;
    int c[2] = {C_MOVE3, 0};
    ts_register(&st, 1, c, &ev);
    cr_assert_eq(ts_y(&st, 0), 1);
    cr_assert_eq(ball_y(), 2, "one square behind");
    cr_assert(hitched(0));
    json_t *m = NULL;
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(json_array_get(ev, 1), "frames"), i, e) {
        size_t k;
        json_t *a;
        json_array_foreach(e, k, a) {
            if (json_object_get(a, "piece"))
                m = a;
        }
    }
    cr_assert_not_null(m, "the card's frames move the ball");
    cr_assert(json_is_true(json_object_get(m, "dragged")));
    json_decref(ev);
    /* A turn, then a move east: the ball takes the square the robot left. */
    int r[2] = {C_RIGHT, 0};
    ts_register(&st, 2, r, NULL);
    cr_assert(hitched(0), "a dragging robot that turns keeps the ball");
    cr_assert_eq(ball_y(), 2, "the ball stays put while the robot turns");
    ts_register(&st, 3, c, NULL);
    cr_assert_eq(ts_x(&st, 0), 6);
    cr_assert_eq(ball_x(), 5);
    cr_assert_eq(ball_y(), 1, "it followed round the corner");
}

Test(drag, a_conveyor_belt_moving_the_robot_drags_the_roboball_in_the_trailing_square)
{
    rb_floor(2, 2, 3, NULL);
    tc_belt(&tc, 3, 3, RR_BELT, RR_E, "W");
    tc_belt(&tc, 4, 3, RR_BELT, RR_E, "W");
    ts_place(&st, 0, 3, 3, RR_N);
    hitch(0);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ts_x(&st, 0), 4);
    cr_assert_eq(ball_x(), 3, "onto the belt square behind it");
    ts_register(&st, 2, NULL, NULL);
    cr_assert_eq(ts_x(&st, 0), 5);
    cr_assert_eq(ball_x(), 4, "and the belt carries both on");
    cr_assert(hitched(0));
}

Test(drag, if_the_roboball_cannot_enter_the_vacated_space_the_hitch_is_instantly_broken)
{
    rb_floor(2, 3, 4, NULL);
    tc_belt(&tc, 3, 3, RR_BELT, RR_N, "W");
    tc_belt(&tc, 2, 3, RR_BELT, RR_E, "W");
    ts_place(&st, 0, 3, 3, RR_N);
    ts_place(&st, 1, 2, 3, RR_N);
    hitch(0);
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert_eq(ts_y(&st, 0), 2);
    cr_assert_eq(ts_x(&st, 1), 3, "another robot takes the square behind");
    cr_assert_eq(ball_y(), 4, "the ball stays");
    cr_assert(!hitched(0));
    cr_assert_str_eq(why_of(ev, "unhitch"), "blocked");
    json_decref(ev);
}

Test(drag, a_robot_pulling_the_roboball_into_a_pit_loses_it_at_the_edge)
{
    rb_floor(2, 3, 5, NULL);
    tc_pit(&tc, 3, 3);
    ts_place(&st, 0, 3, 4, RR_N);
    hitch(0);
    json_t *ev;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, &ev);
    cr_assert(!rr_robot_here(&st, 0), "the robot plunges into the pit");
    cr_assert_eq(ball_y(), 5, "the ball remains safely at the edge");
    cr_assert(!hitched(0));
    cr_assert_str_eq(why_of(ev, "unhitch"), "edge");
    json_decref(ev);
}

/* ---- the ball dragging robots ---- */

Test(drag, a_hitched_robot_is_dragged_when_a_device_moves_the_roboball)
{
    rb_floor(2, 3, 3, NULL);
    tc_belt(&tc, 3, 3, RR_BELT, RR_E, "W");
    ts_place(&st, 0, 2, 3, RR_S);
    hitch(0);
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert_eq(ball_x(), 4);
    cr_assert_eq(ts_x(&st, 0), 3, "dragged into the square the ball left");
    cr_assert_eq(st.floor.piece[0].facing, RR_S, "keeping its facing");
    cr_assert(hitched(0));
    json_decref(ev);
    rb_floor(2, 3, 3, NULL);
    tc_pusher(&tc, 3, 3, RR_N, 1u);
    ts_place(&st, 0, 2, 3, RR_S);
    hitch(0);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ball_y(), 2);
    cr_assert_eq(ts_x(&st, 0), 3, "a pusher's push drags it too");
    cr_assert_eq(ts_y(&st, 0), 3);
}

Test(drag, robots_dragged_into_the_same_space_lose_their_hitches_and_remain_stationary)
{
    int teams[3] = {0, 1, 2};
    rb_floor(3, 3, 3, teams);
    tc_belt(&tc, 3, 3, RR_BELT, RR_N, "S");
    ts_place(&st, 1, 2, 3, RR_N);
    ts_place(&st, 2, 4, 3, RR_N);
    hitch(1);
    hitch(2);
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert_eq(ball_y(), 2);
    cr_assert_eq(ts_x(&st, 1), 2, "neither moves");
    cr_assert_eq(ts_x(&st, 2), 4);
    cr_assert(!hitched(1) && !hitched(2), "both lose the hitch");
    cr_assert_str_eq(why_of(ev, "unhitch"), "collision");
    json_decref(ev);
}

Test(drag, only_the_dragging_robot_remains_hitched_when_others_would_collide)
{
    int teams[3] = {0, 1, 2};
    rb_floor(3, 3, 3, teams);
    ts_place(&st, 0, 3, 2, RR_N); /* drags the ball north */
    ts_place(&st, 1, 2, 3, RR_N);
    ts_place(&st, 2, 4, 3, RR_N);
    hitch(0);
    hitch(1);
    hitch(2);
    int c[3] = {C_MOVE1, 0, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ball_y(), 2);
    cr_assert(hitched(0) && !hitched(1) && !hitched(2));
    cr_assert_eq(ts_x(&st, 1), 2);
    cr_assert_eq(ts_y(&st, 1), 3);
    /* With one other hitched robot the ball drags it along: a train. */
    rb_floor(3, 3, 3, teams);
    ts_place(&st, 0, 3, 2, RR_N);
    ts_place(&st, 1, 2, 3, RR_N);
    hitch(0);
    hitch(1);
    ts_register(&st, 1, c, NULL);
    cr_assert(hitched(0) && hitched(1));
    cr_assert_eq(ts_x(&st, 1), 3);
    cr_assert_eq(ts_y(&st, 1), 3, "dragged into the ball's old square");
}

Test(drag, the_roboball_pushed_sideways_by_another_robot_detaches_from_its_robot)
{
    rb_floor(2, 3, 3, NULL);
    ts_place(&st, 0, 3, 4, RR_N); /* hitched, south of the ball */
    ts_place(&st, 1, 2, 3, RR_E); /* pushes the ball east */
    hitch(0);
    json_t *ev;
    int c[2] = {0, C_MOVE1};
    ts_register(&st, 1, c, &ev);
    cr_assert_eq(ball_x(), 4);
    cr_assert_eq(ts_x(&st, 0), 3, "the hitched robot stays");
    cr_assert(!hitched(0));
    cr_assert_not_null(find_do(ev, "unhitch"));
    json_decref(ev);
}

Test(drag, a_destroyed_robot_loses_its_hitch)
{
    rb_floor(2, 3, 3, NULL);
    ts_place(&st, 0, 3, 4, RR_N);
    hitch(0);
    st.robot[0].damage = 9;
    tc_laser(&tc, 0, 4, RR_E, 1);
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert(!rr_robot_here(&st, 0));
    cr_assert(!hitched(0));
    cr_assert_str_eq(why_of(ev, "unhitch"), "destroyed");
    json_decref(ev);
}

Test(drag, gears_have_no_effect_on_robot_hitches)
{
    rb_floor(2, 3, 3, NULL);
    tc_gear(&tc, 3, 4, true);
    tc_gear(&tc, 3, 3, false);
    ts_place(&st, 0, 3, 4, RR_N);
    hitch(0);
    ts_register(&st, 1, NULL, NULL);
    cr_assert(hitched(0), "the robot turns on its gear and keeps the ball");
    cr_assert_eq(st.floor.piece[0].facing, RR_E);
    cr_assert_eq(ball_y(), 3, "neither moves");
}

Test(general, a_robot_reentering_on_the_balls_square_is_virtual)
{
    rb_floor(2, 3, 3, NULL);
    rr_destroy(&st, 0, RR_GONE_PIT, NULL);
    st.robot[0].archive = (int16_t)tc_cell(&tc, 3, 3);
    int facing[RR_MAX_ROBOTS] = {RR_N, RR_N};
    rr_reenter(&st, facing, NULL);
    cr_assert(rr_robot_here(&st, 0));
    cr_assert(st.floor.piece[0].is_virtual, "it shares the square with the ball");
    put_ball(3, 1);
    ts_register(&st, 1, NULL, NULL);
    cr_assert(!st.floor.piece[0].is_virtual, "alone again at the end of a phase: real");
}

/* ---- hitch declarations ---- */

Test(hitch, a_robot_in_contact_with_the_ball_at_the_end_of_a_phase_hitches_from_any_side)
{
    for (int d = 0; d < RR_DIRS; d++) {
        rb_floor(2, 3, 3, NULL);
        int x = 3 + (d == RR_E) - (d == RR_W), y = 3 + (d == RR_S) - (d == RR_N);
        ts_place(&st, 0, x, y, (d + 1) & 3);
        st.robot[0].hitch[0] = RR_HITCH_ON;
        json_t *ev;
        int c[2] = {C_LEFT, 0};
        ts_register(&st, 1, c, &ev);
        cr_assert(hitched(0), "from the %s side", rr_dir_names[d]);
        json_t *h = find_do(ev, "hitch");
        cr_assert_not_null(h);
        cr_assert_eq(json_integer_value(json_object_get(h, "team")), 0);
        json_decref(ev);
    }
}

Test(hitch, a_hitch_needs_contact_with_no_intervening_wall)
{
    rb_floor(2, 3, 3, NULL);
    ts_place(&st, 0, 3, 5, RR_N);
    st.robot[0].hitch[0] = RR_HITCH_ON;
    json_t *ev;
    int c[2] = {C_LEFT, 0};
    ts_register(&st, 1, c, &ev);
    cr_assert(!hitched(0));
    cr_assert_str_eq(why_of(ev, "hitch_failed"), "far", "two squares away");
    json_decref(ev);
    tc_wall(&tc, 3, 3, RR_S);
    ts_place(&st, 0, 3, 4, RR_N);
    st.robot[0].hitch[1] = RR_HITCH_ON;
    ts_register(&st, 2, c, &ev);
    cr_assert(!hitched(0));
    cr_assert_str_eq(why_of(ev, "hitch_failed"), "far", "a wall between");
    json_decref(ev);
}

Test(hitch, no_more_than_one_robot_per_team_may_be_hitched)
{
    int teams[2] = {0, 0};
    rb_floor(2, 3, 3, teams);
    ts_place(&st, 0, 3, 4, RR_N);
    ts_place(&st, 1, 2, 3, RR_E);
    st.robot[0].hitch[0] = RR_HITCH_ON;
    st.robot[1].hitch[0] = RR_HITCH_ON;
    json_t *ev;
    int c[2] = {C_LEFT + 20, C_LEFT}; /* seat 0's card moves first: it declares first */
    ts_register(&st, 1, c, &ev);
    cr_assert(hitched(0) && !hitched(1));
    cr_assert_str_eq(why_of(ev, "hitch_failed"), "team");
    json_decref(ev);
}

Test(hitch, robots_of_different_teams_may_hitch_the_ball_simultaneously)
{
    rb_floor(2, 3, 3, NULL);
    ts_place(&st, 0, 3, 4, RR_N);
    ts_place(&st, 1, 2, 3, RR_E);
    st.robot[0].hitch[0] = RR_HITCH_ON;
    st.robot[1].hitch[0] = RR_HITCH_ON;
    int c[2] = {C_LEFT, C_RIGHT};
    ts_register(&st, 1, c, NULL);
    cr_assert(hitched(0) && hitched(1));
}

Test(hitch, within_a_team_an_unhitch_declaration_happens_before_a_hitch)
{
    int teams[2] = {0, 0};
    rb_floor(2, 3, 3, teams);
    ts_place(&st, 0, 3, 4, RR_N);
    ts_place(&st, 1, 2, 3, RR_E);
    hitch(0);
    st.robot[0].hitch[0] = RR_HITCH_OFF;
    st.robot[1].hitch[0] = RR_HITCH_ON;
    json_t *ev;
    int c[2] = {C_LEFT, C_RIGHT}; /* seat 1 moved first, yet seat 0's unhitch comes first */
    ts_register(&st, 1, c, &ev);
    cr_assert(!hitched(0) && hitched(1));
    cr_assert_str_eq(why_of(ev, "unhitch"), "declared");
    json_decref(ev);
}

Test(hitch, a_powered_down_robot_may_not_make_any_hitch_declarations)
{
    rb_floor(2, 3, 3, NULL);
    ts_place(&st, 0, 3, 4, RR_N);
    st.robot[0].powered_down = true;
    st.robot[0].hitch[0] = RR_HITCH_ON;
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert(!hitched(0));
    cr_assert_str_eq(why_of(ev, "hitch_failed"), "powered_down");
    json_decref(ev);
}

Test(hitch, once_detached_a_robot_must_rehitch_even_if_the_ball_comes_back)
{
    rb_floor(2, 3, 3, NULL);
    ts_place(&st, 0, 3, 4, RR_N);
    ts_place(&st, 1, 2, 3, RR_E);
    hitch(0);
    int c[2] = {0, C_MOVE1};
    ts_register(&st, 1, c, NULL);
    cr_assert(!hitched(0));
    put_ball(3, 3);
    ts_register(&st, 2, NULL, NULL);
    cr_assert(!hitched(0), "touching again is not a hitch");
}

/* ---- pogo mode ---- */

Test(pogo, the_roboball_pushed_beyond_the_edge_of_a_pit_enters_pogo_mode_and_the_robot_moves_under)
{
    rb_floor(2, 3, 3, NULL);
    tc_pit(&tc, 3, 2);
    ts_place(&st, 0, 3, 4, RR_N);
    json_t *ev;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, &ev);
    cr_assert_eq(ball_y(), 3, "it stays at the pit's edge");
    cr_assert_eq(ts_y(&st, 0), 3, "the robot moves under it");
    cr_assert(pogo());
    json_t *up = find_do(ev, "pogo");
    cr_assert(json_is_true(json_object_get(up, "up")));
    cr_assert_eq(st.robot[0].damage, 1, "bonked once, right after the lasers");
    json_t *bonk = find_do(ev, "bonk");
    cr_assert_not_null(bonk);
    cr_assert_eq(json_integer_value(json_object_get(bonk, "seat")), 0);
    json_decref(ev);
    ts_register(&st, 2, NULL, NULL);
    cr_assert_eq(st.robot[0].damage, 2, "and again each phase it stays below");
}

Test(pogo, the_roboball_pushed_off_the_board_enters_pogo_mode)
{
    rb_floor(2, 3, 0, NULL);
    ts_place(&st, 0, 3, 1, RR_N);
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert(rr_on_floor(&st.floor.piece[RR_BALL]), "it cannot fall off the edge");
    cr_assert(pogo());
    cr_assert_eq(ts_y(&st, 0), 0);
}

Test(pogo, a_robot_dashing_under_the_pogo_ball_into_the_pit_leaves_it_to_drop_back)
{
    rb_floor(2, 3, 3, NULL);
    tc_pit(&tc, 3, 2);
    ts_place(&st, 0, 3, 5, RR_N);
    json_t *ev;
    int c[2] = {C_MOVE3, 0};
    ts_register(&st, 1, c, &ev);
    cr_assert(!rr_robot_here(&st, 0), "into the pit");
    cr_assert_eq(ball_y(), 3);
    cr_assert(!pogo(), "back to normal height at the end of the phase");
    json_decref(ev);
}

Test(pogo, entering_pogo_mode_detaches_every_hitched_robot)
{
    rb_floor(2, 3, 3, NULL);
    tc_pit(&tc, 3, 2);
    ts_place(&st, 0, 3, 4, RR_N);
    ts_place(&st, 1, 2, 3, RR_E);
    hitch(0);
    hitch(1);
    json_t *ev;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, &ev);
    cr_assert(!hitched(0) && !hitched(1));
    cr_assert_str_eq(why_of(ev, "unhitch"), "pogo");
    json_decref(ev);
}

Test(pogo, the_roboball_cannot_be_tractor_beamed_in_pogo_mode)
{
    rb_floor(2, 3, 3, NULL);
    tc_pit(&tc, 3, 2);
    ts_place(&st, 0, 3, 4, RR_N);
    ts_place(&st, 1, 2, 3, RR_N);
    st.robot[1].hitch[0] = RR_HITCH_ON;
    json_t *ev;
    int c[2] = {C_MOVE1, C_RIGHT};
    ts_register(&st, 1, c, &ev);
    cr_assert(pogo(), "seat 0 is under it");
    cr_assert(!hitched(1));
    cr_assert_str_eq(why_of(ev, "hitch_failed"), "pogo");
    json_decref(ev);
}

Test(pogo, lasers_may_fire_under_a_roboball_in_pogo_mode)
{
    rb_floor(2, 3, 3, NULL);
    tc_pit(&tc, 3, 2);
    ts_place(&st, 0, 3, 4, RR_N);
    ts_place(&st, 1, 6, 3, RR_N);
    tc_laser(&tc, 0, 3, RR_E, 1);
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert(pogo());
    cr_assert_eq(st.robot[0].damage, 2, "the beam hits the robot under it, then the bonk");
    cr_assert_eq(st.robot[1].damage, 0, "and stops there");
}

Test(pogo, the_ball_drops_back_when_the_space_below_is_vacant_after_the_lasers)
{
    rb_floor(2, 3, 3, NULL);
    tc_pit(&tc, 3, 2);
    ts_place(&st, 0, 3, 4, RR_N);
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert(pogo());
    json_t *ev;
    int back[2] = {C_BACKUP, 0};
    ts_register(&st, 2, back, &ev);
    cr_assert_eq(ts_y(&st, 0), 4);
    cr_assert(!pogo(), "the square below is vacant: it drops");
    cr_assert_eq(st.robot[0].damage, 1, "no bonk once the robot left");
    json_t *down = NULL;
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e) {
        if (strcmp(json_string_value(json_object_get(e, "step")) ? json_string_value(json_object_get(e, "step")) : "", "bonk") == 0)
            down = e;
    }
    cr_assert_not_null(down, "a bonk step tells the drop");
    json_decref(ev);
}

Test(pogo, a_robot_destroyed_beneath_the_ball_lets_it_drop)
{
    rb_floor(2, 3, 3, NULL);
    tc_pit(&tc, 3, 2);
    ts_place(&st, 0, 3, 4, RR_N);
    st.robot[0].damage = 9;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert(!rr_robot_here(&st, 0), "the bonk finishes it");
    cr_assert(!pogo());
}

Test(pogo, a_conveyor_belt_cannot_convey_the_roboball_into_a_pit)
{
    rb_floor(2, 3, 3, NULL);
    tc_belt(&tc, 3, 3, RR_BELT, RR_N, "S");
    tc_pit(&tc, 3, 2);
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert_eq(ball_y(), 3, "it stays put");
    cr_assert(!pogo(), "and is back at normal height at the end of the phase");
    cr_assert_not_null(find_do(ev, "pogo"));
    json_decref(ev);
}

/* ---- extraction mode ---- */

Test(extraction, the_roboball_balks_at_instructions_that_would_drop_it)
{
    rb_floor(2, 3, 0, NULL);
    rr_ball_extract(&st, true);
    st.floor.piece[RR_BALL].facing = RR_N;
    st.rb.cards[0] = C_MOVE1;
    st.rb.cards[1] = C_BACKUP;
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert_eq(ball_y(), 0, "move 1 north would leave the board: a no-op");
    cr_assert_not_null(find_do(ev, "balk"));
    json_t *reveal = rg_event(ev, "reveal");
    json_t *card = json_array_get(json_object_get(reveal, "cards"), 0);
    cr_assert_str_eq(json_string_value(json_object_get(card, "piece")), "ball");
    json_decref(ev);
    ts_register(&st, 2, NULL, NULL);
    cr_assert_eq(ball_y(), 1, "the next card runs");
}

Test(extraction, during_extraction_gears_change_the_roboballs_direction_of_movement)
{
    rb_floor(2, 3, 3, NULL);
    tc_gear(&tc, 3, 3, true);
    rr_ball_extract(&st, true);
    st.floor.piece[RR_BALL].facing = RR_N;
    st.rb.cards[0] = C_LEFT;
    st.rb.cards[1] = C_MOVE1;
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_N, "left, then the gear turns it back");
    put_ball(3, 4);
    ts_register(&st, 2, NULL, NULL);
    cr_assert_eq(ball_y(), 3, "moves the way it faces");
}

Test(extraction, during_extraction_a_belt_curve_turns_the_roboball)
{
    rb_floor(2, 5, 5, NULL);
    tc_belt(&tc, 5, 5, RR_BELT, RR_E, "W");
    tc_belt(&tc, 6, 5, RR_BELT, RR_S, "W");
    rr_ball_extract(&st, true);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ball_x(), 6);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_S, "the curve turns it");
}

/* Seed: "the RoboBall is considered to face the direction in which it most
 * recently moved ... (Ignore any intervening gear rotations since the most
 * recent RoboBall move.)" */
Test(extraction, extraction_starts_with_the_roboball_facing_the_way_it_most_recently_moved_ignoring_intervening_gear_rotations)
{
    rb_floor(2, 3, 3, NULL);
    tc_pusher(&tc, 3, 3, RR_E, 1u);
    tc_gear(&tc, 4, 3, false);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ball_x(), 4, "pushed east onto a gear");
    for (int reg = 2; reg <= 5; reg++)
        ts_register(&st, reg, NULL, NULL);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_E, "four gear turns ignored");
    rr_ball_extract(&st, true);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_E, "extraction starts facing east");
    /* An extraction turn that ends turned (a card, then the gear): the next
     * extraction, a turn later, starts the way the ball last moved again. */
    st.rb.cards[0] = C_RIGHT;
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_E, "right, then the gear turns it back");
    st.rb.cards[1] = C_UTURN;
    ts_register(&st, 2, NULL, NULL);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_S, "a U-turn, then the counter-clockwise gear: south");
    rr_ball_extract(&st, false);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_E, "out of extraction it faces the way it last moved");
    rr_ball_extract(&st, true);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_E);
}

/* Seed: "If a RoboBall remains in R.E.M. across consecutive turns, it
 * inherits the same facing ... that it had at the end of the previous turn." */
Test(extraction, a_roboball_remaining_in_extraction_across_consecutive_turns_inherits_its_facing)
{
    rb_floor(2, 3, 3, NULL);
    rr_ball_extract(&st, true);
    st.rb.cards[0] = C_LEFT;
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_W);
    rr_ball_extract(&st, true);
    cr_assert_eq(st.floor.piece[RR_BALL].facing, RR_W, "the facing it ended the turn with");
}

Test(extraction, the_ball_runs_its_cards_in_priority_order_with_the_robots_and_pushes_them)
{
    rb_floor(2, 3, 3, NULL);
    rr_ball_extract(&st, true);
    st.floor.piece[RR_BALL].facing = RR_E;
    ts_place(&st, 0, 4, 3, RR_N);
    st.rb.cards[0] = C_MOVE1 + 10;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ball_x(), 4, "the ball's card moves first and pushes the robot");
    cr_assert_eq(ts_x(&st, 0), 5);
    cr_assert_eq(ts_y(&st, 0), 2, "then the robot runs its card");
}

/* ---- whole games ---- */

/* Puts the ball on plain floor with seat 0 just south of it, nothing
 * between, seat 0 facing `facing`. */
static void ball_north_of_seat0(game *g, int facing)
{
    rr_state *s = rr_game_state_for_tests(g);
    const rr_course *c = rr_game_course(g);
    int at = -1;
    for (int cell = c->width; cell + c->width < c->width * c->height && at < 0; cell++) {
        int below = cell + c->width;
        if (c->cells[cell].kind == RR_PLAIN && c->cells[cell].push < 0 && c->cells[below].kind == RR_PLAIN &&
            c->cells[below].push < 0 && !rr_wall_between(c, cell, RR_S) && !rr_ball_is_home(s, cell) &&
            rr_floor_any_at(&s->floor, cell, -1) < 0 && rr_floor_any_at(&s->floor, below, -1) < 0)
            at = cell;
    }
    cr_assert_geq(at, 0);
    s->floor.piece[RR_BALL].cell = (int16_t)at;
    s->floor.piece[0].cell = (int16_t)(at + c->width);
    s->floor.piece[0].facing = (uint8_t)facing;
    s->floor.piece[0].is_virtual = false;
}

static const char *RB2 = "{\"mode\":\"roboball\",\"course\":\"island_hop\"}";

Test(game, the_view_shows_teams_homes_the_ball_and_votes)
{
    game *g = rg_new("{\"mode\":\"roboball\",\"teams\":2,\"course\":\"island_hop\"}", 4, 3);
    json_t *v = roborally_engine.view(g, 0);
    cr_assert_str_eq(json_string_value(json_object_get(v, "mode")), "roboball");
    char *teams = rg_dump(json_object_get(v, "teams"));
    cr_assert_str_eq(teams, "[[0,2],[1,3]]");
    free(teams);
    char *homes = rg_dump(json_object_get(v, "homes"));
    cr_assert_str_eq(homes, "[[3,11],[9,11]]");
    free(homes);
    cr_assert_eq(json_integer_value(json_object_get(v, "max_turns")), 30);
    char *ball = rg_dump(json_object_get(v, "ball"));
    cr_assert_str_eq(ball, "{\"at\":[6,7],\"extraction\":{\"active\":false,\"cards\":0,\"register\":null,"
                           "\"revealed\":[]},\"facing\":\"N\",\"hitched\":[],\"pogo\":false}");
    free(ball);
    json_t *r0 = json_array_get(json_object_get(v, "robots"), 0);
    json_t *r1 = json_array_get(json_object_get(v, "robots"), 1);
    cr_assert(json_is_null(json_object_get(r0, "lives")));
    cr_assert_eq(json_integer_value(json_object_get(r1, "team")), 1);
    cr_assert(json_is_false(json_object_get(r0, "hitched")));
    cr_assert_not_null(json_object_get(r0, "hitches"), "its own declarations");
    cr_assert_null(json_object_get(r1, "hitches"), "never another's");
    json_decref(v);
    roborally_engine.destroy(g);
}

Test(game, hitches_in_the_program_run_at_the_end_of_their_register)
{
    game *g = rg_new(RB2, 2, 3);
    ball_north_of_seat0(g, RR_S);
    int h0[5] = {70, 80, 90, 100, 110}, h1[5] = {120, 130, 140, 150, 160};
    rg_hand(g, 0, h0, 5);
    rg_hand(g, 1, h1, 5);
    json_decref(rg_ok(g, 0, "{\"kind\":\"program\",\"registers\":[70,80,90,100,110],"
                            "\"hitches\":[\"hitch\",null,null,null,\"unhitch\"]}"));
    json_t *v = roborally_engine.view(g, 0);
    char *h = rg_dump(json_object_get(json_array_get(json_object_get(v, "robots"), 0), "hitches"));
    cr_assert_str_eq(h, "[\"hitch\",null,null,null,\"unhitch\"]");
    free(h);
    json_decref(v);
    json_t *ev = rg_ok(g, 1, "{\"kind\":\"program\",\"registers\":[120,130,140,150,160]}");
    bool saw_hitch = false, saw_unhitch = false;
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e) {
        const char *step = json_string_value(json_object_get(e, "step"));
        if (!step || strcmp(step, "hitches") != 0)
            continue;
        int reg = (int)json_integer_value(json_object_get(e, "register"));
        json_t *a = json_array_get(json_array_get(json_object_get(e, "frames"), 0), 0);
        const char *what = json_string_value(json_object_get(a, "do"));
        if (reg == 1 && strcmp(what, "hitch") == 0)
            saw_hitch = true;
        if (reg == 5 && strcmp(what, "unhitch") == 0)
            saw_unhitch = true;
    }
    cr_assert(saw_hitch && saw_unhitch, "hitched at the end of register 1, unhitched after 5");
    cr_assert_eq(rr_game_state(g)->rb.hitched, 0);
    json_decref(ev);
    roborally_engine.destroy(g);
}

Test(hostile, malformed_or_misplaced_hitches_and_votes_are_refused_and_change_nothing)
{
    game *g = rg_new(RB2, 2, 3);
    int h0[5] = {70, 80, 90, 100, 110};
    rg_hand(g, 0, h0, 5);
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":[70,80,90,100,110],\"hitches\":[\"hitch\"]}",
               "bad_action");
    rg_refused(g, 0, "{\"kind\":\"program\",\"registers\":[70,80,90,100,110],\"hitches\":\"hitch\"}",
               "bad_action");
    rg_refused(g, 0,
               "{\"kind\":\"program\",\"registers\":[70,80,90,100,110],\"hitches\":[\"tow\",null,null,null,null]}",
               "bad_action");
    rg_refused(g, 0,
               "{\"kind\":\"program\",\"registers\":[70,80,90,100,110],\"hitches\":[1,null,null,null,null]}",
               "bad_action");
    rg_refused(g, 0, "{\"kind\":\"extract\",\"vote\":\"yes\"}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"extract\"}", "bad_action");
    rg_refused(g, 0, "{\"kind\":\"extract\",\"vote\":false}", "illegal");
    rg_refused(g, -1, "{\"kind\":\"extract\",\"vote\":true}", "not_your_turn");
    rg_refused(g, 0, "{\"kind\":\"extract\",\"vote\":true,\"turn\":9}", "illegal");
    json_t *ev = rg_ok(g, 0, "{\"kind\":\"extract\",\"vote\":true}");
    json_t *voted = rg_event(ev, "voted");
    cr_assert_not_null(voted);
    cr_assert(json_is_true(json_object_get(voted, "vote")));
    json_decref(ev);
    rg_refused(g, 0, "{\"kind\":\"extract\",\"vote\":true}", "illegal");
    json_t *v = roborally_engine.view(g, 1);
    char *votes = rg_dump(json_object_get(v, "votes"));
    cr_assert_str_eq(votes, "[0]", "everyone sees the votes");
    free(votes);
    json_decref(v);
    json_decref(rg_ok(g, 0, "{\"kind\":\"extract\",\"vote\":false}"));
    roborally_engine.destroy(g);
}

Test(hostile, hitches_and_votes_in_the_race_are_illegal)
{
    game *g = rg_new("{\"course\":\"island_hop\"}", 2, 3);
    int h0[5] = {70, 80, 90, 100, 110};
    rg_hand(g, 0, h0, 5);
    rg_refused(g, 0,
               "{\"kind\":\"program\",\"registers\":[70,80,90,100,110],\"hitches\":[\"hitch\",null,null,null,null]}",
               "illegal");
    rg_refused(g, 0, "{\"kind\":\"extract\",\"vote\":true}", "illegal");
    roborally_engine.destroy(g);
}

Test(extraction, when_every_seat_votes_the_ball_runs_five_cards_from_the_deck_next_turn)
{
    game *g = rg_new(RB2, 2, 3);
    json_decref(rg_ok(g, 0, "{\"kind\":\"extract\",\"vote\":true}"));
    json_decref(rg_ok(g, 1, "{\"kind\":\"extract\",\"vote\":true}"));
    json_t *ev = rg_all_program(g);
    while (rr_game_phase(g) == RR_PHASE_CHOOSE) {
        json_t *more = json_array();
        roborally_engine.tick(g, roborally_engine.deadline(g), more);
        json_array_extend(ev, more);
        json_decref(more);
    }
    json_t *x = rg_event(ev, "extraction");
    cr_assert_not_null(x, "extraction mode starts with the next turn");
    cr_assert_eq(json_integer_value(json_object_get(x, "cards")), 5);
    cr_assert_eq(json_integer_value(json_object_get(x, "turn")), 2);
    const rr_state *s = rr_game_state(g);
    cr_assert(s->rb.extraction);
    int16_t hand[RR_HAND_MAX];
    for (int seat = 0; seat < 2; seat++) {
        int n = rr_game_hand(g, seat, hand);
        for (int r = 0; r < 5; r++) {
            for (int k = 0; k < n; k++)
                cr_assert_neq(hand[k], s->rb.cards[r], "the ball's cards come from the undealt deck");
        }
    }
    json_t *v = roborally_engine.view(g, 0);
    json_t *xv = json_object_get(json_object_get(v, "ball"), "extraction");
    cr_assert(json_is_true(json_object_get(xv, "active")));
    cr_assert_eq(json_integer_value(json_object_get(xv, "cards")), 5);
    cr_assert_eq(json_array_size(json_object_get(xv, "revealed")), 0, "dealt face down");
    cr_assert_eq(json_array_size(json_object_get(v, "votes")), 0, "the votes are spent");
    json_decref(v);
    json_decref(ev);
    ev = rg_all_program(g);
    int ball_cards = 0;
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e) {
        if (strcmp(json_string_value(json_object_get(e, "kind")), "card") == 0 &&
            json_is_null(json_object_get(e, "seat")))
            ball_cards++;
    }
    cr_assert(ball_cards == 5 || roborally_engine.over(g), "its five cards run (%d)", ball_cards);
    json_decref(ev);
    roborally_engine.destroy(g);
}

Test(extraction, no_extraction_unless_every_seat_votes)
{
    game *g = rg_new(RB2, 2, 3);
    json_decref(rg_ok(g, 0, "{\"kind\":\"extract\",\"vote\":true}"));
    json_t *ev = rg_all_program(g);
    while (rr_game_phase(g) == RR_PHASE_CHOOSE) {
        roborally_engine.tick(g, roborally_engine.deadline(g), ev);
    }
    cr_assert_null(rg_event(ev, "extraction"));
    cr_assert(!rr_game_state(g)->rb.extraction);
    json_decref(ev);
    roborally_engine.destroy(g);
}

/* ---- random play ---- */

static json_t *random_action(const game *g, int seat, rng *r)
{
    int16_t hand[RR_HAND_MAX];
    int n = rr_game_hand(g, seat, hand);
    static const char *const decl[] = {"hitch", "unhitch", NULL};
    switch (rng_below(r, 8)) {
    case 0: return json_pack("{s:s, s:b}", "kind", "extract", "vote", rng_below(r, 2));
    case 1: return json_pack("{s:s, s:[s,n,n,n,n]}", "kind", "program", "hitches", "tow");
    case 2: return json_pack("{s:s, s:i}", "kind", "program", "hitches", 3);
    default: {
        json_t *regs = json_array(), *hitches = json_array();
        const rr_robot *rb = &rr_game_state(g)->robot[seat];
        int k = 0;
        for (int i = 0; i < RR_REGISTERS; i++) {
            bool locked = rr_register_locked(rb->damage, i);
            json_array_append_new(regs, !locked && k < n ? json_integer(hand[k++]) : json_null());
            const char *d = decl[rng_below(r, 3)];
            json_array_append_new(hitches, d ? json_string(d) : json_null());
        }
        return json_pack("{s:s, s:o, s:o}", "kind", "program", "registers", regs, "hitches", hitches);
    }
    }
}

/* A RoboBall player: a random action, legal or not (what 5..7), or the
 * clock moves (8, 9). */
static json_t *ball_player(const game *g, int seat, unsigned what, rng *r, bool *tick, void *ctx)
{
    (void)ctx;
    if (what < 8)
        return random_action(g, seat, r);
    *tick = true;
    return NULL;
}

static void play_roboball(const char *options, int seats, uint64_t seed, int turns)
{
    rg_play_random(options, seats, seed, turns, 3000, ball_player, NULL);
}

Test(play, random_legal_roboball_play_on_every_course_replays_identically)
{
    for (int i = 0; i < rr_course_count; i++) {
        char options[160];
        int seats = 2 + 2 * (i % 4);
        snprintf(options, sizeof options, "{\"mode\":\"roboball\",\"course\":\"%s\",\"teams\":%d}",
                 rr_courses[i].id, i % 2 ? 2 : 0);
        play_roboball(options, seats, (uint64_t)(300 + i), 10);
    }
}

/* Bots only, every seat acting when asked; returns the finished game. */
static game *bot_game(const char *options, int seats, uint64_t seed)
{
    replay_log log;
    game *g = replay_start(&log, &roborally_engine, options, seats, game_seeds_from(seed), NULL);
    cr_assert_not_null(g);
    json_t *events = json_array();
    int64_t now = 0;
    while (!roborally_engine.over(g) && now < 10000000) {
        for (int s = 0; s < seats; s++) {
            int64_t wake;
            json_t *a = roborally_engine.bot(g, s, s % 3, now, seed + (uint64_t)now, &wake, &game_no_cancel);
            if (!a)
                continue;
            game_error err;
            cr_assert_eq(replay_act(&log, g, s, a, now, events, &err), 0, "a bot's action was refused: %s",
                         err.message);
            json_decref(a);
            json_array_clear(events);
        }
        now += 100;
    }
    cr_assert(roborally_engine.over(g), "a goal or the turn limit ends it");
    cr_assert(replay_check(&log, g), "%s", log.problem);
    json_decref(events);
    replay_free(&log);
    return g;
}

Test(play, bots_play_roboball_to_its_end_on_every_course_and_bring_the_ball_home)
{
    int goals = 0;
    for (int i = 0; i < rr_course_count; i++) {
        char options[160];
        snprintf(options, sizeof options, "{\"mode\":\"roboball\",\"course\":\"%s\",\"max_turns\":20%s}",
                 rr_courses[i].id, i % 2 ? ",\"teams\":2" : "");
        game *g = bot_game(options, i % 2 ? 4 : 3, (uint64_t)(i + 11));
        json_t *res = roborally_engine.result(g);
        cr_log_info("%s: %s", rr_courses[i].id, json_string_value(json_object_get(res, "summary")));
        goals += strcmp(json_string_value(json_object_get(res, "reason")), "goal") == 0;
        json_decref(res);
        roborally_engine.destroy(g);
    }
    cr_assert_gt(goals, 0, "bots that aim at the ball and then at home score sometimes");
}

/* ---- secrecy ---- */

Test(secrecy, the_balls_face_down_extraction_cards_never_change_a_bots_program)
{
    char *first = NULL;
    static const int16_t decks[2][5] = {{790, 800, 810, 820, 830}, {10, 20, 30, 40, 50}};
    for (int k = 0; k < 2; k++) {
        game *g = rg_new(RB2, 2, 3);
        rr_state *s = rr_game_state_for_tests(g);
        ball_north_of_seat0(g, RR_N); /* where the ball's cards would matter */
        rr_ball_extract(s, true);
        memcpy(s->rb.cards, decks[k], sizeof s->rb.cards);
        for (int level = 0; level < 3; level++) {
            int64_t wake;
            json_t *a = roborally_engine.bot(g, 0, level, 0, 5, &wake, &game_no_cancel);
            char *text = rg_dump(a);
            json_decref(a);
            if (k == 0 && level == 2)
                first = text;
            else if (k == 1 && level == 2) {
                cr_assert_str_eq(text, first, "the hard bot plans the same whatever the ball holds");
                free(text);
            } else
                free(text);
        }
        json_t *v = roborally_engine.view(g, 0);
        json_t *x = json_object_get(json_object_get(v, "ball"), "extraction");
        cr_assert_eq(json_array_size(json_object_get(x, "revealed")), 0, "no card shows before it runs");
        json_decref(v);
        roborally_engine.destroy(g);
    }
    free(first);
}
