/* Every screen at 80x24, the smallest botpit-tui runs in (README), drawn
 * from messages captured from the server (views/): what a player needs is
 * on it whole, never cut (no ellipsis, no sentence running off an edge). */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "replay.h"
#include "screens.h"

static json_t *load_json(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.json", TUI_TEST_VIEWS, name);
    json_error_t err;
    json_t *j = json_load_file(path, 0, &err);
    cr_assert_not_null(j, "%s: %s", path, err.text);
    return j;
}

static app a;
static json_t *doc; /* the view's {room, state} */

/* An app online as Ada (player id "me") with the games message. */
static void start(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    memset(&a, 0, sizeof a);
    store_init(&a.st);
    snprintf(a.st.name, sizeof a.st.name, "Ada");
    snprintf(a.st.my_id, sizeof a.st.my_id, "me");
    snprintf(a.endpoint, sizeof a.endpoint, "ws://localhost:8080/ws");
    a.st.link = STORE_ONLINE;
    a.st.welcomed = true;
    a.gen = 1;
    json_t *games = load_json("games");
    store_apply(&a.st, games, app_now());
    json_decref(games);
    doc = NULL;
}

static void finish(void)
{
    if (a.ui && a.ui->fini)
        a.ui->fini(a.ui_self);
    free(a.ui_self);
    cv_grid_free(&a.grid);
    store_free(&a.st);
    json_decref(doc);
}

/* Ada is the host and in seat 0 of the room message m. */
static void ada_hosts(json_t *m)
{
    json_object_set_new(m, "host", json_string("me"));
    json_t *p = json_object_get(json_array_get(json_object_get(m, "seats"), 0), "player");
    if (json_is_object(p))
        json_object_set_new(p, "id", json_string("me"));
}

/* The table of a captured view, as the app opens it (changed first by
 * change, when given). */
static void table_of_changed(const char *view, const char *game, void (*change)(json_t *doc));

static void table_of(const char *view, const char *game)
{
    table_of_changed(view, game, NULL);
}

static void table_of_changed(const char *view, const char *game, void (*change)(json_t *doc))
{
    doc = load_json(view);
    if (change)
        change(doc);
    json_t *room = json_object_get(doc, "room");
    json_object_set_new(room, "type", json_string("room"));
    json_object_set_new(room, "status", json_string("playing"));
    ada_hosts(room);
    store_apply(&a.st, room, app_now());
    json_t *state = json_object_get(doc, "state");
    json_object_set_new(state, "type", json_string("state"));
    json_object_set_new(state, "room", json_string(a.st.room_code));
    json_object_set_new(state, "deadline", json_pack("{s:i}", "remaining_ms", 61000));
    store_apply(&a.st, state, app_now());
    json_array_clear(a.st.events);
    a.ui = game_ui_find(game);
    cr_assert_str_eq(a.ui->id, game);
    a.ui_self = calloc(1, a.ui->size);
    if (a.ui->init)
        a.ui->init(a.ui_self, app_table(&a));
    if (a.ui->update)
        a.ui->update(a.ui_self, app_table(&a));
}

/* The screen at w x h as text, a line a row. */
static const char *screen(int w, int h)
{
    static char text[64 * 1024];
    a.w = w;
    a.h = h;
    cv_grid_resize(&a.grid, h, w);
    a.grid.utf8 = true;
    a.grid.color = true;
    screens_draw(&a, &a.grid);
    size_t n = 0;
    for (int y = 0; y < h; y++) {
        char line[4096];
        cv_row_text(&a.grid, y, line, sizeof line);
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", line);
    }
    return text;
}

/* The text with every run of spaces, box lines and line ends made one
 * space: a sentence wrapped over rows reads as one. */
static const char *flat(const char *text)
{
    static char out[64 * 1024];
    size_t n = 0;
    bool space = false;
    for (const char *p = text; *p && n + 4 < sizeof out; p++) {
        bool blank = *p == ' ' || *p == '\n';
        if (!blank && strncmp(p, "│", strlen("│")) == 0) {
            blank = true;
            p += strlen("│") - 1;
        }
        if (blank) {
            space = n > 0;
            continue;
        }
        if (space)
            out[n++] = ' ';
        space = false;
        out[n++] = *p;
    }
    out[n] = 0;
    return out;
}

