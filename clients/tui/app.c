/* app.c: the main loop, the commands, and the glue. */
#include "app.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "client.h"
#include "cmd.h"
#include "names.h"
#include "proto.h"
#include "screens.h"
#include "term.h"

/* A ping every PING_MS while online; no message at all for DEAD_MS means the
 * link is dead even if TCP has not noticed, and it is dropped. */
#define PING_MS 15000
#define DEAD_MS 40000

int64_t app_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void debug_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void debug_log(const char *fmt, ...)
{
    const char *path = getenv("BOTPIT_TUI_LOG");
    FILE *f = path ? fopen(path, "a") : NULL;
    if (!f)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(f, "%lld ", (long long)app_now());
    vfprintf(f, fmt, ap);
    fputc('\n', f);
    va_end(ap);
    fclose(f);
}

static void status(app *a, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void status(app *a, bool error, const char *fmt, ...)
{
    char text[STORE_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    store_status(&a->st, error, app_now(), "%s", text);
}

/* A command's refusal as a sentence: a capital, a full stop. */
static void refuse(app *a, const char *why)
{
    size_t n = strlen(why);
    status(a, true, "%c%s%s", toupper((unsigned char)why[0]), why[0] ? why + 1 : "",
           n && strchr(".!?", why[n - 1]) ? "" : ".");
}

/* ---- sending ---- */

/* Sends msg (stolen) with a fresh id; returns the id, or -1 when offline. */
static void on_seat_request(app *a, const json_t *m, const char *type);
static long long send_msg(app *a, json_t *msg);

long long app_send(app *a, json_t *msg)
{
    return send_msg(a, msg);
}

void app_say(app *a, bool error, const char *text)
{
    status(a, error, "%s", text);
}

static long long send_msg(app *a, json_t *msg)
{
    if (!msg)
        return -1;
    long long id = ++a->next_id;
    char *text = proto_client_encode(msg, id);
    json_decref(msg);
    /* before the welcome only the hello may go */
    if (!a->gen || !a->st.welcomed || !text || conn_send(a->net, a->gen, text) < 0) {
        status(a, true, "Not sent: you are offline right now (%s).",
               a->st.link == STORE_REPLACED ? "type :reconnect to play here" : "reconnecting");
        return -1;
    }
    return id;
}

static void send_hello(app *a)
{
    const char *token = a->cfg_ok ? config_token(&a->cfg, a->endpoint) : NULL;
    /* A link code names the player instead: its own name and token come back. */
    json_t *m = a->pending_link[0] ? proto_client_hello_link(a->pending_link, NULL)
                                   : proto_client_hello(a->st.name, token);
    long long id = ++a->next_id;
    char *text = proto_client_encode(m, id);
    json_decref(m);
    if (text && conn_send(a->net, a->gen, text) == 0)
        a->hello_id = id;
}

static void remember(app *a)
{
    if (!a->cfg_ok)
        return;
    char why[300];
    config_set_name(&a->cfg, a->st.name);
    if (a->st.token[0])
        config_set_token(&a->cfg, a->endpoint, a->st.token);
    if (config_save(&a->cfg, why, sizeof why) < 0)
        status(a, true, "%s", why);
}

/* ---- the table (the game's renderer) ---- */

static int ops_act(table *t, json_t *action)
{
    app *a = t->frame;
    long long id = send_msg(a, proto_client_act(action));
    json_decref(action);
    if (id < 0)
        return -1;
    a->act_ids[a->nact_ids++ % 16] = id;
    return 0;
}

static void ops_notify(table *t, bool error, const char *text)
{
    status(t->frame, error, "%s", text);
}

static void ops_prompt(table *t, const char *text)
{
    app *a = t->frame;
    a->input = INPUT_COMMAND;
    edit_set(&a->line, text);
}

static void ops_retract(table *t, const char *text)
{
    app *a = t->frame;
    if (strcmp(a->st.status, text) == 0)
        a->st.status[0] = 0;
}

static const table_ops frame_ops = {ops_act, ops_notify, ops_prompt, ops_retract};

void app_read_table(const app *a, table *t)
{
    *t = (table){0};
    t->view = a->st.view;
    t->seat = a->st.seat;
    t->seq = a->st.seq;
    t->events = a->st.events;
    t->room = a->st.room;
    t->result = a->st.result;
    t->my_name = a->st.name;
    t->now = app_now();
    t->has_deadline = a->st.has_deadline;
    t->deadline_at = a->st.deadline_at;
    t->has_game_clock = a->st.has_game_clock;
    t->game_offset = a->st.game_offset;
}

table *app_table(app *a)
{
    table *t = &a->tbl;
    app_read_table(a, t);
    t->ops = &frame_ops;
    t->frame = a;
    return t;
}

static void table_close(app *a)
{
    if (a->ui && a->ui->fini)
        a->ui->fini(a->ui_self);
    free(a->ui_self);
    a->ui = NULL;
    a->ui_self = NULL;
    a->ui_room[0] = 0;
    a->log_open = false;
}

/* Opens the renderer for the room on the table, once per room. */
static void table_open(app *a)
{
    const char *game = store_game_id(&a->st);
    if (!game || !a->st.view)
        return;
    if (a->ui && strcmp(a->ui_room, a->st.room_code) == 0)
        return;
    table_close(a);
    a->ui = game_ui_find(game);
    a->ui_self = calloc(1, a->ui->size ? a->ui->size : 1);
    snprintf(a->ui_room, sizeof a->ui_room, "%s", a->st.room_code);
    if (a->ui->init)
        a->ui->init(a->ui_self, app_table(a));
}

/* The generic log line for an event its renderer does not describe. */
static void generic_event(app *a, const json_t *ev, char *buf, size_t len)
{
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    const json_t *seat = json_object_get(ev, "seat");
    if (json_is_integer(seat)) {
        char name[100];
        names_seat(a->st.room, (int)json_integer_value(seat), name, sizeof name);
        snprintf(buf, len, "%s: %s", name, kind ? kind : "event");
    } else {
        snprintf(buf, len, "%s", kind ? kind : "event");
    }
}

static void table_update(app *a)
{
    table_open(a);
    if (!a->ui)
        return;
    table *t = app_table(a);
    if (a->ui->update)
        a->ui->update(a->ui_self, t);
    size_t i;
    const json_t *ev;
    json_array_foreach(a->st.events, i, ev) {
        char line[STORE_TEXT_MAX];
        bool said = a->ui->describe && a->ui->describe(a->ui_self, t, ev, line, sizeof line);
        if (!said && a->ui == &fallback_ui)
            generic_event(a, ev, line, sizeof line), said = true;
        if (said && line[0])
            store_log(&a->st, LOG_EVENT, NULL, line);
    }
    json_array_clear(a->st.events);
}

static bool is_our_act(app *a, long long id)
{
    for (int i = 0; i < 16 && i < a->nact_ids; i++) {
        if (a->act_ids[i] == id)
            return true;
    }
    return false;
}

static void run_line(app *a, const char *line);

/* ---- what players have done; carrying the identity ---- */

static const json_t *selected_room(const app *a);

/* The hand-off to a finished game's replay (`:replay ID`): the overlay
 * closes and the replay opens in its place. */
static void open_replay(app *a, long long id)
{
    char text[24];
    snprintf(text, sizeof text, "%lld", id);
    a->records = RECORDS_NONE;
    app_replay_command(a, text);
}

/* The game the history overlay has chosen: its result id, or -1. */
static long long chosen_game(const app *a)
{
    const json_t *row = json_array_get(json_object_get(a->st.history, "recent"), (size_t)a->records_sel);
    return row ? (long long)json_integer_value(json_object_get(row, "id")) : -1;
}

int app_records_rows(const app *a)
{
    if (a->records == RECORDS_HISTORY)
        return (int)json_array_size(json_object_get(a->st.history, "recent"));
    if (a->records == RECORDS_RATINGS)
        return (int)json_array_size(json_object_get(a->st.ratings, "players"));
    return 0;
}

/* What the server answered to :history, :ratings and :link. */
static void records_answer(app *a, unsigned changed)
{
    if (changed & (STORE_HISTORY | STORE_RATINGS)) {
        a->records = changed & STORE_HISTORY ? RECORDS_HISTORY : RECORDS_RATINGS;
        a->records_sel = 0;
        a->help_open = false;
    }
    /* The games are on screen: "Asking for your games..." under them is old news. */
    size_t n = strlen(a->st.status);
    if ((changed & STORE_HISTORY) && strncmp(a->st.status, "Asking for ", 11) == 0 && n > 9
        && strcmp(a->st.status + n - 9, " games...") == 0)
        a->st.status[0] = 0;
    if (changed & STORE_LINK) {
        int minutes = (int)((a->st.link_until - app_now() + 59999) / 60000);
        status(a, false, "Your code: %s. Type it on the other device: once, within %d minutes.",
               a->st.link_code, minutes);
        char line[200];
        snprintf(line, sizeof line, "Code for another device: %s (works once, for %d minutes)",
                 a->st.link_code, minutes);
        store_log(&a->st, LOG_INFO, NULL, line);
    }
}

/* :link CODE: say hello again with the code; the welcome makes this
 * terminal its player (remember() keeps the token). */
static void link_with(app *a, const char *typed)
{
    char code[16];
    int n = 0;
    for (const char *c = typed; *c && n < 8; c++) {
        if (*c == ' ' || *c == '-')
            continue;
        code[n++] = (char)toupper((unsigned char)*c);
    }
    code[n] = 0;
    if (n != 8 || strspn(code, PROTO_CODE_ALPHABET) != 8 || strlen(typed) > 12) {
        status(a, true, "A code is 8 letters and digits, like K7P2-X9QM: show one on the device where you already play.");
        return;
    }
    snprintf(a->pending_link, sizeof a->pending_link, "%s", code);
    status(a, false, "Taking the identity of code %.4s-%.4s...", code, code + 4);
    a->quiet_drop = a->gen != 0;
    if (a->gen && !a->st.welcomed)
        send_hello(a);
    else {
        conn_drop(a->net);
        conn_retry(a->net);
    }
}

/* A refused code: said on the status line; the terminal goes on as it was. */
static void link_refused(app *a, const json_t *m)
{
    const char *message = json_string_value(json_object_get(m, "message"));
    char text[STORE_TEXT_MAX];
    snprintf(text, sizeof text, "%s", message ? message : "that code did not work");
    text[0] = (char)toupper((unsigned char)text[0]);
    a->pending_link[0] = 0;
    a->quiet_drop = true;
    conn_drop(a->net);
    conn_retry(a->net);
    snprintf(a->link_refusal, sizeof a->link_refusal, "%.296s.", text);
    status(a, true, "%s", a->link_refusal);
}

static void records_key(app *a, int key)
{
    int rows = app_records_rows(a);
    if (key == K_UP || key == K_DOWN || key == K_PGUP || key == K_PGDN) {
        int step = key == K_PGUP || key == K_PGDN ? 10 : 1;
        int sel = a->records_sel + (key == K_UP || key == K_PGUP ? -step : step);
        a->records_sel = sel < 0 ? 0 : sel >= rows ? (rows > 0 ? rows - 1 : 0) : sel;
    } else if (key == K_ENTER && a->records == RECORDS_HISTORY && chosen_game(a) >= 0) {
        open_replay(a, chosen_game(a));
    } else {
        a->records = RECORDS_NONE;
    }
}

static void cmd_records(app *a, const cmd *c)
{
    if (c->id == CMD_HISTORY) {
        if (send_msg(a, proto_client_history(c->text)) >= 0)
            status(a, false, "Asking for %s games...", c->text ? "that player's" : "your");
        return;
    }
    if (c->id == CMD_LINK) {
        if (c->text)
            link_with(a, c->text);
        else if (send_msg(a, proto_client_verb(PROTO_LINK_CODE)) >= 0)
            status(a, false, "Asking for a code...");
        return;
    }
    const char *game = c->text ? c->text : store_game_id(&a->st);
    if (!game)
        game = json_string_value(json_object_get(selected_room(a), "game"));
    if (!game) {
        status(a, true, "Which game? Type :ratings and its id (ricochet, manoover, boxing, roborally, robotwars).");
        return;
    }
    send_msg(a, proto_client_ratings(game));
}

/* A join, remembered in case the answer is `moved`, and whether it asked
 * for a seat (say_joined explains being left to watch). */
static long long send_join(app *a, const char *code, bool spectate)
{
    long long id = send_msg(a, proto_client_join(code, spectate ? "spectator" : NULL));
    a->join_id = id;
    a->join_spectate = spectate;
    a->join_to_play = id >= 0 && !spectate;
    return id;
}

/* ---- server messages ---- */

static void after_welcome(app *a)
{
    remember(a);
    send_msg(a, proto_client_verb(PROTO_GAMES));
    if (!a->st.room)
        send_msg(a, proto_client_rooms(true));
    if (a->rejoin[0]) { /* the join a node moved us for, again on this one */
        if (!a->st.room || strcmp(a->st.room_code, a->rejoin) != 0)
            send_join(a, a->rejoin, a->rejoin_spectate);
        a->rejoin[0] = 0;
    }
    if (a->started_actions)
        return;
    a->started_actions = true;
    if (a->opts.join[0])
        send_join(a, a->opts.join, false);
    else if (a->opts.spectate[0])
        send_join(a, a->opts.spectate, true);
}

/* Distributed mode: another node holds the room. The link goes there (the
 * same token says hello), and a join it answered is sent again there. */
#define MOVES_MAX 5
static void on_moved(app *a, const json_t *m, long long id)
{
    const char *code = json_string_value(json_object_get(m, "room"));
    const char *where = json_string_value(json_object_get(m, "url"));
    url target;
    char why[300];
    if (!code || !where || url_parse(where, &target, why, sizeof why) < 0) {
        status(a, true, "The server sent us to an address we cannot use (%s).", where ? where : "none");
        return;
    }
    if (++a->moves > MOVES_MAX) {
        a->moves = 0;
        status(a, true, "The server keeps sending us elsewhere for room %s; try again in a moment.",
               code);
        return;
    }
    if (id >= 0 && id == a->join_id) {
        snprintf(a->rejoin, sizeof a->rejoin, "%s", code);
        a->rejoin_spectate = a->join_spectate;
    }
    debug_log("moved: room %s is at %s", code, where);
    status(a, false, "Room %s is on another server node; going there...", code);
    a->quiet_drop = true;
    conn_redirect(a->net, &target);
}

/* Opens the create form as f, with why it is not a room yet under its
 * options (refusal: "" for nothing to say). */
static void open_form(app *a, const form *f, const char *refusal, bool from_server)
{
    a->form = *f;
    a->form_open = true;
    a->form_scroll = 0;
    snprintf(a->form_refusal, sizeof a->form_refusal, "%s", refusal);
    a->form_refused_by_server = from_server && refusal[0];
}

/* --create GAME: the form, once the games are known and we are in no room.
 * Coming back to a room we were watching, we leave it for the form (a
 * spectator has nothing to lose); back in a seat, we say how to go. */
static void create_asked(app *a)
{
    if (!a->opts.create || !a->st.games || a->form_open || a->room_due)
        return;
    if (a->st.room && store_my_seat(&a->st) < 0) {
        if (send_msg(a, proto_client_verb(PROTO_LEAVE)) >= 0)
            status(a, false, "Leaving room %s, which you were watching, for the form of a new room.", a->st.room_code);
        return;
    }
    if (a->st.room) {
        status(a, false, "You are back in your seat in room %s: L leaves it, then the form of a new room opens.",
               a->st.room_code);
        return;
    }
    char err[400] = "";
    form f;
    if (form_build(&f, a->st.games, a->opts.create, err, sizeof err) == 0 || f.ngames > 0)
        open_form(a, &f, err, false);
    else
        refuse(a, err);
    a->opts.create = NULL;
}

/* The moment the status line belongs to: the screen, the room, its
 * status, and the game's moment of play (the renderer's, or the view's
 * phase and turn). */
static void moment_now(app *a, char *buf, size_t len)
{
    const char *status = store_room_status(&a->st);
    int n = snprintf(buf, len, "%d/%s/%s/", (int)app_screen(a), a->st.room_code, status ? status : "");
    if (n < 0 || (size_t)n >= len || !a->st.view || !a->ui)
        return;
    table *t = app_table(a);
    if (a->ui->moment)
        a->ui->moment(a->ui_self, t, buf + n, len - (size_t)n);
    else
        table_moment(t, buf + n, len - (size_t)n);
}

/* One rule for the status line: a line belongs to the moment that made it.
 * When a message or a key moves the screen, the room or the game on (a new
 * phase, turn, round, the game starting or ending, the create form
 * opening), a refusal, a "press again" or a notice made before it goes; a
 * line made by that message or key stays, and so does chat, which keeps
 * its own time. */
static void settle_moment(app *a, unsigned serial_before)
{
    char now[sizeof a->moment];
    moment_now(a, now, sizeof now);
    if (strcmp(now, a->moment) == 0)
        return;
    snprintf(a->moment, sizeof a->moment, "%s", now);
    if (a->st.status_serial == serial_before && !a->st.status_news)
        a->st.status[0] = 0;
}

/* Where a join put us: a seat, or watching, and then why and what to do. */
static void say_joined(app *a)
{
    const char *code = a->st.room_code, *now = store_room_status(&a->st);
    bool asked = a->join_to_play;
    a->join_to_play = false;
    if (!asked || store_my_seat(&a->st) >= 0 || !now) {
        status(a, false, "You are in room %s. Share the code %s with friends.", code, code);
    } else if (strcmp(now, "lobby") == 0) {
        status(a, false, "Every seat in room %s is taken: you watch. Ask the host to free a seat.", code);
    } else if (strcmp(now, "playing") == 0) {
        status(a, false, "Room %s is playing: you watch. :sit N asks the host for a bot's seat N.", code);
    } else {
        status(a, false, "The game in room %s is over; you are watching.", code);
    }
}

static void on_message(app *a, const char *text, size_t len);

void app_receive(app *a, const char *text, size_t len)
{
    unsigned serial = a->st.status_serial;
    on_message(a, text, len);
    settle_moment(a, serial);
}

static void on_message(app *a, const char *text, size_t len)
{
    char why[200];
    json_t *m = proto_client_decode(text, len, why, sizeof why);
    if (!m) {
        status(a, true, "%s", why);
        debug_log("garbage: %.200s", text);
        return;
    }
    proto_server_type type = proto_client_type(m);
    long long id = proto_client_reply_id(m);
    debug_log("recv %.300s", text);
    if (type == PROTO_S_ERROR && id >= 0 && id == a->hello_id && a->pending_link[0]) {
        link_refused(a, m);
        json_decref(m);
        return;
    }
    if (type == PROTO_S_ERROR && id >= 0 && id == a->hello_id) {
        const char *code = json_string_value(json_object_get(m, "code"));
        store_apply(&a->st, m, app_now());
        if (code && strcmp(code, "bad_name") == 0) {
            /* the same hello would only fail again: ask for another name */
            a->st.name[0] = 0;
            a->input = INPUT_NAME;
            edit_set(&a->line, "");
            conn_drop(a->net);
        } else if (code && strcmp(code, "unavailable") == 0) {
            /* the server cannot answer just now (its store, or a room being
             * moved between nodes): say hello again on a new link shortly */
            conn_drop(a->net);
        }
        json_decref(m);
        return;
    }
    if (type == PROTO_S_MOVED) {
        on_moved(a, m, id);
        json_decref(m);
        return;
    }
    bool had_room = a->st.room != NULL;
    unsigned changed = store_apply(&a->st, m, app_now());
    app_replay_message(a, m, id);
    if (changed & STORE_WELCOME) {
        a->room_due = json_is_string(json_object_get(m, "room"));
        if (a->room_due) {
            /* the server sends the room's recent chat again */
            a->st.log_count = 0;
        }
        status(a, false, "Connected to %s as %s.", a->endpoint, a->st.name);
        if (a->pending_link[0]) {
            a->pending_link[0] = 0;
            status(a, false, "This terminal now plays as %s, with their games and ratings (:history).",
                   a->st.name);
        } else if (a->link_refusal[0]) { /* back as before: the refusal stays in view */
            status(a, true, "%s", a->link_refusal);
            a->link_refusal[0] = 0;
        }
        after_welcome(a);
        app_replay_welcome(a);
    }
    records_answer(a, changed);
    if (changed & STORE_GAMES && a->pending_create[0]) {
        char line[sizeof a->pending_create];
        memcpy(line, a->pending_create, sizeof line);
        a->pending_create[0] = 0;
        run_line(a, line);
    }
    if (changed & (STORE_NEW_ROOM | STORE_LEFT))
        a->room_due = false;
    if (changed & (STORE_GAMES | STORE_NEW_ROOM | STORE_LEFT))
        create_asked(a);
    if (changed & (STORE_NEW_ROOM | STORE_ROOM))
        a->moves = 0; /* in a room again: moves so far were not going round in circles */
    if (changed & STORE_NEW_ROOM) {
        table_close(a);
        a->form_open = false;
        a->seat_sel = store_my_seat(&a->st) >= 0 ? store_my_seat(&a->st) : 0;
        if (!had_room)
            a->st.log_count = 0;
        say_joined(a);
    }
    if (changed & STORE_ROOM) {
        const char *st = store_room_status(&a->st);
        if (st && strcmp(st, "lobby") == 0)
            table_close(a);
        int n = store_seat_count(&a->st);
        if (a->seat_sel >= n)
            a->seat_sel = n > 0 ? n - 1 : 0;
        if (a->ui)
            table_update(a); /* names and seats changed */
    }
    if (changed & STORE_STATE)
        table_update(a);
    if (changed & STORE_LEFT) {
        table_close(a);
        send_msg(a, proto_client_rooms(true));
    }
    if (changed & STORE_ROOMS) {
        int n = store_lobby_count(&a->st);
        if (a->lobby_sel >= n)
            a->lobby_sel = n > 0 ? n - 1 : 0;
    }
    if (changed & STORE_CHAT && a->st.log_count > 0) {
        const store_line *l = store_log_line(&a->st, a->st.log_count - 1);
        if (l) {
            status(a, false, "%s: %s", l->from, l->text);
            a->st.status_news = true;
        }
    }
    if (id >= 0 && id == a->moderation_id) { /* the answer to a mute or a remove */
        if (type == PROTO_S_ROOM)
            status(a, false, "%s", a->moderation_done);
        a->moderation_id = 0;
    }
    const char *raw_type = json_string_value(json_object_get(m, "type"));
    if (raw_type && strncmp(raw_type, "sit_", 4) == 0)
        on_seat_request(a, m, raw_type);
    if (type == PROTO_S_ERROR && id >= 0 && id == a->create_id && !a->st.room) {
        /* said where the person is looking: in the form, with what was asked */
        snprintf(a->form_refusal, sizeof a->form_refusal, "%s", a->st.status);
        a->form_refused_by_server = true;
        a->form_open = true;
        a->st.status[0] = 0;
        a->create_id = 0;
    }
    if (type == PROTO_S_ERROR && id >= 0 && is_our_act(a, id) && a->ui && a->ui->refused) {
        a->ui->refused(a->ui_self, app_table(a), json_string_value(json_object_get(m, "code")),
                       json_string_value(json_object_get(m, "message")));
    }
    json_decref(m);
}

static void on_conn_event(app *a, conn_event *ev)
{
    int64_t now = app_now();
    switch (ev->kind) {
    case CONN_OPEN:
        debug_log("open gen %u", ev->gen);
        a->gen = ev->gen;
        a->last_rx = a->last_ping = now;
        a->st.welcomed = false;
        if (a->st.name[0])
            send_hello(a);
        break;
    case CONN_TEXT:
        if (ev->gen != a->gen)
            break;
        a->last_rx = now;
        app_receive(a, ev->text, ev->len);
        break;
    case CONN_CLOSED:
        debug_log("closed gen %u code %d (%s) retry %d", ev->gen, ev->code, ev->reason, ev->retry_ms);
        a->gen = 0;
        a->st.welcomed = false;
        if (ev->retry_ms < 0) {
            a->st.link = STORE_REPLACED;
            status(a, true, "You connected again from somewhere else; type :reconnect to play here.");
            break;
        }
        a->st.link = a->st.link == STORE_CONNECTING ? STORE_CONNECTING : STORE_RECONNECTING;
        a->retry_at = now + ev->retry_ms;
        if (a->quiet_drop)
            a->quiet_drop = false; /* we closed it ourselves to say hello again */
        else if (ev->was_open)
            status(a, true, "The connection dropped (%s); reconnecting...",
                   ev->reason[0] ? ev->reason : "no reason given");
        else
            status(a, true, "Cannot reach %s: %s. Trying again in %d s.", a->endpoint, ev->reason,
                   (ev->retry_ms + 999) / 1000);
        break;
    }
}

/* ---- commands ---- */

static bool in_game(const app *a)
{
    const char *st = store_room_status(&a->st);
    return st && strcmp(st, "playing") == 0 && store_my_seat(&a->st) >= 0;
}

static void ask(app *a, const char *question, const char *command)
{
    snprintf(a->confirm_text, sizeof a->confirm_text, "%s", question);
    snprintf(a->confirm_cmd, sizeof a->confirm_cmd, "%s", command);
    a->confirm_no[0] = 0;
}

/* Taking over a bot's seat mid-game needs the host's yes: the host is asked
 * (y: approve, n: deny), the asker told it waits, and told if refused. */
static void on_seat_request(app *a, const json_t *m, const char *type)
{
    int seat = (int)json_integer_value(json_object_get(m, "seat")) + 1;
    if (strcmp(type, "sit_pending") == 0) {
        status(a, false, "Asked the host for seat %d; you sit as soon as they agree.", seat);
    } else if (strcmp(type, "sit_request") == 0) {
        const json_t *from = json_object_get(m, "from");
        const char *id = json_string_value(json_object_get(from, "id"));
        const char *name = json_string_value(json_object_get(from, "name"));
        snprintf(a->sit_asker, sizeof a->sit_asker, "%s", id ? id : "");
        a->sit_seat = seat;
        char question[300];
        snprintf(question, sizeof question,
                 "%s asks to take over seat %d from its bot: they will see that seat's hidden "
                 "cards or plans and play it to the end. Let them? (y/n)",
                 name ? name : "A player", seat);
        ask(a, question, "approve");
        snprintf(a->confirm_no, sizeof a->confirm_no, "deny");
    } else if (strcmp(type, "sit_denied") == 0) {
        const char *player = json_string_value(json_object_get(m, "player"));
        if (player && strcmp(player, a->sit_asker) == 0)
            a->sit_asker[0] = 0;
        else if (player && a->st.my_id[0] && strcmp(player, a->st.my_id) == 0)
            status(a, true, "The host kept seat %d for its bot.", seat);
    }
}

static void answer_seat_request(app *a, bool yes)
{
    if (!a->sit_asker[0]) {
        status(a, true, "Nobody is asking for a seat.");
        return;
    }
    send_msg(a, json_pack("{s:s,s:s}", "type", yes ? "approve" : "deny", "player", a->sit_asker));
    a->sit_asker[0] = 0;
}

/* Is player object p (a seat's player or a watcher) called name (case
 * aside), or is name its id? */
static bool called(const json_t *p, const char *name)
{
    const char *n = json_string_value(json_object_get(p, "name"));
    const char *id = json_string_value(json_object_get(p, "id"));
    return (n && strcasecmp(n, name) == 0) || (id && strcmp(id, name) == 0);
}

/* The members of our room called name ({id, name}, and `connected` for a
 * watcher): the seated ones, then the watchers (only the host's room lists
 * them), at most max. Returns how many there are in all. */
static int members_called(const app *a, const char *name, const json_t **found, int max)
{
    const json_t *p;
    int n = 0;
    size_t i;
    json_array_foreach(json_object_get(a->st.room, "seats"), i, p) {
        const json_t *who = json_object_get(p, "player");
        if (called(who, name) && n++ < max)
            found[n - 1] = who;
    }
    json_array_foreach(json_object_get(a->st.room, "watchers"), i, p) {
        if (called(p, name) && n++ < max)
            found[n - 1] = p;
    }
    return n;
}

/* The member of our room called name, or NULL with the status line saying
 * why: nobody (and who is watching), or several (and their ids, which the
 * command takes instead of a name). */
static const json_t *member_called(app *a, const char *name)
{
    const json_t *found[4];
    int matches = members_called(a, name, found, 4);
    if (matches == 1)
        return found[0];
    char list[200] = "";
    if (matches > 1) {
        for (int i = 0; i < matches && i < 4; i++) {
            size_t used = strlen(list);
            bool away = json_is_false(json_object_get(found[i], "connected"));
            snprintf(list + used, sizeof list - used, "%s%s%s", i ? ", " : "",
                     json_string_value(json_object_get(found[i], "id")), away ? " (away)" : "");
        }
        status(a, true, "%d are called %s; use an id instead: %s.", matches, name, list);
        return NULL;
    }
    const json_t *watchers = json_object_get(a->st.room, "watchers"), *p;
    if (!json_is_array(watchers)) { /* not the host: the server would say no */
        status(a, true, "Only the host of this room can mute or remove someone.");
        return NULL;
    }
    size_t i;
    json_array_foreach(watchers, i, p) {
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "",
                 json_string_value(json_object_get(p, "name")));
    }
    status(a, true, "Nobody called %s is in this room. %s%s.", name,
           list[0] ? "Watching: " : "Nobody is watching", list);
    return NULL;
}

/* mute NAME, unmute NAME, remove NAME (host). */
static void moderate(app *a, const cmd *c)
{
    if (!a->st.room) {
        status(a, true, "You are in no room.");
        return;
    }
    char name[100];
    snprintf(name, sizeof name, "%s", c->text);
    size_t n = strlen(name);
    while (n && isspace((unsigned char)name[n - 1]))
        name[--n] = 0;
    const char *who = name;
    if (n >= 2 && name[0] == '"' && name[n - 1] == '"') { /* mute "Sam B" */
        name[n - 1] = 0;
        who = name + 1;
    }
    const json_t *member = member_called(a, who);
    const char *id = json_string_value(json_object_get(member, "id"));
    if (!id)
        return;
    who = json_string_value(json_object_get(member, "name"));
    json_t *m = c->id == CMD_REMOVE ? proto_client_kick_player(id)
                                    : proto_client_mute(id, c->id == CMD_MUTE);
    a->moderation_id = send_msg(a, m);
    snprintf(a->moderation_done, sizeof a->moderation_done, "%s %s.", who,
             c->id == CMD_MUTE     ? "is muted: their chat is not sent"
             : c->id == CMD_UNMUTE ? "may chat again"
                                   : "has been removed from the room");
}

static const json_t *selected_room(const app *a)
{
    bool ours;
    return store_lobby_room(&a->st, a->lobby_sel, &ours);
}

static void cmd_join(app *a, const cmd *c)
{
    char code[8];
    if (c->code[0]) {
        snprintf(code, sizeof code, "%s", c->code);
    } else {
        const char *sel = json_string_value(json_object_get(selected_room(a), "code"));
        if (!sel) {
            status(a, true, "Which room? Type its code: %s CODE.", c->id == CMD_JOIN ? "join" : "spectate");
            return;
        }
        snprintf(code, sizeof code, "%s", sel);
    }
    if (send_join(a, code, c->id == CMD_SPECTATE) >= 0)
        status(a, false, "Joining room %s...", code);
}

/* :create GAME OPTION=VALUE...: at once when all is well; else the form,
 * with what was typed and why it is not a room yet. */
static void cmd_create(app *a, const cmd *c)
{
    char why[400] = "";
    form f;
    int rc = form_build(&f, a->st.games, c->text, why, sizeof why);
    if (rc < 0 && f.ngames == 0) {
        refuse(a, why);
        return;
    }
    if (!c->text || rc < 0) {
        open_form(a, &f, why, false);
        return;
    }
    for (int i = 0; i < c->argc; i++) {
        if (form_set(&f, c->argv[i], why, sizeof why) < 0) {
            open_form(a, &f, why, false);
            return;
        }
    }
    /* the form keeps what was asked: a refusal opens it, showing why */
    a->form = f;
    a->form_scroll = 0;
    a->form_refusal[0] = 0;
    json_t *options = form_options(&f);
    a->create_id = send_msg(a, proto_client_create(form_game(&f), options, f.is_private));
    json_decref(options);
}

static void submit_form(app *a)
{
    char why[300];
    if (form_commit(&a->form, why, sizeof why) < 0) {
        snprintf(a->form_refusal, sizeof a->form_refusal, "%s. Enter again creates the room.", why);
        a->form_refused_by_server = false;
        return;
    }
    json_t *options = form_options(&a->form);
    a->form_refusal[0] = 0;
    a->create_id = send_msg(a, proto_client_create(form_game(&a->form), options, a->form.is_private));
    if (a->create_id >= 0)
        status(a, false, "Creating a room of %s...", a->form.game_titles[a->form.game]);
    json_decref(options);
}

static void submit_name(app *a, const char *text)
{
    char clean[4 * PROTO_NAME_MAX + 1], why[200];
    if (!proto_clean_name(text, clean, sizeof clean, why, sizeof why)) {
        status(a, true, "That name will not do: %s.", why);
        return;
    }
    bool renamed = a->st.name[0] && strcmp(a->st.name, clean) != 0;
    snprintf(a->st.name, sizeof a->st.name, "%s", clean);
    a->input = INPUT_NONE;
    remember(a);
    if (a->gen && !a->st.welcomed && !renamed)
        send_hello(a);
    else if (renamed || a->gen) {
        /* a new name needs a new hello: the server keeps the seat (token) */
        status(a, false, "Reconnecting as %s...", clean);
        a->quiet_drop = a->gen != 0;
        conn_drop(a->net);
    }
}

/* The seat a seat command means: the one given, or the selected one. */
static int seat_of(const app *a, const cmd *c)
{
    return c->seat >= 0 ? c->seat : a->seat_sel;
}

/* Whether `sit` on seat can do anything, else the status line says who
 * has it and what to do. A bot's seat in play is asked of the host. */
static bool seat_free_for_us(app *a, int seat)
{
    const json_t *st = json_array_get(json_object_get(a->st.room, "seats"), (size_t)seat);
    const char *now = store_room_status(&a->st);
    if (!json_is_object(st) || !now || seat == store_my_seat(&a->st))
        return true; /* the server's word */
    bool bot = json_is_string(json_object_get(st, "bot")), person = json_is_object(json_object_get(st, "player"));
    char name[100];
    names_seat(a->st.room, seat, name, sizeof name);
    if (person && !bot) {
        status(a, true, "Seat %d is %s's%s.", seat + 1, name,
               strcmp(now, "lobby") == 0 ? "; pick an empty seat" : " until the game ends");
        return false;
    }
    if (!bot || strcmp(now, "lobby") != 0)
        return true;
    if (store_is_host(&a->st))
        status(a, true, "Seat %d is taken by %s: k removes the bot, then t takes the seat.", seat + 1, name);
    else
        status(a, true, "Seat %d is taken by %s; ask the host to remove the bot first.", seat + 1, name);
    return false;
}

/* "bot" on a bot seat moves it to the next level. */
static const char *next_bot_level(app *a, int seat, const char *given)
{
    if (given && *given)
        return given;
    const json_t *st = json_array_get(json_object_get(a->st.room, "seats"), (size_t)seat);
    const char *now = json_string_value(json_object_get(st, "bot"));
    const json_t *levels = json_object_get(store_game(&a->st, store_game_id(&a->st)), "bot_levels");
    size_t n = json_array_size(levels);
    if (!now || n == 0)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(json_string_value(json_array_get(levels, i)), now) == 0)
            return json_string_value(json_array_get(levels, (i + 1) % n));
    }
    return NULL;
}

