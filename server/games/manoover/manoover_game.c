/* manoover_game.c: the engine contract for Robot Attack: options, turns and
 * their phases, match scoring, views and events. The rules of a single step
 * live in manoover_rules.c. */
#include <stdlib.h>
#include <string.h>

#include "manoover.h"
#include "manoover_bot.h"

/* ---------------------------------------------------------------- options */

static const char *const variant_choices[] = {"standard", "three", "plus", NULL};
static const char *const variant_labels[] = {"Standard (two players)", "Three players",
                                             "MANOOVER Plus (two players)", NULL};

/* match_to's default by variant, in variant_choices' order: the target each
 * variant's rules advise (the layouts' match_points, which a test holds
 * equal). A match_to the host sets is used as set, in every variant. */
static const int match_to_defaults[] = {21, 21, 30};

static const game_option_default manoover_option_defaults[] = {
    {"match_to", "variant", match_to_defaults},
    {NULL, NULL, NULL},
};

static const game_option manoover_options[] = {
    {"variant", GAME_OPTION_CHOICE, "Variant",
     "Standard: two players on the 37-cell board, six robots each, three six-sided dice. Three "
     "players: the 61-cell board with three goals. MANOOVER Plus: two players on the 61-cell "
     "board, eight robots each, four eight-sided dice.",
     0, 0, 0, variant_choices, variant_labels},
    {"alternate", GAME_OPTION_BOOL, "Even-more-confusing order",
     "Each player's first turn is a control phase only; every later turn is the automatic phase "
     "first, then the control phase.",
     0, 0, 0, NULL, NULL},
    {"match_to", GAME_OPTION_INT, "Match to",
     "Play a match: games score 1 point per robot in your goal plus a bonus for the winner, and "
     "the first to this many points (ahead of everyone) wins. 0 plays a single game. Left "
     "unset, each variant plays to its own target: 21, or 30 in MANOOVER Plus; a number set "
     "here is used as set, in every variant.",
     21, 0, 500, NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

static void manoover_seat_range(const json_t *options, int *min, int *max)
{
    const char *variant = json_string_value(json_object_get(options, "variant"));
    const manoover_layout *l = manoover_layout_find(variant ? variant : "");
    if (l)
        *min = *max = l->seats;
}

/* ------------------------------------------------------------ JSON helpers */

static json_t *cell_json(manoover_cell c)
{
    return json_pack("[ii]", c.q, c.r);
}

static json_t *robot_ref(const manoover_layout *l, int index)
{
    return json_pack("{sisi}", "owner", manoover_robot_seat(l, index), "number",
                     manoover_robot_number(l, index));
}

static json_t *int_array(const int *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

static json_t *u8_array(const uint8_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

/* Sentences name seats "Seat N": the client puts the player's name in. */
static const char *seat_name(int seat)
{
    static const char *const names[MANOOVER_MAX_SEATS] = {"Seat 1", "Seat 2", "Seat 3"};
    return names[seat];
}

/* ------------------------------------------------------------------ events */

typedef struct step_ctx {
    const game *g;
    json_t *events;
    const char *phase;
    int die; /* the die a control step used, or 0 */
} step_ctx;

/* Appends the events of one step: the step, then a removal, then a player out. */
static void emit_step(const manoover_pos *p, const manoover_move *m, void *ctx_)
{
    step_ctx *ctx = ctx_;
    const manoover_layout *l = p->layout;
    json_t *pushes = json_array();
    for (int k = 0; k < m->npushed; k++) {
        const manoover_push *push = &m->pushed[k];
        json_array_append_new(pushes, json_pack("{sososo}", "robot", robot_ref(l, push->robot),
                                                "from", cell_json(push->from), "to",
                                                cell_json(push->to)));
    }
    json_t *step = json_pack("{sssssisosssososo}", "kind", "step", "phase", ctx->phase, "seat",
                             manoover_robot_seat(l, m->robot), "robot", robot_ref(l, m->robot),
                             "dir", manoover_dir_name(m->dir), "from", cell_json(m->from), "to",
                             cell_json(m->to), "pushes", pushes);
    if (ctx->die)
        json_object_set_new(step, "die", json_integer(ctx->die));
    json_array_append_new(ctx->events, step);

    if (m->removed >= 0) {
        const manoover_robot *r = &p->robot[m->removed];
        if (m->goal >= 0) {
            json_array_append_new(ctx->events,
                                  json_pack("{sssosisoso}", "kind", "scored", "robot",
                                            robot_ref(l, m->removed), "goal", m->goal, "cell",
                                            cell_json(r->cell), "score",
                                            u8_array(p->scored, l->seats)));
        } else {
            json_array_append_new(ctx->events, json_pack("{sssoso}", "kind", "off_board", "robot",
                                                         robot_ref(l, m->removed), "cell",
                                                         cell_json(r->cell)));
        }
    }
    if (m->out_seat >= 0)
        json_array_append_new(ctx->events,
                              json_pack("{sssi}", "kind", "player_out", "seat", m->out_seat));
}

static json_t *roll_json(const game *g)
{
    const manoover_roll *r = &g->roll;
    json_t *rerolled = json_array(), *kept = json_array(), *aside = json_array();
    for (int d = 0; d < r->n; d++) {
        if (r->rerolled[d])
            json_array_append_new(rerolled, json_pack("{sisisi}", "die", d, "from", r->first[d],
                                                      "to", r->value[d]));
        json_array_append_new(r->kept[d] ? kept : aside, json_integer(r->value[d]));
    }
    return json_pack("{sisososososo}", "seat", g->turn, "dice", u8_array(r->value, r->n), "first",
                     u8_array(r->first, r->n), "rerolled", rerolled, "kept", kept, "set_aside",
                     aside);
}

/* ------------------------------------------------------------ turn flow */

static bool has_usable_die(const game *g)
{
    for (int d = 0; d < g->ndice; d++) {
        if (!g->dice[d].used && manoover_robot_on_board(&g->pos, g->turn, g->dice[d].value))
            return true;
    }
    return false;
}

/* The first unused die showing `value`, or -1. */
static int die_for(const game *g, int value)
{
    for (int d = 0; d < g->ndice; d++) {
        if (!g->dice[d].used && g->dice[d].value == value)
            return d;
    }
    return -1;
}

static void run_automatic(game *g, int seat, json_t *events)
{
    json_array_append_new(events, json_pack("{sssssi}", "kind", "phase", "phase", "automatic",
                                            "seat", seat));
    step_ctx ctx = {g, events, "automatic", 0};
    manoover_automatic(&g->pos, seat, emit_step, &ctx);
}

static void begin_control(game *g, json_t *events)
{
    json_array_append_new(events, json_pack("{sssssi}", "kind", "phase", "phase", "control",
                                            "seat", g->turn));
    manoover_roll_dice(&g->rng, &g->pos, g->turn, &g->roll);
    g->has_roll = true;
    g->ndice = 0;
    for (int d = 0; d < g->roll.n; d++) {
        if (g->roll.kept[d])
            g->dice[g->ndice++] = (manoover_die){g->roll.value[d], false};
    }
    json_t *ev = roll_json(g);
    json_object_set_new(ev, "kind", json_string("roll"));
    json_array_append_new(events, ev);
}

/* A new turn of `seat`: in the alternate order its automatic phase comes
 * first (except on its first turn), then the throw. */
static void begin_turn(game *g, int seat, json_t *events)
{
    g->turn = seat;
    g->ndice = 0;
    g->has_roll = false;
    bool first_of_seat = g->pos.turns_taken[seat] == 0;
    g->pos.turns++;
    g->pos.turns_taken[seat]++;
    json_array_append_new(events, json_pack("{sssisi}", "kind", "turn_start", "seat", seat, "turn",
                                            g->pos.turns));
    if (g->alternate && !first_of_seat) {
        run_automatic(g, seat, events);
        if (g->pos.over)
            return;
    }
    begin_control(g, events);
}

static void add_bonus(const game *g, const int *winners, int nwinners, int *bonus)
{
    memset(bonus, 0, sizeof(int) * MANOOVER_MAX_SEATS);
    int seats = g->layout->seats;
    if (seats == 2) {
        for (int k = 0; k < nwinners; k++)
            bonus[winners[k]] = nwinners == 1 ? 4 : 2;
        return;
    }
    /* Three players: a single top scorer takes 4; when exactly two tie for
     * the top, the third takes it; a three-way tie gives nothing. */
    if (nwinners == 1) {
        bonus[winners[0]] = 4;
    } else if (nwinners == 2) {
        for (int s = 0; s < seats; s++) {
            if (s != winners[0] && s != winners[1])
                bonus[s] = 4;
        }
    }
}

/* Seats with the highest match total; how many. */
static int leaders(const game *g, int *out)
{
    int best = -1, n = 0;
    for (int s = 0; s < g->layout->seats; s++) {
        if (g->totals[s] > best) {
            best = g->totals[s];
            n = 0;
        }
        if (g->totals[s] == best)
            out[n++] = s;
    }
    return n;
}

static void finish_game(game *g, const char *reason, int64_t now_ms, json_t *events)
{
    const manoover_layout *l = g->layout;
    int seats = l->seats;
    g->phase = MANOOVER_PHASE_OVER;
    g->ndice = 0;
    g->has_roll = false;

    int winners[MANOOVER_MAX_SEATS], bonus[MANOOVER_MAX_SEATS], points[MANOOVER_MAX_SEATS];
    int scored[MANOOVER_MAX_SEATS];
    int nwinners = manoover_pos_winners(&g->pos, winners);
    add_bonus(g, winners, nwinners, bonus);
    for (int s = 0; s < seats; s++) {
        scored[s] = g->pos.scored[s];
        points[s] = scored[s] + bonus[s];
        g->totals[s] += points[s];
    }

    if (g->match_to == 0) {
        g->match_over = true;
        g->nwinners = nwinners;
        memcpy(g->winners, winners, sizeof winners);
    } else {
        int lead[MANOOVER_MAX_SEATS];
        int nlead = leaders(g, lead);
        if (g->totals[lead[0]] >= g->match_to && nlead == 1) {
            g->match_over = true;
            g->nwinners = 1;
            g->winners[0] = lead[0];
        }
    }
    g->next_game_at = g->match_over ? GAME_NO_DEADLINE : now_ms + MANOOVER_NEXT_GAME_DELAY_MS;

    json_t *record = json_pack("{sisisssisosososo}", "game", g->game_no, "first", g->first_seat,
                               "reason", reason, "turns", g->pos.turns, "scored",
                               int_array(scored, seats), "bonus", int_array(bonus, seats),
                               "points", int_array(points, seats), "winners",
                               int_array(winners, nwinners));
    json_array_append(g->history, record);

    json_t *ev = json_deep_copy(record);
    json_decref(record);
    json_object_set_new(ev, "kind", json_string("game_over"));
    json_object_set_new(ev, "totals", int_array(g->totals, seats));
    json_object_set_new(ev, "match_over", json_boolean(g->match_over));
    json_object_set_new(ev, "next_game_at", g->match_over ? json_null()
                                                          : json_integer(g->next_game_at));
    json_array_append_new(events, ev);
    if (g->match_over && g->match_to > 0)
        json_array_append_new(events, json_pack("{sssoso}", "kind", "match_over", "winners",
                                                int_array(g->winners, g->nwinners), "totals",
                                                int_array(g->totals, seats)));
}

/* After any change: while the player to move has no usable die, finish the
 * control phase, play the automatic phase and start the next turn; end the
 * game the moment it is decided. */
static void settle(game *g, int64_t now_ms, json_t *events)
{
    for (;;) {
        if (g->pos.over) {
            finish_game(g, "no_robots", now_ms, events);
            return;
        }
        if (has_usable_die(g))
            return;
        if (!g->alternate) {
            run_automatic(g, g->turn, events);
            if (g->pos.over)
                continue;
        }
        if (g->pos.turns >= MANOOVER_TURN_LIMIT) {
            finish_game(g, "turn_limit", now_ms, events);
            return;
        }
        begin_turn(g, manoover_next_seat(&g->pos, g->turn), events);
    }
}

static void start_game(game *g, int first, const char *reason, int64_t now_ms, json_t *events)
{
    g->game_no++;
    g->first_seat = first;
    g->first_reason = reason;
    g->phase = MANOOVER_PHASE_CONTROL;
    g->next_game_at = GAME_NO_DEADLINE;
    manoover_pos_start(&g->pos, g->layout);
    json_array_append_new(events, json_pack("{sssisiss}", "kind", "game_start", "game", g->game_no,
                                            "first", first, "reason", reason));
    begin_turn(g, first, events);
    settle(g, now_ms, events);
}

/* Game 1: every seat throws a d6, the highest begins, ties throw again. */
static int roll_first_player(game *g)
{
    int seats = g->layout->seats;
    bool in[MANOOVER_MAX_SEATS];
    for (int s = 0; s < seats; s++)
        in[s] = true;
    json_t *rounds = json_array();
    for (;;) {
        json_t *round = json_array();
        int best = 0, nbest = 0, who = -1;
        for (int s = 0; s < seats; s++) {
            if (!in[s]) {
                json_array_append_new(round, json_null());
                continue;
            }
            int v = rng_range(&g->rng, 1, 6);
            json_array_append_new(round, json_integer(v));
            if (v > best) {
                best = v;
                nbest = 0;
            }
            if (v == best) {
                nbest++;
                who = s;
            }
        }
        /* Only the tied highest throw again. */
        size_t s;
        json_t *v;
        json_array_foreach(round, s, v) {
            in[s] = json_is_integer(v) && json_integer_value(v) == best;
        }
        json_array_append_new(rounds, round);
        if (nbest == 1) {
            g->first_roll = json_pack("{soso}", "rounds", rounds, "seat", json_integer(who));
            return who;
        }
    }
}

/* Later games: two players, the lower total begins (on equal totals, whoever
 * went second last game); three players, the seat left of the last first. */
static int next_first_player(const game *g, const char **reason)
{
    int seats = g->layout->seats;
    if (seats == 3) {
        *reason = "rotates left";
        return (g->first_seat + 1) % seats;
    }
    if (g->totals[0] != g->totals[1]) {
        *reason = "lower total";
        return g->totals[0] < g->totals[1] ? 0 : 1;
    }
    *reason = "equal totals: went second last game";
    return (g->first_seat + 1) % seats;
}

/* ------------------------------------------------------------ contract */

static game *manoover_create(const json_t *options, int seats, game_seeds seeds, game_error *err)
{
    uint64_t seed = seeds.seed;
    const char *variant = json_string_value(json_object_get(options, "variant"));
    const manoover_layout *l = manoover_layout_find(variant ? variant : "");
    if (!l) {
        game_fail(err, "bad_options", "variant must be standard, three or plus");
        return NULL;
    }
    if (seats != l->seats) {
        game_fail(err, "bad_options", "%s needs exactly %d players, not %d", l->title, l->seats,
                  seats);
        return NULL;
    }
    json_t *match_to = json_object_get(options, "match_to");
    json_t *alternate = json_object_get(options, "alternate");
    if (!json_is_integer(match_to) || json_integer_value(match_to) < 0 ||
        !json_is_boolean(alternate)) {
        game_fail(err, "bad_options", "match_to must be a whole number and alternate true or false");
        return NULL;
    }

    game *g = calloc(1, sizeof *g);
    if (!g) {
        game_fail(err, "bad_options", "out of memory");
        return NULL;
    }
    g->layout = l;
    g->alternate = json_is_true(alternate);
    g->match_to = (int)json_integer_value(match_to);
    g->history = json_array();
    rng_seed(&g->rng, seed);
    int first = roll_first_player(g);
    json_t *events = json_array(); /* create has no events: the view shows them */
    start_game(g, first, "dice", 0, events);
    json_decref(events);
    return g;
}

static void manoover_destroy(game *g)
{
    if (!g)
        return;
    json_decref(g->first_roll);
    json_decref(g->history);
    free(g);
}

/* The bots think over a copy on a worker thread: the JSON is copied too,
 * since jansson values are not safe to share across threads. */
static game *manoover_clone(const game *g)
{
    game *copy = malloc(sizeof *copy);
    if (!copy)
        return NULL;
    *copy = *g;
    copy->first_roll = json_deep_copy(g->first_roll);
    copy->history = json_deep_copy(g->history);
    if ((g->first_roll && !copy->first_roll) || !copy->history) {
        manoover_destroy(copy);
        return NULL;
    }
    return copy;
}

/* A parsed action. */
typedef struct parsed_action {
    enum { ACT_TURN, ACT_STEP, ACT_PASS } kind;
    json_int_t robot_given; /* as sent, for the refusal */
    int robot;              /* the same, clamped to 0..999 */
    int dir;
} parsed_action;

static int parse_action(const json_t *action, parsed_action *a, game_error *err)
{
    if (!json_is_object(action))
        return game_fail(err, "bad_action", "an action must be a JSON object");
    const char *kind = json_string_value(json_object_get(action, "kind"));
    if (!kind)
        return game_fail(err, "bad_action", "the action needs a kind: turn, step or pass");
    if (strcmp(kind, "pass") == 0) {
        a->kind = ACT_PASS;
        return 0;
    }
    if (strcmp(kind, "turn") == 0)
        a->kind = ACT_TURN;
    else if (strcmp(kind, "step") == 0)
        a->kind = ACT_STEP;
    else
        return game_fail(err, "bad_action", "unknown kind \"%.40s\": use turn, step or pass", kind);

    const json_t *robot = json_object_get(action, "robot");
    if (!json_is_integer(robot))
        return game_fail(err, "bad_action", "robot must be a robot number");
    a->robot_given = json_integer_value(robot);
    a->robot = a->robot_given < 0 ? 0 : a->robot_given > 999 ? 999 : (int)a->robot_given;
    if (a->kind == ACT_TURN) {
        const char *dir = json_string_value(json_object_get(action, "dir"));
        a->dir = manoover_dir_parse(dir);
        if (a->dir < 0)
            return game_fail(err, "bad_action", "dir must be one of N, NE, SE, S, SW, NW");
    }
    return 0;
}

/* Checks an action against the rules; 0 if it may be taken now. */
static int check_action(const game *g, int seat, const parsed_action *a, game_error *err)
{
    if (g->phase == MANOOVER_PHASE_OVER) {
        if (g->match_over)
            return game_fail(err, "illegal", "the game is over");
        return game_fail(err, "illegal", "this game is over: the next game of the match starts "
                                         "shortly");
    }
    if (seat != g->turn)
        return game_fail(err, "not_your_turn", "it is %s's turn", seat_name(g->turn));
    if (a->kind == ACT_PASS)
        return 0;
    const manoover_layout *l = g->layout;
    if (a->robot < 1 || a->robot > l->robots)
        return game_fail(err, "illegal", "there is no robot %lld: robots are numbered 1 to %d",
                         (long long)a->robot_given, l->robots);
    if (!manoover_robot_on_board(&g->pos, seat, a->robot))
        return game_fail(err, "illegal", "robot %d is no longer on the board", a->robot);
    if (die_for(g, a->robot) < 0)
        return game_fail(err, "illegal", "no unused die shows %d", a->robot);
    int i = manoover_robot_index(l, seat, a->robot);
    if (a->kind == ACT_TURN && g->pos.robot[i].dir == a->dir)
        return game_fail(err, "illegal", "robot %d already points %s: turn it to another direction",
                         a->robot, manoover_dir_name(a->dir));
    return 0;
}

static void apply_action(game *g, int seat, const parsed_action *a, json_t *events)
{
    const manoover_layout *l = g->layout;
    if (a->kind == ACT_PASS) {
        json_t *unused = json_array();
        for (int d = 0; d < g->ndice; d++) {
            if (!g->dice[d].used) {
                json_array_append_new(unused, json_integer(g->dice[d].value));
                g->dice[d].used = true;
            }
        }
        json_array_append_new(events, json_pack("{sssiso}", "kind", "pass", "seat", seat,
                                                "unused", unused));
        return;
    }
    g->dice[die_for(g, a->robot)].used = true;
    int i = manoover_robot_index(l, seat, a->robot);
    if (a->kind == ACT_TURN) {
        int from = g->pos.robot[i].dir;
        manoover_turn(&g->pos, i, a->dir);
        json_array_append_new(events, json_pack("{sssisosissss}", "kind", "turned", "seat", seat,
                                                "robot", robot_ref(l, i), "die", a->robot,
                                                "from_dir", manoover_dir_name(from), "dir",
                                                manoover_dir_name(a->dir)));
        return;
    }
    manoover_move m;
    manoover_step(&g->pos, i, &m);
    step_ctx ctx = {g, events, "control", a->robot};
    emit_step(&g->pos, &m, &ctx);
}

static int manoover_act(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                        game_error *err)
{
    parsed_action a = {0};
    if (parse_action(action, &a, err) < 0 || check_action(g, seat, &a, err) < 0)
        return -1;
    apply_action(g, seat, &a, events);
    settle(g, now_ms, events);
    return 0;
}

static void manoover_tick(game *g, int64_t now_ms, json_t *events)
{
    if (g->phase != MANOOVER_PHASE_OVER || g->match_over || now_ms < g->next_game_at)
        return;
    const char *reason;
    int first = next_first_player(g, &reason);
    start_game(g, first, reason, now_ms, events);
}

static int64_t manoover_deadline(const game *g)
{
    return g->next_game_at;
}

static bool manoover_over(const game *g)
{
    return g->match_over;
}

/* ------------------------------------------------------------------ views */

static json_t *legal_json(const game *g)
{
    const manoover_layout *l = g->layout;
    json_t *robots = json_array();
    for (int n = 1; n <= l->robots; n++) {
        int dice = 0;
        for (int d = 0; d < g->ndice; d++)
            dice += !g->dice[d].used && g->dice[d].value == n;
        if (!dice || !manoover_robot_on_board(&g->pos, g->turn, n))
            continue;
        int dir = g->pos.robot[manoover_robot_index(l, g->turn, n)].dir;
        json_t *turns = json_array();
        for (int d = 0; d < MANOOVER_DIRS; d++) {
            if (d != dir)
                json_array_append_new(turns, json_string(manoover_dir_name(d)));
        }
        json_array_append_new(robots, json_pack("{sisisbso}", "number", n, "dice", dice, "step",
                                                1, "turn", turns));
    }
    return json_pack("{sosb}", "robots", robots, "pass", 1);
}

static json_t *robots_json(const game *g, json_t **scored, json_t **off_board)
{
    const manoover_layout *l = g->layout;
    const manoover_pos *p = &g->pos;
    int total = l->seats * l->robots;
    json_t *on = json_array();
    *scored = json_array();
    *off_board = json_array();
    for (int s = 0; s < l->seats; s++)
        json_array_append_new(*scored, json_array());
    for (int i = 0; i < total; i++) {
        const manoover_robot *r = &p->robot[i];
        if (r->where == MANOOVER_ON_BOARD)
            json_array_append_new(on, json_pack("{sisisoss}", "owner", manoover_robot_seat(l, i),
                                                "number", manoover_robot_number(l, i), "cell",
                                                cell_json(r->cell), "dir",
                                                manoover_dir_name(r->dir)));
    }
    /* Removed robots in the order they left, as they pile up beside the board. */
    for (int seq = 1; seq <= p->removed; seq++) {
        for (int i = 0; i < total; i++) {
            const manoover_robot *r = &p->robot[i];
            if (r->where == MANOOVER_ON_BOARD || r->removed_seq != seq)
                continue;
            json_t *dest = r->where == MANOOVER_IN_GOAL ? json_array_get(*scored, r->goal)
                                                        : *off_board;
            json_array_append_new(dest, robot_ref(l, i));
        }
    }
    return on;
}

static const char *const phase_names[] = {"control", "over"};

static json_t *manoover_view(const game *g, int seat)
{
    const manoover_layout *l = g->layout;
    const manoover_pos *p = &g->pos;
    int seats = l->seats;

    json_t *colours = json_array(), *goals = json_array(), *out = json_array();
    for (int s = 0; s < seats; s++) {
        json_array_append_new(colours, json_string(l->colour[s]));
        json_array_append_new(goals, json_pack("{siso}", "owner", s, "cell",
                                               cell_json(l->goal[s])));
        json_array_append_new(out, json_boolean(p->alive[s] == 0));
    }
    json_t *scored, *off_board;
    json_t *robots = robots_json(g, &scored, &off_board);

    json_t *dice = json_array(), *aside = json_array();
    for (int d = 0; d < g->ndice; d++) {
        bool usable = !g->dice[d].used && manoover_robot_on_board(p, g->turn, g->dice[d].value);
        json_array_append_new(dice, json_pack("{sisisbsb}", "value", g->dice[d].value, "robot",
                                              g->dice[d].value, "used", g->dice[d].used,
                                              "usable", usable));
    }
    for (int d = 0; g->has_roll && d < g->roll.n; d++) {
        if (!g->roll.kept[d])
            json_array_append_new(aside, json_integer(g->roll.value[d]));
    }

    json_t *match = json_pack("{sisosososbso}", "to", g->match_to, "totals",
                              int_array(g->totals, seats), "games", json_deep_copy(g->history),
                              "winners", int_array(g->winners, g->nwinners), "over",
                              g->match_over, "next_game_at",
                              g->next_game_at == GAME_NO_DEADLINE
                                  ? json_null()
                                  : json_integer(g->next_game_at));

    json_t *v = json_pack("{sssssbsisisosisisi}", "variant", l->variant, "title", l->title,
                          "alternate", g->alternate, "radius", l->radius, "seats", seats,
                          "colours", colours, "robots_per_seat", l->robots, "dice_count",
                          l->dice, "dice_faces", l->faces);
    json_object_set_new(v, "goals", goals);
    json_object_set_new(v, "robots", robots);
    json_object_set_new(v, "scored", scored);
    json_object_set_new(v, "score", u8_array(p->scored, seats));
    json_object_set_new(v, "off_board", off_board);
    json_object_set_new(v, "alive", u8_array(p->alive, seats));
    json_object_set_new(v, "out", out);
    json_object_set_new(v, "game", json_integer(g->game_no));
    json_object_set_new(v, "turn", json_integer(g->turn));
    json_object_set_new(v, "turn_number", json_integer(p->turns));
    json_object_set_new(v, "phase", json_string(phase_names[g->phase]));
    json_object_set_new(v, "first_player", json_deep_copy(g->first_roll));
    json_object_set_new(v, "game_first", json_integer(g->first_seat));
    json_object_set_new(v, "game_first_reason", json_string(g->first_reason));
    json_object_set_new(v, "roll", g->has_roll ? roll_json(g) : json_null());
    json_object_set_new(v, "dice", dice);
    json_object_set_new(v, "set_aside", aside);
    json_object_set_new(v, "match", match);
    json_object_set_new(v, "you", json_integer(seat));
    if (g->phase == MANOOVER_PHASE_CONTROL && seat == g->turn)
        json_object_set_new(v, "legal", legal_json(g));
    return v;
}

static json_t *manoover_result(const game *g)
{
    if (!g->match_over)
        return NULL;
    int seats = g->layout->seats;
    const int *scores = g->totals;
    int goal_counts[MANOOVER_MAX_SEATS];
    if (g->match_to == 0) {
        for (int s = 0; s < seats; s++)
            goal_counts[s] = g->pos.scored[s];
        scores = goal_counts;
    }

    char summary[160];
    const char *what = g->match_to ? "the match" : "the game";
    if (g->nwinners == 1) {
        int w = g->winners[0];
        char rest[64] = "";
        size_t used = 0;
        for (int s = 0; s < seats; s++) {
            if (s != w)
                used += (size_t)snprintf(rest + used, sizeof rest - used, "%s%d",
                                         used ? " and " : "", scores[s]);
        }
        snprintf(summary, sizeof summary, "%s wins %s %d to %s", seat_name(w), what,
                 scores[w], rest);
    } else {
        char names[64] = "";
        size_t used = 0;
        for (int k = 0; k < g->nwinners; k++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                     k == 0 ? "" : k + 1 == g->nwinners ? " and " : ", ",
                                     seat_name(g->winners[k]));
        snprintf(summary, sizeof summary, "%s tie %s with %d each", names, what,
                 scores[g->winners[0]]);
    }
    return json_pack("{sososssiso}", "winners", int_array(g->winners, g->nwinners), "scores",
                     int_array(scores, seats), "summary", summary, "match_to", g->match_to,
                     "games", json_deep_copy(g->history));
}

/* ------------------------------------------------------------ test hooks */

int manoover_game_load(game *g, const manoover_pos *pos, int seat, const int *dice, int ndice)
{
    const manoover_layout *l = g->layout;
    if (pos->layout != l || seat < 0 || seat >= l->seats || ndice < 0 || ndice > l->dice)
        return -1;
    for (int d = 0; d < ndice; d++) {
        if (dice[d] < 1 || dice[d] > l->faces)
            return -1;
    }
    g->pos = *pos;
    g->turn = seat;
    g->phase = MANOOVER_PHASE_CONTROL;
    g->has_roll = true;
    memset(&g->roll, 0, sizeof g->roll);
    g->roll.n = ndice;
    g->ndice = 0;
    for (int d = 0; d < ndice; d++) {
        g->roll.first[d] = g->roll.value[d] = (uint8_t)dice[d];
        g->roll.kept[d] = manoover_robot_on_board(pos, seat, dice[d]);
        if (g->roll.kept[d])
            g->dice[g->ndice++] = (manoover_die){(uint8_t)dice[d], false};
    }
    return 0;
}

int manoover_game_usable_dice(const game *g, uint8_t out[MANOOVER_MAX_DICE])
{
    int n = 0;
    for (int d = 0; g->phase == MANOOVER_PHASE_CONTROL && d < g->ndice; d++) {
        if (!g->dice[d].used && manoover_robot_on_board(&g->pos, g->turn, g->dice[d].value))
            out[n++] = g->dice[d].value;
    }
    return n;
}

/* ------------------------------------------------------------------ engine */

static const char *const bot_levels[] = {"easy", "normal", "hard", NULL};

const game_engine manoover_engine = {
    .id = "manoover",
    .title = "Robot Attack (MANOOVER)",
    .summary = "Dice pick your robots, arrows push them on: shove robots into your goal.",
    .min_players = 2,
    .max_players = 3,
    .options = manoover_options,
    .option_defaults = manoover_option_defaults,
    .seat_range = manoover_seat_range,
    .bot_levels = bot_levels,
    .create = manoover_create,
    .destroy = manoover_destroy,
    .act = manoover_act,
    .tick = manoover_tick,
    .deadline = manoover_deadline,
    .view = manoover_view,
    .over = manoover_over,
    .result = manoover_result,
    .bot = manoover_bot,
    .clone = manoover_clone,
};