/* The part of each row from column x0 on (a code point a column). */
static const char *region(const char *text, int x0)
{
    static char out[64 * 1024];
    size_t n = 0;
    int col = 0;
    for (const char *p = text; *p && n + 1 < sizeof out; p++) {
        if (*p == '\n') {
            out[n++] = '\n';
            col = 0;
            continue;
        }
        if (((unsigned char)*p & 0xc0) != 0x80)
            col++;
        if (col > x0)
            out[n++] = *p;
    }
    out[n] = 0;
    return out;
}

/* Each phrase is on the screen whole (in some part of the screen right of a
 * column: a panel beside a board), and nothing is cut with an ellipsis. */
static void whole(const char *text, const char *const *phrases)
{
    cr_assert_null(strstr(text, "…"), "something is cut:\n%s", text);
    for (int i = 0; phrases[i]; i++) {
        bool found = false;
        for (int x0 = 0; x0 < 160 && !found; x0++)
            found = strstr(flat(region(text, x0)), phrases[i]) != NULL;
        cr_assert(found, "not whole on screen: \"%s\"\n%s", phrases[i], text);
    }
}

/* The footer (the last row) shows each of the keys whole. */
static void footer_has(const char *text, const char *const *keys)
{
    size_t n = strlen(text);
    const char *footer = text + (n > 0 ? n - 1 : 0);
    while (footer > text && footer[-1] != '\n')
        footer--;
    for (int i = 0; keys[i]; i++)
        cr_assert(strstr(footer, keys[i]), "the footer lacks \"%s\":\n%s", keys[i], text);
}

/* Each captured table: what must be on it whole, and the keys a player
 * needs there on the footer (the rest are in the help, ?). */
static const struct {
    const char *view, *game;
    const char *phrases[16];
    const char *keys[10];
} tables[] = {
    {"ricochet", "ricochet",
     {"Your turn: find a solution and bid its moves", "Round 1: bidding", "Target", "yellow triangle",
      "at E10, for yellow; it must turn", "the first bid starts it", "No bids yet.", "Chips (8 to win, 17 left)",
      "Ada", "Bot (easy)", NULL},
     {"1-9 bid", NULL}},
    {"manoover", "manoover",
     {"Your turn: 3 dice to use: step or turn the robots they name", "Game 1 of a match to 21, turn 1",
      "You play red; your goal is", "Your robots with dice:", "In goal on board match", "red 0 6 0/21 ● Ada",
      "blue 0 6 0/21 ■ Bot (easy)", NULL},
     {"1-8 robot", "Enter step", "w e d s a q turn N NE SE S SW NW", "p p pass", NULL}},
    {"boxing", "boxing",
     {"Your turn: lay out the robot", "Lay out your robot (secret until the fight ends); north is up.",
      "(a) laser: shoots the way its slot faces", "Lock it in within", "Enter: lock in", NULL},
     {"arrows slot", "a-i letter", "1/2 laser/engine", "r deal", "Enter lock in", NULL}},
    {"boxing-orders", "boxing",
     {"Your turn: write the orders for this turn", "Turn 1 of 40", "Your orders for turn 1",
      "Not sent yet: Enter sends", "Bot (easy) writing orders", NULL},
     {"arrows step", "Enter send", "Bksp undo", "m boost", "f fire", "t target", NULL}},
    {"robotwars-setup", "robotwars",
     {"Your turn: place the discs", "Battle 1: allocating discs", "Your discs: 3 won, 3 to place",
      "Speed 4 + 0 = 4 (max 8)", "Power 1 + 0 = 1 (max 3)", "Manoeuvrability 2 + 0 = 2 (max 5)",
      "Battle 1: Ada v Seat 2; allocating discs", NULL},
     {"Up/Down pick", "Left/Right disc -/+", "s/p/m add", "Bksp clear", "Enter send", NULL}},
    {"robotwars-battle", "robotwars",
     {"Your turn: move, turn or attack; e ends the turn", "Turn 1 of 15", "You to move: 6 moves, 2 turns left",
      "forward yes, back yes, attack no", "Battle 3: Ada v Seat 2; to come", NULL},
     {"Up/w forward", "Down/b back", "Left/Right turn", "a attack", "e end turn", NULL}},
    {"roborally", "roborally",
     {"Your turn: program your robot: cards 1-9, Enter locks in", "Next: flag 1 of 3 at H2", "Your program",
      "Hand (keys 1-9)", "Ada F0 D0 L3", "F flags D damage L lives", NULL},
     {"1-9 card", "Bksp undo", "Enter lock in", "x clear", "d send as draft", NULL}},
    {"roboball", "roborally",
     {"Your turn: program your robot: cards 1-9, h/u R hitch, Enter locks in", "turn 1 of 30", "Your program",
      "Ball at H9 facing north", "Extraction votes: 0 of 4", "Homes: T1 E5, T2 K13", "Ada T1 D0 virtual",
      "Virtual: your robot shares its square, so robots and lasers pass through it.", "Bot 3 (easy) T1",
      NULL},
     {"1-9 card", "Bksp undo", "Enter lock in", "h R hitch", "u R unhitch", "v vote", NULL}},
};

