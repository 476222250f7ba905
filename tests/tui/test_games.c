/* The game renderers, driven with real views (captured from the server, in
 * views/) on a canvas, with the frame's services replaced by recorders. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "canvas.h"
#include "games/game_ui.h"
#include "rl_tables.h" /* RoboRally's tables: the pace of the playback */

/* ---- a table whose actions, notices and prompts are recorded ---- */

static json_t *sent;        /* the actions sent, in order */
static char notice[600];
static bool notice_error;
static char prompt_text[200];

static int record_act(table *t, json_t *action)
{
    (void)t;
    json_array_append_new(sent, action);
    return 0;
}

static void record_notify(table *t, bool error, const char *text)
{
    (void)t;
    snprintf(notice, sizeof notice, "%s", text);
    notice_error = error;
}

static void record_prompt(table *t, const char *text)
{
    (void)t;
    snprintf(prompt_text, sizeof prompt_text, "%s", text);
}

/* As the frame does: the notice goes if it is still the one shown. */
static void record_retract(table *t, const char *text)
{
    (void)t;
    if (strcmp(notice, text) == 0)
        notice[0] = 0;
}

static const table_ops ops = {record_act, record_notify, record_prompt, record_retract};

typedef struct fixture {
    json_t *doc;   /* {"room": ..., "state": ...} */
    table t;
    const game_ui *ui;
    void *self;
    cv_grid g;
} fixture;

static void load(fixture *f, const char *name, const char *game)
{
    setlocale(LC_ALL, "C.UTF-8");
    char path[512];
    snprintf(path, sizeof path, "%s/%s.json", TUI_TEST_VIEWS, name);
    json_error_t err;
    f->doc = json_load_file(path, 0, &err);
    cr_assert_not_null(f->doc, "%s: %s", path, err.text);
    sent = json_array();
    notice[0] = prompt_text[0] = 0;
    const json_t *state = json_object_get(f->doc, "state");
    f->t = (table){
        .view = json_object_get(state, "view"),
        .seat = (int)json_integer_value(json_object_get(state, "seat")),
        .events = json_object_get(state, "events"),
        .room = json_object_get(f->doc, "room"),
        .now = 1000,
        .has_deadline = true,
        .deadline_at = 61000,
        .ops = &ops,
    };
    f->ui = game_ui_find(game);
    cr_assert_str_eq(f->ui->id, game);
    f->self = calloc(1, f->ui->size);
    if (f->ui->init)
        f->ui->init(f->self, &f->t);
    if (f->ui->update)
        f->ui->update(f->self, &f->t);
}

static void unload(fixture *f)
{
    if (f->ui->fini)
        f->ui->fini(f->self);
    free(f->self);
    cv_grid_free(&f->g);
    json_decref(f->doc);
    json_decref(sent);
}

/* Draws on an h×w canvas, in colour or not; returns the whole picture as
 * text, one line a row. */
static const char *draw_in(fixture *f, int h, int w, bool utf8, bool color)
{
    static char text[64 * 1024];
    cv_grid_resize(&f->g, h, w);
    f->g.utf8 = utf8;
    f->g.color = color;
    f->ui->draw(f->self, &f->t, cv_root(&f->g));
    size_t n = 0;
    for (int y = 0; y < h; y++) {
        char line[2048];
        cv_row_text(&f->g, y, line, sizeof line);
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", line);
    }
    return text;
}

static const char *draw(fixture *f, int h, int w, bool utf8)
{
    return draw_in(f, h, w, utf8, true);
}

static bool ascii_only(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p >= 0x80)
            return false;
    }
    return true;
}

/* The frame's moment before a redraw, when a renderer may act. */
static void tick(fixture *f)
{
    if (f->ui->tick)
        f->ui->tick(f->self, &f->t);
}

static bool key(fixture *f, int k)
{
    return f->ui->key(f->self, &f->t, k);
}

static int command(fixture *f, const char *line)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", line);
    char *argv[16];
    int argc = 0;
    for (char *w = strtok(buf, " "); w && argc < 15; w = strtok(NULL, " "))
        argv[argc++] = w;
    argv[argc] = NULL;
    return f->ui->command(f->self, &f->t, argc, argv, "");
}

static const json_t *last_sent(void)
{
    size_t n = json_array_size(sent);
    return n ? json_array_get(sent, n - 1) : NULL;
}

static const char *kind_sent(void)
{
    return json_string_value(json_object_get(last_sent(), "kind"));
}

/* ---- Ricochet Robots ---- */

Test(ricochet, the_board_shows_walls_robots_and_the_target)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    const char *tall = draw(&f, 40, 110, true);
    cr_assert(strstr(tall, "A   B   C") || strstr(tall, "A  B  C"), "column letters:\n%s", tall);
    cr_assert(strstr(tall, "O   P") || strstr(tall, "O  P"), "to P:\n%s", tall);
    cr_assert(strstr(tall, "16 ┃"), "row numbers and the frame:\n%s", tall);
    cr_assert(strstr(tall, "┏━━"), "box-drawing walls");
    cr_assert(strstr(tall, "Round 1: bidding"));
    cr_assert(strstr(tall, "Target "));
    for (const char *r = "RGBY"; *r; r++) {
        char robot[4] = {' ', *r, 0};
        cr_assert(strstr(tall, robot), "robot %c:\n%s", *r, tall);
    }
    const char *compact = draw(&f, 20, 80, true);
    cr_assert(strstr(compact, " 1 ┃"), "one row per cell in 80x24:\n%s", compact);
    cr_assert_null(strstr(compact, "\n17"), "the board fits");
    unload(&f);
}

Test(ricochet, without_unicode_the_board_is_plain_ascii)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    const char *text = draw(&f, 40, 110, false);
    cr_assert(ascii_only(text), "%s", text);
    cr_assert(strstr(text, "+--"), "walls in ASCII:\n%s", text);
    unload(&f);
}

Test(ricochet, a_digit_starts_a_bid_and_the_bid_is_sent)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    cr_assert(key(&f, '7'));
    cr_assert_str_eq(prompt_text, "bid 7", "the command line opens with the bid");
    cr_assert_eq(command(&f, "bid 7"), GAME_CMD_DONE);
    cr_assert_str_eq(kind_sent(), "bid");
    cr_assert_eq(json_integer_value(json_object_get(last_sent(), "moves")), 7);
    unload(&f);
}

Test(ricochet, a_bid_out_of_range_is_refused_here_and_nothing_is_sent)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    cr_assert_eq(command(&f, "bid 0"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "bid many"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "bid"), GAME_CMD_ERROR);
    cr_assert(notice_error);
    cr_assert_eq(json_array_size(sent), 0);
    unload(&f);
}

Test(ricochet, spectators_do_not_bid)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    f.t.seat = -1;
    cr_assert_not(key(&f, '7'), "the key goes on to the frame");
    cr_assert_eq(command(&f, "bid 5"), GAME_CMD_ERROR);
    cr_assert(strstr(notice, "Spectators"));
    unload(&f);
}

/* The fixture, turned into our demonstration. */
static void demonstrate(fixture *f)
{
    json_t *view = (json_t *)f->t.view;
    json_object_set_new(view, "phase", json_string("demonstration"));
    json_object_set_new(view, "demonstrator", json_integer(0));
    json_object_set_new(view, "bid_to_beat", json_integer(5));
    json_object_set_new(view, "moves_made", json_integer(0));
    f->t.events = NULL;
    f->ui->update(f->self, &f->t);
}

Test(ricochet, the_demonstrator_moves_the_targets_robot_with_the_arrows)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    demonstrate(&f);
    const char *active = json_string_value(json_object_get(f.t.view, "active"));
    cr_assert(key(&f, K_UP));
    cr_assert_str_eq(kind_sent(), "move");
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "robot")), active,
                     "the target's robot is in hand first");
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "dir")), "N");
    cr_assert(key(&f, 'g'));
    cr_assert(key(&f, 'h'));
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "robot")), "green");
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "dir")), "W");
    cr_assert_eq(command(&f, "move blue S"), GAME_CMD_DONE);
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "robot")), "blue");
    cr_assert_eq(command(&f, "move purple S"), GAME_CMD_ERROR);
    const char *text = draw(&f, 40, 110, true);
    cr_assert(strstr(text, "You show your solution"), "%s", text);
    unload(&f);
}

Test(ricochet, giving_up_takes_two_presses)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    demonstrate(&f);
    key(&f, 'x');
    cr_assert_eq(json_array_size(sent), 0);
    cr_assert(strstr(notice, "again"));
    key(&f, 'x');
    cr_assert_str_eq(kind_sent(), "give_up");
    unload(&f);
}

/* Issue 27: "Press x again to give up this demonstration." stayed on the
 * status line after the round. The demonstration's end takes it back. */
Test(ricochet, the_give_up_question_goes_with_the_demonstration)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    demonstrate(&f);
    key(&f, 'x');
    cr_assert_str_eq(notice, "Press x again to give up this demonstration.");
    json_t *events = json_pack("[{s:s, s:i, s:s, s:i}]", "kind", "demo_end", "seat", 0, "end", "time", "bid", 5);
    json_object_set_new((json_t *)f.t.view, "phase", json_string("round_over"));
    f.t.events = events;
    f.ui->update(f.self, &f.t);
    cr_assert_str_eq(notice, "", "the question is taken back");
    json_decref(events);
    unload(&f);
}

Test(ricochet, only_the_demonstrator_moves)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    demonstrate(&f);
    json_object_set_new((json_t *)f.t.view, "demonstrator", json_integer(1));
    cr_assert_not(key(&f, K_UP));
    cr_assert_eq(command(&f, "move red N"), GAME_CMD_ERROR);
    cr_assert_eq(json_array_size(sent), 0);
    unload(&f);
}

Test(ricochet, the_sand_timer_counts_down_from_the_games_clock)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    json_t *view = (json_t *)f.t.view;
    json_object_set_new(view, "timer", json_pack("{s:s, s:i, s:i, s:i}", "by", "bid", "seat", 1, "started", 10000, "ends", 70000));
    /* our clock 61000 is the game's 70000 */
    f.t.has_game_clock = true;
    f.t.game_offset = -9000;
    f.t.now = 19000; /* the game's 28000: 42 s left */
    const char *text = draw(&f, 40, 110, true);
    cr_assert(strstr(text, "Sand timer 0:42"), "%s", text);
    f.t.now = 60500;
    text = draw(&f, 40, 110, true);
    cr_assert(strstr(text, "Sand timer 0:01"), "%s", text);
    unload(&f);
}

Test(ricochet, events_read_as_sentences_with_names)
{
    fixture f;
    load(&f, "ricochet", "ricochet");
    char buf[300];
    json_t *ev = json_pack("{s:s, s:i, s:i, s:b}", "kind", "bid", "seat", 1, "moves", 7, "lowered", 0);
    cr_assert(f.ui->describe(f.self, &f.t, ev, buf, sizeof buf));
    cr_assert_str_eq(buf, "Bot (easy) bids 7.");
    json_decref(ev);
    unload(&f);
}

/* ---- MANOOVER ---- */

Test(manoover, the_hex_board_shows_numbered_robots_with_arrows_and_the_goals)
{
    fixture f;
    load(&f, "manoover", "manoover");
    const char *text = draw(&f, 21, 80, true);
    cr_assert(strstr(text, "\\___/"), "hexes:\n%s", text);
    cr_assert(strstr(text, "1↑"), "red 1 points north:\n%s", text);
    cr_assert(strstr(text, "◎1"), "the goals:\n%s", text);
    cr_assert(strstr(text, "Your robots with dice"), "%s", text);
    const char *ascii = draw(&f, 21, 80, false);
    cr_assert(ascii_only(ascii), "%s", ascii);
    cr_assert(strstr(ascii, "1N "), "%s", ascii);
    unload(&f);
}

/* Issue 27: with --no-color the two sides' robots looked alike (the second
 * side reversed, as is the robot picked). Now each wears its side's mark. */
Test(manoover, without_colours_each_side_wears_its_mark)
{
    fixture f;
    load(&f, "manoover", "manoover");
    const char *text = draw_in(&f, 21, 80, true, false);
    cr_assert(strstr(text, "1↑●") && strstr(text, "6↑●"), "ours, red, seat 1's circle:\n%s", text);
    cr_assert(strstr(text, "1↓■") && strstr(text, "6↓■"), "theirs, seat 2's square:\n%s", text);
    text = draw_in(&f, 21, 80, false, false);
    cr_assert(strstr(text, "1N ") && strstr(text, "1s "), "in ASCII, theirs in small letters:\n%s", text);
    unload(&f);
}

