/* The game renderers, driven with real views (captured from the server, in
 * views/) on a canvas, with the frame's services replaced by recorders. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "canvas.h"
#include "games/game_ui.h"

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

static const table_ops ops = {record_act, record_notify, record_prompt};

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

/* Draws on an h×w canvas; returns the whole picture as text, one line a row. */
static const char *draw(fixture *f, int h, int w, bool utf8)
{
    static char text[64 * 1024];
    cv_grid_resize(&f->g, h, w);
    f->g.utf8 = utf8;
    f->g.color = true;
    f->ui->draw(f->self, &f->t, cv_root(&f->g));
    size_t n = 0;
    for (int y = 0; y < h; y++) {
        char line[2048];
        cv_row_text(&f->g, y, line, sizeof line);
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", line);
    }
    return text;
}

static bool ascii_only(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p >= 0x80)
            return false;
    }
    return true;
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
    cr_assert_eq(game_ui_find("roborally"), &fallback_ui);
    cr_assert_not(game_ui_has("roborally"));
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
