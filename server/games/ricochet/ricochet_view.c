/*
 * ricochet_view.c: what every seat sees of the table, the round records,
 * and the result. There is nothing secret in Ricochet Robots but a player's
 * unspoken solution, the order of the pile and the server's optimum (until
 * the round ends), so every seat and spectator gets the same view apart
 * from "you". A replay (GAME_SEAT_REPLAY) also sees the pile and the
 * round's optimum while the round is played.
 *
 * The shapes of the view, the round record and the result are in
 * protocol/PROTOCOL.md, section "ricochet: Ricochet Robots". Times are
 * game-clock milliseconds; a client maps them to its own clock through the
 * state message's deadline (the view's "deadline").
 */
#include "ricochet_view.h"

#include <stdio.h>
#include <string.h>

#include "ricochet_game.h"
#include "ricochet_json.h"
#include "ricochet_rules.h"
#include "ricochet_state.h"

static const char *const phase_names[] = {"bidding", "demonstration", "round_over", "over"};

static json_t *time_or_null(int64_t t)
{
    return t == GAME_NO_DEADLINE ? json_null() : json_integer((json_int_t)t);
}

static json_t *seat_or_null(int seat)
{
    return seat >= 0 ? json_integer(seat) : json_null();
}

static json_t *chip_json(int chip)
{
    ricochet_chip c = ricochet_chips[chip];
    return json_pack("{s:s, s:s}", "color", ricochet_color_name(c.color), "symbol",
                     ricochet_symbol_name(c.symbol));
}

static json_t *steps_json(const ricochet_step *steps, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, ricochet_step_to_json(&steps[i]));
    return a;
}

static json_t *attempts_json(const ricochet_attempt *a, int n)
{
    json_t *list = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(list, ricochet_attempt_json(&a[i]));
    return list;
}

static json_t *record_json(const game *g, const ricochet_record *rec)
{
    return json_pack("{s:i, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "round", rec->round,
                     "outcome", ricochet_outcome_names[rec->outcome], "winner",
                     seat_or_null(rec->winner), "target", ricochet_target_json(&g->board, rec->chip),
                     "start", ricochet_robots_json(&rec->start), "end",
                     ricochet_robots_json(&rec->end), "attempts",
                     attempts_json(rec->attempts, rec->nattempts), "winning_moves",
                     steps_json(rec->winning, rec->nwinning), "optimal",
                     ricochet_optimum_json(&g->board, g->rule, &rec->start, rec->chip, &rec->optimum));
}

static json_t *bids_json(const game *g)
{
    int order[RICOCHET_MAX_SEATS];
    int n = ricochet_bid_order(g->bids, g->nwon, g->seats, order);
    json_t *a = json_array();
    for (int i = 0; i < n; i++) {
        const ricochet_bid *b = &g->bids[order[i]];
        json_array_append_new(a, json_pack("{s:i, s:i, s:i}", "seat", order[i], "moves", b->moves,
                                           "order", b->order));
    }
    return a;
}

static json_t *timer_json(const game *g)
{
    if (g->timer_end == GAME_NO_DEADLINE || g->phase != RICOCHET_PHASE_BIDDING)
        return json_null();
    return json_pack("{s:s, s:o, s:I, s:I}", "by", ricochet_timer_by_names[g->timer_by], "seat",
                     seat_or_null(g->timer_seat), "started", (json_int_t)g->timer_started, "ends",
                     (json_int_t)g->timer_end);
}

static json_t *layout_json(const ricochet_board *b)
{
    json_t *layout = json_object();
    for (int c = 0; c < 4; c++)
        json_object_set_new(layout, ricochet_corner_name(c), json_string(ricochet_sides[b->layout[c]].id));
    return layout;
}

/* Chips won, per seat: counts and the chips themselves. */
static json_t *chip_counts_json(const game *g)
{
    json_t *chips = json_array();
    for (int s = 0; s < g->seats; s++)
        json_array_append_new(chips, json_integer(g->nwon[s]));
    return chips;
}

static json_t *won_json(const game *g)
{
    json_t *won = json_array();
    for (int s = 0; s < g->seats; s++) {
        json_t *mine = json_array();
        for (int i = 0; i < g->nwon[s]; i++)
            json_array_append_new(mine, chip_json(g->won[s][i]));
        json_array_append_new(won, mine);
    }
    return won;
}

static void add_chips(const game *g, json_t *v)
{
    json_object_set_new(v, "chips", chip_counts_json(g));
    json_object_set_new(v, "won", won_json(g));
    json_object_set_new(v, "chips_to_win", json_integer(g->chips_to_win));
    int left = g->npile + (g->phase == RICOCHET_PHASE_BIDDING || g->phase == RICOCHET_PHASE_DEMO);
    json_object_set_new(v, "chips_left", json_integer(left));
}