/* The table of tables[i] at 80x24: its phrases whole, its keys on the footer. */
static void check_table(size_t i)
{
    start();
    table_of(tables[i].view, tables[i].game);
    const char *text = screen(80, 24);
    whole(text, tables[i].phrases);
    footer_has(text, tables[i].keys);
    finish();
}

Test(screens_80x24, ricochet_bidding) { check_table(0); }
Test(screens_80x24, manoover_our_turn) { check_table(1); }
Test(screens_80x24, boxing_layout_editor) { check_table(2); }
Test(screens_80x24, boxing_orders) { check_table(3); }
Test(screens_80x24, robotwars_discs) { check_table(4); }
Test(screens_80x24, robotwars_our_turn) { check_table(5); }
Test(screens_80x24, roborally_programming) { check_table(6); }
Test(screens_80x24, roboball_programming) { check_table(7); }

/* The help (?) at a game's table, scrolled through at 80x24: every line
 * whole, the long ones wrapped under their description (RoboRally's
 * commands ended in "…"). */
static void check_help(size_t i)
{
    start();
    table_of(tables[i].view, tables[i].game);
    a.help_open = true;
    for (int scroll = 0; scroll < 120; scroll += 10) {
        a.help_scroll = scroll;
        const char *text = screen(80, 24);
        cr_assert_null(strstr(text, "…"), "the help cuts a line (scrolled %d):\n%s", scroll, text);
    }
    a.help_scroll = 0;
    whole(screen(80, 24), (const char *const[]){"Keys and commands", NULL});
    finish();
}

Test(screens_80x24, the_help_at_roborallys_table_is_whole) { check_help(6); }
Test(screens_80x24, the_help_at_roboballs_table_is_whole) { check_help(7); }
Test(screens_80x24, the_help_at_ricochets_table_is_whole) { check_help(0); }

/* A replay's header at 80 columns: a long title, a mark and whose eyes
 * ("Replay of game 1, Ricochet Robots: start (14 inputs) · Round 1 · seen
 * by ever…" was cut). */
Test(screens_80x24, a_replays_header_line_is_whole)
{
    start();
    replay_init(&a.rp);
    replay_opening(&a.rp, 1);
    json_error_t err;
    json_t *h = json_loads(
        "{\"type\":\"replay\",\"id\":3,\"game\":1,\"room\":\"K7P2X\",\"engine\":\"ricochet\","
        "\"title\":\"Ricochet Robots\",\"finished_at\":1,\"private\":false,\"seeded\":false,"
        "\"players\":[{\"seat\":0,\"id\":\"p1\",\"name\":\"Ada\"},{\"seat\":1,\"bot\":\"normal\"}],"
        "\"options\":{},\"seats\":2,\"rules\":1,\"inputs\":14,"
        "\"marks\":[{\"seq\":0,\"t\":0,\"label\":\"Round 1\"}],"
        "\"result\":{\"winners\":[0],\"summary\":\"Ada wins\"},"
        "\"frame\":{\"game\":1,\"seq\":0,\"of\":14,\"from\":0,\"seat\":\"all\",\"t\":0,"
        "\"view\":{},\"inputs\":[],\"skipped\":0}}",
        0, &err);
    cr_assert_not_null(h, "%s", err.text);
    replay_apply(&a.rp, h);
    json_decref(h);
    whole(screen(80, 24), (const char *const[]){"start (14 inputs) · Round 1 · seen by everyone", NULL});
    replay_clear(&a.rp);
    finish();
}

