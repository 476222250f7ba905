/*
 * botpit.c: the Botpit wire (protocol/PROTOCOL.md) for every scenario.
 *
 * Set-up requests are built with the shared protocol/client.h; the two
 * messages sent once a period by every client (chat, ping) are formatted
 * directly, and chats carrying our timestamp are recognised without a JSON
 * parse: those are the hot path at tens of thousands of messages a second.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"
#include "worker.h"

/* Set-up and scenario steps of a client. */
enum {
    S_HELLO = 1,
    S_CREATE,
    S_WAIT_CODE, /* a member waiting for its host's room code */
    S_JOIN,
    S_STAND,
    S_BOT0,
    S_BOT1,
    S_START,
    S_IN_ROOM,   /* set up: chatting, idling or playing */
    S_LEAVING,   /* churn */
    S_REJOIN,    /* churn */
    S_REMATCH,   /* play: the game is over, a new one is asked for */
};

#define CHAT_MARK "lg "

/* ---- sending ---- */

static bool send_json(lg_client *c, json_t *msg, uint32_t id)
{
    if (!msg) {
        worker_fail(c, "could not build a request");
        return false;
    }
    char *text = proto_client_encode(msg, id);
    json_decref(msg);
    if (!text) {
        worker_fail(c, "could not encode a request");
        return false;
    }
    bool ok = worker_send(c, WS_OP_TEXT, text, strlen(text));
    free(text);
    return ok;
}

/* Sends a request whose reply moves the client to its next step. */
static bool request(lg_client *c, int step, json_t *msg)
{
    c->step = (uint8_t)step;
    return send_json(c, msg, worker_timed_id(c));
}

static void send_hello(lg_client *c)
{
    char name[24];
    snprintf(name, sizeof name, "lg%u", c->index);
    request(c, S_HELLO, proto_client_hello(name, c->token[0] ? c->token : NULL));
}

static void send_join(lg_client *c, int step)
{
    request(c, step, proto_client_join(worker_group(c)->code, NULL));
}

static void send_act(lg_client *c, json_t *action)
{
    if (!action) {
        worker_fail(c, "could not build an action");
        return;
    }
    json_t *msg = proto_client_act(action);
    json_decref(action);
    send_json(c, msg, worker_timed_id(c));
}

/* ---- set-up ---- */

static void create_room(lg_client *c)
{
    if (c->w->o->scenario == LG_PLAY) {
        const lg_game *g = &lg_games[c->game];
        json_t *play = json_loads(g->play, 0, NULL);
        json_t *options = json_object_get(json_object_get(play, "loadgen"), "options");
        request(c, S_CREATE, proto_client_create(g->id, options, true));
        json_decref(play);
    } else {
        /* Any game will do for a room that only chats: boxing seats up to 4
         * and later joiners watch. */
        request(c, S_CREATE, proto_client_create("boxing", NULL, true));
    }
}

static void after_welcome(lg_client *c)
{
    switch (c->w->o->scenario) {
    case LG_IDLE:
        c->step = S_IN_ROOM;
        worker_ready(c);
        return;
    case LG_PLAY:
        create_room(c);
        return;
    case LG_CHAT:
    case LG_CHURN:
    case LG_RECONNECT:
        if (worker_is_host(c))
            create_room(c);
        else if (worker_group(c)->known)
            send_join(c, S_JOIN);
        else
            c->step = S_WAIT_CODE;
        return;
    }
}

static void group_known(lg_worker *w, lg_group *g)
{
    for (uint32_t i = g->first + 1; i < g->first + g->size; i++) {
        lg_client *m = &w->clients[i];
        if (m->step == S_WAIT_CODE && m->conn)
            send_join(m, S_JOIN);
    }
}

/* A host that cannot make its room strands the members waiting for its
 * code: they fail now rather than at the set-up timeout. */
static void strand_members(lg_client *c)
{
    lg_group *g = worker_group(c);
    if (!worker_is_host(c) || g->known)
        return;
    for (uint32_t i = g->first + 1; i < g->first + g->size; i++) {
        lg_client *m = &c->w->clients[i];
        if (m->phase != CL_FAILED && m->phase != CL_READY) {
            char why[96];
            snprintf(why, sizeof why, "client %u: its room's host (client %u) failed", m->index,
                     c->index);
            worker_fail(m, why);
        }
    }
}

