/* app_replay.c: the app's side of a replay (`:replay ID`): asking the
 * server for the game and its frames, playing it at a speed, and the
 * game's renderer drawing it read-only, with the log's sentences as in a
 * live game (replay.h keeps what the screen shows). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "client.h"
#include "names.h"
#include "proto.h"

/* ---- the renderer ---- */

static int replay_act(table *t, json_t *action)
{
    json_decref(action);
    app_say(t->frame, true, "This is a replay: nothing can be played here (q closes it).");
    return -1;
}

static void replay_notify(table *t, bool error, const char *text)
{
    (void)t;
    (void)error;
    (void)text; /* a renderer's words for a player at the table: not for a replay */
}

static void replay_prompt(table *t, const char *text)
{
    (void)t;
    (void)text;
}

static void replay_retract(table *t, const char *text)
{
    (void)t;
    (void)text;
}

static const table_ops replay_ops = {replay_act, replay_notify, replay_prompt, replay_retract};

void app_read_replay(const app *a, table *t)
{
    const replay_view *r = &a->rp;
    *t = (table){0};
    t->view = r->view;
    t->seat = r->seat;
    t->seq = r->seq;
    t->events = NULL;
    t->room = r->room;
    t->result = replay_result(r);
    t->my_name = a->st.name;
    t->now = app_now();
}

static table *replay_table(app *a, const json_t *events)
{
    table *t = &a->rp_tbl;
    app_read_replay(a, t);
    t->events = events;
    t->ops = &replay_ops;
    t->frame = a;
    return t;
}

static void renderer_close(app *a)
{
    if (a->rp_ui && a->rp_ui->fini)
        a->rp_ui->fini(a->rp_self);
    free(a->rp_self);
    a->rp_ui = NULL;
    a->rp_self = NULL;
}

static void renderer_open(app *a)
{
    renderer_close(a);
    const char *engine = replay_engine(&a->rp);
    if (!engine)
        return;
    a->rp_ui = game_ui_find(engine);
    a->rp_self = calloc(1, a->rp_ui->size ? a->rp_ui->size : 1);
    if (a->rp_ui->init)
        a->rp_ui->init(a->rp_self, replay_table(a, NULL));
}

/* The generic log line for an event its renderer does not describe. */
static void generic_event(const app *a, const json_t *ev, char *buf, size_t len)
{
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    const json_t *seat = json_object_get(ev, "seat");
    if (json_is_integer(seat)) {
        char name[100];
        names_seat(a->rp.room, (int)json_integer_value(seat), name, sizeof name);
        snprintf(buf, len, "%s: %s", name, kind ? kind : "event");
    } else {
        snprintf(buf, len, "%s", kind ? kind : "event");
    }
}

/* The frame to the renderer: one step forward animated (its events), a
 * jump or a step back drawn as it stands; the log gets the sentences. */
static void renderer_update(app *a)
{
    replay_view *r = &a->rp;
    if (!a->rp_ui)
        return;
    json_t *none = json_array();
    bool single = json_array_size(r->events) && json_integer_value(json_array_get(r->event_seqs, 0)) ==
                                                    json_integer_value(json_array_get(r->event_seqs, json_array_size(r->event_seqs) - 1));
    table *t = replay_table(a, single ? r->events : none);
    if (a->rp_ui->update)
        a->rp_ui->update(a->rp_self, t);
    size_t i;
    const json_t *ev;
    json_array_foreach(r->events, i, ev) {
        char line[REPLAY_LINE_MAX];
        bool said = a->rp_ui->describe && a->rp_ui->describe(a->rp_self, t, ev, line, sizeof line);
        /* as at the table: a game's renderer leaves out what it does not tell */
        if (!said && a->rp_ui == &fallback_ui)
            generic_event(a, ev, line, sizeof line), said = true;
        if (said && line[0])
            replay_log_add(r, json_integer_value(json_array_get(r->event_seqs, i)), line);
    }
    json_array_clear(r->events);
    json_array_clear(r->event_seqs);
    json_decref(none);
}