/* Each game of the games message: its title, :create id and summary. */
static void games_listed(const char *text, bool summaries)
{
    const json_t *g;
    size_t i;
    json_array_foreach(a.st.games, i, g) {
        char create[80];
        snprintf(create, sizeof create, "(:create %s)", json_string_value(json_object_get(g, "id")));
        const char *phrases[] = {json_string_value(json_object_get(g, "title")), create,
                                 summaries ? json_string_value(json_object_get(g, "summary")) : NULL, NULL};
        whole(text, phrases);
    }
}

Test(screens_80x24, the_lobby_without_rooms_lists_every_game_with_its_summary)
{
    start();
    json_t *rooms = json_pack("{s:s, s:[]}", "type", "rooms", "rooms");
    store_apply(&a.st, rooms, app_now());
    json_decref(rooms);
    const char *text = screen(80, 24);
    whole(text, (const char *const[]){"Public rooms", "No public rooms right now", "Games on this server", NULL});
    games_listed(text, true);
    footer_has(text, (const char *const[]){"c create", "j join by code", NULL});
    finish();
}

Test(screens_80x24, the_lobby_with_rooms_lists_each_room_and_every_game)
{
    start();
    json_t *rooms = load_json("rooms");
    json_object_set_new(rooms, "type", json_string("rooms"));
    store_apply(&a.st, rooms, app_now());
    const char *text = screen(80, 24);
    const json_t *r;
    size_t i;
    json_array_foreach(json_object_get(rooms, "rooms"), i, r) {
        char row[120];
        snprintf(row, sizeof row, "%s %s %d/%d %s", json_string_value(json_object_get(r, "code")),
                 json_string_value(json_object_get(r, "title")), (int)json_integer_value(json_object_get(r, "players")),
                 (int)json_integer_value(json_object_get(r, "max_players")),
                 json_string_value(json_object_get(r, "status")));
        whole(text, (const char *const[]){row, NULL});
    }
    games_listed(text, false);
    footer_has(text, (const char *const[]){"Enter join", "w watch", "c create", NULL});
    json_decref(rooms);
    finish();
}

/* The create form of each game, each row selected in turn: its header, every
 * label and value, and the selected row's help, whole. */
Test(screens_80x24, the_create_form_of_each_game_shows_every_option_and_its_help)
{
    start();
    const json_t *g;
    size_t i;
    json_array_foreach(a.st.games, i, g) {
        char why[200];
        cr_assert_eq(form_build(&a.form, a.st.games, json_string_value(json_object_get(g, "id")), why, sizeof why), 0);
        a.form_open = true;
        for (int row = 0; row < form_rows(&a.form); row++) {
            a.form.row = row;
            a.form_scroll = 0;
            if (row >= screens_form_rows(24))
                a.form_scroll = row - screens_form_rows(24) + 1;
            const char *text = screen(80, 24);
            whole(text, (const char *const[]){"Create a room", "Up/Down choose, Left/Right (or Space) change, digits type a number",
                                              NULL});
            if (row == 0)
                continue;
            if (row == a.form.nfields + 1) {
                whole(text, (const char *const[]){"Private room", "A private room is not listed", NULL});
                continue;
            }
            const form_field *fl = &a.form.fields[row - 1];
            char value[160];
            form_value_text(fl, value, sizeof value);
            whole(text, (const char *const[]){fl->label, value, fl->help, NULL});
        }
    }
    finish();
}

/* The room before the game, as its host and as a player who is not. */
static const char *room_screen(bool host)
{
    json_t *room = load_json("room");
    if (host)
        ada_hosts(room);
    else
        json_object_set_new(json_object_get(json_array_get(json_object_get(room, "seats"), 0), "player"), "name",
                            json_string("Zed"));
    store_apply(&a.st, room, app_now());
    json_decref(room);
    return screen(80, 24);
}

Test(screens_80x24, the_room_says_what_to_do_its_options_in_words_and_each_seat)
{
    start();
    const char *text = room_screen(true);
    whole(text, (const char *const[]){"Waiting for players; the host starts the game.", "Invite: code", "Mode: RoboBall (teams)",
                                      "Seats (2 to 8 players; T1 T2: the teams)", "Ada T1, you, host",
                                      "empty T2, t to sit, b for a bot",
                                      "You are the host", "s starts", NULL});
    cr_assert_null(strstr(text, "program_s"), "no raw option names:\n%s", text);
    finish();
    start();
    text = room_screen(false);
    whole(text, (const char *const[]){"Zed T1, host", "You are watching: Up/Down picks an empty seat, t takes it.",
                                      "The host starts the game.", NULL});
    footer_has(text, (const char *const[]){"t take seat", NULL});
    finish();
}

