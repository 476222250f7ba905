/*
 * robotwars_game.c: the engine contract for Robot Wars: the wars' phases
 * (each battle's set-up, then the battle turn by turn), deadlines, views and
 * the result. One battle's mechanics are in robotwars_rules.c, the bracket in
 * robotwars_bracket.c; the wire formats in protocol/drafts/robotwars.md.
 *
 * Phases. "setup": the robots of the next battle are reset to base, their
 * roboteers' ten disc throws are rolled, and each allocates its discs in
 * secret; when all are in (or at the set-up deadline, an unallocated robot
 * getting the normal bot's allocation) they are revealed together, the
 * order of play is rolled (in a match, the roboteers take turns to start),
 * and the battle begins. "battle": one robot's turn at a time, ended by its
 * roboteer, by nothing being left to do, or by the turn deadline. "over":
 * once the final, or the match, is won.
 *
 * Nothing is hidden but an allocation before the reveal. Every die comes
 * from the open seed: everyone sees every roll as it happens.
 */
#include "robotwars.h"

#include <stdlib.h>
#include <string.h>

struct game {
    int seats, best_of, turn_limit;
    int64_t setup_ms, turn_ms;
    rw_dice dice;
    int card[RW_MAX_SEATS]; /* the weapons card each roboteer drew */
    rw_bracket br;
    rw_phase phase;
    int battle; /* the battle being set up or fought (or the last one) */
    int64_t deadline;

    /* The set-up, by the battle's drawn seats (br.b[battle].seats). */
    int throws[RW_MAX_IN_BATTLE][RW_THROWS];
    int discs[RW_MAX_IN_BATTLE];
    bool allocated[RW_MAX_IN_BATTLE];
    bool defaulted[RW_MAX_IN_BATTLE]; /* placed at the deadline */
    int add[RW_MAX_IN_BATTLE][RW_CAPS];

    /* The battle. */
    rw_arena arena;
    rw_turn turn;
    bool turn_on;
    int round;
    int starter; /* who started the last battle of a match, -1 before any */
};

/* ---- options ---- */

static const char *const best_of_choices[] = {"3", "5", "7", NULL};