static void on_welcome(lg_client *c, json_t *msg)
{
    const char *token = json_string_value(json_object_get(msg, "token"));
    if (token)
        snprintf(c->token, sizeof c->token, "%s", token);
    if (c->resuming) {
        const char *room = json_string_value(json_object_get(msg, "room"));
        c->step = S_IN_ROOM;
        if (room && strcmp(room, worker_group(c)->code) == 0) {
            worker_ready(c);
        } else {
            c->resuming = false;
            c->w->res.seats_lost++;
            c->phase = CL_READY;
        }
        return;
    }
    after_welcome(c);
}

/* The next step of the play scenario's room set-up. */
static void play_next(lg_client *c)
{
    bool plays = lg_play_knows(c->game);
    switch (c->step) {
    case S_CREATE:
        if (plays)
            request(c, S_BOT1, proto_client_bot(1, "easy"));
        else
            request(c, S_STAND, proto_client_verb(PROTO_STAND));
        return;
    case S_STAND:
        request(c, S_BOT0, proto_client_bot(0, "easy"));
        return;
    case S_BOT0:
        request(c, S_BOT1, proto_client_bot(1, "easy"));
        return;
    case S_BOT1:
    case S_REMATCH:
        request(c, S_START, proto_client_verb(PROTO_START));
        return;
    case S_START:
        c->step = S_IN_ROOM;
        c->req_id = 0;
        c->round = -1;
        worker_ready(c);
        return;
    }
}

/* A `room` that answers this client's request. */
static void on_room_reply(lg_client *c, json_t *msg)
{
    const char *code = json_string_value(json_object_get(msg, "code"));
    lg_group *g = worker_group(c);
    if (c->step == S_CREATE || c->step == S_REMATCH) {
        if (!code) {
            worker_fail(c, "a room without a code");
            return;
        }
        snprintf(g->code, sizeof g->code, "%s", code);
        snprintf(c->room, sizeof c->room, "%s", code);
    }
    if (c->w->o->scenario == LG_PLAY) {
        play_next(c);
        return;
    }
    switch (c->step) {
    case S_CREATE:
        g->known = true;
        c->step = S_IN_ROOM;
        worker_ready(c);
        group_known(c->w, g);
        return;
    case S_JOIN:
        snprintf(c->room, sizeof c->room, "%s", code ? code : "");
        c->step = S_IN_ROOM;
        worker_ready(c);
        return;
    case S_REJOIN:
        worker_sample(c, c->req_at);
        c->step = S_IN_ROOM;
        return;
    }
}

/* ---- playing ---- */

static void play_ricochet(lg_client *c, const json_t *view)
{
    const char *phase = json_string_value(json_object_get(view, "phase"));
    if (!phase)
        return;
    int round = (int)json_integer_value(json_object_get(view, "round"));
    if (strcmp(phase, "bidding") == 0 && round != c->round) {
        /* Any bid from 1 to 99 is legal while bids are open; a high one
         * leaves the demonstrating to the bot. */
        c->round = round;
        send_act(c, json_pack("{s:s, s:i}", "kind", "bid", "moves", 30));
    } else if (strcmp(phase, "demonstration") == 0 &&
               json_equal(json_object_get(view, "demonstrator"), json_object_get(view, "you"))) {
        send_act(c, json_pack("{s:s}", "kind", "give_up"));
    }
}

static void play_manoover(lg_client *c, const json_t *view)
{
    const json_t *legal = json_object_get(view, "legal");
    if (!json_is_object(legal))
        return;
    const json_t *robot;
    size_t i;
    json_array_foreach(json_object_get(legal, "robots"), i, robot) {
        if (json_is_true(json_object_get(robot, "step"))) {
            send_act(c, json_pack("{s:s, s:O}", "kind", "step", "robot",
                                  json_object_get(robot, "number")));
            return;
        }
    }
    if (json_is_true(json_object_get(legal, "pass")))
        send_act(c, json_pack("{s:s}", "kind", "pass"));
}

/* The games the client plays itself, by id; it watches bots play the
 * others. */
static const struct {
    const char *game;
    void (*play)(lg_client *c, const json_t *view);
} players[] = {
    {"ricochet", play_ricochet},
    {"manoover", play_manoover},
};

static int player_of(int game)
{
    for (size_t i = 0; i < sizeof players / sizeof *players; i++) {
        if (strcmp(players[i].game, lg_games[game].id) == 0)
            return (int)i;
    }
    return -1;
}

bool lg_play_knows(int game)
{
    return player_of(game) >= 0;
}

static void on_state(lg_client *c, json_t *msg, long long id)
{
    if (c->req_id && id == c->req_id) {
        worker_sample(c, c->req_at);
        c->req_id = 0;
    }
    if (c->w->o->scenario != LG_PLAY || c->step != S_IN_ROOM || c->req_id)
        return;
    int p = player_of(c->game);
    if (p >= 0)
        players[p].play(c, json_object_get(msg, "view"));
}