/* Issue 27: our own rooms (rooms' "mine", private ones too) come first in
 * the lobby, a row each, Enter going back; and a refused create is said in
 * the form, with those rooms to click back to. */
static const char *mine_json =
    "{\"type\":\"rooms\",\"rooms\":[{\"code\":\"AAAAA\",\"game\":\"robotwars\",\"title\":\"Robot Wars\",\"players\":1,"
    "\"max_players\":6,\"status\":\"lobby\",\"spectators\":0,\"host\":\"Bo\",\"seeded\":false}],"
    "\"mine\":[{\"code\":\"QX7PA\",\"game\":\"boxing\",\"title\":\"Robot boxing\",\"players\":2,\"max_players\":2,"
    "\"status\":\"playing\",\"spectators\":0,\"host\":null,\"seeded\":false,\"private\":true,\"in\":false,\"made\":true}]}";

Test(screens_80x24, our_rooms_come_first_in_the_lobby_and_a_refused_create_points_back_to_them)
{
    start();
    json_t *rooms = json_loads(mine_json, 0, NULL);
    store_apply(&a.st, rooms, app_now());
    json_decref(rooms);
    const char *text = screen(80, 24);
    whole(text, (const char *const[]){"Your rooms (Enter goes back)", "QX7PA Robot boxing 2/2 playing made by you, private",
                                      "Public rooms", "AAAAA Robot Wars 1/6 lobby Bo", NULL});
    cr_assert_lt(strstr(text, "QX7PA") - text, strstr(text, "AAAAA") - text, "ours first");
    char why[200];
    cr_assert_eq(form_build(&a.form, a.st.games, "manoover", why, sizeof why), 0);
    a.form_open = true;
    snprintf(a.form_refusal, sizeof a.form_refusal, "You already have 4 open rooms: QX7PA, ...; leave one first.");
    a.form_refused_by_server = true;
    text = screen(80, 24);
    whole(text, (const char *const[]){"! You already have 4 open rooms: QX7PA, ...; leave one first.",
                                      "Back to a room of yours: QX7PA (Robot boxing)", NULL});
    bool clickable = false;
    for (int i = 0; i < a.grid.nclicks; i++)
        clickable |= strcmp(a.grid.clicks[i].command, "join QX7PA") == 0;
    cr_assert(clickable, "a click on it goes back to it");
    finish();
}

/* Three normal bots, two of them locked in: "Bot 2 (normal) T2 D0 ready" is
 * longer than the panel; the name gives up its level first. */
static void normal_bots_ready(json_t *d)
{
    const json_t *seat;
    size_t i;
    json_array_foreach(json_object_get(json_object_get(d, "room"), "seats"), i, seat) {
        if (json_is_string(json_object_get(seat, "bot")))
            json_object_set_new((json_t *)seat, "bot", json_string("normal"));
    }
    const json_t *robot;
    json_array_foreach(json_object_get(json_object_get(json_object_get(d, "state"), "view"), "robots"), i, robot) {
        if (i > 0)
            json_object_set_new((json_t *)robot, "programmed", json_true());
    }
}

Test(screens_80x24, roboball_robot_lines_fit_with_long_bot_names)
{
    start();
    table_of_changed("roboball", "roborally", normal_bots_ready);
    const char *text = screen(80, 24);
    whole(text, (const char *const[]){"Ada T1 D0 virtual", "Bot 2 T2 D0 ready", "Bot 3 T1 D0 ready", "Bot 4 T2 D0 ready",
                                      NULL});
    finish();
}

/* ---- issue 27: what the QA pass on main found at 80x24 ---- */

/* The status line, the row above the footer. */
static const char *status_row(const char *text)
{
    static char row[4096];
    const char *end = text + strlen(text), *p = end;
    int lines = 0;
    while (p > text && lines < 3) /* back over the footer's row and the status row */
        lines += *--p == '\n';
    const char *start = p == text ? p : p + 1;
    size_t n = strcspn(start, "\n");
    snprintf(row, sizeof row, "%.*s", (int)n, start);
    return row;
}

/* A state message of the captured view (changed by change, when given),
 * as the server sends it, for app_receive. */