static void move_selection(app *a, int delta)
{
    km_screen s = app_screen(a);
    if (a->help_open) {
        a->help_scroll += delta;
        if (a->help_scroll < 0)
            a->help_scroll = 0;
    } else if (s == KM_LOBBY) {
        int n = store_lobby_count(&a->st);
        if (n)
            a->lobby_sel = (a->lobby_sel + delta + n) % n;
    } else if (s == KM_ROOM) {
        int n = store_seat_count(&a->st);
        if (n)
            a->seat_sel = (a->seat_sel + delta + n) % n;
    } else if (s == KM_CREATE) {
        form_move(&a->form, delta);
        a->form_refusal[0] = 0; /* read: the row's help has the room now */
    } else if (s == KM_TABLE || s == KM_REPLAY) {
        a->log_scroll -= delta;
        if (a->log_scroll < 0)
            a->log_scroll = 0;
    }
}

static void cancel(app *a)
{
    if (a->records != RECORDS_NONE)
        a->records = RECORDS_NONE;
    else if (a->help_open)
        a->help_open = false;
    else if (a->confirm_text[0])
        a->confirm_text[0] = 0;
    else if (a->log_open)
        a->log_open = false;
    else if (a->rp_log_open)
        a->rp_log_open = false;
    else if (a->form_open)
        a->form_open = false;
}

