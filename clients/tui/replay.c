/* replay.c: a finished game's replay, as the screen shows it (replay.h). */
#include "replay.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "names.h"

static const char *const speed_names[REPLAY_SPEEDS] = {"0.5x", "1x", "2x", "4x", "8x"};
static const int speed_halves[REPLAY_SPEEDS] = {1, 2, 4, 8, 16};

void replay_init(replay_view *r)
{
    memset(r, 0, sizeof *r);
    r->speed = 1;
}

void replay_clear(replay_view *r)
{
    json_decref(r->header);
    json_decref(r->room);
    json_decref(r->view);
    json_decref(r->events);
    json_decref(r->event_seqs);
    int speed = r->speed;
    replay_init(r);
    r->speed = speed; /* the speed chosen stays for the next replay */
}

void replay_opening(replay_view *r, long long game)
{
    replay_clear(r);
    r->open = true;
    r->game = game;
}

/* A room message for the renderers: the seats with their players' names
 * and bots, the status (over at the last input), the options. */
static json_t *room_of(const json_t *h, bool over)
{
    json_t *seats = json_array();
    int n = (int)json_integer_value(json_object_get(h, "seats"));
    for (int s = 0; s < n; s++) {
        const json_t *who = NULL, *p;
        size_t i;
        json_array_foreach(json_object_get(h, "players"), i, p) {
            if (json_integer_value(json_object_get(p, "seat")) == s)
                who = p;
        }
        const char *id = json_string_value(json_object_get(who, "id"));
        const char *name = json_string_value(json_object_get(who, "name"));
        const char *bot = json_string_value(json_object_get(who, "bot"));
        json_t *player = id && name ? json_pack("{s:s, s:s}", "id", id, "name", name) : json_null();
        json_array_append_new(seats, json_pack("{s:i, s:o, s:o, s:b}", "seat", s, "player", player,
                                               "bot", bot ? json_string(bot) : json_null(),
                                               "connected", true));
    }
    json_t *room = json_pack("{s:s, s:O, s:O, s:s, s:O, s:o}", "type", "room", "code",
                             json_object_get(h, "room"), "game", json_object_get(h, "engine"),
                             "status", over ? "over" : "playing", "title",
                             json_object_get(h, "title"), "seats", seats);
    if (room)
        json_object_set(room, "options", json_object_get(h, "options"));
    return room;
}

static void set_room(replay_view *r)
{
    json_decref(r->room);
    r->room = r->header ? room_of(r->header, r->seq >= r->inputs) : NULL;
}

/* Takes back the log's lines of the inputs after seq. */
static void log_cut(replay_view *r, long long seq)
{
    while (r->log_n > 0 && r->log[r->log_n - 1].seq > seq)
        r->log_n--;
}

void replay_log_add(replay_view *r, long long seq, const char *text)
{
    if (r->log_n == REPLAY_LOG_MAX) {
        memmove(r->log, r->log + 1, (REPLAY_LOG_MAX - 1) * sizeof *r->log);
        r->log_n--;
    }
    replay_line *l = &r->log[r->log_n++];
    l->seq = seq;
    snprintf(l->text, sizeof l->text, "%s", text);
}

static unsigned apply_frame(replay_view *r, const json_t *f)
{
    const json_t *seat = json_object_get(f, "seat");
    long long seq = json_integer_value(json_object_get(f, "seq"));
    long long from = json_integer_value(json_object_get(f, "from"));
    const json_t *inputs = json_object_get(f, "inputs");
    json_decref(r->view);
    r->view = json_incref(json_object_get(f, "view"));
    r->all = json_is_string(seat);
    r->seat = json_is_integer(seat) ? (int)json_integer_value(seat) : -1;
    r->seq = seq;
    r->inputs = json_integer_value(json_object_get(f, "of"));
    /* The log keeps what happened up to the input shown. */
    log_cut(r, json_array_size(inputs) ? from : seq);
    long long skipped = json_integer_value(json_object_get(f, "skipped"));
    if (skipped > 0) {
        char text[120];
        snprintf(text, sizeof text, "... %lld earlier input%s not shown (jumped over)", skipped,
                 skipped == 1 ? "" : "s");
        replay_log_add(r, from + skipped, text);
    }
    /* The events go to the renderer (and its sentences to the log), one
     * step forward animated, a jump drawn as it stands. */
    json_decref(r->events);
    json_decref(r->event_seqs);
    r->events = json_array();
    r->event_seqs = json_array();
    size_t i;
    const json_t *in;
    json_array_foreach(inputs, i, in) {
        size_t k;
        const json_t *e;
        json_array_foreach(json_object_get(in, "events"), k, e) {
            json_array_append(r->events, (json_t *)e);
            json_array_append_new(r->event_seqs, json_integer(json_integer_value(json_object_get(in, "seq"))));
        }
    }
    set_room(r);
    return REPLAY_FRAME | (r->seq >= r->inputs ? REPLAY_AT_END : 0);
}