static void receive_state(const char *view, int seq, void (*change)(json_t *state))
{
    json_t *d = load_json(view);
    json_t *state = json_object_get(d, "state");
    json_object_set_new(state, "type", json_string("state"));
    json_object_set_new(state, "room", json_string(a.st.room_code));
    json_object_set_new(state, "seq", json_integer(seq));
    json_object_set_new(state, "deadline", json_pack("{s:i}", "remaining_ms", 61000));
    json_object_set_new(state, "events", json_array());
    if (change)
        change(state);
    char *text = json_dumps(state, 0);
    app_receive(&a, text, strlen(text));
    free(text);
    json_decref(d);
}

/* Turn 2 of the orders: another moment than turn 1's. */
static void turn_two(json_t *state)
{
    json_object_set_new(json_object_get(state, "view"), "turn", json_integer(2));
}

/* One rule for the status line (item 8): a refusal belongs to the moment
 * that made it. The boxing layout's "Make 1 laser an engine" stays while
 * the layout goes on, and goes when the orders come; chat keeps its time. */
Test(screens_80x24, a_refusal_goes_when_the_game_moves_on_and_chat_stays)
{
    start();
    table_of("boxing", "boxing");
    receive_state("boxing", 5, NULL); /* the moment the table is at */
    store_status(&a.st, true, app_now(), "Make 1 laser an engine (2): a robot has exactly four lasers.");
    receive_state("boxing", 6, NULL); /* the bot locks its layout in: the same moment */
    cr_assert(strstr(status_row(screen(80, 24)), "Make 1 laser an engine"), "%s", screen(80, 24));
    receive_state("boxing-orders", 7, NULL); /* the orders of turn 1: another moment */
    const char *text = screen(80, 24);
    cr_assert_null(strstr(text, "Make 1 laser"), "the layout's refusal went with the layout:\n%s", text);

    /* a chat line is news: it keeps its time whatever the game does */
    const char *chat = "{\"type\":\"chat\",\"room\":\"%s\",\"from\":{\"id\":\"p2\",\"name\":\"Bo\"},\"text\":\"good luck\"}";
    char line[300];
    snprintf(line, sizeof line, chat, a.st.room_code);
    app_receive(&a, line, strlen(line));
    receive_state("boxing-orders", 8, turn_two);
    cr_assert(strstr(status_row(screen(80, 24)), "Bo: good luck"));
    finish();
}

Test(screens_80x24, a_new_turn_is_a_new_moment)
{
    start();
    table_of("boxing-orders", "boxing");
    receive_state("boxing-orders", 5, NULL);
    store_status(&a.st, true, app_now(), "No working engine of yours drives E.");
    receive_state("boxing-orders", 6, turn_two);
    cr_assert_null(strstr(screen(80, 24), "No working engine"), "%s", screen(80, 24));
    finish();
}

/* Ricochet before the sand (items 8 and 16): no countdown on the turn bar
 * (the deadline is when the timer starts by itself, no one's limit, as in
 * the browser), and t is offered only once it may start the timer. */
static void sand_running(json_t *doc_or_state)
{
    json_t *state = json_object_get(doc_or_state, "state") ? json_object_get(doc_or_state, "state") : doc_or_state;
    json_t *view = json_object_get(state, "view");
    json_object_set_new(view, "timer", json_pack("{s:i, s:i}", "started", 240000, "ends", 300000));
    json_array_append_new(json_object_get(view, "bids"), json_pack("{s:i, s:i}", "seat", 1, "moves", 9));
}

static void idle_long_enough(json_t *d)
{
    json_object_set_new(json_object_get(json_object_get(d, "state"), "view"), "start_timer_at", json_integer(200000));
}

static const char *turn_bar(const char *text)
{
    static char row[4096];
    const char *p = strchr(text, '\n') + 1;
    snprintf(row, sizeof row, "%.*s", (int)strcspn(p, "\n"), p);
    return row;
}