static void exec_core(app *a, const cmd *c)
{
    bool room = a->st.room != NULL;
    switch (c->id) {
    case CMD_HELP:
        a->help_open = true;
        a->help_scroll = 0;
        break;
    case CMD_QUIT:
        if (in_game(a) && !c->force)
            ask(a, "Quit in the middle of the game? Your seat is kept for you for a while "
                   "(a bot plays it after the grace period).", "quit!");
        else
            a->running = false;
        break;
    case CMD_NAME:
        submit_name(a, c->text);
        break;
    case CMD_RECONNECT:
        a->st.link = STORE_RECONNECTING;
        a->quiet_drop = a->gen != 0;
        conn_drop(a->net);
        conn_retry(a->net);
        status(a, false, "Reconnecting...");
        break;
    case CMD_CANCEL:
        cancel(a);
        break;
    case CMD_REDRAW:
        term_force_redraw();
        break;
    case CMD_LOG:
        if (a->rp.open)
            a->rp_log_open = !a->rp_log_open;
        else
            a->log_open = !a->log_open;
        a->log_scroll = 0;
        break;
    case CMD_CREATE:
        cmd_create(a, c);
        break;
    case CMD_JOIN:
    case CMD_SPECTATE:
        cmd_join(a, c);
        break;
    case CMD_ROOMS:
        send_msg(a, proto_client_rooms(true));
        break;
    case CMD_PREV:
    case CMD_NEXT:
        move_selection(a, c->id == CMD_PREV ? -1 : 1);
        break;
    case CMD_LEFT:
    case CMD_RIGHT:
        if (a->form_open && !room) {
            form_change(&a->form, c->id == CMD_LEFT ? -1 : 1, a->st.games);
            a->form_refusal[0] = 0; /* it spoke of what was there before */
        }
        break;
    case CMD_OPEN:
        if (a->form_open && !room)
            submit_form(a);
        break;
    case CMD_LEAVE:
        if (!room)
            status(a, true, "You are in no room.");
        else if (in_game(a) && !c->force)
            ask(a, "Leave the game in progress? A bot takes over your seat.", "leave!");
        else
            send_msg(a, proto_client_verb(PROTO_LEAVE));
        break;
    case CMD_SIT:
        if (seat_free_for_us(a, seat_of(a, c)))
            send_msg(a, proto_client_sit(seat_of(a, c)));
        break;
    case CMD_STAND:
        send_msg(a, proto_client_verb(PROTO_STAND));
        break;
    case CMD_BOT: {
        int seat = seat_of(a, c);
        send_msg(a, proto_client_bot(seat, next_bot_level(a, seat, c->level)));
        break;
    }
    case CMD_KICK:
        send_msg(a, proto_client_kick(seat_of(a, c)));
        break;
    case CMD_MUTE:
    case CMD_UNMUTE:
    case CMD_REMOVE:
        moderate(a, c);
        break;
    case CMD_APPROVE:
    case CMD_DENY:
        answer_seat_request(a, c->id == CMD_APPROVE);
        break;
    case CMD_START:
        send_msg(a, proto_client_verb(PROTO_START));
        break;
    case CMD_REMATCH:
        send_msg(a, proto_client_verb(PROTO_REMATCH));
        break;
    case CMD_CHAT:
        if (!room)
            status(a, true, "Chat is for rooms: join or create one first.");
        else
            send_msg(a, proto_client_chat(c->text));
        break;
    case CMD_REPLAY:
        app_replay_command(a, c->text);
        break;
    case CMD_HISTORY:
    case CMD_RATINGS:
    case CMD_LINK:
        cmd_records(a, c);
        break;
    case CMD_ACT: {
        json_error_t err;
        json_t *action = json_loads(c->text, 0, &err);
        if (!json_is_object(action))
            status(a, true, "An action is a JSON object, such as {\"kind\": \"pass\"}%s%s.",
                   action ? "" : ": ", action ? "" : err.text);
        else if (!a->ui)
            status(a, true, "There is no game on the table to act in.");
        else
            ops_act(app_table(a), json_incref(action));
        json_decref(action);
        break;
    }
    default:
        break;
    }
}