/* ---- asking the server ---- */

static int wire_seat(const replay_view *r)
{
    return r->all ? PROTO_SEAT_ALL : r->seat;
}

static void ask_open(app *a, long long game, int to, int seat)
{
    long long id = app_send(a, proto_client_replay(game, to, seat));
    if (id >= 0) {
        a->rp_open_id = id;
        a->rp.waiting++;
    }
}

static void ask_step(app *a, int to, int by, int seat)
{
    replay_view *r = &a->rp;
    if (!r->header) {
        app_say(a, false, "The replay is still opening.");
        return;
    }
    if (app_send(a, proto_client_replay_step(to, by, seat)) < 0)
        return;
    r->waiting++;
    /* where it will stand, for keys pressed before the frame comes */
    if (to != PROTO_ABSENT)
        a->rp_at = to;
    else if (by != PROTO_ABSENT)
        a->rp_at += by;
    a->rp_at = a->rp_at < 0 ? 0 : a->rp_at > r->inputs ? r->inputs : a->rp_at;
}

void app_replay_close(app *a)
{
    renderer_close(a);
    replay_clear(&a->rp);
    a->rp_open_id = 0;
    a->rp_log_open = false;
}

static void set_playing(app *a, bool on)
{
    replay_view *r = &a->rp;
    r->playing = on && r->header && r->seq < r->inputs;
    r->next_at = app_now();
}

/* The eyes after the ones last asked for (a frame may be on its way), in
 * turn: everyone, a spectator, seat 1, ... */
static int next_seen(const app *a)
{
    int seats = (int)json_integer_value(json_object_get(a->rp.header, "seats"));
    if (a->rp_seen == PROTO_SEAT_ALL)
        return -1;
    if (a->rp_seen + 1 < seats)
        return a->rp_seen + 1;
    return PROTO_SEAT_ALL;
}

void app_replay_command(app *a, const char *rest)
{
    replay_cmd c;
    char why[300];
    if (replay_parse(rest, &c, why, sizeof why) < 0) {
        app_say(a, true, why);
        return;
    }
    replay_view *r = &a->rp;
    if (c.verb != REPLAY_OPEN && !r->open) {
        app_say(a, true, "No replay is open: :replay ID opens one (the id of a finished game).");
        return;
    }
    switch (c.verb) {
    case REPLAY_OPEN:
        app_replay_close(a);
        replay_opening(r, c.n);
        a->rp_seen = PROTO_SEAT_ALL;
        ask_open(a, c.n, PROTO_ABSENT, PROTO_ABSENT);
        app_say(a, false, "Opening the replay...");
        break;
    case REPLAY_CLOSE:
        app_replay_close(a);
        app_say(a, false, "Replay closed.");
        break;
    case REPLAY_STEP:
        set_playing(a, false);
        ask_step(a, PROTO_ABSENT, (int)c.n, PROTO_ABSENT);
        break;
    case REPLAY_TO:
        set_playing(a, false);
        ask_step(a, (int)c.n, PROTO_ABSENT, PROTO_ABSENT);
        break;
    case REPLAY_END:
        set_playing(a, false);
        ask_step(a, (int)(r->inputs > 0 ? r->inputs : 0), PROTO_ABSENT, PROTO_ABSENT);
        break;
    case REPLAY_PLAY:
        set_playing(a, !r->playing);
        if (!r->playing && r->header && r->seq >= r->inputs)
            app_say(a, false, "The replay is at its end: Home goes back to the start.");
        break;
    case REPLAY_SPEED:
        if (c.speed >= 0)
            r->speed = c.speed;
        else if (r->speed + c.n >= 0 && r->speed + c.n < REPLAY_SPEEDS)
            r->speed += (int)c.n;
        {
            char text[80];
            snprintf(text, sizeof text, "Playing speed %s: %.1f inputs a second.",
                     replay_speed_name(r), replay_speed_halves(r) / 2.0);
            app_say(a, false, text);
        }
        break;
    case REPLAY_TURN: {
        long long to = replay_mark_near(r, a->rp_at, (int)c.n);
        if (to < 0) {
            app_say(a, false, json_array_size(json_object_get(r->header, "marks"))
                                  ? (c.n > 0 ? "No turn after this one." : "No turn before this one.")
                                  : "This game marks no turns: step through its inputs.");
            break;
        }
        set_playing(a, false);
        ask_step(a, (int)to, PROTO_ABSENT, PROTO_ABSENT);
        break;
    }
    case REPLAY_SEEN: {
        int seats = (int)json_integer_value(json_object_get(r->header, "seats"));
        int seat = c.seat == REPLAY_SEEN_NEXT ? next_seen(a)
                   : c.seat == REPLAY_SEEN_ALL ? PROTO_SEAT_ALL
                                               : c.seat;
        if (seat >= seats) {
            char text[120];
            snprintf(text, sizeof text, "This game has seats 1 to %d.", seats);
            app_say(a, true, text);
            break;
        }
        a->rp_seen = seat;
        ask_step(a, PROTO_ABSENT, PROTO_ABSENT, seat);
        break;
    }
    }
}