Test(manoover, a_digit_picks_a_robot_enter_steps_and_hex_keys_turn)
{
    fixture f;
    load(&f, "manoover", "manoover");
    /* the fixture's dice name robots 2 and 4 */
    cr_assert(key(&f, '4'));
    cr_assert(key(&f, K_ENTER));
    cr_assert_str_eq(kind_sent(), "step");
    cr_assert_eq(json_integer_value(json_object_get(last_sent(), "robot")), 4);
    cr_assert(key(&f, '2'));
    cr_assert(key(&f, 'e'));
    cr_assert_str_eq(kind_sent(), "turn");
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "dir")), "NE");
    cr_assert_eq(json_integer_value(json_object_get(last_sent(), "robot")), 2);
    unload(&f);
}

Test(manoover, a_robot_no_die_names_is_refused_here)
{
    fixture f;
    load(&f, "manoover", "manoover");
    cr_assert(key(&f, '5'));
    cr_assert(notice_error);
    cr_assert(strstr(notice, "robot 5"), "%s", notice);
    cr_assert_eq(command(&f, "step 6"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "turn 2 N"), GAME_CMD_ERROR, "it already points north");
    cr_assert_eq(command(&f, "turn 2 sideways"), GAME_CMD_ERROR);
    cr_assert_eq(json_array_size(sent), 0);
    cr_assert_eq(command(&f, "turn 2 SW"), GAME_CMD_DONE);
    unload(&f);
}

Test(manoover, passing_takes_two_presses)
{
    fixture f;
    load(&f, "manoover", "manoover");
    key(&f, 'p');
    cr_assert_eq(json_array_size(sent), 0);
    key(&f, 'p');
    cr_assert_str_eq(kind_sent(), "pass");
    unload(&f);
}

/* Issue 27: a question left on the status line once its moment passed. */
Test(manoover, the_pass_question_goes_with_another_key_or_the_turn)
{
    fixture f;
    load(&f, "manoover", "manoover");
    key(&f, 'p');
    cr_assert(strstr(notice, "Press p again"), "%s", notice);
    key(&f, K_TAB);
    cr_assert_str_eq(notice, "", "another key: no pass, no question");
    key(&f, 'p');
    json_object_set_new((json_t *)f.t.view, "turn", json_integer(1));
    f.ui->update(f.self, &f.t);
    cr_assert_str_eq(notice, "", "the turn has passed to the other side");
    cr_assert_eq(json_array_size(sent), 0);
    unload(&f);
}

Test(manoover, keys_do_nothing_on_the_others_turn)
{
    fixture f;
    load(&f, "manoover", "manoover");
    json_object_set_new((json_t *)f.t.view, "turn", json_integer(1));
    cr_assert_not(key(&f, '2'));
    cr_assert_eq(command(&f, "step 2"), GAME_CMD_ERROR);
    cr_assert_eq(json_array_size(sent), 0);
    unload(&f);
}

/* Issue 27, item 16: one die is "the robot it names"; the log names robots
 * one way ("robot red 1") and their ways in words. */
Test(manoover, the_turn_bar_and_the_log_say_dice_and_robots_one_way)
{
    fixture f;
    load(&f, "manoover", "manoover");
    char text[300];
    int seats[8];
    cr_assert_eq(f.ui->status(f.self, &f.t, text, sizeof text, seats), 1);
    cr_assert_str_eq(text, "3 dice to use: step or turn the robots they name");
    json_t *dice = json_object_get((json_t *)f.t.view, "dice");
    json_object_set_new(json_array_get(dice, 0), "used", json_true());
    json_object_set_new(json_array_get(dice, 1), "used", json_true());
    f.ui->status(f.self, &f.t, text, sizeof text, seats);
    cr_assert_str_eq(text, "1 die to use: step or turn the robot it names");
    /* beside "Waiting for Bot 2 (normal): " the mover's dice, not our keys */
    int mine = f.t.seat;
    f.t.seat = -1;
    f.ui->status(f.self, &f.t, text, sizeof text, seats);
    cr_assert_str_eq(text, "1 die to use");
    f.t.seat = mine;
    json_t *step = json_pack("{s:s, s:{s:i, s:i}, s:s, s:s, s:[]}", "kind", "step", "robot", "owner", 0, "number", 1,
                             "dir", "N", "phase", "control", "pushes");
    json_t *automatic = json_pack("{s:s, s:{s:i, s:i}, s:s, s:s, s:[{}]}", "kind", "step", "robot", "owner", 1,
                                  "number", 3, "dir", "SW", "phase", "automatic", "pushes");
    json_t *turned = json_pack("{s:s, s:i, s:{s:i, s:i}, s:s}", "kind", "turned", "seat", 0, "robot", "owner", 0,
                               "number", 4, "dir", "S");
    cr_assert(f.ui->describe(f.self, &f.t, step, text, sizeof text));
    cr_assert_str_eq(text, "Robot red 1 steps north.");
    cr_assert(f.ui->describe(f.self, &f.t, automatic, text, sizeof text));
    cr_assert_str_eq(text, "Automatic: robot blue 3 steps south-west, pushing 1 robot.");
    cr_assert(f.ui->describe(f.self, &f.t, turned, text, sizeof text));
    cr_assert_str_eq(text, "Ada turns robot red 4 to face south.");
    json_decref(step);
    json_decref(automatic);
    json_decref(turned);
    unload(&f);
}

/* Issue 27, item 17: without colours the marks the robots wear are beside
 * the players' names in the score table. */
Test(manoover, without_colours_the_score_table_ties_each_mark_to_a_name)
{
    fixture f;
    load(&f, "manoover", "manoover");
    const char *text = draw_in(&f, 21, 80, true, false);
    cr_assert(strstr(text, "● Ada"), "seat 1's circle beside Ada:\n%s", text);
    cr_assert(strstr(text, "■ Bot (easy)"), "seat 2's square beside the bot:\n%s", text);
    unload(&f);
}

/* ---- Robot Wars ---- */

Test(robotwars, discs_are_placed_with_keys_and_an_incomplete_allocation_stays_here)
{
    fixture f;
    load(&f, "robotwars-setup", "robotwars");
    const char *text = draw(&f, 30, 120, true);
    cr_assert(strstr(text, "Your discs: 3 won, 3 to place"), "%s", text);
    cr_assert(key(&f, 's'));
    cr_assert(key(&f, K_ENTER));
    cr_assert_eq(json_array_size(sent), 0);
    cr_assert(notice_error && strstr(notice, "Place 2 more discs first."), "%s", notice);
    cr_assert(key(&f, 's'));
    cr_assert(key(&f, 'p'));
    cr_assert(key(&f, 'm'));
    cr_assert(notice_error && strstr(notice, "All 3 discs are placed"), "%s", notice);
    text = draw(&f, 30, 120, true);
    cr_assert(strstr(text, "Speed            4 + 2 = 6 (max 8)"), "%s", text);
    cr_assert(key(&f, K_ENTER));
    cr_assert_str_eq(kind_sent(), "allocate");
    cr_assert_eq(json_integer_value(json_object_get(last_sent(), "speed")), 2);
    cr_assert_eq(json_integer_value(json_object_get(last_sent(), "power")), 1);
    cr_assert_eq(json_integer_value(json_object_get(last_sent(), "manoeuvrability")), 0);
    unload(&f);
}

Test(robotwars, on_our_turn_keys_step_turn_attack_and_end)
{
    fixture f;
    load(&f, "robotwars-battle", "robotwars");
    const char *text = draw(&f, 30, 120, true);
    cr_assert(strstr(text, "You to move: 6 moves, 2 turns left"), "%s", text);
    cr_assert(strstr(text, "↑1"), "our robot faces north: %s", text);
    cr_assert(key(&f, K_UP));
    cr_assert_str_eq(kind_sent(), "forward");
    cr_assert(key(&f, K_RIGHT));
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "to")), "right");
    cr_assert(key(&f, 'a'));
    cr_assert_str_eq(kind_sent(), "attack");
    cr_assert(key(&f, 'e'));
    cr_assert_str_eq(kind_sent(), "end");
    cr_assert_eq(command(&f, "left"), GAME_CMD_DONE);
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "to")), "left");
    unload(&f);
}

Test(robotwars, out_of_turn_keys_send_nothing)
{
    fixture f;
    load(&f, "robotwars-battle", "robotwars");
    f.t.seat = 1;
    cr_assert_not(key(&f, K_UP));
    cr_assert_eq(command(&f, "end"), GAME_CMD_ERROR);
    cr_assert_eq(json_array_size(sent), 0);
    cr_assert(notice_error && strstr(notice, "Wait for your robot's turn"), "%s", notice);
    unload(&f);
}

/* Issue 27, item 16: the browser's words: "Turn 1 of 15", a battle's
 * status as "now", "to come", "allocating discs", how a robot went out. */
Test(robotwars, the_panel_and_the_log_use_the_browsers_words)
{
    fixture f;
    load(&f, "robotwars-battle", "robotwars");
    const char *text = draw(&f, 21, 80, true);
    cr_assert(strstr(text, "Turn 1 of 15"), "%s", text);
    cr_assert_null(strstr(text, "Round"), "%s", text);
    cr_assert(strstr(text, "Battle 1: Ada v Seat 2; now"), "%s", text);
    cr_assert(strstr(text, "Battle 2: Ada v Seat 2; to come"), "%s", text);
    cr_assert_null(strstr(text, "…"), "nothing cut:\n%s", text);
    char line[300];
    json_t *turn = json_pack("{s:s, s:i, s:i, s:i, s:i}", "kind", "turn_start", "seat", 0, "round", 3, "moves", 6,
                             "turns", 1);
    json_t *over = json_pack("{s:s, s:s, s:i, s:s}", "kind", "battle_over", "title", "Battle 1", "eliminated", 1,
                             "how", "pit");
    cr_assert(f.ui->describe(f.self, &f.t, turn, line, sizeof line));
    cr_assert_str_eq(line, "Ada's turn 3: 6 moves, 1 turn.");
    cr_assert(f.ui->describe(f.self, &f.t, over, line, sizeof line));
    cr_assert_str_eq(line, "Battle 1 is over: Seat 2 is out (in the pit).");
    json_decref(turn);
    json_decref(over);
    unload(&f);
}

/* Each event kind of the battle as the browser says it (words.js): who
 * pushes whom (the log had "Ada is pushed N." for Ada's own push), ways
 * and hazards in words; the damage dice, the order of play, a turn's end
 * and the winner, which the log left out. */
static void says(fixture *f, json_t *ev, const char *want)
{
    char line[300];
    cr_assert(f->ui->describe(f->self, &f->t, ev, line, sizeof line));
    cr_assert_str_eq(line, want);
    json_decref(ev);
}

Test(robotwars, the_log_says_who_pushes_whom_and_ways_and_hazards_in_words)
{
    fixture f;
    load(&f, "robotwars-battle", "robotwars");
    says(&f, json_pack("{s:s, s:i, s:s, s:s}", "kind", "turned", "seat", 0, "to", "left", "facing", "W"),
         "Ada turns left to face west.");
    says(&f, json_pack("{s:s, s:i, s:i, s:s, s:s}", "kind", "push", "seat", 0, "target", 1, "side", "front", "dir", "N"),
         "Ada pushes Seat 2 north.");
    says(&f, json_pack("{s:s, s:i, s:i, s:s}", "kind", "blocked", "seat", 0, "target", 1, "by", "wall"),
         "Ada pushes Seat 2, but the wall blocks it: the move is spent.");
    says(&f, json_pack("{s:s, s:i, s:i, s:i, s:i}", "kind", "attack", "seat", 0, "target", 1, "points", 1, "damage", 4),
         "Ada attacks Seat 2: 1 damage point, 4 in all.");
    says(&f, json_pack("{s:s, s:i, s:s, s:i, s:i}", "kind", "penalty", "seat", 1, "hazard", "cpz", "points", 5, "damage", 5),
         "Seat 2 enters a house robot's corner: 5 damage points, 5 in all.");
    says(&f, json_pack("{s:s, s:i, s:s, s:i, s:s, s:i, s:i}", "kind", "damage_roll", "seat", 1, "die", "attack", "roll", 2,
                       "face", "speed", "multiple", 3, "value", 2),
         "Attack damage die for Seat 2 at 3 points: Speed, down to 2.");
    says(&f, json_pack("{s:s, s:i, s:s, s:i, s:s, s:i, s:n}", "kind", "damage_roll", "seat", 1, "die", "house", "roll", 6,
                       "face", "blank", "multiple", 1, "value"),
         "House robot die for Seat 2 at 1 point: a blank, no damage.");
    says(&f, json_pack("{s:s, s:[i, i], s:s}", "kind", "order", "order", 1, 0, "by", "roll"), "Order of play: Seat 2 and Ada.");
    says(&f, json_pack("{s:s, s:[i]}", "kind", "over", "winners", 0), "Ada wins the wars!");
    says(&f, json_pack("{s:s, s:i, s:s}", "kind", "turn_end", "seat", 0, "why", "ended"), "Ada ends the turn.");
    says(&f, json_pack("{s:s, s:i, s:s}", "kind", "turn_end", "seat", 1, "why", "deadline"), "Seat 2 ran out of time.");
    unload(&f);
}