Test(screens_80x24, ricochet_counts_down_only_the_sand_and_offers_t_only_when_it_works)
{
    start();
    table_of("ricochet", "ricochet");
    const char *text = screen(80, 24);
    cr_assert_null(strstr(turn_bar(text), "1:01"), "no clock before the sand runs: %s", turn_bar(text));
    whole(text, (const char *const[]){"Timer: the first bid starts it", "t starts it by hand in 0:01", NULL});
    cr_assert_null(strstr(text, "t start timer"), "t would be refused for 1 s more:\n%s", text);
    finish();

    start();
    table_of_changed("ricochet", "ricochet", idle_long_enough);
    text = screen(80, 24);
    footer_has(text, (const char *const[]){"1-9 bid", "t start timer", NULL});
    cr_assert_null(strstr(turn_bar(text), "1:01"), "still no countdown: %s", turn_bar(text));
    finish();

    start();
    table_of_changed("ricochet", "ricochet", sand_running);
    text = screen(80, 24);
    cr_assert(strstr(turn_bar(text), "1:01"), "the sand counts down: %s", turn_bar(text));
    cr_assert_null(strstr(text, "t start timer"), "the sand runs: t does nothing now:\n%s", text);
    finish();
}

static void round_over(json_t *d)
{
    json_object_set_new(json_object_get(json_object_get(d, "state"), "view"), "phase", json_string("round_over"));
}

Test(screens_80x24, ricochet_round_over_is_a_sentence)
{
    start();
    table_of_changed("ricochet", "ricochet", round_over);
    const char *text = screen(80, 24);
    cr_assert(strstr(turn_bar(text), " The round is over: p shows the best solution."), "%s", turn_bar(text));
    finish();
}

/* Item 15: untouched default options never read as changed. */
static const char *ricochet_room =
    "{\"type\":\"room\",\"code\":\"9W6HZ\",\"game\":\"ricochet\",\"title\":\"Ricochet Robots\",\"options\":{"
    "\"timer_s\":60,\"idle_min_s\":240,\"idle_s\":300,\"demo_s\":60,\"chips_to_win\":0,\"ricochet_rule\":true,"
    "\"silver\":false,\"sides\":\"AB\",\"pause_s\":8,\"bot_think_pct\":100,\"seed\":0,\"bot_takeover\":true},"
    "\"private\":false,\"host\":\"me\",\"status\":\"lobby\",\"min_players\":2,\"max_players\":8,\"seats\":["
    "{\"seat\":0,\"player\":{\"id\":\"me\",\"name\":\"Ada\"},\"bot\":null,\"connected\":true},"
    "{\"seat\":1,\"player\":null,\"bot\":null,\"connected\":true},{\"seat\":2,\"player\":null,\"bot\":null,\"connected\":true},"
    "{\"seat\":3,\"player\":null,\"bot\":null,\"connected\":true},{\"seat\":4,\"player\":null,\"bot\":null,\"connected\":true},"
    "{\"seat\":5,\"player\":null,\"bot\":null,\"connected\":true},{\"seat\":6,\"player\":null,\"bot\":null,\"connected\":true},"
    "{\"seat\":7,\"player\":null,\"bot\":null,\"connected\":true}],\"spectators\":0}";

Test(screens_80x24, the_room_never_lists_a_default_option_as_if_chosen)
{
    start();
    json_t *room = json_loads(ricochet_room, 0, NULL);
    store_apply(&a.st, room, app_now());
    const char *text = screen(80, 24);
    whole(text, (const char *const[]){"Every option at its default", NULL});
    cr_assert_null(strstr(text, "Sand timer"), "a default listed before \"the other options\":\n%s", text);
    /* one changed: it alone, then the others */
    json_object_set_new(json_object_get(room, "options"), "timer_s", json_integer(30));
    store_apply(&a.st, room, app_now());
    text = screen(80, 24);
    whole(text, (const char *const[]){"Sand timer (seconds): 30; the other options at their defaults", NULL});
    cr_assert_null(strstr(text, "Start the timer"), "%s", text);
    json_decref(room);
    finish();
}

/* Item 14: a full room says so to the watcher, and what to do. */
Test(screens_80x24, a_watcher_of_a_full_room_is_told_how_to_get_a_seat)
{
    start();
    json_t *room = json_loads(ricochet_room, 0, NULL);
    json_object_set_new(room, "max_players", json_integer(2));
    json_object_set_new(room, "host", json_string("p1"));
    json_t *seats = json_pack("[{s:i, s:{s:s, s:s}, s:n, s:b}, {s:i, s:n, s:s, s:b}]", "seat", 0, "player", "id", "p1",
                              "name", "Quinn", "bot", "connected", 1, "seat", 1, "player", "bot", "normal", "connected", 1);
    json_object_set_new(room, "seats", seats);
    char *msg = json_dumps(room, 0);
    a.join_to_play = true;
    app_receive(&a, msg, strlen(msg));
    free(msg);
    const char *text = screen(80, 24);
    whole(text, (const char *const[]){"Every seat is taken, so you are watching. To play, ask the host to free a "
                                      "seat (k removes a bot); then t takes it.",
                                      "Every seat in room 9W6HZ is taken: you watch. Ask the host to free a seat.",
                                      NULL});
    cr_assert_null(strstr(text, "t take seat"), "no seat to take: not offered:\n%s", text);
    json_decref(room);
    finish();
}