static void run_line(app *a, const char *line)
{
    char why[400];
    cmd_words w;
    int argc = cmd_split(line, &w, why, sizeof why);
    if (argc < 0) {
        refuse(a, why);
        return;
    }
    if (argc == 0)
        return;
    cmd c;
    cmd_result r = cmd_parse(&w, &c, why, sizeof why);
    if (r == CMD_ERROR) {
        refuse(a, why);
        return;
    }
    if (r == CMD_CORE && c.id == CMD_CREATE && !a->st.games) {
        /* the options are checked against the games message: wait for it */
        snprintf(a->pending_create, sizeof a->pending_create, "%s", line);
        status(a, false, "Waiting for the server's list of games...");
        return;
    }
    if (r == CMD_CORE) {
        exec_core(a, &c);
        return;
    }
    if (a->ui && a->ui->command) {
        const char *rest = argc > 1 ? w.rest[1] : "";
        int done = a->ui->command(a->ui_self, app_table(a), argc, w.argv, rest);
        if (done != GAME_CMD_UNKNOWN)
            return;
    }
    if (strcasecmp(w.argv[0], "replay") == 0) { /* no game took it: the replay of a finished game */
        app_replay_command(a, NULL);
        return;
    }
    status(a, true, "There is no command \"%.40s\" here; ? lists the keys and :help the commands.",
           w.argv[0]);
}