/* Bidding: the timer and the idle rule. */
static void add_bidding(const game *g, json_t *v)
{
    bool bidding = g->phase == RICOCHET_PHASE_BIDDING;
    json_object_set_new(v, "timer", timer_json(g));
    json_object_set_new(v, "start_timer_at",
                        bidding ? json_integer((json_int_t)(g->revealed_at + g->idle_min_ms)) : json_null());
    json_object_set_new(v, "auto_timer_at",
                        bidding ? json_integer((json_int_t)(g->revealed_at + g->idle_ms)) : json_null());
}

/* The demonstration under way, and this round's failed ones. */
static void add_demo(const game *g, json_t *v)
{
    bool demo = g->phase == RICOCHET_PHASE_DEMO;
    int seat = demo ? g->order[g->demo_index] : -1;
    json_t *order = json_array();
    for (int i = 0; demo && i < g->norder; i++)
        json_array_append_new(order, json_integer(g->order[i]));
    json_object_set_new(v, "demonstrator", seat_or_null(seat));
    json_object_set_new(v, "demo_order", order);
    json_object_set_new(v, "attempt", json_integer(demo ? g->demo_index + 1 : 0));
    json_object_set_new(v, "bid_to_beat", demo ? json_integer(g->bids[seat].moves) : json_null());
    json_object_set_new(v, "moves_made", json_integer(demo ? g->play.moves : 0));
    json_object_set_new(v, "demo_moves", steps_json(g->steps, demo ? g->nsteps : 0));
    json_object_set_new(v, "demo_deadline", demo ? json_integer((json_int_t)g->demo_deadline) : json_null());
    bool this_round = demo || g->phase == RICOCHET_PHASE_BIDDING;
    json_object_set_new(v, "attempts", attempts_json(g->attempts, this_round ? g->nattempts : 0));
}

/* What only a replay sees: the chips face down, the next first, and the
 * optimum of the round in play (pending until the solver answered). */
static void add_secrets(const game *g, bool in_round, json_t *v)
{
    json_t *pile = json_array();
    for (int i = g->npile - 1; i >= 0; i--)
        json_array_append_new(pile, chip_json(g->pile[i]));
    json_object_set_new(v, "pile", pile);
    json_object_set_new(v, "replay", json_true());
    json_object_set_new(v, "optimal", in_round ? ricochet_optimum_json(&g->board, g->rule,
                                                                       &g->play.start, g->chip,
                                                                       &g->optimum)
                                               : json_null());
}

json_t *ricochet_view(const game *g, int seat)
{
    bool over = g->phase == RICOCHET_PHASE_OVER;
    bool in_round = g->phase == RICOCHET_PHASE_BIDDING || g->phase == RICOCHET_PHASE_DEMO;
    int64_t deadline = over ? GAME_NO_DEADLINE : ricochet_deadline(g);
    ricochet_chip chip = ricochet_chips[g->chip];
    json_t *v = json_pack("{s:s, s:i, s:i, s:o, s:o, s:o, s:o, s:o, s:o, s:s, s:b, s:b, s:o}",
                          "phase", phase_names[g->phase], "round", g->round, "seats",
                          g->seats, "you", seat >= 0 && seat < g->seats ? json_integer(seat) : json_null(),
                          "layout", layout_json(&g->board), "board", ricochet_board_to_json(&g->board),
                          "robots", ricochet_robots_json(&g->play.pos), "start",
                          ricochet_robots_json(&g->play.start), "target",
                          in_round ? ricochet_target_json(&g->board, g->chip) : json_null(), "active",
                          ricochet_color_name(chip.color), "ricochet_rule", g->rule, "silver",
                          g->silver, "bids", in_round ? bids_json(g) : json_array());
    add_chips(g, v);
    add_bidding(g, v);
    add_demo(g, v);
    bool pause = g->phase == RICOCHET_PHASE_ROUND_OVER;
    json_object_set_new(v, "next_round_at", pause ? json_integer((json_int_t)g->next_reveal) : json_null());
    json_object_set_new(v, "waiting_for_solver",
                        json_boolean(pause && g->optimum.known == RICOCHET_KNOWN_NOTHING));
    json_object_set_new(v, "final_round", json_boolean(pause && g->finishing));
    json_object_set_new(v, "deadline", time_or_null(deadline));
    json_object_set_new(v, "last_round", g->has_last ? record_json(g, &g->last) : json_null());
    if (over)
        json_object_set_new(v, "result", ricochet_result(g));
    if (seat == GAME_SEAT_REPLAY)
        add_secrets(g, in_round, v);
    return v;
}

json_t *ricochet_result(const game *g)
{
    json_t *winners = json_array();
    for (int s = 0; s < g->seats; s++) {
        if (g->winners & (1u << s))
            json_array_append_new(winners, json_integer(s));
    }
    char summary[160];
    ricochet_summary(g, summary, sizeof summary);
    return json_pack("{s:o, s:o, s:i, s:o, s:s}", "winners", winners, "scores", chip_counts_json(g),
                     "rounds", g->round, "won", won_json(g), "summary", summary);
}
