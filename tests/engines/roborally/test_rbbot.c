/*
 * test_rbbot.c: the RoboBall bots (roborally_bot_ball.c and the RoboBall parts of
 * roborally_bot.c). On a small plain floor: a bot goes for the ball and hitches,
 * drags it home, keeps off the edge, blocks the nearest rival while a
 * teammate drags the ball, and votes the ball inaccessible only when it is
 * (easy: whenever it stood still). On the real courses: a lone hard bot scores on either home of
 * two teams, bots of every level only send legal actions and declarations
 * in team games, and hard teams beat easy teams.
 */
#include "support.h"

#include <stdlib.h>
#include <string.h>

#include "games/roborally/roborally_bot.h"
#include "replay.h"

static test_course tc;
static rr_state st;

/* An 8x8 plain floor, two robots on teams 0 and 1, homes at (0,0) and
 * (7,0), the ball at (bx, by); seat 1 parked at (7,7) facing west. */
static void ball_floor(int bx, int by)
{
    tc_init(&tc, 8, 8);
    ts_init(&st, &tc, 2, false);
    st.rb.nteams = 2;
    st.rb.team[0] = 0;
    st.rb.team[1] = 1;
    st.rb.home[0] = (int16_t)tc_cell(&tc, 0, 0);
    st.rb.home[1] = (int16_t)tc_cell(&tc, 7, 0);
    rr_ball_put(&st, tc_cell(&tc, bx, by));
    ts_place(&st, 1, 7, 7, RR_W);
}

/* A hand of every kind of card. */
static const int16_t HAND[9] = {790, 670, 680, 490, 500, 430, 80, 70, 10};

/* Plans seat 0's program at `level` and runs it (the other robot idle),
 * with the declarations the bot would send: rr_bot_ball_hitches' for this
 * start (what every level sends unless it chose to unhitch). */
static void plan_and_run(int level)
{
    int16_t regs[RR_REGISTERS];
    rr_bot_plan(&st, 0, HAND, 9, level, 7, NULL, regs);
    rr_bot_ball_hitches(&st, 0, st.robot[0].hitch);
    for (int r = 0; r < RR_REGISTERS && st.rb.goal < 0; r++) {
        int cards[2] = {regs[r], 0};
        ts_register(&st, r + 1, cards, NULL);
    }
}

static int ball_cell(void) { return st.floor.piece[RR_BALL].cell; }
static int manhattan_to_home0(int cell) { return cell % 8 + cell / 8; }

Test(rbbot, every_level_goes_for_the_ball_and_hitches_when_its_team_holds_none)
{
    for (int level = 0; level < 3; level++) {
        ball_floor(4, 4);
        ts_place(&st, 0, 4, 7, RR_N);
        plan_and_run(level);
        bool hitched = st.rb.hitched & 1u;
        cr_assert(hitched || st.rb.goal == 0, "level %d: hitched to the ball (or already home)", level);
        cr_assert_neq(st.rb.goal, 1, "level %d: never into the other team's home", level);
    }
}

Test(rbbot, a_hitched_bot_drags_the_ball_home)
{
    for (int level = 1; level < 3; level++) {
        ball_floor(4, 4);
        ts_place(&st, 0, 4, 3, RR_N);
        st.rb.hitched = 1u;
        int before = manhattan_to_home0(ball_cell());
        plan_and_run(level);
        cr_assert(st.rb.goal == 0 || manhattan_to_home0(ball_cell()) <= before - 4,
                  "level %d: the ball from %d squares to %d", level, before, manhattan_to_home0(ball_cell()));
    }
}

Test(rbbot, hard_brings_a_hitched_ball_home_within_the_turn_when_it_can)
{
    ball_floor(0, 3);
    ts_place(&st, 0, 0, 2, RR_S);
    st.rb.hitched = 1u;
    /* U-turn, north two (the ball trails to (0,1)), right, one east: the
     * ball follows onto the home at (0,0). */
    plan_and_run(2);
    cr_assert_eq(st.rb.goal, 0, "hard finds the goal in its five registers");
}

Test(rbbot, bots_keep_off_the_edge)
{
    for (int level = 1; level < 3; level++) {
        ball_floor(4, 4);
        ts_place(&st, 0, 6, 0, RR_N); /* the edge ahead */
        plan_and_run(level);
        cr_assert(rr_robot_here(&st, 0), "level %d: still on the floor", level);
    }
}