/* ---- Robot boxing ---- */

static bool valid_layout(const json_t *a)
{
    const json_t *grid = json_object_get(a, "grid");
    char all[16] = "";
    for (int r = 0; r < 3; r++) {
        const char *row = json_string_value(json_array_get(grid, (size_t)r));
        if (!row || strlen(row) != 3)
            return false;
        strcat(all, row);
    }
    for (char c = 'a'; c <= 'i'; c++) {
        if (!strchr(all, c))
            return false;
    }
    const char *lasers = json_string_value(json_object_get(a, "lasers"));
    const char *booster = json_string_value(json_object_get(a, "booster"));
    return lasers && strlen(lasers) == 4 && booster && booster[0] == all[4] && !strchr(lasers, booster[0]);
}

Test(boxing, the_editor_deals_a_valid_layout_and_enter_locks_it_in)
{
    fixture f;
    load(&f, "boxing", "boxing");
    const char *text = draw(&f, 21, 80, true);
    cr_assert(strstr(text, "Lay out your robot"), "%s", text);
    cr_assert(key(&f, K_ENTER));
    cr_assert_str_eq(kind_sent(), "layout");
    cr_assert(valid_layout(last_sent()), "%s", json_dumps(last_sent(), 0));
    unload(&f);
}

Test(boxing, letters_swap_and_parts_change_on_the_selected_slot)
{
    fixture f;
    load(&f, "boxing", "boxing");
    draw(&f, 21, 80, true);
    key(&f, 'e');          /* slot 1 (NW) gets e */
    key(&f, K_RIGHT);      /* slot 2 (N) */
    int lasers_before = 0;
    key(&f, K_ENTER);
    const char *grid0 = json_string_value(json_array_get(json_object_get(last_sent(), "grid"), 0));
    cr_assert_eq(grid0[0], 'e', "%s", grid0);
    lasers_before = (int)strlen(json_string_value(json_object_get(last_sent(), "lasers")));
    cr_assert_eq(lasers_before, 4);
    /* making every outer slot a laser is refused before sending */
    for (int i = 0; i < 9; i++) {
        key(&f, '1');
        key(&f, K_RIGHT);
        if (i % 3 == 2)
            key(&f, K_DOWN);
    }
    size_t n = json_array_size(sent);
    key(&f, K_ENTER);
    cr_assert_eq(json_array_size(sent), n, "an invalid layout is not sent");
    cr_assert(strstr(notice, "laser"), "%s", notice);
    unload(&f);
}

Test(boxing, the_layout_command_checks_the_rules_first)
{
    fixture f;
    load(&f, "boxing", "boxing");
    cr_assert_eq(command(&f, "layout gha ibc fed acdf"), GAME_CMD_DONE);
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "booster")), "b");
    const char *lasers = json_string_value(json_object_get(last_sent(), "lasers"));
    cr_assert(lasers && strlen(lasers) == 4 && strchr(lasers, 'a') && strchr(lasers, 'c') &&
              strchr(lasers, 'd') && strchr(lasers, 'f'), "%s", lasers);
    cr_assert_eq(command(&f, "layout gha ibc fed abcd"), GAME_CMD_ERROR, "b is the booster: three lasers");
    cr_assert_eq(command(&f, "layout gga ibc fed acdf"), GAME_CMD_ERROR, "g twice");
    cr_assert_eq(command(&f, "layout gh ibc fed acdf"), GAME_CMD_ERROR);
    cr_assert_eq(json_array_size(sent), 1);
    unload(&f);
}

Test(boxing, orders_are_composed_with_keys_and_sent_with_enter)
{
    fixture f;
    load(&f, "boxing-orders", "boxing");
    const char *text = draw(&f, 21, 80, true);
    cr_assert(strstr(text, "Your orders for turn 1"), "%s", text);
    /* the fixture's robot drives N E S W and stands in the south-west corner */
    cr_assert(key(&f, K_UP));
    cr_assert(key(&f, '6'));
    key(&f, K_LEFT);
    cr_assert(key(&f, 'f'));
    cr_assert(key(&f, 'c'));  /* laser c faces NE */
    cr_assert(key(&f, 'e'));  /* then the target slot */
    cr_assert(key(&f, 'm'));
    cr_assert(key(&f, K_ENTER));
    const json_t *a = last_sent();
    cr_assert_str_eq(kind_sent(), "orders");
    cr_assert_eq(json_array_size(json_object_get(a, "path")), 3);
    cr_assert_str_eq(json_string_value(json_array_get(json_object_get(a, "path"), 0)), "N");
    cr_assert_str_eq(json_string_value(json_array_get(json_object_get(a, "path"), 1)), "E");
    cr_assert_str_eq(json_string_value(json_object_get(a, "fire")), "c");
    cr_assert_str_eq(json_string_value(json_object_get(a, "target")), "e");
    cr_assert_str_eq(json_string_value(json_object_get(a, "booster")), "move");
    cr_assert_eq(json_integer_value(json_object_get(a, "turn")), 1);
    unload(&f);
}

Test(boxing, steps_off_the_ring_or_without_an_engine_are_refused_here)
{
    fixture f;
    load(&f, "boxing-orders", "boxing");
    cr_assert(key(&f, K_DOWN));
    cr_assert(strstr(notice, "leave the ring"), "%s", notice);
    cr_assert(key(&f, '9'));
    cr_assert(strstr(notice, "No working engine"), "%s", notice);
    cr_assert_eq(command(&f, "orders N N N N N"), GAME_CMD_ERROR, "four steps without the booster");
    cr_assert_eq(command(&f, "orders N fire=z"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "orders N N boost=move fire=c target=e"), GAME_CMD_DONE);
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "booster")), "move");
    unload(&f);
}

/* Issue 27, item 17: after f or t the footer shows what to press next. */
static bool hinted(fixture *f, const char *key_name, const char *what)
{
    game_hint hints[24];
    int n = f->ui->hints(f->self, &f->t, hints, 24);
    for (int i = 0; i < n; i++) {
        if (strcmp(hints[i].key, key_name) == 0 && strcmp(hints[i].what, what) == 0)
            return true;
    }
    return false;
}

Test(boxing, after_f_or_t_the_keys_shown_are_the_ones_that_answer)
{
    fixture f;
    load(&f, "boxing-orders", "boxing");
    cr_assert(hinted(&f, "f", "fire"));
    key(&f, 'f');
    cr_assert(hinted(&f, "a-i", "the laser to fire"));
    cr_assert(hinted(&f, "-", "hold fire"));
    cr_assert_not(hinted(&f, "f", "fire"), "f is waiting for its letter");
    key(&f, 'c'); /* laser c: then the slot it aims at */
    cr_assert(hinted(&f, "a-i", "the enemy slot to hit"));
    key(&f, 'e');
    cr_assert(hinted(&f, "t", "target"), "answered: the orders' keys again");
    key(&f, 't');
    cr_assert(hinted(&f, "a-i", "the enemy slot to hit"));
    key(&f, K_ESC);
    cr_assert(hinted(&f, "arrows", "step"));
    unload(&f);
}

Test(boxing, without_unicode_the_ring_is_plain_ascii)
{
    fixture f;
    load(&f, "boxing-orders", "boxing");
    const char *text = draw(&f, 21, 80, false);
    cr_assert(ascii_only(text), "%s", text);
    cr_assert(strstr(text, "(c)"), "lasers in parentheses:\n%s", text);
    unload(&f);
}

/* ---- a game without a renderer ---- */

Test(fallback, an_unknown_game_shows_its_view_as_text_and_takes_json)
{
    /* every shipped game has a renderer; the server's test game has none */
    cr_assert_eq(game_ui_find("testgame"), &fallback_ui);
    cr_assert_not(game_ui_has("testgame"));
    cr_assert(game_ui_has("roborally"));
    cr_assert(game_ui_has("robotwars"));
    cr_assert(game_ui_has("ricochet"));
    fixture f;
    load(&f, "manoover", "manoover");
    f.ui = &fallback_ui;
    free(f.self);
    f.self = calloc(1, fallback_ui.size);
    fallback_ui.update(f.self, &f.t);
    const char *text = draw(&f, 30, 100, true);
    cr_assert(strstr(text, "has no board in the terminal yet"), "%s", text);
    cr_assert(strstr(text, "variant: standard"), "%s", text);
    cr_assert(strstr(text, "colours: [red, blue]"), "%s", text);
    cr_assert(key(&f, 'a'));
    cr_assert(strncmp(prompt_text, "act {", 5) == 0, "%s", prompt_text);
    unload(&f);
}

/* ---- RoboRally ---- */

/* Our robot in the fixture (seat 0). */
static json_t *rr_me(fixture *f)
{
    return json_array_get(json_object_get((json_t *)f->t.view, "robots"), 0);
}

static int rr_reg(int i)
{
    return (int)json_integer_value(json_array_get(json_object_get(last_sent(), "registers"), (size_t)i));
}

/* The fixture's view changed: the renderer reads it again. */
static void rr_update(fixture *f)
{
    f->t.events = NULL;
    f->ui->update(f->self, &f->t);
}

Test(roborally, the_course_is_drawn_with_walls_belts_flags_docks_and_robots)
{
    fixture f;
    load(&f, "roborally", "roborally");
    const char *text = draw(&f, 20, 80, true);
    cr_assert(strstr(text, "A   B   C   D   E   F   G   H   I   J   K   L"), "all twelve columns in 80x24:\n%s", text);
    cr_assert(strstr(text, "┏━━━"), "a box-drawing frame:\n%s", text);
    cr_assert(strstr(text, "┻━━━"), "a wall meets the frame:\n%s", text);
    cr_assert(strstr(text, " 2 ┃ ←   ·  ░░░  ↑   ·   ↓   ↑  F1   ↓   ·   ↻   ← ┃"),
              "row 2: a belt, a pit, flag 1, a gear:\n%s", text);
    cr_assert(strstr(text, "→→→"), "express belts:\n%s", text);
    cr_assert(strstr(text, "┃─── ─── ───┃"), "the board laser's beam on row 3:\n%s", text);
    cr_assert(strstr(text, "d7"), "the docks:\n%s", text);
    cr_assert(strstr(text, "1↑ ┃2↑"), "both robots facing north on the dock row:\n%s", text);
    cr_assert(strstr(text, "Risky Exchange, turn 1"), "%s", text);
    cr_assert(strstr(text, "Next: flag 1 of 3 at H2"), "%s", text);
    cr_assert(strstr(text, "1 Move 2 780"), "the hand with keys:\n%s", text);
    cr_assert(strstr(text, "9 Move 3 830"), "%s", text);
    const char *tall = draw(&f, 40, 86, true);
    cr_assert(strstr(tall, "╺━━━┛"), "two rows a square when tall, walls between them:\n%s", tall);
    cr_assert(strstr(tall, "■2 Bot (easy) F0 D0 L3"), "every robot's state:\n%s", tall);
    unload(&f);
}

Test(roborally, without_unicode_the_course_is_plain_ascii)
{
    fixture f;
    load(&f, "roborally", "roborally");
    const char *text = draw(&f, 20, 80, false);
    cr_assert(ascii_only(text), "%s", text);
    cr_assert(strstr(text, "+-----"), "%s", text);
    cr_assert(strstr(text, "1^ |2^"), "%s", text);
    cr_assert(strstr(text, "(R)"), "gears:\n%s", text);
    unload(&f);
}

Test(roborally, a_small_pane_shows_the_part_of_the_course_round_our_robot)
{
    fixture f;
    load(&f, "roborally", "roborally");
    const char *text = draw(&f, 14, 60, true);
    cr_assert(strstr(text, "16 ┃"), "our robot's row (16) is shown:\n%s", text);
    cr_assert_null(strstr(text, " 1 ┃"), "row 1 is scrolled away:\n%s", text);
    cr_assert(strstr(text, "1↑"), "%s", text);
    cr_assert_null(strstr(text, "     A   B"), "column A is scrolled away:\n%s", text);
    unload(&f);
}

Test(roborally, card_keys_fill_the_registers_and_enter_locks_the_program_in)
{
    fixture f;
    load(&f, "roborally", "roborally");
    /* the hand: 780 530 600 540 740 250 110 300 830 */
    cr_assert(key(&f, '3'));
    cr_assert(key(&f, '1'));
    cr_assert(key(&f, '5'));
    cr_assert(key(&f, K_ENTER));
    cr_assert_eq(json_array_size(sent), 0, "an incomplete program is not sent");
    cr_assert(notice_error && strstr(notice, "Fill 2 more registers"), "%s", notice);
    const char *text = draw(&f, 20, 80, true);
    cr_assert(strstr(text, "1 Move 1 600"), "register 1:\n%s", text);
    cr_assert(strstr(text, "2 Move 2 780"), "register 2:\n%s", text);
    text = draw(&f, 40, 120, true);
    cr_assert(strstr(text, "Move 2 780 in 2"), "where there is room, a placed card says where:\n%s", text);
    cr_assert(key(&f, '2'));
    cr_assert(key(&f, '4'));
    cr_assert(key(&f, K_ENTER));
    cr_assert_str_eq(kind_sent(), "program");
    int want[5] = {600, 780, 740, 530, 540};
    for (int i = 0; i < 5; i++)
        cr_assert_eq(rr_reg(i), want[i], "register %d", i + 1);
    cr_assert(json_is_true(json_object_get(last_sent(), "submit")));
    cr_assert_eq(json_integer_value(json_object_get(last_sent(), "turn")), 1);
    cr_assert(json_is_false(json_object_get(last_sent(), "power_down")));
    unload(&f);
}