void app_command(app *a, const char *line)
{
    run_line(a, line);
}

/* ---- keys ---- */

km_screen app_screen(const app *a)
{
    if (a->input == INPUT_NAME || !a->st.name[0])
        return KM_NAME;
    if (a->rp.open)
        return KM_REPLAY;
    const char *st = store_room_status(&a->st);
    if (st)
        return strcmp(st, "lobby") == 0 || !a->st.view ? KM_ROOM : KM_TABLE;
    return a->form_open ? KM_CREATE : KM_LOBBY;
}

unsigned app_key_state(const app *a)
{
    unsigned s = 0;
    if (store_is_host(&a->st))
        s |= KM_HOST;
    const char *st = store_room_status(&a->st);
    if (st && strcmp(st, "lobby") == 0)
        s |= KM_ROOM_LOBBY;
    if (st && strcmp(st, "over") == 0)
        s |= KM_ROOM_OVER;
    if (st && strcmp(st, "playing") == 0)
        s |= KM_PLAYING;
    if (store_my_seat(&a->st) >= 0)
        s |= KM_SEATED;
    if (store_lobby_count(&a->st) > 0)
        s |= KM_HAS_ROOMS;
    size_t i;
    const json_t *seat;
    json_array_foreach(json_object_get(a->st.room, "seats"), i, seat) {
        if (!json_is_object(json_object_get(seat, "player")) && !json_is_string(json_object_get(seat, "bot")))
            s |= KM_SEAT_FREE;
    }
    return s;
}