Test(rbbot, an_unhitched_bot_of_a_team_that_holds_the_ball_declares_nothing)
{
    ball_floor(4, 4);
    ts_place(&st, 0, 4, 6, RR_N);
    ts_place(&st, 1, 4, 3, RR_N);
    st.rb.team[1] = 0; /* a teammate holds it */
    st.rb.hitched = 2u;
    int8_t h[RR_REGISTERS];
    rr_bot_ball_hitches(&st, 0, h);
    for (int r = 0; r < RR_REGISTERS; r++)
        cr_assert_eq(h[r], RR_HITCH_NONE, "one hitch per team: a second would fail");
    rr_bot_ball_hitches(&st, 1, h);
    for (int r = 0; r < RR_REGISTERS; r++)
        cr_assert_eq(h[r], RR_HITCH_NONE, "the holder keeps its hitch without declaring");
    st.rb.hitched = 0;
    rr_bot_ball_hitches(&st, 0, h);
    for (int r = 0; r < RR_REGISTERS; r++)
        cr_assert_eq(h[r], RR_HITCH_ON, "nobody holds it: hitch whenever it touches");
}

Test(rbbot, normal_and_hard_head_for_the_rival_nearest_the_ball_while_a_teammate_drags_it)
{
    tc_init(&tc, 8, 8);
    ts_init(&st, &tc, 4, false);
    st.rb.nteams = 2;
    for (int i = 0; i < 4; i++)
        st.rb.team[i] = (int8_t)(i % 2);
    st.rb.home[0] = (int16_t)tc_cell(&tc, 0, 0);
    st.rb.home[1] = (int16_t)tc_cell(&tc, 7, 0);
    rr_ball_put(&st, tc_cell(&tc, 4, 4));
    ts_place(&st, 0, 4, 6, RR_N);
    ts_place(&st, 1, 6, 4, RR_W); /* the rival two squares from the ball */
    ts_place(&st, 2, 4, 3, RR_N); /* seat 0's teammate, dragging the ball */
    ts_place(&st, 3, 1, 7, RR_N);
    int ball = tc_cell(&tc, 4, 4);
    cr_assert_eq(rr_bot_ball_target(&st, 0, true), ball, "nobody drags it: go for the ball");
    st.rb.hitched = 1u << 2;
    cr_assert_eq(rr_bot_ball_target(&st, 0, true), tc_cell(&tc, 6, 4), "block the nearest rival");
    cr_assert_eq(rr_bot_ball_target(&st, 0, false), ball, "easy just follows the ball");
    cr_assert_eq(rr_bot_ball_target(&st, 2, true), st.rb.home[0], "the dragging robot heads home");
}

Test(rbbot, normal_and_hard_vote_the_ball_inaccessible_only_when_their_team_cannot_reach_it_or_it_is_stuck)
{
    ball_floor(4, 4);
    ts_place(&st, 0, 1, 6, RR_N);
    st.rb.still = 1;
    cr_assert(!rr_bot_ball_votes(&st, 0, true), "it moved last turn");
    st.rb.still = RR_BOT_BALL_STILL_TURNS;
    cr_assert(!rr_bot_ball_votes(&st, 0, true), "still two turns, but seat 0 can walk up to it");
    /* Pits all round the ball: nobody can touch it. */
    tc_pit(&tc, 3, 4);
    tc_pit(&tc, 5, 4);
    tc_pit(&tc, 4, 3);
    tc_pit(&tc, 4, 5);
    cr_assert(rr_bot_ball_votes(&st, 0, true), "still and out of reach: inaccessible");
    st.rb.still = 1;
    cr_assert(!rr_bot_ball_votes(&st, 0, true), "but not before it has stood still two turns");
    ball_floor(4, 4);
    ts_place(&st, 0, 1, 6, RR_N);
    st.rb.still = RR_BOT_BALL_STUCK_TURNS;
    cr_assert(rr_bot_ball_votes(&st, 0, true), "nobody has moved it for four turns: stuck");
}

Test(rbbot, easy_votes_whenever_the_ball_has_stood_still_two_turns)
{
    ball_floor(4, 4);
    ts_place(&st, 0, 1, 6, RR_N);
    st.rb.still = 1;
    cr_assert(!rr_bot_ball_votes(&st, 0, false), "it moved last turn");
    st.rb.still = RR_BOT_BALL_STILL_TURNS;
    cr_assert(rr_bot_ball_votes(&st, 0, false), "easy does not judge whether it could reach it");
}

/* ---- whole games on the real courses ---- */

/* Bots play until the game is over; every action must be accepted and the
 * game replay identically. levels[s] < 0: the seat's robot is taken off the
 * floor for good (a change the replay cannot know: such a game is played
 * without it). Returns the winners (0 at the turn limit). */