static void on_over(lg_client *c)
{
    worker_game_over(c);
    if (c->w->o->scenario == LG_PLAY && c->step == S_IN_ROOM) {
        c->req_id = 0;
        request(c, S_REMATCH, proto_client_verb(PROTO_REMATCH));
    }
}

/* ---- the wire's callbacks ---- */

static void start(lg_client *c)
{
    c->conn = ws_connect(c->w->loop, c->w->o->path, c);
    if (!c->conn) {
        char why[96];
        snprintf(why, sizeof why, "client %u: cannot connect: %m", c->index);
        c->pending = false;
        c->w->pending--;
        worker_fail(c, why);
        strand_members(c);
    }
}

static void open_(lg_client *c)
{
    send_hello(c);
}

/* A chat we sent carries "lg <send time>": the sample is its trip. */
static bool fast_chat(lg_client *c, const char *data, size_t len)
{
    const char *mark = memmem(data, len, "\"text\":\"" CHAT_MARK, 8 + sizeof CHAT_MARK - 1);
    if (!mark)
        return false;
    char *end;
    long long sent = strtoll(mark + 8 + sizeof CHAT_MARK - 1, &end, 10);
    if (end != mark + 8 + sizeof CHAT_MARK - 1)
        worker_sample(c, sent);
    return true;
}

static void message(lg_client *c, int op, const char *data, size_t len)
{
    if (op != WS_OP_TEXT) {
        worker_error(c, "a binary frame from the server");
        return;
    }
    if (fast_chat(c, data, len))
        return;
    char why[128];
    json_t *msg = proto_client_decode(data, len, why, sizeof why);
    if (!msg) {
        worker_error(c, why);
        return;
    }
    long long id = proto_client_reply_id(msg);
    bool mine = c->req_id && id == c->req_id;
    /* The answer is in: the handlers below may send the next request.
     * (A state's sample is taken in on_state, which checks the id itself.) */
    if (mine && proto_client_type(msg) != PROTO_S_STATE)
        c->req_id = 0;
    switch (proto_client_type(msg)) {
    case PROTO_S_WELCOME:
        if (mine)
            on_welcome(c, msg);
        break;
    case PROTO_S_ROOM:
        if (mine)
            on_room_reply(c, msg);
        break;
    case PROTO_S_STATE:
        on_state(c, msg, id);
        break;
    case PROTO_S_OVER:
        on_over(c);
        break;
    case PROTO_S_LEFT:
        if (mine && c->step == S_LEAVING) {
            worker_sample(c, c->req_at);
            send_join(c, S_REJOIN);
        }
        break;
    case PROTO_S_PONG:
        if (mine)
            worker_sample(c, c->req_at);
        break;
    case PROTO_S_ERROR: {
        char text[160];
        snprintf(text, sizeof text, "client %u: %s: %s", c->index,
                 json_string_value(json_object_get(msg, "code")),
                 json_string_value(json_object_get(msg, "message")));
        if (mine && c->phase == CL_SETUP) {
            worker_fail(c, text);
            strand_members(c);
        } else
            worker_error(c, text);
        if (mine && (c->step == S_LEAVING || c->step == S_REJOIN))
            c->step = S_IN_ROOM;
        break;
    }
    default:
        break;
    }
    json_decref(msg);
}

static void closed(lg_client *c, int code)
{
    (void)code;
    if (c->phase != CL_READY)
        strand_members(c);
}

static void tick(lg_client *c, int64_t now)
{
    char text[96];
    int n;
    switch (c->w->o->scenario) {
    case LG_CHAT:
        n = snprintf(text, sizeof text, "{\"type\":\"chat\",\"text\":\"" CHAT_MARK "%" PRId64 "\"}",
                     now);
        worker_send(c, WS_OP_TEXT, text, (size_t)n);
        return;
    case LG_IDLE:
        if (c->req_id)
            return;
        n = snprintf(text, sizeof text, "{\"type\":\"ping\",\"id\":%u}", worker_timed_id(c));
        worker_send(c, WS_OP_TEXT, text, (size_t)n);
        return;
    case LG_CHURN:
        if (c->step == S_IN_ROOM)
            request(c, S_LEAVING, proto_client_verb(PROTO_LEAVE));
        return;
    case LG_PLAY:
    case LG_RECONNECT:
        return;
    }
}

const lg_wire_ops lg_botpit_wire = {
    .start = start,
    .open = open_,
    .message = message,
    .closed = closed,
    .tick = tick,
    .group_known = group_known,
};