static void history_add(app *a, const char *line)
{
    if (!*line)
        return;
    if (a->nhistory > 0 && strcmp(a->history[(a->nhistory - 1) % APP_HISTORY], line) == 0)
        return;
    char *slot = a->history[a->nhistory++ % APP_HISTORY];
    size_t n = strlen(line);
    if (n >= sizeof a->history[0])
        n = sizeof a->history[0] - 1; /* a cut character is dropped when recalled */
    memcpy(slot, line, n);
    slot[n] = 0;
}

static void history_step(app *a, int delta)
{
    int oldest = a->nhistory > APP_HISTORY ? a->nhistory - APP_HISTORY : 0;
    int pos = a->history_pos + delta;
    if (pos < oldest || pos > a->nhistory)
        return;
    a->history_pos = pos;
    edit_set(&a->line, pos == a->nhistory ? "" : a->history[pos % APP_HISTORY]);
}

static void input_key(app *a, int key)
{
    if (key == K_ENTER) {
        char text[EDIT_MAX * 4];
        edit_text(&a->line, text, sizeof text);
        if (a->input == INPUT_NAME) {
            submit_name(a, text);
            return;
        }
        a->input = INPUT_NONE;
        history_add(a, text);
        run_line(a, text);
    } else if (key == K_ESC) {
        if (a->input == INPUT_NAME)
            a->running = false;
        a->input = INPUT_NONE;
    } else if (key == K_UP || key == K_DOWN) {
        if (a->input == INPUT_COMMAND)
            history_step(a, key == K_UP ? -1 : 1);
    } else if (key == K_BACKSPACE && a->line.len == 0 && a->input == INPUT_COMMAND) {
        a->input = INPUT_NONE;
    } else {
        edit_key(&a->line, key);
    }
}