unsigned replay_apply(replay_view *r, const json_t *msg)
{
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (!type || !r->open)
        return 0;
    if (strcmp(type, "replay") == 0) {
        long long game = json_integer_value(json_object_get(msg, "game"));
        bool fresh = !r->header || game != r->game;
        json_decref(r->header);
        r->header = json_deep_copy(msg);
        json_object_del(r->header, "frame");
        json_object_del(r->header, "id");
        r->game = game;
        if (fresh)
            r->log_n = 0;
        return (fresh ? REPLAY_OPENED : 0) | apply_frame(r, json_object_get(msg, "frame"));
    }
    if (strcmp(type, "replay_frame") == 0 && r->header &&
        json_integer_value(json_object_get(msg, "game")) == r->game)
        return apply_frame(r, msg);
    return 0;
}

const json_t *replay_result(const replay_view *r)
{
    return r->header && r->seq >= r->inputs ? json_object_get(r->header, "result") : NULL;
}

const char *replay_engine(const replay_view *r)
{
    return json_string_value(json_object_get(r->header, "engine"));
}

const char *replay_title(const replay_view *r)
{
    const char *t = json_string_value(json_object_get(r->header, "title"));
    return t ? t : "a game";
}

const char *replay_mark_at(const replay_view *r, long long seq)
{
    const char *label = NULL;
    size_t i;
    const json_t *m;
    json_array_foreach(json_object_get(r->header, "marks"), i, m) {
        if (json_integer_value(json_object_get(m, "seq")) <= seq)
            label = json_string_value(json_object_get(m, "label"));
    }
    return label;
}

long long replay_mark_near(const replay_view *r, long long from, int dir)
{
    long long found = -1;
    size_t i;
    const json_t *m;
    json_array_foreach(json_object_get(r->header, "marks"), i, m) {
        long long seq = json_integer_value(json_object_get(m, "seq"));
        if (dir > 0 && seq > from)
            return seq;
        if (dir < 0 && seq < from)
            found = seq;
    }
    return found;
}

int replay_speed_halves(const replay_view *r)
{
    return speed_halves[r->speed];
}

const char *replay_speed_name(const replay_view *r)
{
    return speed_names[r->speed];
}

void replay_seen_by(const replay_view *r, char *buf, size_t len)
{
    if (r->all)
        snprintf(buf, len, "everyone");
    else if (r->seat < 0)
        snprintf(buf, len, "a spectator");
    else
        names_seat(r->room, r->seat, buf, len);
}

/* ---- the command ---- */

static int fail(char *why, size_t len, const char *text)
{
    snprintf(why, len, "%s", text);
    return -1;
}

/* A whole number in word, within [lo, hi]. */
static bool number(const char *word, long long lo, long long hi, long long *out)
{
    char *end;
    if (!word || !*word)
        return false;
    long long n = strtoll(word, &end, 10);
    if (*end || n < lo || n > hi)
        return false;
    *out = n;
    return true;
}