/* Issue 27: "Program sent..." stayed into the next turn. A new turn takes
 * the program editor's last sentence back; the same turn keeps it. */
Test(roborally, program_sent_goes_when_the_next_turn_comes)
{
    fixture f;
    load(&f, "roborally", "roborally");
    cr_assert_eq(command(&f, "program 1 2 3 4 5"), GAME_CMD_DONE);
    cr_assert_eq(command(&f, "submit"), GAME_CMD_DONE);
    cr_assert(strstr(notice, "Program sent"), "%s", notice);
    json_object_set_new(rr_me(&f), "programmed", json_true());
    rr_update(&f);
    cr_assert(strstr(notice, "Program sent"), "still the turn it spoke of: %s", notice);
    json_object_set_new((json_t *)f.t.view, "turn", json_integer(2));
    json_object_set_new(rr_me(&f), "programmed", json_false());
    rr_update(&f);
    cr_assert_str_eq(notice, "", "turn 2: the sentence about turn 1 is gone");
    unload(&f);
}

Test(roborally, backspace_and_a_placed_cards_key_take_cards_back)
{
    fixture f;
    load(&f, "roborally", "roborally");
    for (const char *k = "12345"; *k; k++)
        key(&f, *k);
    cr_assert(key(&f, '6'));
    cr_assert(notice_error && strstr(notice, "Every register is full"), "%s", notice);
    cr_assert(key(&f, K_BACKSPACE));            /* register 5 (740) */
    cr_assert(key(&f, '2'));                    /* 530 out of register 2 */
    cr_assert(key(&f, '9'));                    /* 830 into register 2 */
    cr_assert(key(&f, '7'));                    /* 110 into register 5 */
    cr_assert(key(&f, 's'));
    int want[5] = {780, 830, 600, 540, 110};
    for (int i = 0; i < 5; i++)
        cr_assert_eq(rr_reg(i), want[i], "register %d: %d", i + 1, rr_reg(i));
    unload(&f);
}

Test(roborally, the_program_command_takes_hand_positions_or_priorities)
{
    fixture f;
    load(&f, "roborally", "roborally");
    cr_assert_eq(command(&f, "program 3 1 5 2"), GAME_CMD_DONE);
    cr_assert_eq(json_array_size(sent), 0, "setting the program sends nothing");
    cr_assert(strstr(notice, "1 register still empty"), "%s", notice);
    cr_assert_eq(command(&f, "submit"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "program 3 1 5 2 830"), GAME_CMD_DONE);
    cr_assert_eq(command(&f, "submit"), GAME_CMD_DONE);
    cr_assert_eq(rr_reg(0), 600);
    cr_assert_eq(rr_reg(4), 830);
    unload(&f);
}

Test(roborally, a_bad_program_command_is_refused_here_and_nothing_is_sent)
{
    fixture f;
    load(&f, "roborally", "roborally");
    cr_assert_eq(command(&f, "program 3 3 1 2 4"), GAME_CMD_ERROR);
    cr_assert(strstr(notice, "in two registers"), "%s", notice);
    cr_assert_eq(command(&f, "program 10"), GAME_CMD_ERROR);
    cr_assert(strstr(notice, "Card 10 is not in your hand"), "%s", notice);
    cr_assert_eq(command(&f, "program 1 2 3 4 5 6"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "program five"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "program"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "beam tractor"), GAME_CMD_ERROR);
    cr_assert(strstr(notice, "no Tractor Beam"), "%s", notice);
    cr_assert_eq(command(&f, "reenter N"), GAME_CMD_ERROR);
    cr_assert(notice_error);
    cr_assert_eq(json_array_size(sent), 0);
    unload(&f);
}

Test(roborally, only_a_damaged_robot_announces_a_power_down)
{
    fixture f;
    load(&f, "roborally", "roborally");
    cr_assert(key(&f, 'p'));
    cr_assert(notice_error && strstr(notice, "Only a damaged robot"), "%s", notice);
    json_object_set_new(rr_me(&f), "damage", json_integer(3));
    rr_update(&f);
    cr_assert(key(&f, 'p'));
    cr_assert_not(notice_error);
    const char *text = draw(&f, 30, 86, true);
    cr_assert(strstr(text, "p power down next turn: yes"), "%s", text);
    cr_assert_eq(command(&f, "program 1 2 3 4 5"), GAME_CMD_DONE);
    cr_assert(key(&f, K_ENTER));
    cr_assert(json_is_true(json_object_get(last_sent(), "power_down")));
    unload(&f);
}

Test(roborally, locked_registers_are_marked_and_sent_empty)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_t *me = rr_me(&f);
    json_object_set_new(me, "locked", json_integer(2));
    json_object_set_new(me, "damage", json_integer(6));
    json_object_set_new(me, "program", json_pack("[n, n, n, i, i]", 670, 100));
    json_object_set_new(me, "cards", json_pack("[i, i, i, i, i, i, i]", 780, 530, 600, 540, 740, 250, 110));
    rr_update(&f);
    const char *text = draw(&f, 30, 86, true);
    cr_assert(strstr(text, "4 Move 2 670  locked"), "%s", text);
    cr_assert(strstr(text, "5 Right  100  locked"), "%s", text);
    cr_assert(strstr(text, "Hand (keys 1-7)"), "%s", text);
    key(&f, '1');
    key(&f, '2');
    key(&f, '3');
    cr_assert(key(&f, '4'));
    cr_assert(strstr(notice, "Every register is full"), "%s", notice);
    cr_assert(key(&f, K_ENTER));
    cr_assert_eq(rr_reg(0), 780);
    cr_assert_eq(rr_reg(2), 600);
    cr_assert(json_is_null(json_array_get(json_object_get(last_sent(), "registers"), 3)), "a locked register goes as null");
    cr_assert(json_is_null(json_array_get(json_object_get(last_sent(), "registers"), 4)));
    unload(&f);
}

Test(roborally, out_of_turn_card_keys_explain_and_send_nothing)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_object_set_new((json_t *)f.t.view, "need", json_null());
    json_object_set_new(rr_me(&f), "programmed", json_true());
    rr_update(&f);
    cr_assert(key(&f, '1'), "the key is ours: it says why");
    cr_assert(notice_error && strstr(notice, "locked in"), "%s", notice);
    cr_assert_not(key(&f, K_ENTER), "Enter goes on to the frame");
    cr_assert_eq(command(&f, "submit"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "program 1 2 3 4 5"), GAME_CMD_ERROR);
    f.t.seat = -1;
    cr_assert_not(key(&f, '1'), "a spectator's digits go on to the frame");
    cr_assert_eq(command(&f, "submit"), GAME_CMD_ERROR);
    cr_assert(strstr(notice, "Spectators"), "%s", notice);
    cr_assert_eq(json_array_size(sent), 0);
    unload(&f);
}

Test(roborally, a_destroyed_robot_re_enters_facing_the_arrow_pressed)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_object_set_new((json_t *)f.t.view, "phase", json_string("choose"));
    json_object_set_new((json_t *)f.t.view, "need", json_string("reenter"));
    json_object_set_new(rr_me(&f), "status", json_string("destroyed"));
    json_object_set_new(rr_me(&f), "at", json_null());
    rr_update(&f);
    const char *text = draw(&f, 30, 86, true);
    cr_assert(strstr(text, "Your robot re-enters at F16"), "%s", text);
    cr_assert_not(key(&f, '1'), "no cards now");
    cr_assert(key(&f, K_LEFT));
    cr_assert_str_eq(kind_sent(), "reenter");
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "facing")), "W");
    cr_assert(json_is_false(json_object_get(last_sent(), "power_down")));
    cr_assert(key(&f, 'p'));
    cr_assert(key(&f, K_UP));
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "facing")), "N");
    cr_assert(json_is_true(json_object_get(last_sent(), "power_down")));
    cr_assert_eq(command(&f, "reenter east down"), GAME_CMD_DONE);
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "facing")), "E");
    cr_assert_eq(command(&f, "reenter up"), GAME_CMD_ERROR);
    cr_assert_eq(json_array_size(sent), 3);
    unload(&f);
}

Test(roborally, a_powered_down_robot_answers_stay_down_with_y_or_n)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_object_set_new((json_t *)f.t.view, "phase", json_string("choose"));
    json_object_set_new((json_t *)f.t.view, "need", json_string("stay_down"));
    json_object_set_new(rr_me(&f), "status", json_string("powered_down"));
    rr_update(&f);
    cr_assert(key(&f, 'y'));
    cr_assert_str_eq(kind_sent(), "stay_down");
    cr_assert(json_is_true(json_object_get(last_sent(), "stay")));
    cr_assert_eq(command(&f, "powerup"), GAME_CMD_DONE);
    cr_assert(json_is_false(json_object_get(last_sent(), "stay")));
    cr_assert_eq(command(&f, "staydown maybe"), GAME_CMD_ERROR);
    cr_assert_eq(json_array_size(sent), 2);
    unload(&f);
}

Test(roborally, register_phase_events_read_as_sentences_with_names)
{
    fixture f;
    load(&f, "roborally", "roborally");
    char buf[400];
    json_t *ev = json_loads("{\"kind\": \"reveal\", \"turn\": 1, \"register\": 1, \"cards\": ["
                            "{\"seat\": 1, \"card\": 790, \"type\": \"move3\"}, {\"seat\": 0, \"card\": 80, \"type\": \"right\"}]}",
                            0, NULL);
    cr_assert(f.ui->describe(f.self, &f.t, ev, buf, sizeof buf));
    cr_assert_str_eq(buf, "Register 1: Bot (easy) Move 3 (790), Ada Right (80).");
    json_decref(ev);
    ev = json_loads("{\"kind\": \"card\", \"turn\": 1, \"register\": 1, \"seat\": 1, \"card\": 790, \"type\": \"move3\", \"frames\": ["
                    "[{\"do\": \"move\", \"seat\": 1, \"from\": [5, 14], \"to\": [5, 13], \"dir\": \"N\"},"
                    " {\"do\": \"move\", \"seat\": 0, \"from\": [5, 13], \"to\": [5, 12], \"dir\": \"N\"}],"
                    "[{\"do\": \"destroyed\", \"seat\": 0, \"at\": [5, 12], \"why\": \"pit\", \"lives\": 2}]]}",
                    0, NULL);
    cr_assert(f.ui->describe(f.self, &f.t, ev, buf, sizeof buf));
    cr_assert_str_eq(buf, "Bot (easy) plays Move 3, pushing Ada: Ada fell into a pit.");
    json_decref(ev);
    ev = json_loads("{\"kind\": \"board\", \"turn\": 1, \"register\": 2, \"step\": \"lasers\", \"frames\": ["
                    "[{\"do\": \"beam\", \"source\": \"board\", \"seat\": null, \"from\": [11, 2], \"dir\": \"W\", \"count\": 1,"
                    " \"cells\": [[11, 2]], \"hits\": [1]}], [{\"do\": \"damage\", \"seat\": 1, \"amount\": 1, \"absorbed\": 0, \"total\": 4}]]}",
                    0, NULL);
    cr_assert(f.ui->describe(f.self, &f.t, ev, buf, sizeof buf));
    cr_assert_str_eq(buf, "Register 2: lasers fire: Bot (easy) takes 1 damage (4 in all).");
    json_decref(ev);
    ev = json_pack("{s:s, s:[i], s:s, s:s}", "kind", "over", "winners", 0, "reason", "finish", "summary",
                   "Seat 1 touches the last flag (flag 3) on turn 7");
    cr_assert_not(f.ui->describe(f.self, &f.t, ev, buf, sizeof buf), "the frame logs the result once");
    json_decref(ev);
    ev = json_pack("{s:s}", "kind", "mystery");
    cr_assert_not(f.ui->describe(f.self, &f.t, ev, buf, sizeof buf), "an unknown event gets the frame's line");
    json_decref(ev);
    unload(&f);
}