static void open_prompt(app *a, const char *text)
{
    a->input = INPUT_COMMAND;
    a->history_pos = a->nhistory;
    edit_set(&a->line, text);
}

static void click(app *a, int y, int x)
{
    const char *command = cv_click_find(&a->grid, y, x);
    if (!command)
        return;
    if (command[0] == ':')
        open_prompt(a, command + 1);
    else
        run_line(a, command);
}

static void handle_key(app *a, int key, int my, int mx)
{
    if (key == K_RESIZE)
        return;
    if (key == K_MOUSE) {
        if (a->confirm_text[0] || a->help_open || a->records != RECORDS_NONE)
            cancel(a);
        else
            click(a, my, mx);
        return;
    }
    if (a->confirm_text[0]) {
        if (key == 'y' || key == 'Y' || key == K_ENTER) {
            char command[64];
            snprintf(command, sizeof command, "%s", a->confirm_cmd);
            a->confirm_text[0] = 0;
            run_line(a, command);
        } else if (key == 'n' || key == 'N' || key == K_ESC || key == 'q') {
            char command[64];
            snprintf(command, sizeof command, "%s", a->confirm_no);
            a->confirm_text[0] = 0;
            if (command[0])
                run_line(a, command);
        }
        return;
    }
    if (a->records != RECORDS_NONE && a->input == INPUT_NONE) {
        records_key(a, key);
        return;
    }
    if (a->help_open) {
        if (key == K_UP || key == K_DOWN || key == K_PGUP || key == K_PGDN) {
            int step = key == K_PGUP || key == K_PGDN ? 10 : 1;
            move_selection(a, key == K_UP || key == K_PGUP ? -step : step);
        } else {
            a->help_open = false;
        }
        return;
    }
    if (a->input != INPUT_NONE) {
        input_key(a, key);
        return;
    }
    if (a->h < APP_MIN_H || a->w < APP_MIN_W) {
        if (key == 'q' || key == 'Q')
            run_line(a, "quit");
        return;
    }
    km_screen screen = app_screen(a);
    if (screen == KM_NAME) {
        a->input = INPUT_NAME;
        input_key(a, key);
        return;
    }
    if (screen == KM_CREATE && form_type(&a->form, key)) {
        a->form_refusal[0] = 0;
        return;
    }
    /* the open log says "Tab closes", even where the game takes Tab for
     * its robots (MANOOVER, a Ricochet demonstration) */
    if (screen == KM_TABLE && a->log_open && key == K_TAB) {
        run_line(a, "log");
        return;
    }
    if (screen == KM_TABLE && a->ui && a->ui->key && a->ui->key(a->ui_self, app_table(a), key))
        return;
    if (screen == KM_TABLE && a->log_open && (key == K_PGUP || key == K_PGDN)) {
        move_selection(a, key == K_PGUP ? -5 : 5);
        return;
    }
    const km_entry *e = keymap_find(screen, key, app_key_state(a));
    if (!e) {
        if (screen == KM_TABLE && key == 'q') {
            /* q quits in the lobby and the room; at the table the games
             * keep it (MANOOVER's NW), so Q does */
            status(a, false, "At the table Q (capital) quits; q is left to the games. ? lists the keys.");
        } else if (key >= ' ' && key < 0x110000 && key != ' ') {
            char name[16];
            status(a, false, "The key %s does nothing here; ? lists the keys.",
                   keymap_key_name(key, name, sizeof name));
        }
        return;
    }
    if (e->prompt)
        open_prompt(a, e->command);
    else
        run_line(a, e->command);
}