/* ---- what the server says ---- */

bool app_replay_message(app *a, const json_t *m, long long id)
{
    replay_view *r = &a->rp;
    const char *type = json_string_value(json_object_get(m, "type"));
    bool ours = type && (strcmp(type, "replay") == 0 || strcmp(type, "replay_frame") == 0);
    if (ours && r->waiting > 0)
        r->waiting--;
    if (type && strcmp(type, "error") == 0 && id > 0 && r->open) {
        const char *code = json_string_value(json_object_get(m, "code"));
        if (id == a->rp_open_id && !r->header) { /* it could not be opened: the status says why */
            app_replay_close(a);
            return false;
        }
        if (r->waiting > 0)
            r->waiting--;
        if (code && strcmp(code, "no_replay") == 0 && r->header) /* it closed (idle): again */
            ask_open(a, r->game, (int)r->seq, wire_seat(r));
        set_playing(a, false);
        return false;
    }
    if (!ours)
        return false;
    unsigned changed = replay_apply(r, m);
    if (changed & REPLAY_FRAME && r->waiting == 0)
        a->rp_at = r->seq; /* nothing more on its way: it stands where the frame says */
    if (changed & REPLAY_OPENED) {
        renderer_open(a);
        char text[200];
        snprintf(text, sizeof text, "Replay of game %lld, %s: %lld inputs. Right steps, Space plays, q closes.",
                 r->game, replay_title(r), r->inputs);
        app_say(a, false, text);
    }
    if (changed & REPLAY_FRAME)
        renderer_update(a);
    if (changed & REPLAY_AT_END && r->playing)
        set_playing(a, false);
    return changed != 0;
}

void app_replay_welcome(app *a)
{
    replay_view *r = &a->rp;
    if (!r->open)
        return;
    /* The server's session went with the old connection: open it again
     * where it stood. */
    r->waiting = 0;
    ask_open(a, r->game, r->header ? (int)r->seq : PROTO_ABSENT,
             r->header ? wire_seat(r) : PROTO_ABSENT);
}

/* ---- playing ---- */

void app_replay_tick(app *a, int64_t now)
{
    replay_view *r = &a->rp;
    if (!r->open || !r->playing || r->waiting || now < r->next_at)
        return;
    if (r->seq >= r->inputs) {
        set_playing(a, false);
        return;
    }
    ask_step(a, PROTO_ABSENT, 1, PROTO_ABSENT);
    r->next_at = now + 2000 / replay_speed_halves(r);
}

int app_replay_wait(const app *a, int64_t now)
{
    const replay_view *r = &a->rp;
    if (!r->open || !r->playing)
        return -1;
    int64_t left = r->next_at - now;
    return left > 0 ? (int)left : 0;
}