Test(roborally, near_the_deadline_a_changed_program_goes_as_one_draft)
{
    fixture f;
    load(&f, "roborally", "roborally");
    key(&f, '1');
    tick(&f);
    cr_assert_eq(json_array_size(sent), 0, "a minute left: the program stays here");
    f.t.now = f.t.deadline_at - 9000;
    key(&f, '2');
    key(&f, '3');
    key(&f, '3');
    tick(&f);
    cr_assert_eq(json_array_size(sent), 0, "not while keys still come");
    cr_assert_gt(f.ui->next_frame_ms(f.self, &f.t), 0, "a wake-up is asked for when the draft is due");
    f.t.now += 700;
    draw(&f, 40, 120, true);
    cr_assert_eq(json_array_size(sent), 0, "drawing only draws: the tick sends");
    tick(&f);
    cr_assert_eq(json_array_size(sent), 1, "one draft for the three keys");
    f.t.now += 1000;
    tick(&f);
    key(&f, '4');
    key(&f, '4');
    f.t.now += 700;
    tick(&f);
    cr_assert_eq(json_array_size(sent), 1, "the same program is not sent again");
    cr_assert_str_eq(kind_sent(), "program");
    cr_assert(json_is_false(json_object_get(last_sent(), "submit")), "a draft, not locked in");
    cr_assert_eq(rr_reg(0), 780);
    cr_assert_eq(rr_reg(1), 530);
    cr_assert(json_is_null(json_array_get(json_object_get(last_sent(), "registers"), 2)));
    unload(&f);
}

Test(roborally, the_keys_shown_follow_what_the_game_asks)
{
    fixture f;
    load(&f, "roborally", "roborally");
    game_hint hints[12];
    int n = f.ui->hints(f.self, &f.t, hints, 12);
    cr_assert_geq(n, 3);
    cr_assert_str_eq(hints[0].key, "1-9");
    cr_assert_str_eq(hints[2].command, "submit");
    char text[200];
    int seats[8];
    cr_assert_eq(f.ui->status(f.self, &f.t, text, sizeof text, seats), 2, "both seats are still programming");
    cr_assert(strstr(text, "program your robot"), "%s", text);
    json_object_set_new((json_t *)f.t.view, "need", json_string("stay_down"));
    n = f.ui->hints(f.self, &f.t, hints, 12);
    cr_assert_eq(n, 2);
    cr_assert_str_eq(hints[0].command, "staydown yes");
    f.t.seat = -1;
    cr_assert_eq(f.ui->hints(f.self, &f.t, hints, 12), 0, "a spectator has no game keys");
    unload(&f);
}

Test(roborally, clean_up_and_re_entry_read_as_sentences)
{
    fixture f;
    load(&f, "roborally", "roborally");
    char buf[400];
    json_t *ev = json_loads("{\"kind\": \"cleanup\", \"turn\": 3, \"frames\": [[{\"do\": \"repair\", \"seat\": 1, \"amount\": 1, \"total\": 3},"
                            " {\"do\": \"option\", \"seat\": 1, \"option\": \"mechanical_arm\"}]]}", 0, NULL);
    cr_assert(f.ui->describe(f.self, &f.t, ev, buf, sizeof buf));
    cr_assert_str_eq(buf, "Clean-up: Bot (easy) repairs 1; Bot (easy) gets Mechanical Arm.");
    json_decref(ev);
    ev = json_loads("{\"kind\": \"reentry\", \"turn\": 3, \"frames\": [[{\"do\": \"reenter\", \"seat\": 0, \"at\": [5, 14], \"facing\": \"E\","
                    " \"virtual\": true}, {\"do\": \"power_down\", \"seat\": 0}]]}", 0, NULL);
    cr_assert(f.ui->describe(f.self, &f.t, ev, buf, sizeof buf));
    cr_assert_str_eq(buf, "Re-entry: Ada re-enters facing east (virtual: sharing the square); Ada will be powered down.");
    json_decref(ev);
    ev = json_pack("{s:s, s:i, s:i, s:[i, i]}", "kind", "filled", "seat", 0, "turn", 3, "registers", 4, 5);
    cr_assert(f.ui->describe(f.self, &f.t, ev, buf, sizeof buf));
    cr_assert_str_eq(buf, "Ada ran out of time: registers 4 and 5 filled at random.");
    json_decref(ev);
    ev = json_pack("{s:s, s:i, s:i, s:[i, i], s:[i]}", "kind", "turn", "turn", 4, "deadline", 1000, "hands", 9, 0,
                   "powered_down", 1);
    cr_assert(f.ui->describe(f.self, &f.t, ev, buf, sizeof buf));
    cr_assert_str_eq(buf, "Turn 4: cards dealt; powered down: Bot (easy).");
    json_decref(ev);
    unload(&f);
}

/* The line of the picture that starts with row label n ("15 ┃"). */
static const char *rr_row(const char *text, int n)
{
    static char line[1024];
    char label[8];
    snprintf(label, sizeof label, "\n%2d ", n);
    const char *p = strstr(text, label);
    if (!p)
        return "";
    p++;
    size_t k = strcspn(p, "\n");
    snprintf(line, sizeof line, "%.*s", (int)k, p);
    return line;
}

Test(roborally, the_board_plays_a_register_phase_back_frame_by_frame)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_t *events = json_loads("[{\"kind\": \"programs\", \"turn\": 1, \"power_down\": []},"
                                "{\"kind\": \"card\", \"turn\": 1, \"register\": 1, \"seat\": 0, \"card\": 780, \"type\": \"move2\", \"frames\": ["
                                "[{\"do\": \"move\", \"seat\": 0, \"from\": [5, 15], \"to\": [5, 14], \"dir\": \"N\"}],"
                                "[{\"do\": \"move\", \"seat\": 0, \"from\": [5, 14], \"to\": [5, 13], \"dir\": \"N\"}]]},"
                                "{\"kind\": \"board\", \"turn\": 1, \"register\": 1, \"step\": \"gears\", \"frames\": ["
                                "[{\"do\": \"turn\", \"seat\": 0, \"from\": \"N\", \"to\": \"E\"}]]}]",
                                0, NULL);
    f.t.events = events;
    f.t.now = 5000;
    f.ui->update(f.self, &f.t);
    const char *text = draw(&f, 20, 80, true);
    cr_assert(strstr(rr_row(text, 15), "1↑"), "frame 1: one square on\n%s", text);
    cr_assert_null(strstr(rr_row(text, 16), "1↑"), "%s", text);
    cr_assert(strstr(text, "Register 1: Ada Move 2 (1/3)"), "the caption under the board\n%s", text);
    cr_assert_gt(f.ui->next_frame_ms(f.self, &f.t), 0, "the next frame is asked for");
    f.t.now = 5000 + RL_PLAYBACK_FRAME_MS;
    text = draw(&f, 20, 80, true);
    cr_assert(strstr(rr_row(text, 14), "1↑"), "frame 2: two squares on\n%s", text);
    f.t.now = 5000 + 2 * RL_PLAYBACK_FRAME_MS;
    text = draw(&f, 20, 80, true);
    cr_assert(strstr(rr_row(text, 14), "1→"), "frame 3: the gear turned it\n%s", text);
    cr_assert(strstr(text, "Register 1: gears (3/3)"), "%s", text);
    f.t.now = 5000 + 3 * RL_PLAYBACK_FRAME_MS;
    text = draw(&f, 20, 80, true);
    cr_assert(strstr(rr_row(text, 16), "1↑"), "then the view as the server sent it\n%s", text);
    cr_assert(strstr(text, "F1 flag"), "and the legend again\n%s", text);
    cr_assert_eq(f.ui->next_frame_ms(f.self, &f.t), -1);
    json_decref(events);
    unload(&f);
}

/* PROTOCOL.md, RoboRally, "Drafts", rule 3: "a program changed before the
 * window opens goes as a draft when it opens". */
Test(roborally, a_program_changed_before_the_draft_window_goes_as_a_draft_when_it_opens)
{
    fixture f;
    load(&f, "roborally", "roborally");
    key(&f, '1');
    key(&f, '2');
    f.t.now += RL_DRAFT_DELAY_MS;
    tick(&f);
    cr_assert_eq(json_array_size(sent), 0, "a minute left: not yet");
    int wake = f.ui->next_frame_ms(f.self, &f.t);
    cr_assert_eq(wake, (int)(f.t.deadline_at - RL_DRAFT_WINDOW_MS - f.t.now), "a wake-up when the window opens");
    f.t.now += wake - 1;
    tick(&f);
    cr_assert_eq(json_array_size(sent), 0, "not before it opens");
    f.t.now += 1;
    tick(&f);
    cr_assert_eq(json_array_size(sent), 1, "the draft goes as the window opens");
    cr_assert(json_is_false(json_object_get(last_sent(), "submit")));
    cr_assert_eq(rr_reg(0), 780);
    cr_assert_eq(rr_reg(1), 530);
    f.t.now += 1000;
    tick(&f);
    cr_assert_eq(json_array_size(sent), 1, "once");
    cr_assert_eq(f.ui->next_frame_ms(f.self, &f.t), -1, "nothing more to wake for");
    unload(&f);
}

/* ... and none once the window has closed (it would arrive too late). */
Test(roborally, no_draft_goes_after_the_draft_window)
{
    fixture f;
    load(&f, "roborally", "roborally");
    f.t.now = f.t.deadline_at - RL_DRAFT_MARGIN_MS + 100;
    key(&f, '1');
    f.t.now += RL_DRAFT_DELAY_MS;
    tick(&f);
    cr_assert_eq(json_array_size(sent), 0);
    unload(&f);
}

/* The pace of PROTOCOL.md, RoboRally, "Playback": each register's cards
 * turning face up is a frame too, every RL_PLAYBACK_FRAME_MS, and a long
 * turn plays faster so as to last RL_PLAYBACK_MAX_MS at most; the turn bar
 * shows the countdown only once it is over. */
Test(roborally, the_playback_keeps_the_servers_pace_and_holds_the_countdown_until_it_ends)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_t *events = json_loads("[{\"kind\": \"reveal\", \"turn\": 1, \"register\": 1, \"cards\": [{\"seat\": 0, \"card\": 780, \"type\": \"move2\"}]},"
                                "{\"kind\": \"card\", \"turn\": 1, \"register\": 1, \"seat\": 0, \"card\": 780, \"type\": \"move2\", \"frames\": ["
                                "[{\"do\": \"move\", \"seat\": 0, \"from\": [5, 15], \"to\": [5, 14], \"dir\": \"N\"}]]}]",
                                0, NULL);
    f.t.events = events;
    f.t.now = 5000;
    f.ui->update(f.self, &f.t);
    cr_assert(f.ui->clock_held(f.self, &f.t), "the countdown waits while the turn plays back");
    const char *text = draw(&f, 20, 80, true);
    cr_assert(strstr(text, "Register 1: Ada Move 2 (1/2)"), "the reveal is the first frame\n%s", text);
    /* A bot locks in its next program meanwhile: the playback goes on. */
    json_t *quiet = json_loads("[{\"kind\": \"programmed\", \"seat\": 1, \"turn\": 2}]", 0, NULL);
    f.t.events = quiet;
    f.t.now = 5100;
    f.ui->update(f.self, &f.t);
    f.t.now = 5000 + RL_PLAYBACK_FRAME_MS;
    text = draw(&f, 20, 80, true);
    cr_assert(strstr(text, "(2/2)"), "a state with nothing to play back cuts nothing\n%s", text);
    cr_assert(f.ui->clock_held(f.self, &f.t));
    f.t.events = events;
    json_decref(quiet);
    f.t.now = 5000 + 2 * RL_PLAYBACK_FRAME_MS;
    cr_assert_not(f.ui->clock_held(f.self, &f.t), "then the countdown shows");
    /* A turn that comes while one plays (a program locked in meanwhile)
     * plays after it: the playback goes on, then the new frames. */
    f.t.now = 20000;
    f.ui->update(f.self, &f.t);
    f.t.now = 20000 + RL_PLAYBACK_FRAME_MS / 2;
    f.ui->update(f.self, &f.t);
    text = draw(&f, 20, 80, true);
    cr_assert(strstr(text, "Register 1: Ada Move 2 (1/4)"), "the first turn goes on\n%s", text);
    f.t.now = 20000 + 2 * RL_PLAYBACK_FRAME_MS;
    text = draw(&f, 20, 80, true);
    cr_assert(strstr(text, "(3/4)"), "then the next one's frames\n%s", text);
    f.t.now = 20000 + 4 * RL_PLAYBACK_FRAME_MS - 1;
    cr_assert(f.ui->clock_held(f.self, &f.t), "the countdown waits for both");
    f.t.now = 20000 + 4 * RL_PLAYBACK_FRAME_MS;
    cr_assert_not(f.ui->clock_held(f.self, &f.t));
    json_decref(events);
    /* A turn of 100 frames: each shows RL_PLAYBACK_MAX_MS / 100. */
    json_t *many = json_array();
    for (int r = 0; r < 100; r++)
        json_array_append_new(many, json_pack("{s:s, s:i, s:i, s:[{s:i, s:i, s:s}]}", "kind", "reveal", "turn", 2, "register",
                                              1 + r % 5, "cards", "seat", 0, "card", 780, "type", "move2"));
    f.t.events = many;
    f.t.now = 10000;
    f.ui->update(f.self, &f.t);
    int step = RL_PLAYBACK_MAX_MS / 100;
    cr_assert_lt(step, RL_PLAYBACK_FRAME_MS, "faster than the usual pace");
    f.t.now = 10000 + 100 * step - 1;
    cr_assert(f.ui->clock_held(f.self, &f.t), "the last frame still shows");
    f.t.now = 10000 + 100 * step;
    cr_assert_not(f.ui->clock_held(f.self, &f.t), "over after RL_PLAYBACK_MAX_MS");
    cr_assert_eq(f.ui->next_frame_ms(f.self, &f.t), -1);
    json_decref(many);
    unload(&f);
}