static const game_option robotwars_options[] = {
    {"best_of", GAME_OPTION_CHOICE, "Best of (two roboteers)",
     "With two roboteers the wars are a match: the first to win a majority of this many battles "
     "wins. With three or more: heats, semi-finals and a final.",
     0, 0, 0, best_of_choices, NULL},
    {"setup_s", GAME_OPTION_INT, "Seconds to allocate discs",
     "Time to spend the discs won before each battle; a disc still unplaced then goes where the "
     "normal bot would put it.",
     60, 2, 3600, NULL, NULL},
    {"turn_s", GAME_OPTION_INT, "Seconds per turn",
     "Time for each robot's turn; at the deadline the turn ends.", 90, 2, 3600, NULL, NULL},
    {"turn_limit", GAME_OPTION_INT, "Turns per battle",
     "Turns each robot has in a battle before the most damaged one is eliminated. The rules say "
     "15; fewer make quick battles (the pit opens after 5).",
     RW_TURN_LIMIT, 1, RW_TURN_LIMIT, NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

/* ---- small helpers ---- */

static void add_event(json_t *events, json_t *e)
{
    if (events)
        json_array_append_new(events, e);
    else
        json_decref(e);
}

static rw_battle *current(game *g)
{
    return &g->br.b[g->battle];
}

static const rw_battle *current_c(const game *g)
{
    return &g->br.b[g->battle];
}

/* The index of `seat` among the current battle's drawn seats, or -1. */
static int drawn_index(const game *g, int seat)
{
    const rw_battle *bt = current_c(g);
    for (int j = 0; j < bt->n; j++) {
        if (bt->seats[j] == seat)
            return j;
    }
    return -1;
}

static int weapon_of(const game *g, int seat)
{
    return rw_deck[g->card[seat]].value;
}

/* Discs a roboteer must place: all it won, unless every capability would
 * reach its maximum first. */
static int discs_to_place(int discs)
{
    int room = 0;
    for (int c = 0; c < RW_CAPS; c++)
        room += rw_caps[c].max - rw_caps[c].base;
    return discs < room ? discs : room;
}

/* ---- set-up ---- */

static void begin_setup(game *g, int k, int64_t now, json_t *events)
{
    g->phase = RW_PHASE_SETUP;
    g->battle = k;
    g->turn_on = false;
    g->round = 0;
    g->deadline = now + g->setup_ms;
    rw_battle *bt = current(g);
    json_t *throws = json_array();
    for (int j = 0; j < bt->n; j++) {
        g->discs[j] = 0;
        json_t *rolls = json_array();
        for (int t = 0; t < RW_THROWS; t++) {
            g->throws[j][t] = rw_roll(&g->dice);
            g->discs[j] += rw_disc_won(g->throws[j][t]);
            json_array_append_new(rolls, json_integer(g->throws[j][t]));
        }
        memset(g->add[j], 0, sizeof g->add[j]);
        g->defaulted[j] = false;
        /* Without a disc there is nothing to decide. */
        g->allocated[j] = g->discs[j] == 0;
        json_array_append_new(throws, json_pack("{s:i, s:o, s:i}", "seat", bt->seats[j], "rolls",
                                                rolls, "discs", g->discs[j]));
    }
    char title[32];
    rw_battle_title(&g->br, k, title, sizeof title);
    add_event(events, json_pack("{s:s, s:i, s:s, s:s, s:o, s:o, s:I}", "kind", "setup", "battle",
                                k, "title", title, "stage", rw_stage_names[bt->stage], "seats",
                                rw_seats_json(bt->seats, bt->n), "throws", throws, "deadline",
                                (json_int_t)g->deadline));
}

static bool setup_complete(const game *g)
{
    const rw_battle *bt = current_c(g);
    for (int j = 0; j < bt->n; j++) {
        if (!g->allocated[j])
            return false;
    }
    return true;
}

/* ---- the order of play ---- */

/* Rolls for the order of play: everyone throws, and each group of equal
 * throws throws again among itself, until no two are tied. key[j] holds
 * roboteer j's throws round by round (0 once it sat out). */
#define ORDER_ROUNDS 8

static bool order_before(const int *a, const int *b)
{
    for (int r = 0; r < ORDER_ROUNDS; r++) {
        if (a[r] != b[r])
            return a[r] > b[r];
    }
    return false;
}

static void roll_order(game *g, rw_battle *bt, json_t *events)
{
    int n = bt->n;
    int key[RW_MAX_IN_BATTLE][ORDER_ROUNDS] = {{0}};
    bool tied[RW_MAX_IN_BATTLE];
    for (int j = 0; j < n; j++)
        tied[j] = true;
    for (int round = 0; round < ORDER_ROUNDS; round++) {
        json_t *rolls = json_array();
        for (int j = 0; j < n; j++) {
            if (!tied[j])
                continue;
            key[j][round] = rw_roll(&g->dice);
            json_array_append_new(rolls, json_pack("{s:i, s:i}", "seat", bt->seats[j], "roll",
                                                   key[j][round]));
        }
        add_event(events, json_pack("{s:s, s:i, s:o}", "kind", "order_roll", "round", round + 1,
                                    "rolls", rolls));
        bool left = false;
        for (int j = 0; j < n; j++) {
            bool same = false;
            for (int i = 0; i < n; i++)
                same |= i != j && tied[j] && memcmp(key[i], key[j], sizeof key[j]) == 0;
            tied[j] = same;
            left |= same;
        }
        if (!left)
            break;
    }
    /* Highest throws first; a tie still standing after every round (never,
     * in practice) keeps the drawn order. */
    int idx[RW_MAX_IN_BATTLE];
    for (int j = 0; j < n; j++)
        idx[j] = j;
    for (int a = 1; a < n; a++) {
        for (int b = a; b > 0 && order_before(key[idx[b]], key[idx[b - 1]]); b--) {
            int t = idx[b];
            idx[b] = idx[b - 1];
            idx[b - 1] = t;
        }
    }
    for (int j = 0; j < n; j++)
        bt->order[j] = bt->seats[idx[j]];
}

static void decide_order(game *g, json_t *events)
{
    rw_battle *bt = current(g);
    const char *by = "dice";
    if (g->br.match && g->starter >= 0) {
        /* A match: the roboteers take it in turn to start. */
        bt->order[0] = 1 - g->starter;
        bt->order[1] = g->starter;
        by = "alternate";
    } else {
        roll_order(g, bt, events);
    }
    g->starter = bt->order[0];
    add_event(events, json_pack("{s:s, s:o, s:s}", "kind", "order", "order",
                                rw_seats_json(bt->order, bt->n), "by", by));
}

/* ---- the battle ---- */

static void start_turn(game *g, int i, int64_t now, json_t *events)
{
    rw_turn_start(&g->arena, i, &g->turn);
    g->turn_on = true;
    g->deadline = now + g->turn_ms;
    add_event(events, json_pack("{s:s, s:i, s:i, s:i, s:i, s:b, s:I}", "kind", "turn_start", "seat",
                                g->arena.r[i].seat, "round", g->round, "moves", g->turn.moves,
                                "turns", g->turn.turns, "final_turn_only", g->turn.final_turn,
                                "deadline", (json_int_t)g->deadline));
}

static void reveal_and_begin(game *g, int64_t now, json_t *events)
{
    rw_battle *bt = current(g);
    json_t *robots = json_array();
    for (int j = 0; j < bt->n; j++) {
        int cap[RW_CAPS];
        for (int c = 0; c < RW_CAPS; c++)
            cap[c] = rw_caps[c].base + g->add[j][c];
        json_t *r = rw_caps_json(cap);
        json_object_set_new(r, "seat", json_integer(bt->seats[j]));
        json_object_set_new(r, "added", rw_caps_json(g->add[j]));
        json_object_set_new(r, "default", json_boolean(g->defaulted[j]));
        json_array_append_new(robots, r);
    }
    add_event(events, json_pack("{s:s, s:i, s:o}", "kind", "allocations", "battle", g->battle,
                                "robots", robots));
    decide_order(g, events);

    int caps[RW_MAX_IN_BATTLE][RW_CAPS], weapons[RW_MAX_IN_BATTLE];
    for (int i = 0; i < bt->n; i++) {
        int j = drawn_index(g, bt->order[i]);
        for (int c = 0; c < RW_CAPS; c++)
            caps[i][c] = rw_caps[c].base + g->add[j][c];
        weapons[i] = weapon_of(g, bt->order[i]);
    }
    rw_arena_start(&g->arena, bt->n, bt->order, caps, weapons);
    bt->started = true;
    json_t *placed = json_array();
    for (int i = 0; i < bt->n; i++)
        json_array_append_new(placed, json_pack("{s:i, s:o, s:s}", "seat", g->arena.r[i].seat,
                                                "cell", rw_cell_json(g->arena.r[i].cell),
                                                "facing", rw_dir_names[g->arena.r[i].facing]));
    add_event(events, json_pack("{s:s, s:i, s:o}", "kind", "battle_start", "battle", g->battle,
                                "robots", placed));
    g->phase = RW_PHASE_BATTLE;
    g->round = 1;
    start_turn(g, 0, now, events);
}

static void summary_of(const game *g, char *buf, size_t len)
{
    int w = g->br.champion;
    if (w < 0) {
        snprintf(buf, len, "The wars go on");
        return;
    }
    if (g->br.match)
        snprintf(buf, len, "%s wins the match by %d battles to %d", rw_seat_names[w],
                 g->br.wins[w], g->br.wins[1 - w]);
    else
        snprintf(buf, len, "%s wins the Robot Wars final", rw_seat_names[w]);
}

static void finish_battle(game *g, int eliminated_index, rw_out how, bool tie_break, int64_t now,
                          json_t *events)
{
    rw_battle *bt = current(g);
    rw_arena *a = &g->arena;
    g->turn_on = false;
    bt->how = how;
    bt->tie_break = tie_break;
    bt->rounds = g->round;
    for (int i = 0; i < a->n; i++)
        bt->damage[i] = a->r[i].damage;
    int eliminated = a->r[eliminated_index].seat;
    int k = g->battle, drew;
    char title[32];
    rw_battle_title(&g->br, k, title, sizeof title);
    int next = rw_bracket_after(&g->br, k, eliminated, &g->dice.r, &drew);
    json_t *advance = json_array(), *damage = json_array();
    for (int i = 0; i < a->n; i++) {
        if (i != eliminated_index)
            json_array_append_new(advance, json_integer(a->r[i].seat));
        json_array_append_new(damage, json_pack("{s:i, s:i}", "seat", a->r[i].seat, "damage",
                                                a->r[i].damage));
    }
    add_event(events, json_pack("{s:s, s:i, s:s, s:i, s:s, s:b, s:o, s:o}", "kind", "battle_over",
                                "battle", k, "title", title, "eliminated", eliminated, "how",
                                how == RW_OUT_NONE ? "turn_limit" : rw_out_names[how], "tie_break",
                                tie_break, "advance", advance, "damage", damage));
    if (drew >= 0) {
        json_t *battles = json_array();
        for (int b = g->br.stage_first[drew]; b < g->br.stage_first[drew + 1]; b++)
            json_array_append_new(battles, rw_seats_json(g->br.b[b].seats, g->br.b[b].n));
        add_event(events, json_pack("{s:s, s:s, s:o, s:o}", "kind", "draw", "stage",
                                    rw_stage_names[g->br.b[g->br.stage_first[drew]].stage],
                                    "battles", battles, "byes",
                                    rw_seats_json(g->br.byes[drew], g->br.nbyes[drew])));
    }
    if (next >= 0) {
        begin_setup(g, next, now, events);
        if (setup_complete(g))
            reveal_and_begin(g, now, events);
        return;
    }
    g->phase = RW_PHASE_OVER;
    g->deadline = GAME_NO_DEADLINE;
    char summary[96];
    summary_of(g, summary, sizeof summary);
    add_event(events, json_pack("{s:s, s:[i], s:s}", "kind", "over", "winners", g->br.champion,
                                "summary", summary));
}

/* Among the robots `tied` (arena indexes), the one the tie-break
 * eliminates: the attack die names a capability and the lowest in it goes,
 * rolling again among those still tied. If no capability tells the
 * remaining robots apart, a roll-off does: lowest throw goes. */
static int tie_break(game *g, int *tied, int n, json_t *events)
{
    rw_arena *a = &g->arena;
    while (n > 1) {
        bool separable = false;
        for (int c = 0; c < RW_CAPS && !separable; c++) {
            for (int i = 1; i < n; i++)
                separable |= a->r[tied[i]].cap[c] != a->r[tied[0]].cap[c];
        }
        json_t *seats = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(seats, json_integer(a->r[tied[i]].seat));
        int keep = 0, low = 1000, value[RW_MAX_IN_BATTLE];
        json_t *e = json_pack("{s:s, s:o}", "kind", "tie_break", "tied", seats);
        if (separable) {
            int roll = rw_roll(&g->dice);
            int face = rw_die_faces[RW_DIE_ATTACK][roll - 1];
            json_object_set_new(e, "roll", json_integer(roll));
            json_object_set_new(e, "face", json_string(rw_face_names[face]));
            json_object_set_new(e, "rolls", json_null());
            add_event(events, e);
            if (face >= RW_CAPS)
                continue;
            for (int i = 0; i < n; i++)
                value[i] = a->r[tied[i]].cap[face];
        } else {
            json_t *rolls = json_array();
            for (int i = 0; i < n; i++) {
                value[i] = rw_roll(&g->dice);
                json_array_append_new(rolls, json_pack("{s:i, s:i}", "seat", a->r[tied[i]].seat,
                                                       "roll", value[i]));
            }
            json_object_set_new(e, "roll", json_null());
            json_object_set_new(e, "face", json_null());
            json_object_set_new(e, "rolls", rolls);
            add_event(events, e);
        }
        for (int i = 0; i < n; i++)
            low = value[i] < low ? value[i] : low;
        for (int i = 0; i < n; i++) {
            if (value[i] == low)
                tied[keep++] = tied[i];
        }
        n = keep;
    }
    return tied[0];
}

static void turn_limit_reached(game *g, int64_t now, json_t *events)
{
    rw_arena *a = &g->arena;
    int most = -1, tied[RW_MAX_IN_BATTLE], n = 0;
    for (int i = 0; i < a->n; i++)
        most = a->r[i].damage > most ? a->r[i].damage : most;
    for (int i = 0; i < a->n; i++) {
        if (a->r[i].damage == most)
            tied[n++] = i;
    }
    bool by_tie = n > 1;
    int loser = by_tie ? tie_break(g, tied, n, events) : tied[0];
    finish_battle(g, loser, RW_OUT_NONE, by_tie, now, events);
}

static void end_turn(game *g, const char *why, int64_t now, json_t *events)
{
    rw_arena *a = &g->arena;
    rw_robot *r = &a->r[g->turn.who];
    r->turns_taken++;
    g->turn_on = false;
    add_event(events, json_pack("{s:s, s:i, s:i, s:s}", "kind", "turn_end", "seat", r->seat,
                                "round", g->round, "why", a->out >= 0 ? "battle_over" : why));
    if (a->out >= 0) {
        finish_battle(g, a->out, a->out_why, false, now, events);
        return;
    }
    int next = g->turn.who + 1;
    if (next == a->n) {
        /* Every roboteer has had this round's turn. */
        if (g->round == RW_PIT_AFTER) {
            rw_ctx ctx = {.dice = &g->dice, .events = events};
            rw_open_pit(a, &ctx);
            if (a->out >= 0) {
                finish_battle(g, a->out, a->out_why, false, now, events);
                return;
            }
        }
        if (g->round == g->turn_limit) {
            turn_limit_reached(g, now, events);
            return;
        }
        g->round++;
        next = 0;
    }
    start_turn(g, next, now, events);
}

/* ---- create and destroy ---- */

static game *robotwars_create(const json_t *options, int seats, game_seeds seeds, game_error *err)
{
    if (seats < 2 || seats > RW_MAX_SEATS) {
        game_fail(err, "bad_options", "Robot Wars needs two to six roboteers, not %d", seats);
        return NULL;
    }
    const char *best_of = json_string_value(json_object_get(options, "best_of"));
    game *g = calloc(1, sizeof *g);
    if (!g) {
        game_fail(err, "bad_options", "out of memory");
        return NULL;
    }
    g->seats = seats;
    g->best_of = best_of ? atoi(best_of) : 3;
    if (g->best_of != 3 && g->best_of != 5 && g->best_of != 7) {
        free(g);
        game_fail(err, "bad_options", "best_of must be 3, 5 or 7");
        return NULL;
    }
    g->setup_ms = json_integer_value(json_object_get(options, "setup_s")) * 1000;
    g->turn_ms = json_integer_value(json_object_get(options, "turn_s")) * 1000;
    g->turn_limit = (int)json_integer_value(json_object_get(options, "turn_limit"));
    if (g->setup_ms <= 0 || g->turn_ms <= 0 || g->turn_limit < 1 || g->turn_limit > RW_TURN_LIMIT) {
        free(g);
        game_fail(err, "bad_options", "setup_s and turn_s must be positive, turn_limit 1 to 15");
        return NULL;
    }
    rng_seed(&g->dice.r, seeds.seed);
    /* The weapons cards, shuffled; each roboteer takes one and keeps it. */
    int deck[RW_DECK];
    for (int i = 0; i < RW_DECK; i++)
        deck[i] = i;
    rng_shuffle_ints(&g->dice.r, deck, RW_DECK);
    for (int s = 0; s < seats; s++)
        g->card[s] = deck[s];
    g->starter = -1;
    rw_bracket_init(&g->br, seats, g->best_of);
    if (!g->br.match)
        rw_bracket_draw(&g->br, 0, &g->dice.r);
    begin_setup(g, 0, 0, NULL);
    if (setup_complete(g))
        reveal_and_begin(g, 0, NULL);
    return g;
}

static void robotwars_destroy(game *g)
{
    free(g);
}

/* Plain data through and through: a copy shares nothing. */
static game *robotwars_clone(const game *g)
{
    game *copy = malloc(sizeof *copy);
    if (copy)
        *copy = *g;
    return copy;
}

/* ---- actions ---- */

static int act_allocate(game *g, int seat, const json_t *action, int64_t now, json_t *events,
                        game_error *err)
{
    const char *who = rw_seat_names[seat];
    if (g->phase != RW_PHASE_SETUP)
        return game_fail(err, "illegal", "%s cannot allocate discs now: they are placed before a "
                                         "battle, and this battle is on", who);
    int j = drawn_index(g, seat);
    if (j < 0)
        return game_fail(err, "not_your_turn", "%s is not in the next battle", who);
    if (g->allocated[j])
        return game_fail(err, "illegal", "%s has already allocated its discs", who);
    if (now >= g->deadline)
        return game_fail(err, "illegal", "too late: the time to allocate discs is up");
    int add[RW_CAPS];
    if (rw_allocation_from_json(action, add, err) < 0)
        return -1;
    int sum = 0;
    for (int c = 0; c < RW_CAPS; c++) {
        sum += add[c];
        if (rw_caps[c].base + add[c] > rw_caps[c].max)
            return game_fail(err, "illegal", "%s's %s would be %d: its maximum is %d", who,
                             rw_caps[c].title, rw_caps[c].base + add[c], rw_caps[c].max);
    }
    if (sum > g->discs[j])
        return game_fail(err, "illegal", "%s won %d disc%s, not %d", who, g->discs[j],
                         g->discs[j] == 1 ? "" : "s", sum);
    int need = discs_to_place(g->discs[j]);
    if (sum < need)
        return game_fail(err, "illegal", "%s must place all %d discs it can: %d placed", who, need,
                         sum);
    memcpy(g->add[j], add, sizeof add);
    g->allocated[j] = true;
    add_event(events, json_pack("{s:s, s:i}", "kind", "allocated", "seat", seat));
    if (setup_complete(g))
        reveal_and_begin(g, now, events);
    return 0;
}

/* Reads a battle action's kind and "to". */
static int parse_move(const char *kind, const json_t *action, rw_act *out, game_error *err)
{
    static const rw_act plain[] = {RW_ACT_FORWARD, RW_ACT_BACK, RW_ACT_ATTACK, RW_ACT_END};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        if (strcmp(kind, rw_act_names[plain[i]]) == 0) {
            *out = plain[i];
            return 0;
        }
    }
    if (strcmp(kind, "turn") == 0) {
        const char *to = json_string_value(json_object_get(action, "to"));
        if (to && strcmp(to, "left") == 0)
            *out = RW_ACT_LEFT;
        else if (to && strcmp(to, "right") == 0)
            *out = RW_ACT_RIGHT;
        else
            return game_fail(err, "bad_action", "a turn needs \"to\": \"left\" or \"right\"");
        return 0;
    }
    return game_fail(err, "bad_action",
                     "kind must be \"allocate\", \"forward\", \"back\", \"attack\", \"turn\" or "
                     "\"end\"");
}

static int act_battle(game *g, int seat, rw_act act, const json_t *action, int64_t now,
                      json_t *events, game_error *err)
{
    const char *who = rw_seat_names[seat];
    if (g->phase != RW_PHASE_BATTLE || !g->turn_on)
        return game_fail(err, "not_your_turn", "%s cannot move yet: the discs are being allocated",
                         who);
    const rw_robot *mover = &g->arena.r[g->turn.who];
    if (mover->seat != seat) {
        if (robotwars_in_battle(g, seat) < 0)
            return game_fail(err, "not_your_turn", "%s is not in this battle: %s is to move", who,
                             rw_seat_names[mover->seat]);
        return game_fail(err, "not_your_turn", "it is %s's turn, not %s's",
                         rw_seat_names[mover->seat], who);
    }
    const json_t *robot = json_object_get(action, "robot");
    if (robot) {
        if (!json_is_integer(robot))
            return game_fail(err, "bad_action", "robot must be a seat number");
        json_int_t r = json_integer_value(robot);
        if (r != seat)
            return game_fail(err, "illegal", "%s can only move its own robot, not %s's", who,
                             r >= 0 && r < g->seats ? rw_seat_names[r] : "another seat");
    }
    if (now >= g->deadline)
        return game_fail(err, "illegal", "too late: %s's turn is over", who);
    if (rw_check(&g->arena, &g->turn, act, err) < 0)
        return -1;
    rw_ctx ctx = {.dice = &g->dice, .events = events};
    bool over = act == RW_ACT_END || rw_do(&g->arena, &g->turn, act, &ctx);
    if (over)
        end_turn(g, act == RW_ACT_END ? "ended" : "done", now, events);
    return 0;
}

static int robotwars_act(game *g, int seat, const json_t *action, int64_t now, json_t *events,
                         game_error *err)
{
    if (!json_is_object(action))
        return game_fail(err, "bad_action", "an action is a JSON object with a kind");
    const char *kind = json_string_value(json_object_get(action, "kind"));
    if (!kind)
        return game_fail(err, "bad_action", "an action needs a kind (a string)");
    bool allocate = strcmp(kind, "allocate") == 0;
    rw_act act = RW_ACT_END;
    if (!allocate && parse_move(kind, action, &act, err) < 0)
        return -1;
    if (seat < 0 || seat >= g->seats)
        return game_fail(err, "not_your_turn", "only the roboteers act");
    if (g->phase == RW_PHASE_OVER)
        return game_fail(err, "not_your_turn", "the wars are over");
    if (allocate)
        return act_allocate(g, seat, action, now, events, err);
    return act_battle(g, seat, act, action, now, events, err);
}

static void robotwars_tick(game *g, int64_t now, json_t *events)
{
    while (g->phase != RW_PHASE_OVER && now >= g->deadline) {
        if (g->phase == RW_PHASE_SETUP) {
            const rw_battle *bt = current_c(g);
            for (int j = 0; j < bt->n; j++) {
                if (g->allocated[j])
                    continue;
                robotwars_bot_allocation(1, g->discs[j], weapon_of(g, bt->seats[j]), g->add[j]);
                g->allocated[j] = g->defaulted[j] = true;
                add_event(events, json_pack("{s:s, s:i}", "kind", "allocation_default", "seat",
                                            bt->seats[j]));
            }
            reveal_and_begin(g, now, events);
        } else {
            end_turn(g, "deadline", now, events);
        }
    }
}

static int64_t robotwars_deadline(const game *g)
{
    return g->phase == RW_PHASE_OVER ? GAME_NO_DEADLINE : g->deadline;
}

static bool robotwars_over(const game *g)
{
    return g->phase == RW_PHASE_OVER;
}

/* ---- views ---- */

static json_t *weapon_json(const game *g, int seat)
{
    const rw_weapon *w = &rw_deck[g->card[seat]];
    return json_pack("{s:i, s:s}", "value", w->value, "name", w->name);
}

static json_t *battle_record_json(const game *g, int k)
{
    const rw_battle *bt = &g->br.b[k];
    char title[32];
    rw_battle_title(&g->br, k, title, sizeof title);
    const char *status = bt->done                                    ? "done"
                         : k == g->battle && g->phase == RW_PHASE_BATTLE ? "fighting"
                         : k == g->battle                              ? "setup"
                                                                       : "pending";
    json_t *b = json_pack("{s:i, s:s, s:s, s:s, s:o}", "index", k, "title", title, "stage",
                          rw_stage_names[bt->stage], "status", status, "seats",
                          rw_seats_json(bt->seats, bt->n));
    json_object_set_new(b, "order", bt->started ? rw_seats_json(bt->order, bt->n) : json_null());
    if (!bt->done) {
        json_object_set_new(b, "eliminated", json_null());
        json_object_set_new(b, "winners", json_null());
        json_object_set_new(b, "how", json_null());
        json_object_set_new(b, "tie_break", json_false());
        json_object_set_new(b, "rounds", json_null());
        json_object_set_new(b, "damage", json_null());
        return b;
    }
    json_t *winners = json_array(), *damage = json_array();
    for (int i = 0; i < bt->n; i++) {
        if (bt->order[i] != bt->eliminated)
            json_array_append_new(winners, json_integer(bt->order[i]));
        json_array_append_new(damage, json_pack("{s:i, s:i}", "seat", bt->order[i], "damage",
                                                bt->damage[i]));
    }
    json_object_set_new(b, "eliminated", json_integer(bt->eliminated));
    json_object_set_new(b, "winners", winners);
    json_object_set_new(b, "how",
                        json_string(bt->how == RW_OUT_NONE ? "turn_limit" : rw_out_names[bt->how]));
    json_object_set_new(b, "tie_break", json_boolean(bt->tie_break));
    json_object_set_new(b, "rounds", json_integer(bt->rounds));
    json_object_set_new(b, "damage", damage);
    return b;
}

static json_t *bracket_json(const game *g)
{
    const rw_bracket *br = &g->br;
    json_t *stages = json_array();
    for (int s = 0; s < br->nstages; s++) {
        json_t *battles = json_array();
        for (int k = br->stage_first[s]; k < br->stage_first[s + 1]; k++)
            json_array_append_new(battles, battle_record_json(g, k));
        json_t *byes = br->b[br->stage_first[s]].drawn ? rw_seats_json(br->byes[s], br->nbyes[s])
                                                        : json_null();
        json_array_append_new(stages, json_pack("{s:s, s:o, s:o}", "stage",
                                                rw_stage_names[br->b[br->stage_first[s]].stage],
                                                "battles", battles, "byes", byes));
    }
    json_t *wins = json_array();
    for (int s = 0; s < br->seats; s++)
        json_array_append_new(wins, json_integer(br->wins[s]));
    return json_pack("{s:s, s:o, s:o, s:o, s:o, s:o}", "format",
                     br->match ? "match" : "tournament", "best_of",
                     br->match ? json_integer(br->best_of) : json_null(), "to_win",
                     br->match ? json_integer(br->best_of / 2 + 1) : json_null(), "stages", stages,
                     "wins", wins, "champion",
                     br->champion >= 0 ? json_integer(br->champion) : json_null());
}

static const char *roboteer_status(const game *g, int seat, unsigned alive)
{
    if (g->br.champion == seat)
        return "champion";
    if (!(alive & (1u << seat)))
        return "eliminated";
    if (g->phase != RW_PHASE_OVER && drawn_index(g, seat) >= 0)
        return "fighting";
    return "waiting";
}

static json_t *roboteers_json(const game *g)
{
    json_t *a = json_array();
    unsigned alive = rw_bracket_alive(&g->br);
    if (g->br.match && g->br.champion >= 0)
        alive = 1u << g->br.champion;
    for (int s = 0; s < g->seats; s++)
        json_array_append_new(a, json_pack("{s:i, s:o, s:s, s:i}", "seat", s, "weapon",
                                           weapon_json(g, s), "status",
                                           roboteer_status(g, s, alive), "wins", g->br.wins[s]));
    return a;
}

/* A robot during the set-up: its throws and discs, and its capabilities
 * with its allocation only for its own seat (secret until the reveal). */
static json_t *setup_robot_json(const game *g, int j, int viewer)
{
    const rw_battle *bt = current_c(g);
    int seat = bt->seats[j];
    bool own = seat == viewer;
    int cap[RW_CAPS];
    for (int c = 0; c < RW_CAPS; c++)
        cap[c] = rw_caps[c].base + (own ? g->add[j][c] : 0);
    json_t *rolls = json_array();
    for (int t = 0; t < RW_THROWS; t++)
        json_array_append_new(rolls, json_integer(g->throws[j][t]));
    json_t *r = json_pack("{s:i, s:n, s:n, s:o, s:i, s:o, s:b, s:b, s:i, s:i, s:i, s:n, s:o}",
                          "seat", seat, "cell", "facing", "caps", rw_caps_json(cap), "discs",
                          g->discs[j], "throws", rolls, "allocated", g->allocated[j], "default",
                          g->defaulted[j], "damage", 0, "next_damage_roll", RW_DAMAGE_STEP,
                          "turns_taken", 0, "immobilised", "weapon", weapon_json(g, seat));
    json_object_set_new(r, "allocation",
                        own && g->allocated[j] ? rw_caps_json(g->add[j]) : json_null());
    return r;
}

static json_t *arena_robot_json(const game *g, int i)
{
    const rw_robot *r = &g->arena.r[i];
    int j = drawn_index(g, r->seat);
    json_t *rolls = json_array();
    for (int t = 0; t < RW_THROWS; t++)
        json_array_append_new(rolls, json_integer(g->throws[j][t]));
    const rw_arena *a = &g->arena;
    json_t *out = a->out == i ? json_string(rw_out_names[a->out_why]) : json_null();
    json_t *o = json_pack("{s:i, s:o, s:s, s:o, s:i, s:o, s:b, s:b, s:i, s:i, s:i, s:o, s:o}",
                          "seat", r->seat, "cell", rw_cell_json(r->cell), "facing",
                          rw_dir_names[r->facing], "caps", rw_caps_json(r->cap), "discs",
                          g->discs[j], "throws", rolls, "allocated", true, "default",
                          g->defaulted[j], "damage", r->damage, "next_damage_roll",
                          (r->damage / RW_DAMAGE_STEP + 1) * RW_DAMAGE_STEP, "turns_taken",
                          r->turns_taken, "immobilised", out, "weapon", weapon_json(g, r->seat));
    json_object_set_new(o, "allocation", rw_caps_json(g->add[j]));
    return o;
}

static json_t *step_option_json(const game *g, bool back)
{
    rw_step s;
    if (rw_step_plan(&g->arena, g->turn.who, back, &s, NULL) < 0)
        return json_null();
    json_t *o = json_pack("{s:o, s:b}", "to", rw_cell_json(s.to), "blocked", s.blocked);
    if (s.pushed >= 0) {
        json_object_set_new(o, "push", json_integer(g->arena.r[s.pushed].seat));
        json_object_set_new(o, "side", json_string(rw_side_names[s.side]));
    } else {
        json_object_set_new(o, "push", json_null());
        json_object_set_new(o, "side", json_null());
    }
    return o;
}

/* What the robot to move may do now, for its own roboteer. */
static json_t *legal_json(const game *g)
{
    unsigned m = rw_legal(&g->arena, &g->turn);
    json_t *l = json_object();
    json_object_set_new(l, "forward", m & 1u << RW_ACT_FORWARD ? step_option_json(g, false)
                                                                : json_null());
    json_object_set_new(l, "back", m & 1u << RW_ACT_BACK ? step_option_json(g, true) : json_null());
    int t = rw_attack_target(&g->arena, g->turn.who);
    json_object_set_new(l, "attack",
                        m & 1u << RW_ACT_ATTACK
                            ? json_pack("{s:i, s:i}", "target", g->arena.r[t].seat, "points",
                                        g->arena.r[g->turn.who].weapon)
                            : json_null());
    json_object_set_new(l, "left", json_boolean(m & 1u << RW_ACT_LEFT));
    json_object_set_new(l, "right", json_boolean(m & 1u << RW_ACT_RIGHT));
    json_object_set_new(l, "end", json_boolean(m & 1u << RW_ACT_END));
    return l;
}

static json_t *battle_json(const game *g, int viewer)
{
    const rw_battle *bt = current_c(g);
    char title[32];
    rw_battle_title(&g->br, g->battle, title, sizeof title);
    bool fought = bt->started;
    json_t *robots = json_array();
    for (int i = 0; i < bt->n; i++)
        json_array_append_new(robots, fought ? arena_robot_json(g, i) : setup_robot_json(g, i, viewer));
    json_t *b = json_pack("{s:i, s:s, s:s, s:o, s:o, s:i, s:b, s:o}", "index", g->battle, "title",
                          title, "stage", rw_stage_names[bt->stage], "seats",
                          rw_seats_json(bt->seats, bt->n), "order",
                          fought ? rw_seats_json(bt->order, bt->n) : json_null(), "round",
                          g->round, "pit_open", fought && g->arena.pit_open, "robots", robots);
    if (g->turn_on) {
        const rw_turn *t = &g->turn;
        json_object_set_new(b, "turn",
                            json_pack("{s:i, s:i, s:i, s:b, s:I}", "seat", g->arena.r[t->who].seat,
                                      "moves_left", t->moves, "turns_left", t->turns,
                                      "final_turn_only", t->final_turn, "deadline",
                                      (json_int_t)g->deadline));
        json_object_set_new(b, "legal", viewer == g->arena.r[t->who].seat ? legal_json(g)
                                                                          : json_null());
    } else {
        json_object_set_new(b, "turn", json_null());
        json_object_set_new(b, "legal", json_null());
    }
    return b;
}

static json_t *robotwars_result(const game *g);

static json_t *robotwars_view(const game *g, int seat)
{
    bool over = g->phase == RW_PHASE_OVER;
    bool player = seat >= 0 && seat < g->seats;
    static const char *const phase_names[] = {"setup", "battle", "over"};
    json_t *v = json_pack("{s:s, s:i, s:o, s:o, s:o, s:i, s:i, s:o, s:o, s:o, s:o}", "phase",
                          phase_names[g->phase], "seats", g->seats, "you",
                          player ? json_integer(seat) : json_null(), "board", rw_board_json(),
                          "limits", rw_limits_json(), "turn_limit", g->turn_limit, "pit_after",
                          RW_PIT_AFTER, "roboteers", roboteers_json(g), "bracket", bracket_json(g),
                          "battle", battle_json(g, player ? seat : GAME_SEAT_SPECTATOR),
                          "deadline", over ? json_null() : json_integer(g->deadline));
    if (over)
        json_object_set_new(v, "result", robotwars_result(g));
    return v;
}

static json_t *robotwars_result(const game *g)
{
    json_t *scores = json_array(), *battles = json_array();
    for (int s = 0; s < g->seats; s++)
        json_array_append_new(scores, json_integer(g->br.wins[s]));
    for (int k = 0; k < g->br.nbattles; k++) {
        if (g->br.b[k].done)
            json_array_append_new(battles, battle_record_json(g, k));
    }
    char summary[96];
    summary_of(g, summary, sizeof summary);
    int w = g->br.champion;
    return json_pack("{s:o, s:o, s:s, s:o, s:s, s:o}", "winners",
                     w >= 0 ? json_pack("[i]", w) : json_array(), "scores", scores, "summary",
                     summary, "champion", w >= 0 ? json_integer(w) : json_null(), "format",
                     g->br.match ? "match" : "tournament", "battles", battles);
}

/* ---- what bots and tests read ---- */

rw_phase robotwars_phase(const game *g) { return g->phase; }
int robotwars_seats(const game *g) { return g->seats; }
const rw_arena *robotwars_arena(const game *g) { return &g->arena; }
const rw_turn *robotwars_turn(const game *g) { return g->turn_on ? &g->turn : NULL; }
const rw_bracket *robotwars_bracket(const game *g) { return &g->br; }
int robotwars_battle_index(const game *g) { return g->battle; }
int robotwars_round(const game *g) { return g->round; }
int robotwars_turn_limit(const game *g) { return g->turn_limit; }
int robotwars_weapon(const game *g, int seat) { return weapon_of(g, seat); }

int robotwars_in_battle(const game *g, int seat)
{
    if (g->phase != RW_PHASE_BATTLE)
        return -1;
    for (int i = 0; i < g->arena.n; i++) {
        if (g->arena.r[i].seat == seat)
            return i;
    }
    return -1;
}

int robotwars_discs(const game *g, int seat)
{
    int j = drawn_index(g, seat);
    return g->phase == RW_PHASE_SETUP && j >= 0 ? g->discs[j] : -1;
}

bool robotwars_allocated(const game *g, int seat)
{
    int j = drawn_index(g, seat);
    return j >= 0 && g->allocated[j];
}

rw_arena *robotwars_test_arena(game *g) { return &g->arena; }
rw_turn *robotwars_test_turn(game *g) { return &g->turn; }

void robotwars_test_load_dice(game *g, const int *rolls, int n)
{
    if (n > RW_MAX_LOADED)
        n = RW_MAX_LOADED;
    memcpy(g->dice.loaded, rolls, sizeof *rolls * (size_t)n);
    g->dice.nloaded = n;
    g->dice.next_loaded = 0;
}

const char *const robotwars_bot_levels[] = {"easy", "normal", "hard", NULL};

static json_t *bot_entry(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                         int64_t *wake_ms, const volatile int *cancel)
{
    if (seat < 0 || seat >= g->seats)
        return NULL;
    return robotwars_bot(g, seat, level, now_ms, salt, wake_ms, cancel);
}

const game_engine robotwars_engine = {
    .id = "robotwars",
    .title = "Robot Wars",
    .summary = "Enhance your robot, then push, flip and batter your way through heats to the final",
    .min_players = 2,
    .max_players = RW_MAX_SEATS,
    .options = robotwars_options,
    .seat_range = NULL,
    .bot_levels = robotwars_bot_levels,
    .create = robotwars_create,
    .destroy = robotwars_destroy,
    .act = robotwars_act,
    .tick = robotwars_tick,
    .deadline = robotwars_deadline,
    .view = robotwars_view,
    .over = robotwars_over,
    .result = robotwars_result,
    .bot = bot_entry,
    .clone = robotwars_clone,
    .work_request = NULL,
    .work_run = NULL,
};