/* ---- the loop ---- */

/* Keeps what scrolls in range of the screen: the create form's selected row
 * in view, the help's last line at the bottom at the most. */
static void settle_scroll(app *a)
{
    int rows = screens_form_rows(a->h);
    if (a->form.row < a->form_scroll)
        a->form_scroll = a->form.row;
    if (rows > 0 && a->form.row >= a->form_scroll + rows)
        a->form_scroll = a->form.row - rows + 1;
    if (!a->help_open)
        return;
    int lines = screens_help_lines(a), shown = screens_help_rows(a->h);
    if (lines <= shown)
        a->help_scroll = 0;
    else if (a->help_scroll > lines - shown)
        a->help_scroll = lines - shown;
}

static void draw(app *a)
{
    term_size(&a->h, &a->w);
    if (a->grid.h != a->h || a->grid.w != a->w)
        cv_grid_resize(&a->grid, a->h, a->w);
    a->grid.utf8 = a->utf8;
    a->grid.color = a->color;
    cv_grid_clear(&a->grid);
    /* a renderer's moment (a draft due) comes before the drawing, which only reads */
    if (a->ui && a->ui->tick)
        a->ui->tick(a->ui_self, app_table(a));
    settle_scroll(a);
    screens_draw(a, &a->grid);
    term_draw(&a->grid);
}

/* How long the loop may sleep: less when something counts down on screen. */
static int wait_ms(app *a, int64_t now)
{
    int ms = 1000;
    if (a->ui && a->ui->next_frame_ms) {
        int want = a->ui->next_frame_ms(a->ui_self, app_table(a));
        if (want >= 0 && want < ms)
            ms = want;
    }
    /* countdowns tick on the second */
    if (a->st.has_deadline) {
        int64_t left = a->st.deadline_at - now;
        int to_tick = left > 0 ? (int)(left % 1000) + 1 : 1000;
        if (to_tick < ms)
            ms = to_tick;
    }
    if (a->gen == 0 && a->retry_at > now && a->retry_at - now < ms)
        ms = (int)(a->retry_at - now);
    int replay = app_replay_wait(a, now);
    if (replay >= 0 && replay < ms)
        ms = replay;
    return ms < 10 ? 10 : ms;
}

static void keep_alive(app *a, int64_t now)
{
    if (!a->gen || !a->st.welcomed)
        return;
    if (now - a->last_rx > DEAD_MS) {
        debug_log("no message for %lld ms: dropping the link", (long long)(now - a->last_rx));
        a->last_rx = now;
        conn_drop(a->net);
        return;
    }
    if (now - a->last_ping >= PING_MS) {
        a->last_ping = now;
        send_msg(a, proto_client_verb(PROTO_PING));
    }
}

int app_init(app *a, const args *opts, char *why, size_t why_len)
{
    memset(a, 0, sizeof *a);
    a->opts = *opts;
    store_init(&a->st);
    replay_init(&a->rp);
    url_endpoint(&opts->server, a->endpoint, sizeof a->endpoint);
    char cfg_why[300] = "";
    if (opts->kiosk) {
        /* A shared account: no file but the one --state names, whatever
         * the environment says (its other players' files are beside it). */
        unsetenv("BOTPIT_TUI_LOG");
        if (opts->state)
            a->cfg_ok = config_open_in(&a->cfg, opts->state, cfg_why, sizeof cfg_why) == 0;
        else
            a->cfg.data = json_object(); /* a guest: nothing is kept, and nothing to say */
    } else if (opts->state) {
        a->cfg_ok = config_open_in(&a->cfg, opts->state, cfg_why, sizeof cfg_why) == 0;
    } else {
        a->cfg_ok = config_open(&a->cfg, cfg_why, sizeof cfg_why) == 0;
    }
    const char *name = opts->name ? opts->name : config_name(&a->cfg);
    if (name) {
        char clean[4 * PROTO_NAME_MAX + 1], bad[200];
        if (proto_clean_name(name, clean, sizeof clean, bad, sizeof bad))
            snprintf(a->st.name, sizeof a->st.name, "%s", clean);
        else if (opts->name) {
            snprintf(why, why_len, "--name: %s", bad);
            return -1;
        }
    }
    if (!a->cfg_ok && cfg_why[0])
        store_status(&a->st, true, app_now(), "%s", cfg_why);
    a->input = a->st.name[0] ? INPUT_NONE : INPUT_NAME;
    a->running = true;
    return 0;
}

/* Ctrl-Z would stop the program with nothing to resume it (botpit-ssh
 * runs no shell), leaving the player a frozen screen: it does nothing.
 * Set before curses starts, which then leaves these signals alone. */
static void kiosk_signals(void)
{
    signal(SIGTSTP, SIG_IGN);
    signal(SIGTTIN, SIG_IGN);
    signal(SIGTTOU, SIG_IGN);
}

int app_run(app *a)
{
    char why[300];
    term_info info;
    if (a->opts.kiosk)
        kiosk_signals();
    if (term_start(a->opts.ascii, a->opts.mono, &info, why, sizeof why) < 0) {
        fprintf(stderr, "botpit-tui: %s\n", why);
        return 1;
    }
    term_handle_signals();
    a->utf8 = info.utf8;
    a->color = info.color;
    a->net = conn_start(&a->opts.server, a->opts.insecure, a->opts.forwarded_for, why, sizeof why);
    if (!a->net) {
        term_end();
        fprintf(stderr, "botpit-tui: %s\n", why);
        return 1;
    }
    debug_log("start: %s", a->endpoint);
    draw(a);
    while (a->running && !term_quit_signal) {
        int64_t now = app_now();
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {conn_fd(a->net), POLLIN, 0}};
        int n = poll(fds, 2, wait_ms(a, now));
        if (n < 0 && errno != EINTR)
            break;
        conn_event ev;
        while (conn_next(a->net, &ev)) {
            on_conn_event(a, &ev);
            conn_event_clear(&ev);
        }
        int key, my = 0, mx = 0;
        while (a->running && term_read_key(&key, &my, &mx)) {
            if (key == K_RESIZE)
                term_size(&a->h, &a->w);
            unsigned serial = a->st.status_serial;
            handle_key(a, key, my, mx);
            settle_moment(a, serial); /* a key may open another screen */
        }
        if (fds[0].revents & (POLLHUP | POLLERR))
            break; /* the terminal went away */
        keep_alive(a, app_now());
        app_replay_tick(a, app_now());
        draw(a);
    }
    term_end();
    return 0;
}

void app_free(app *a)
{
    table_close(a);
    app_replay_close(a);
    if (a->net)
        conn_stop(a->net);
    a->net = NULL;
    cv_grid_free(&a->grid);
    store_free(&a->st);
    config_close(&a->cfg);
}