/* At 80x24 a register's reveal of several robots' cards is longer than the
 * board is wide: the caption wraps over the rows under the board, whole,
 * its frame counter at its end (it was cut: "Bot (normal) U-t… (11/24)"). */
Test(roborally, a_long_caption_wraps_under_the_board_with_its_frame_counter)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_t *events = json_loads("[{\"kind\": \"reveal\", \"turn\": 1, \"register\": 4, \"cards\": ["
                                "{\"seat\": 0, \"card\": 780, \"type\": \"move2\"}, {\"seat\": 1, \"card\": 790, \"type\": \"move3\"},"
                                "{\"seat\": 0, \"card\": 100, \"type\": \"right\"}, {\"seat\": 1, \"card\": 110, \"type\": \"left\"}]},"
                                "{\"kind\": \"card\", \"turn\": 1, \"register\": 4, \"seat\": 0, \"card\": 780, \"type\": \"move2\", \"frames\": ["
                                "[{\"do\": \"move\", \"seat\": 0, \"from\": [5, 15], \"to\": [5, 14], \"dir\": \"N\"}]]}]",
                                0, NULL);
    f.t.events = events;
    f.t.now = 5000;
    f.ui->update(f.self, &f.t);
    const char *text = draw(&f, 24, 80, true);
    cr_assert(strstr(text, "Register 4: Ada Move 2, Bot (easy) Move 3, Ada"), "the caption begins\n%s", text);
    cr_assert(strstr(text, "Right, Bot (easy) Left (1/2)"), "and goes on under it, whole\n%s", text);
    cr_assert_null(strstr(text, "\u2026"), "nothing cut\n%s", text);
    json_decref(events);
    unload(&f);
}

Test(roborally, an_option_card_drawn_is_explained_on_the_status_line)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_t *events = json_loads("[{\"kind\": \"cleanup\", \"turn\": 1, \"frames\": [[{\"do\": \"option\", \"seat\": 0, \"option\": \"ablative_coat\"}]]}]",
                                0, NULL);
    f.t.events = events;
    f.ui->update(f.self, &f.t);
    cr_assert_str_eq(notice, "You got Ablative Coat: Absorbs the next 3 damage your robot takes, then is discarded.");
    json_decref(events);
    unload(&f);
}

Test(roborally, option_cards_are_listed_and_b_picks_the_beam_they_give)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_object_set_new(rr_me(&f), "options", json_pack("[s, s]", "tractor_beam", "mechanical_arm"));
    rr_update(&f);
    const char *text = draw(&f, 30, 110, true);
    cr_assert(strstr(text, "Options: Tractor Beam, Mechanical Arm"), "%s", text);
    cr_assert(key(&f, 'b'));
    cr_assert(strstr(notice, "Main laser: tractor"), "%s", notice);
    text = draw(&f, 30, 110, true);
    cr_assert(strstr(text, "b main laser: tractor"), "%s", text);
    cr_assert_eq(command(&f, "program 1 2 3 4 5"), GAME_CMD_DONE);
    cr_assert(key(&f, K_ENTER));
    cr_assert_str_eq(json_string_value(json_object_get(last_sent(), "beam")), "tractor");
    cr_assert(key(&f, 'b'));
    cr_assert(strstr(notice, "Main laser: damage"), "no pressor beam: back to damage, %s", notice);
    unload(&f);
}

Test(roborally, with_every_register_locked_there_is_nothing_to_pick_but_enter_locks_in)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_t *me = rr_me(&f);
    json_object_set_new(me, "damage", json_integer(9));
    json_object_set_new(me, "locked", json_integer(5));
    json_object_set_new(me, "cards", json_array());
    json_object_set_new(me, "program", json_pack("[i, i, i, i, i]", 100, 200, 670, 500, 840));
    rr_update(&f);
    cr_assert(key(&f, '1'));
    cr_assert(notice_error && strstr(notice, "No cards this turn"), "%s", notice);
    cr_assert_eq(json_array_size(sent), 0);
    cr_assert(key(&f, K_ENTER));
    cr_assert_str_eq(kind_sent(), "program");
    for (int i = 0; i < 5; i++)
        cr_assert(json_is_null(json_array_get(json_object_get(last_sent(), "registers"), (size_t)i)));
    unload(&f);
}

static bool rr_clickable(fixture *f, const char *command)
{
    for (int i = 0; i < f->g.nclicks; i++) {
        if (strcmp(f->g.clicks[i].command, command) == 0)
            return true;
    }
    return false;
}

Test(roborally, cards_registers_and_facings_are_clickable_word_commands)
{
    fixture f;
    load(&f, "roborally", "roborally");
    draw(&f, 20, 80, true);
    cr_assert(rr_clickable(&f, "card 3"), "a hand card runs card N");
    cr_assert_eq(command(&f, "card 3"), GAME_CMD_DONE);
    cr_assert_eq(command(&f, "card 1"), GAME_CMD_DONE);
    draw(&f, 20, 80, true);
    cr_assert(rr_clickable(&f, "takeback 2"), "a filled register runs takeback R");
    cr_assert_eq(command(&f, "takeback 1"), GAME_CMD_DONE);
    cr_assert_eq(command(&f, "takeback 1"), GAME_CMD_ERROR, "register 1 is empty now");
    cr_assert_eq(command(&f, "takeback 9"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "card 0"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "takeback"), GAME_CMD_DONE, "the last filled one (780 in 2)");
    cr_assert_eq(command(&f, "takeback"), GAME_CMD_ERROR, "nothing left");
    cr_assert_eq(json_array_size(sent), 0);
    json_object_set_new((json_t *)f.t.view, "need", json_string("reenter"));
    draw(&f, 20, 80, true);
    cr_assert(rr_clickable(&f, "reenter E"), "the facings are buttons");
    unload(&f);
}

Test(roborally, a_laser_shot_lights_its_squares_in_the_frame_that_fires_it)
{
    fixture f;
    load(&f, "roborally", "roborally");
    json_t *events = json_loads("[{\"kind\": \"board\", \"turn\": 1, \"register\": 1, \"step\": \"lasers\", \"frames\": ["
                                "[{\"do\": \"beam\", \"source\": \"robot\", \"seat\": 0, \"from\": [5, 15], \"dir\": \"N\", \"count\": 1,"
                                " \"cells\": [[5, 14], [5, 13]], \"hits\": []}],"
                                "[{\"do\": \"damage\", \"seat\": 1, \"amount\": 1, \"absorbed\": 0, \"total\": 1}]]}]",
                                0, NULL);
    f.t.events = events;
    f.t.now = 5000;
    f.ui->update(f.self, &f.t);
    draw(&f, 20, 80, true);
    /* square F15 in the compact layout: row 1 + 14 + 1, its middle column 3 + 4 * 5 + 2 */
    const cv_cell *lit = cv_cell_at(&f.g, 16, 25);
    cr_assert_eq(lit->ch, L'│', "a north-south shot: %lc", (wint_t)lit->ch);
    cr_assert(CV_ATTRS_OF(lit->style) & CV_REVERSE, "it stands out from the board's lasers");
    f.t.now = 5000 + RL_PLAYBACK_FRAME_MS;
    draw(&f, 20, 80, true);
    cr_assert_neq(cv_cell_at(&f.g, 16, 25)->ch, L'│', "the next frame has no shot");
    json_decref(events);
    unload(&f);
}

Test(roborally, a_spectator_sees_the_race_but_no_hand)
{
    fixture f;
    load(&f, "roborally", "roborally");
    f.t.seat = -1;
    json_object_del((json_t *)f.t.view, "need");
    const char *text = draw(&f, 20, 80, true);
    cr_assert(strstr(text, "You are watching"), "%s", text);
    cr_assert_null(strstr(text, "Hand (keys"), "%s", text);
    cr_assert(strstr(text, "1↑ ┃2↑"), "%s", text);
    char status[200];
    int seats[8];
    cr_assert_eq(f.ui->status(f.self, &f.t, status, sizeof status, seats), 2);
    unload(&f);
}

/* ---- RoboBall (roborally in mode "roboball") ---- */

/* roboball.json: turn 1, Ada (seat 0) and a bot on team 1 at home E5, two
 * bots on team 2 at K13, the ball on H9 facing north; the hand is
 * 170 140 380 60 120 820 260 160 620. */

static json_t *rb_robot(fixture *f, int seat)
{
    return json_array_get(json_object_get((json_t *)f->t.view, "robots"), (size_t)seat);
}

static json_t *rb_ball_json(fixture *f)
{
    return json_object_get((json_t *)f->t.view, "ball");
}

static void rb_place(fixture *f, int seat, int x, int y)
{
    json_object_set_new(rb_robot(f, seat), "at", json_pack("[i, i]", x, y));
    json_object_set_new(rb_robot(f, seat), "virtual", json_false());
}

static const char *rb_hitch_sent(int i)
{
    const json_t *h = json_array_get(json_object_get(last_sent(), "hitches"), (size_t)i);
    return json_is_null(h) ? "null" : json_string_value(h);
}

Test(roboball, the_ball_homes_teams_and_a_hitch_are_on_the_board_and_the_panel)
{
    fixture f;
    load(&f, "roboball", "roborally");
    const char *text = draw(&f, 36, 120, true);
    cr_assert(strstr(rr_row(text, 9), "●↑"), "the ball on H9 facing north:\n%s", text);
    cr_assert(strstr(text, "RoboBall on Risky Exchange, turn 1 of 30"), "%s", text);
    cr_assert(strstr(text, "Ball at H9 facing north"), "%s", text);
    cr_assert(strstr(text, "Nobody is hitched to the ball."), "%s", text);
    cr_assert(strstr(text, "Extraction votes: none of 4"), "%s", text);
    cr_assert(strstr(text, "T1 home E5: Ada and Bot 3 (easy)"), "%s", text);
    cr_assert(strstr(text, "T2 home K13: Bot 2 (easy) and Bot 4 (easy)"), "%s", text);
    cr_assert(strstr(text, "●1 Ada T1 D0"), "a robot's team instead of flags and lives:\n%s", text);
    /* issue 27: at the start our robot shares its home with a teammate: ours
     * is the one shown (with '+'), and the panel says it is virtual, and why */
    cr_assert(strstr(rr_row(text, 5), "1↓+"), "our robot on top on its home E5:\n%s", text);
    cr_assert(strstr(text, "●1 Ada T1 D0 virtual"), "%s", text);
    cr_assert(strstr(notice, "Virtual: your robot shares its square"), "%s", notice);
    cr_assert(strstr(text, "H1 team 1's home"), "the legend:\n%s", text);
    /* Ada hitched from H8 (north of the ball), the bot moved off the home */
    rb_place(&f, 0, 4, 4);
    rb_place(&f, 2, 0, 0);
    rr_update(&f);
    text = draw(&f, 36, 120, true);
    cr_assert(strstr(rr_row(text, 5), "1↓H"), "a robot alone on a home shows whose home it is:\n%s", text);
    rb_place(&f, 0, 7, 7);
    json_object_set_new(rb_robot(&f, 0), "hitched", json_true());
    json_object_set_new(rb_ball_json(&f), "hitched", json_pack("[i]", 0));
    json_object_set_new(rb_ball_json(&f), "facing", json_string("E"));
    rr_update(&f);
    text = draw(&f, 36, 120, true);
    cr_assert(strstr(rr_row(text, 5), "H1"), "team 1's home, now free:\n%s", text);
    cr_assert(strstr(rr_row(text, 8), "1↓="), "the hitched robot is marked:\n%s", text);
    cr_assert(strstr(rr_row(text, 9), "●→"), "the ball faces east now:\n%s", text);
    cr_assert(strstr(text, "‖"), "a hitch line between the two in the tall layout:\n%s", text);
    cr_assert(strstr(text, "Hitched: Ada (T1)"), "%s", text);
    cr_assert(strstr(text, "Ada T1 D0 hitched"), "%s", text);
    /* the ball hovering over a robot (pogo) is a mark beside it */
    json_object_set_new(rb_ball_json(&f), "pogo", json_true());
    json_object_set_new(rb_ball_json(&f), "at", json_pack("[i, i]", 0, 0));
    rr_update(&f);
    text = draw(&f, 36, 120, true);
    cr_assert(strstr(rr_row(text, 1), "3↓●"), "%s", text);
    cr_assert(strstr(text, "Ball at A1 facing east, hovering (pogo)"), "%s", text);
    unload(&f);
}