int replay_parse(const char *rest, replay_cmd *out, char *why, size_t why_len)
{
    static const char *usage =
        "use: replay ID, or replay step N, to N, start, end, play, speed up|down, turn next|prev, "
        "seen all|spectator|SEAT, close";
    memset(out, 0, sizeof *out);
    out->speed = -1;
    char words[3][32] = {{0}};
    int n = rest ? sscanf(rest, "%31s %31s %31s", words[0], words[1], words[2]) : 0;
    if (n <= 0)
        return fail(why, why_len, "which game? replay ID (its number, from a result or :history)");
    const char *verb = words[0], *arg = n > 1 ? words[1] : NULL;
    if (n > 2)
        return fail(why, why_len, usage);
    if (isdigit((unsigned char)verb[0])) {
        out->verb = REPLAY_OPEN;
        if (arg || !number(verb, 1, 2147483647LL, &out->n))
            return fail(why, why_len, "a finished game's id is a whole number from 1, such as replay 42");
        return 0;
    }
    if (strcasecmp(verb, "close") == 0 || strcasecmp(verb, "stop") == 0) {
        out->verb = REPLAY_CLOSE;
    } else if (strcasecmp(verb, "step") == 0) {
        out->verb = REPLAY_STEP;
        out->n = 1;
        if (arg && (!number(arg, -100000, 100000, &out->n) || out->n == 0))
            return fail(why, why_len, "replay step N: how many inputs, forward or back (-1)");
    } else if (strcasecmp(verb, "to") == 0 || strcasecmp(verb, "goto") == 0) {
        out->verb = REPLAY_TO;
        if (!arg || !number(arg, 0, 2147483647LL, &out->n))
            return fail(why, why_len, "replay to N: the input to show, from 0 (the start)");
    } else if (strcasecmp(verb, "start") == 0) {
        out->verb = REPLAY_TO;
    } else if (strcasecmp(verb, "end") == 0) {
        out->verb = REPLAY_END;
    } else if (strcasecmp(verb, "play") == 0 || strcasecmp(verb, "pause") == 0) {
        out->verb = REPLAY_PLAY;
    } else if (strcasecmp(verb, "speed") == 0) {
        out->verb = REPLAY_SPEED;
        if (arg && strcasecmp(arg, "up") == 0)
            out->n = 1;
        else if (arg && strcasecmp(arg, "down") == 0)
            out->n = -1;
        else {
            static const char *const plain[REPLAY_SPEEDS] = {"0.5", "1", "2", "4", "8"};
            for (int i = 0; arg && i < REPLAY_SPEEDS; i++) {
                if (strcasecmp(arg, speed_names[i]) == 0 || strcmp(arg, plain[i]) == 0)
                    out->speed = i;
            }
            if (out->speed < 0)
                return fail(why, why_len, "replay speed up, down, or 0.5, 1, 2, 4 or 8 (inputs a second)");
        }
    } else if (strcasecmp(verb, "turn") == 0) {
        out->verb = REPLAY_TURN;
        if (arg && (strcasecmp(arg, "next") == 0 || strcmp(arg, "+") == 0))
            out->n = 1;
        else if (arg && (strcasecmp(arg, "prev") == 0 || strcasecmp(arg, "previous") == 0 ||
                         strcmp(arg, "-") == 0))
            out->n = -1;
        else
            return fail(why, why_len, "replay turn next or replay turn prev");
    } else if (strcasecmp(verb, "seen") == 0) {
        out->verb = REPLAY_SEEN;
        long long seat;
        if (!arg || strcasecmp(arg, "next") == 0)
            out->seat = REPLAY_SEEN_NEXT;
        else if (strcasecmp(arg, "all") == 0 || strcasecmp(arg, "everyone") == 0)
            out->seat = REPLAY_SEEN_ALL;
        else if (strcasecmp(arg, "spectator") == 0)
            out->seat = -1;
        else if (number(arg, 1, 16, &seat))
            out->seat = (int)seat - 1;
        else
            return fail(why, why_len, "replay seen all, spectator, or a seat from 1");
    } else {
        return fail(why, why_len, usage);
    }
    if (arg && (out->verb == REPLAY_CLOSE || out->verb == REPLAY_END || out->verb == REPLAY_PLAY ||
                (out->verb == REPLAY_TO && strcasecmp(verb, "start") == 0)))
        return fail(why, why_len, usage);
    return 0;
}