/* Item 9: the create form at 80x24 and 120x40, each row selected: every
 * choice in whole words (its full label in the help when selected). */
Test(screens_80x24, the_create_form_shows_whole_choices_at_80x24_and_120x40)
{
    static const int sizes[][2] = {{80, 24}, {120, 40}};
    for (size_t k = 0; k < 2; k++) {
        start();
        const json_t *g;
        size_t i;
        json_array_foreach(a.st.games, i, g) {
            char why[200];
            cr_assert_eq(form_build(&a.form, a.st.games, json_string_value(json_object_get(g, "id")), why, sizeof why), 0);
            a.form_open = true;
            for (int row = 0; row < form_rows(&a.form); row++) {
                a.form.row = row;
                a.form_scroll = 0;
                int h = sizes[k][1];
                if (row >= screens_form_rows(h))
                    a.form_scroll = row - screens_form_rows(h) + 1;
                const char *text = screen(sizes[k][0], h);
                if (row == 0 && strcmp(form_game(&a.form), "ricochet") == 0)
                    whole(text, (const char *const[]){"Board sides Sides A and B (the original game)", NULL});
                if (row == 0 || row == a.form.nfields + 1)
                    continue;
                form_field *fl = &a.form.fields[row - 1];
                for (int c = 0; c < fl->nchoices; c++) {
                    fl->value = c;
                    text = screen(sizes[k][0], h);
                    char value[160];
                    form_value_text(fl, value, sizeof value);
                    whole(text, (const char *const[]){value, fl->help, NULL});
                }
                fl->value = fl->def;
            }
        }
        finish();
    }
}

/* Item 15: :create's refusals open the form with what was typed, by the
 * option's label, and say what to do, whole at 80x24. */
Test(screens_80x24, a_refused_create_line_opens_the_form_with_what_was_typed)
{
    start();
    a.gen = 0; /* nothing is sent: the refusal is the client's own */
    app_command(&a, "create ricochet silver=on timer_s=9999");
    cr_assert(a.form_open);
    const char *text = screen(80, 24);
    whole(text, (const char *const[]){"< Ricochet Robots >", "Silver robot on changed", "Sand timer (seconds) 9999",
                                      "! Sand timer (seconds) is 2 to 600, not 9999. Change it here, then Enter creates "
                                      "the room.",
                                      NULL});
    cr_assert_null(strstr(text, "timer_s is"), "the label, not the wire name:\n%s", text);
    app_command(&a, "open"); /* Enter: the number is brought into range, and said */
    text = screen(80, 24);
    whole(text, (const char *const[]){"! Sand timer (seconds) is 2 to 600: it is 600 now. Enter again creates the room.",
                                      NULL});

    app_command(&a, "cancel");
    app_command(&a, "create ricochet sand=30");
    text = screen(80, 24);
    whole(text, (const char *const[]){"! Ricochet Robots has no option \"sand\". Its options are the rows below, by "
                                      "their labels; each row's help gives the NAME=VALUE to type.",
                                      NULL});
    app_command(&a, "cancel");
    app_command(&a, "create chess");
    text = screen(80, 24);
    whole(text, (const char *const[]){"the games are ricochet, manoover, boxing, robotwars, roborally and testgame.",
                                      NULL});
    finish();
}

/* Item 12: a bad room code, said whole in sentences on the status line. */
Test(screens_80x24, a_bad_room_code_is_said_whole)
{
    start();
    a.gen = 0;
    app_command(&a, "join O0IL1");
    const char *text = screen(80, 24);
    whole(text, (const char *const[]){"! \"O0IL1\" is not a room code. Codes are 5 letters and digits, such as K7P2X, "
                                      "and never use O, 0, I, L or 1. Type join CODE, or paste the room's link.",
                                      NULL});
    finish();
}