/* At 80x24 the panel is narrow: a hitched robot that has programmed read
 * "Bot 2 T2 D1 hitched rea…"; there a hitch is the board's mark, "=". */
Test(roboball, at_80x24_a_hitched_robots_line_is_whole)
{
    fixture f;
    load(&f, "roboball", "roborally");
    json_object_set_new(rb_robot(&f, 1), "hitched", json_true());
    json_object_set_new(rb_robot(&f, 1), "programmed", json_true());
    json_object_set_new(rb_ball_json(&f), "hitched", json_pack("[i]", 1));
    rr_update(&f);
    const char *text = draw(&f, 24, 80, true);
    cr_assert(strstr(text, "T2 D0 = ready"), "the hitch as its mark, the state whole:\n%s", text);
    cr_assert_null(strstr(text, "\u2026"), "nothing cut:\n%s", text);
    cr_assert(strstr(text, "= hitch"), "the legend says what = is:\n%s", text);
    text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "T2 D0 hitched ready"), "in words where there is room:\n%s", text);
    unload(&f);
}

Test(roboball, without_unicode_the_ball_is_an_at_sign_and_all_is_ascii)
{
    fixture f;
    load(&f, "roboball", "roborally");
    const char *text = draw(&f, 22, 90, false);
    cr_assert(ascii_only(text), "%s", text);
    cr_assert(strstr(rr_row(text, 9), "@^"), "%s", text);
    unload(&f);
}

Test(roboball, h_or_u_then_a_register_declares_and_the_program_carries_the_declarations)
{
    fixture f;
    load(&f, "roboball", "roborally");
    cr_assert(key(&f, 'h'));
    cr_assert(strstr(notice, "Hitch at the end of which register?"), "%s", notice);
    cr_assert(key(&f, '2'));
    cr_assert(strstr(notice, "Register 2: hitch to the ball at its end."), "%s", notice);
    cr_assert(key(&f, 'u'));
    cr_assert(key(&f, '5'));
    cr_assert(key(&f, 'h'));
    cr_assert(key(&f, '3'));
    cr_assert(key(&f, 'h'));
    cr_assert(key(&f, '3'));
    cr_assert(strstr(notice, "Register 3: no hitch declaration."), "the same again is none: %s", notice);
    cr_assert(key(&f, 'h'));
    cr_assert(key(&f, K_ESC));
    cr_assert(strstr(notice, "No declaration made."), "%s", notice);
    cr_assert(key(&f, 'u'));
    cr_assert(key(&f, '7'));
    cr_assert(notice_error && strstr(notice, "Registers are 1 to 5: no declaration made."), "%s", notice);
    cr_assert(key(&f, 'h'));
    cr_assert(key(&f, 'x'), "another key lets go and does its own thing");
    cr_assert(strstr(notice, "Program cleared."), "%s", notice);
    const char *text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "2 --                 hitch"), "the declaration beside its register:\n%s", text);
    cr_assert(strstr(text, "5 --                 unhitch"), "%s", text);
    cr_assert_eq(json_array_size(sent), 0, "nothing sent yet");
    for (const char *k = "12345"; *k; k++)
        cr_assert(key(&f, *k), "card key %c goes to the hand again", *k);
    cr_assert(key(&f, K_ENTER));
    cr_assert_str_eq(kind_sent(), "program");
    const char *want[5] = {"null", "hitch", "null", "null", "unhitch"};
    for (int i = 0; i < 5; i++)
        cr_assert_str_eq(rb_hitch_sent(i), want[i], "register %d", i + 1);
    cr_assert_eq(rr_reg(0), 170);
    unload(&f);
}

Test(roboball, word_commands_declare_and_bad_ones_are_refused_with_nothing_sent)
{
    fixture f;
    load(&f, "roboball", "roborally");
    cr_assert_eq(command(&f, "hitches - h - - u"), GAME_CMD_DONE);
    cr_assert_eq(command(&f, "hitch 1 3"), GAME_CMD_DONE);
    cr_assert(strstr(notice, "Hitch at the end of 2 registers."), "%s", notice);
    cr_assert_eq(command(&f, "nohitch 3"), GAME_CMD_DONE);
    cr_assert_eq(command(&f, "decl 4"), GAME_CMD_DONE);
    cr_assert(strstr(notice, "Register 4: hitch"), "decl cycles none to hitch: %s", notice);
    cr_assert_eq(command(&f, "decl 4"), GAME_CMD_DONE);
    cr_assert_eq(command(&f, "hitch 6"), GAME_CMD_ERROR);
    cr_assert(notice_error && strstr(notice, "'6' is not a register"), "%s", notice);
    cr_assert_eq(command(&f, "hitch"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "unhitch two"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "hitches h h"), GAME_CMD_ERROR);
    cr_assert(strstr(notice, "five of h (hitch), u (unhitch), - (none)"), "%s", notice);
    cr_assert_eq(command(&f, "hitches h x - - -"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "decl"), GAME_CMD_ERROR);
    cr_assert_eq(json_array_size(sent), 0, "declaring sends nothing; bad words change nothing");
    cr_assert_eq(command(&f, "program 1 2 3 4 5"), GAME_CMD_DONE);
    cr_assert_eq(command(&f, "submit"), GAME_CMD_DONE);
    const char *want[5] = {"hitch", "hitch", "null", "unhitch", "unhitch"};
    for (int i = 0; i < 5; i++)
        cr_assert_str_eq(rb_hitch_sent(i), want[i], "register %d", i + 1);
    unload(&f);
}

Test(roboball, a_locked_register_keeps_its_declaration_and_refuses_a_new_one)
{
    fixture f;
    load(&f, "roboball", "roborally");
    json_t *me = rb_robot(&f, 0);
    json_object_set_new(me, "locked", json_integer(1));
    json_object_set_new(me, "damage", json_integer(5));
    json_object_set_new(me, "program", json_pack("[n, n, n, n, i]", 670));
    json_object_set_new(me, "hitches", json_pack("[n, n, n, n, s]", "unhitch"));
    json_object_set_new(me, "cards", json_pack("[i, i, i, i, i, i, i, i]", 170, 140, 380, 60, 120, 820, 260, 160));
    rr_update(&f);
    const char *text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "5 Move 2 670  locked unhitch"), "%s", text);
    cr_assert_eq(command(&f, "hitch 5"), GAME_CMD_ERROR);
    cr_assert(notice_error && strstr(notice, "Register 5 is locked"), "%s", notice);
    cr_assert(key(&f, 'h'));
    cr_assert(key(&f, '5'));
    cr_assert(notice_error && strstr(notice, "Register 5 is locked"), "%s", notice);
    cr_assert_eq(json_array_size(sent), 0);
    unload(&f);
}

Test(roboball, v_votes_extraction_and_takes_the_vote_back)
{
    fixture f;
    load(&f, "roboball", "roborally");
    cr_assert(key(&f, 'v'));
    cr_assert_str_eq(kind_sent(), "extract");
    cr_assert(json_is_true(json_object_get(last_sent(), "vote")));
    cr_assert_eq(json_integer_value(json_object_get(last_sent(), "turn")), 1);
    cr_assert_eq(command(&f, "extract no"), GAME_CMD_ERROR, "no vote in the view yet");
    cr_assert(strstr(notice, "You have no vote to take back."), "%s", notice);
    json_object_set_new((json_t *)f.t.view, "votes", json_pack("[i, i]", 0, 3));
    rr_update(&f);
    const char *text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "Extraction votes 2 of 4: Ada and Bot 4 (easy)"), "%s", text);
    cr_assert(strstr(text, "v takes your vote back"), "%s", text);
    cr_assert(strstr(text, "Ada T1 D0 voted"), "%s", text);
    cr_assert_eq(command(&f, "vote"), GAME_CMD_ERROR);
    cr_assert(strstr(notice, "You have voted already"), "%s", notice);
    cr_assert(key(&f, 'v'));
    cr_assert(json_is_false(json_object_get(last_sent(), "vote")), "v again takes it back");
    cr_assert_eq(command(&f, "extract maybe"), GAME_CMD_ERROR);
    cr_assert_eq(json_array_size(sent), 2);
    /* our program locked in: the vote is still ours to give */
    json_object_set_new(rb_robot(&f, 0), "programmed", json_true());
    json_object_set_new((json_t *)f.t.view, "need", json_null());
    cr_assert_eq(command(&f, "unvote"), GAME_CMD_DONE);
    json_object_set_new((json_t *)f.t.view, "phase", json_string("choose"));
    cr_assert_eq(command(&f, "extract"), GAME_CMD_ERROR);
    cr_assert(strstr(notice, "while the robots are programmed"), "%s", notice);
    f.t.seat = -1;
    cr_assert_not(key(&f, 'v'), "a spectator's v goes on to the frame");
    cr_assert_eq(command(&f, "extract yes"), GAME_CMD_ERROR);
    cr_assert(strstr(notice, "Spectators do not vote."), "%s", notice);
    cr_assert_eq(json_array_size(sent), 3);
    unload(&f);
}

static const char *rb_say(fixture *f, const char *event_json)
{
    static char buf[600];
    json_t *ev = json_loads(event_json, 0, NULL);
    cr_assert_not_null(ev, "%s", event_json);
    bool ok = f->ui->describe(f->self, &f->t, ev, buf, sizeof buf);
    json_decref(ev);
    return ok ? buf : "(frame's line)";
}

Test(roboball, ball_events_and_frames_read_as_plain_words)
{
    fixture f;
    load(&f, "roboball", "roborally");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"voted\", \"seat\": 1, \"turn\": 3, \"vote\": true}"),
                     "Bot 2 (easy) votes the ball inaccessible (extraction when every seat votes).");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"voted\", \"seat\": 0, \"turn\": 3, \"vote\": false}"),
                     "Ada takes back the extraction vote.");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"extraction\", \"turn\": 4, \"facing\": \"E\", \"cards\": 5}"),
                     "Extraction, turn 4: the ball is dealt 5 cards face down and plays them, facing east.");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"board\", \"turn\": 3, \"register\": 1, \"step\": \"hitches\", \"frames\": [["
                                "{\"do\": \"unhitch\", \"seat\": 2, \"why\": \"declared\"}, {\"do\": \"hitch\", \"seat\": 0, \"team\": 0},"
                                "{\"do\": \"hitch_failed\", \"seat\": 1, \"why\": \"team\"}]]}"),
                     "Register 1: hitch declarations: Bot 3 (easy) unhitches (as declared); Ada hitches to the ball; "
                     "Bot 2 (easy) cannot hitch: its team holds the ball already.");
    /* QA item 16: the failed hitches of a step in one phrase per reason,
     * with its subject, not a line per robot. */
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"board\", \"turn\": 3, \"register\": 2, \"step\": \"hitches\", \"frames\": [["
                                "{\"do\": \"hitch_failed\", \"seat\": 1, \"why\": \"far\"}, {\"do\": \"hitch_failed\", \"seat\": 0, \"why\": \"far\"},"
                                "{\"do\": \"hitch_failed\", \"seat\": 3, \"why\": \"powered_down\"}, {\"do\": \"hitch_failed\", \"seat\": 2, \"why\": \"far\"}]]}"),
                     "Register 2: hitch declarations: Bot 2 (easy), Ada and Bot 3 (easy) cannot hitch: they are not touching "
                     "the ball (or a wall is between); Bot 4 (easy) cannot hitch: it is powered down.");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"card\", \"turn\": 3, \"register\": 2, \"seat\": 0, \"card\": 790, \"type\": \"move3\", \"frames\": ["
                                "[{\"do\": \"move\", \"seat\": 0, \"from\": [4, 6], \"to\": [4, 5], \"dir\": \"N\"},"
                                " {\"do\": \"move\", \"piece\": \"ball\", \"from\": [4, 7], \"to\": [4, 6], \"dir\": \"N\", \"dragged\": true}],"
                                "[{\"do\": \"move\", \"seat\": 0, \"from\": [4, 5], \"to\": [4, 4], \"dir\": \"N\"},"
                                " {\"do\": \"move\", \"piece\": \"ball\", \"from\": [4, 6], \"to\": [4, 5], \"dir\": \"N\", \"dragged\": true}],"
                                "[{\"do\": \"unhitch\", \"seat\": 0, \"why\": \"separated\"}]]}"),
                     "Ada plays Move 3: the ball is dragged to E6; Ada unhitches (no longer touching the ball).");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"card\", \"turn\": 3, \"register\": 1, \"seat\": 1, \"card\": 500, \"type\": \"move1\", \"frames\": ["
                                "[{\"do\": \"move\", \"piece\": \"ball\", \"from\": [4, 7], \"to\": [4, 6], \"dir\": \"N\"},"
                                " {\"do\": \"move\", \"seat\": 0, \"from\": [4, 8], \"to\": [4, 7], \"dir\": \"N\", \"dragged\": true}]]}"),
                     "Bot 2 (easy) plays Move 1: the ball goes to E7; the ball drags Ada to E8.");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"board\", \"turn\": 3, \"register\": 1, \"step\": \"bonk\", \"frames\": ["
                                "[{\"do\": \"bonk\", \"seat\": 2, \"at\": [0, 6], \"amount\": 1, \"absorbed\": 0, \"total\": 5}],"
                                "[{\"do\": \"pogo\", \"at\": [0, 6], \"up\": false}]]}"),
                     "Register 1: the hovering ball comes down: the ball bonks Bot 3 (easy) for 1 damage (5 in all); "
                     "the ball drops back to the floor at A7.");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"card\", \"turn\": 4, \"register\": 1, \"seat\": null, \"piece\": \"ball\", \"card\": 500,"
                                " \"type\": \"move1\", \"frames\": [[{\"do\": \"balk\", \"piece\": \"ball\", \"at\": [0, 6], \"dir\": \"W\"}]]}"),
                     "The ball (extraction) plays Move 1: the ball balks at A7: the card would drop it.");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"reveal\", \"turn\": 4, \"register\": 1, \"cards\": [{\"seat\": 1, \"card\": 520, \"type\": \"move1\"},"
                                " {\"piece\": \"ball\", \"card\": 330, \"type\": \"right\"}]}"),
                     "Register 1: Bot 2 (easy) Move 1 (520), the ball Right (330).");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"board\", \"turn\": 3, \"register\": 5, \"step\": \"checkpoints\", \"frames\": [["
                                "{\"do\": \"archive\", \"seat\": 0, \"at\": [2, 14]}, {\"do\": \"goal\", \"team\": 0, \"at\": [2, 14]}]]}"),
                     "Register 5: checkpoints: GOAL: team 1 has the ball home at C15.");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"board\", \"turn\": 3, \"register\": 2, \"step\": \"belts\", \"frames\": [["
                                "{\"do\": \"pogo\", \"at\": [0, 0], \"up\": true}, {\"do\": \"unhitch\", \"seat\": 3, \"why\": \"pogo\"}]]}"),
                     "Register 2: belts carry: the ball hovers at A1 (pogo mode); Bot 4 (easy) unhitches (the ball went into pogo mode).");
    cr_assert_str_eq(rb_say(&f, "{\"kind\": \"over\", \"winners\": [], \"reason\": \"turn_limit\", \"summary\": \"No goal in 30 turns: a draw\"}"),
                     "(frame's line)", "the frame logs the result once");
    unload(&f);
}