static unsigned bot_game(const char *options, const int *levels, int seats, uint64_t seed)
{
    replay_log log;
    game_error err = {"", ""};
    bool lone = false;
    for (int i = 0; i < seats; i++)
        lone |= levels[i] < 0;
    game *g = lone ? game_create_with(&roborally_engine, options, seats, seed, &err)
                   : replay_start(&log, &roborally_engine, options, seats, game_seeds_from(seed), &err);
    cr_assert_not_null(g, "%s", err.message);
    rr_state *s = rr_game_state_for_tests(g);
    for (int i = 0; i < seats; i++) {
        if (levels[i] < 0) {
            rr_destroy(s, i, RR_GONE_AWAY, NULL);
            s->robot[i].out = true;
        }
    }
    json_t *events = json_array();
    int64_t now = 0;
    for (int steps = 0; !roborally_engine.over(g) && steps < 5000; steps++) {
        bool acted = false;
        for (int i = 0; i < seats && !roborally_engine.over(g); i++) {
            if (levels[i] < 0)
                continue;
            int64_t wake;
            json_t *a = roborally_engine.bot(g, i, levels[i], now, seed + (uint64_t)now, &wake, &game_no_cancel);
            if (!a)
                continue;
            json_t *h = json_object_get(a, "hitches");
            if (h) {
                cr_assert(json_is_array(h) && json_array_size(h) == RR_REGISTERS, "five declarations");
                for (size_t r = 0; r < RR_REGISTERS; r++) {
                    const char *v = json_string_value(json_array_get(h, r));
                    cr_assert(json_is_null(json_array_get(h, r)) || strcmp(v, "hitch") == 0 ||
                                  strcmp(v, "unhitch") == 0,
                              "a declaration is hitch, unhitch or null");
                }
            }
            int rc = lone ? roborally_engine.act(g, i, a, now, events, &err)
                          : replay_act(&log, g, i, a, now, events, &err);
            cr_assert_eq(rc, 0,
                         "the level %d bot's action was refused: %s", levels[i], err.message);
            json_decref(a);
            json_array_clear(events);
            acted = true;
        }
        if (!acted && !roborally_engine.over(g)) {
            int64_t d = roborally_engine.deadline(g);
            cr_assert_neq(d, GAME_NO_DEADLINE, "a bot or a deadline always moves the game on");
            now = d;
            if (lone)
                roborally_engine.tick(g, now, events);
            else
                replay_tick(&log, g, now, events);
            json_array_clear(events);
        }
        now++;
    }
    cr_assert(roborally_engine.over(g), "a goal or the turn limit ends it");
    if (!lone) {
        cr_assert(replay_check(&log, g), "%s", log.problem);
        replay_free(&log);
    }
    unsigned winners = rr_game_winners(g);
    json_decref(events);
    roborally_engine.destroy(g);
    return winners;
}

Test(rbgames, a_lone_hard_bot_brings_the_ball_to_either_home_of_two_teams_on_every_course)
{
    for (int i = 0; i < rr_course_count; i++) {
        char options[160];
        snprintf(options, sizeof options, "{\"mode\":\"roboball\",\"course\":\"%s\",\"max_turns\":30}",
                 rr_courses[i].id);
        for (int team = 0; team < 2; team++) {
            int levels[2] = {team == 0 ? 2 : -1, team == 1 ? 2 : -1};
            unsigned winners = bot_game(options, levels, 2, (uint64_t)(40 + i));
            cr_assert_eq(winners, 1u << team, "%s: the lone bot of team %d scores on its home", rr_courses[i].id,
                         team);
        }
    }
}

Test(rbgames, bots_of_every_level_send_only_legal_actions_and_declarations_in_team_games)
{
    for (int i = 0; i < rr_course_count; i++) {
        char options[160];
        snprintf(options, sizeof options,
                 "{\"mode\":\"roboball\",\"course\":\"%s\",\"teams\":2,\"max_turns\":12}", rr_courses[i].id);
        int levels[4] = {i % 3, (i + 1) % 3, (i + 2) % 3, i % 3};
        bot_game(options, levels, 4, (uint64_t)(70 + i));
        snprintf(options, sizeof options, "{\"mode\":\"roboball\",\"course\":\"%s\",\"max_turns\":8}",
                 rr_courses[i].id);
        int ffa[3] = {2, 1, 0};
        bot_game(options, ffa, 3, (uint64_t)(90 + i)); /* every robot a team of one */
    }
}

Test(rbgames, hard_teams_beat_easy_teams_with_either_home)
{
    int hard = 0, easy = 0;
    for (int k = 0; k < 10; k++) {
        char options[160];
        snprintf(options, sizeof options, "{\"mode\":\"roboball\",\"course\":\"%s\",\"teams\":2}",
                 rr_courses[k % rr_course_count].id);
        int side = k % 2, levels[4];
        for (int s = 0; s < 4; s++)
            levels[s] = s % 2 == side ? 2 : 0;
        unsigned winners = bot_game(options, levels, 4, (uint64_t)(500 + k));
        hard += winners && levels[__builtin_ctz(winners)] == 2;
        easy += winners && levels[__builtin_ctz(winners)] == 0;
    }
    cr_log_info("hard %d, easy %d of 10", hard, easy);
    cr_assert_geq(hard, 7, "hard won %d of 10 games (easy %d)", hard, easy);
}