Test(roboball, the_captured_turn_reads_and_plays_back_with_the_ball)
{
    fixture f;
    load(&f, "roboball-turn", "roborally");
    /* every event of a real turn: the hitch steps say why each hitch failed */
    size_t i;
    const json_t *ev;
    int hitch_steps = 0;
    json_array_foreach(f.t.events, i, ev) {
        char buf[800];
        bool said = f.ui->describe(f.self, &f.t, ev, buf, sizeof buf);
        const char *kind = json_string_value(json_object_get(ev, "kind"));
        cr_assert(said, "a %s event has its sentence", kind);
        if (strcmp(json_string_value(json_object_get(ev, "step")) ? json_string_value(json_object_get(ev, "step")) : "", "hitches") == 0) {
            hitch_steps++;
            cr_assert(strstr(buf, "hitch declarations: ") && strstr(buf, " cannot hitch: they are not touching the ball"), "%s", buf);
            const char *again = strstr(strstr(buf, "cannot hitch") + 1, "cannot hitch: they are not");
            cr_assert_null(again, "one phrase for the robots out of reach: %s", buf);
        }
    }
    cr_assert_eq(hitch_steps, 5, "a hitches step in each register");
    const char *text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "RoboBall on Risky Exchange, turn 2 of 30"), "%s", text);
    cr_assert(strstr(text, "Extraction votes 1 of 4: Ada"), "our vote of turn 1:\n%s", text);
    unload(&f);
}

/* RoboBall has no flags to touch (the view's "flags" is 0): the course's
 * flags are not drawn, so that a newcomer does not take them for homes. */
Test(roboball, the_courses_flags_are_not_drawn_the_homes_are)
{
    fixture f;
    load(&f, "roboball", "roborally");
    const char *text = draw(&f, 36, 120, true);
    cr_assert_null(strstr(text, "F1"), "no flag 1 on the board:\n%s", text);
    cr_assert(strstr(text, "H1"), "the homes are:\n%s", text);
    unload(&f);
    load(&f, "roborally", "roborally");
    text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "F1"), "the race keeps its flags:\n%s", text);
    unload(&f);
}

Test(roboball, the_playback_moves_the_ball_and_names_its_frames)
{
    fixture f;
    load(&f, "roboball", "roborally");
    rb_place(&f, 0, 7, 10);
    rr_update(&f);
    json_t *events = json_loads("[{\"kind\": \"card\", \"turn\": 1, \"register\": 1, \"seat\": 0, \"card\": 620, \"type\": \"move1\", \"frames\": ["
                                "[{\"do\": \"move\", \"seat\": 0, \"from\": [7, 10], \"to\": [7, 11], \"dir\": \"S\"},"
                                " {\"do\": \"move\", \"piece\": \"ball\", \"from\": [7, 8], \"to\": [7, 9], \"dir\": \"S\", \"dragged\": true}]]},"
                                "{\"kind\": \"board\", \"turn\": 1, \"register\": 1, \"step\": \"belts\", \"frames\": ["
                                "[{\"do\": \"pogo\", \"at\": [7, 9], \"up\": true}]]},"
                                "{\"kind\": \"board\", \"turn\": 1, \"register\": 1, \"step\": \"checkpoints\", \"frames\": ["
                                "[{\"do\": \"goal\", \"team\": 0, \"at\": [7, 9]}]]}]",
                                0, NULL);
    f.t.events = events;
    f.t.now = 5000;
    f.ui->update(f.self, &f.t);
    const char *text = draw(&f, 36, 120, true);
    cr_assert(strstr(rr_row(text, 10), "●↑"), "frame 1: the ball dragged to H10:\n%s", text);
    cr_assert(strstr(text, "Register 1: Ada Move 1 - the ball is dragged (1/3)"), "%s", text);
    f.t.now = 5000 + RL_PLAYBACK_FRAME_MS;
    text = draw(&f, 36, 120, true);
    cr_assert(strstr(rr_row(text, 10), "●↑^"), "frame 2: hovering:\n%s", text);
    cr_assert(strstr(text, "the ball pogos up (2/3)"), "%s", text);
    f.t.now = 5000 + 2 * RL_PLAYBACK_FRAME_MS;
    text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "Register 1: checkpoints - GOAL for team 1! (3/3)"), "%s", text);
    f.t.now = 5000 + 3 * RL_PLAYBACK_FRAME_MS;
    text = draw(&f, 36, 120, true);
    cr_assert(strstr(rr_row(text, 9), "●↑"), "then the view's ball again:\n%s", text);
    json_decref(events);
    unload(&f);
}

Test(roboball, the_end_says_which_team_won_or_that_the_turn_limit_drew)
{
    fixture f;
    load(&f, "roboball", "roborally");
    json_object_set_new((json_t *)f.t.view, "phase", json_string("over"));
    json_object_set_new((json_t *)f.t.view, "need", json_null());
    json_object_set_new((json_t *)f.t.view, "result",
                        json_pack("{s:s, s:s, s:[]}", "summary", "No goal in 30 turns: a draw", "reason", "turn_limit", "winners"));
    rr_update(&f);
    const char *text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "No goal in 30 turns: a draw"), "%s", text);
    cr_assert(strstr(text, "The game is over."), "%s", text);
    json_object_set_new((json_t *)f.t.view, "result",
                        json_pack("{s:s, s:s, s:[i, i]}", "summary", "Team 1 (Seat 1 and Seat 3) bring the ball home on turn 9",
                                  "reason", "goal", "winners", 0, 2));
    text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "Team 1 (Ada and Bot 3 (easy)) bring the ball home on turn 9"), "%s", text);
    cr_assert_eq(command(&f, "hitch 1"), GAME_CMD_ERROR);
    cr_assert_eq(command(&f, "vote"), GAME_CMD_ERROR);
    cr_assert_eq(json_array_size(sent), 0);
    unload(&f);
}

Test(roboball, the_keys_shown_and_the_help_name_hitches_and_the_vote)
{
    fixture f;
    load(&f, "roboball", "roborally");
    game_hint hints[16];
    int n = f.ui->hints(f.self, &f.t, hints, 16);
    bool h = false, v = false;
    for (int i = 0; i < n; i++) {
        h |= strcmp(hints[i].key, "h R") == 0;
        v |= strcmp(hints[i].key, "v") == 0 && strcmp(hints[i].command, "extract yes") == 0;
    }
    cr_assert(h && v, "h R and v among %d hints", n);
    char text[200];
    int seats[8];
    f.ui->status(f.self, &f.t, text, sizeof text, seats);
    cr_assert(strstr(text, "h/u R hitch"), "%s", text);
    bool hitch = false, extract = false;
    const char *const *more = f.ui->more_help ? f.ui->more_help(f.self, &f.t) : NULL;
    for (const char *const *c = more; c && *c; c++) {
        hitch |= strncmp(*c, "hitch R", 7) == 0;
        extract |= strncmp(*c, "extract [yes|no]", 16) == 0;
    }
    cr_assert(hitch && extract, "the help of a RoboBall table names its commands");
    unload(&f);
}

Test(roboball, an_extraction_turn_reverses_the_ball_and_lists_its_cards)
{
    fixture f;
    load(&f, "roboball", "roborally");
    json_object_set_new(rb_ball_json(&f), "extraction",
                        json_pack("{s:b, s:i, s:[i], s:i}", "active", 1, "register", 1, "revealed", 330, "cards", 5));
    rr_update(&f);
    const char *text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "Extraction: the ball plays 5 cards; shown: 330"), "%s", text);
    /* H9 in the tall layout: row 1 + 2 * 8 + 1, column 3 + 4 * 7 + 1 */
    const cv_cell *ball = cv_cell_at(&f.g, 18, 32);
    cr_assert_eq(ball->ch, L'●', "%lc", (wint_t)ball->ch);
    cr_assert(CV_ATTRS_OF(ball->style) & CV_REVERSE, "the ball stands out while it plays cards");
    json_object_set_new(rb_ball_json(&f), "extraction", json_pack("{s:b, s:n, s:[], s:i}", "active", 0, "register", "revealed", "cards", 0));
    rr_update(&f);
    text = draw(&f, 36, 120, true);
    cr_assert_null(strstr(text, "Extraction:"), "%s", text);
    cr_assert_not(CV_ATTRS_OF(cv_cell_at(&f.g, 18, 32)->style) & CV_REVERSE);
    unload(&f);
}

Test(roboball, a_spectator_sees_the_ball_and_teams_but_no_program_and_has_no_vote)
{
    fixture f;
    load(&f, "roboball", "roborally");
    f.t.seat = -1;
    json_object_del((json_t *)f.t.view, "need");
    const char *text = draw(&f, 36, 120, true);
    cr_assert(strstr(text, "You are watching"), "%s", text);
    cr_assert(strstr(text, "Ball at H9 facing north"), "%s", text);
    cr_assert(strstr(text, "T2 home K13"), "%s", text);
    cr_assert_null(strstr(text, "Your program"), "%s", text);
    cr_assert_null(strstr(text, "v votes"), "%s", text);
    game_hint hints[16];
    cr_assert_eq(f.ui->hints(f.self, &f.t, hints, 16), 0, "a spectator has no game keys");
    cr_assert_eq(command(&f, "hitch 1"), GAME_CMD_ERROR);
    cr_assert(strstr(notice, "Spectators watch"), "%s", notice);
    cr_assert_eq(json_array_size(sent), 0);
    unload(&f);
}

Test(roboball, race_mode_knows_no_hitches_or_votes)
{
    fixture f;
    load(&f, "roborally", "roborally");
    cr_assert_eq(command(&f, "hitch 1"), GAME_CMD_UNKNOWN);
    cr_assert_eq(command(&f, "extract"), GAME_CMD_UNKNOWN);
    cr_assert_not(key(&f, 'v'));
    cr_assert_eq(command(&f, "program 1 2 3 4 5"), GAME_CMD_DONE);
    cr_assert_eq(command(&f, "submit"), GAME_CMD_DONE);
    cr_assert_null(json_object_get(last_sent(), "hitches"), "a race program has no hitches");
    cr_assert_null(f.ui->more_help(f.self, &f.t), "the race's help names only the race's commands");
    for (const char *const *c = f.ui->commands_help; *c; c++)
        cr_assert_null(strstr(*c, "hitch"), "%s", *c);
    unload(&f);
}
