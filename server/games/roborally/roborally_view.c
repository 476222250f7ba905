/*
 * roborally_view.c: what each seat sees, and the result (roborally_view.h).
 *
 * Every robot shows its public face: where it stands and faces, damage,
 * lives, flags, archive marker, options, power state, how many cards it
 * holds, whether its program is in, and its registers as far as they have
 * been revealed (a locked register keeps a card that was revealed when it
 * ran). Its own seat also sees its hand, the program being written and its
 * choices; once the race is over every seat sees everything, and a
 * replay (GAME_SEAT_REPLAY) sees everything all along.
 */
#include "roborally_view.h"

#include <stdio.h>
#include <string.h>

#include "roborally_game.h"

static const char *const phase_names[] = {"program", "choose", "over"};
static const char *const need_names[] = {NULL, "program", "reenter", "stay_down"};
static const char *const hitch_names[] = {NULL, "hitch", "unhitch"};

static json_t *card_or_null(int card)
{
    return card ? json_integer(card) : json_null();
}

static json_t *cards_json(const int16_t *cards, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, card_or_null(cards[i]));
    return a;
}

static json_t *options_json(uint16_t mask)
{
    json_t *a = json_array();
    for (int o = 0; o < RR_OPTIONS; o++) {
        if (mask & (1u << o))
            json_array_append_new(a, json_string(rr_option_infos[o].id));
    }
    return a;
}

static const char *status_of(const game *g, int s)
{
    const rr_robot *r = &g->st.robot[s];
    if (r->out)
        return "out";
    if (!rr_robot_here(&g->st, s))
        return "destroyed";
    return r->powered_down ? "powered_down" : "active";
}

/* Registers as others see them: a card only once revealed. */
static json_t *public_registers(const rr_robot *r)
{
    json_t *a = json_array();
    for (int i = 0; i < RR_REGISTERS; i++)
        json_array_append_new(a, card_or_null(r->shown & (1u << i) ? r->reg[i] : 0));
    return a;
}

/* The program as its owner sees it: locked cards, then the draft. */
static json_t *own_program(const game *g, int s)
{
    const rr_robot *r = &g->st.robot[s];
    const rr_seat *seat = &g->seat[s];
    json_t *a = json_array();
    for (int i = 0; i < RR_REGISTERS; i++) {
        int card = rr_register_locked(r->damage, i) ? r->reg[i]
                   : g->phase == RR_PHASE_PROGRAM ? seat->draft[i] : r->reg[i];
        json_array_append_new(a, card_or_null(card));
    }
    return a;
}

static json_t *hitches_json(const int8_t *h)
{
    json_t *a = json_array();
    for (int i = 0; i < RR_REGISTERS; i++)
        json_array_append_new(a, h[i] ? json_string(hitch_names[h[i]]) : json_null());
    return a;
}

/* RoboBall's declarations as their owner sees them: locked registers keep
 * theirs, the others are being programmed. */
static json_t *own_hitches(const game *g, int s)
{
    const rr_robot *r = &g->st.robot[s];
    int8_t h[RR_REGISTERS];
    for (int i = 0; i < RR_REGISTERS; i++)
        h[i] = rr_register_locked(r->damage, i) || g->phase != RR_PHASE_PROGRAM ? r->hitch[i]
                                                                               : g->seat[s].hitches[i];
    return hitches_json(h);
}

static json_t *robot_json(const game *g, int s, bool secrets)
{
    const rr_robot *r = &g->st.robot[s];
    const rr_seat *seat = &g->seat[s];
    const rr_piece *p = rr_piece_of(&g->st, s);
    bool here = rr_robot_here(&g->st, s);
    bool programmed = g->phase == RR_PHASE_PROGRAM && seat->must_program && seat->submitted;
    json_t *v = json_pack(
        "{s:i, s:s, s:o, s:s, s:b, s:i, s:i, s:i, s:o, s:b, s:o, s:i, s:i, s:b, s:o, s:i, s:o}",
        "seat", s, "status", status_of(g, s), "at",
        here ? rr_cell_json(g->course, p->cell) : json_null(), "facing", rr_dir_names[p->facing],
        "virtual", here && p->is_virtual, "damage", r->damage, "lives", r->lives, "flags", r->flags,
        "archive", rr_cell_json(g->course, r->archive), "power_down_next", r->power_next, "options",
        options_json(r->options), "coat", r->coat, "hand", seat->nhand, "programmed", programmed,
        "registers", public_registers(r), "locked", rr_locked_count(r->damage), "last_cards",
        cards_json(seat->last_cards, RR_REGISTERS));
    if (g->roboball) {
        json_object_set_new(v, "lives", json_null());
        json_object_set_new(v, "team", json_integer(g->st.rb.team[s]));
        json_object_set_new(v, "hitched", json_boolean(g->st.rb.hitched & (1u << s)));
        if (secrets)
            json_object_set_new(v, "hitches", own_hitches(g, s));
    }
    if (!secrets)
        return v;
    json_object_set_new(v, "cards", cards_json(seat->hand, seat->nhand));
    json_object_set_new(v, "program", own_program(g, s));
    json_object_set_new(v, "announce", json_boolean(seat->announce));
    json_object_set_new(v, "beam", json_string(rr_beam_infos[seat->beam].id));
    return v;
}

static json_t *waiting_json(const game *g)
{
    uint8_t mask = 0;
    for (int s = 0; s < g->seats; s++) {
        if (rr_game_needs(g, s) != RR_NEED_NOTHING)
            mask |= (uint8_t)(1u << s);
    }
    return rr_seat_list(mask);
}

static json_t *teams_json(const game *g)
{
    json_t *a = json_array();
    for (int t = 0; t < g->st.rb.nteams; t++)
        json_array_append_new(a, rr_seat_list(rr_game_team_seats(g, t)));
    return a;
}

static json_t *ball_json(const game *g)
{
    const rr_roboball *rb = &g->st.rb;
    const rr_piece *ball = &g->st.floor.piece[RR_BALL];
    json_t *revealed = json_array();
    int held = 0;
    for (int r = 0; r < RR_REGISTERS; r++) {
        held += rb->extraction && rb->cards[r];
        if (rb->extraction && (rb->shown & (1u << r)))
            json_array_append_new(revealed, json_integer(rb->cards[r]));
    }
    json_t *extraction = json_pack("{s:b, s:o, s:o, s:i}", "active", rb->extraction, "register",
                                   rb->extraction && g->st.running ? json_integer(g->st.running) : json_null(),
                                   "revealed", revealed, "cards", held);
    return json_pack("{s:o, s:s, s:b, s:o, s:o}", "at", rr_cell_json(g->course, ball->cell), "facing",
                     rr_dir_names[ball->facing], "pogo", ball->is_virtual, "hitched",
                     rr_seat_list(g->st.rb.hitched), "extraction", extraction);
}

static void roboball_view(const game *g, json_t *v)
{
    json_t *homes = json_array();
    for (int t = 0; t < g->st.rb.nteams; t++)
        json_array_append_new(homes, rr_cell_json(g->course, g->st.rb.home[t]));
    json_object_set_new(v, "mode", json_string("roboball"));
    json_object_set_new(v, "flags", json_integer(0));
    json_object_set_new(v, "teams", teams_json(g));
    json_object_set_new(v, "max_turns", json_integer(g->max_turns));
    json_object_set_new(v, "homes", homes);
    json_object_set_new(v, "ball", ball_json(g));
    json_object_set_new(v, "votes", rr_seat_list(g->votes));
}

json_t *rr_view(const game *g, int seat)
{
    bool over = g->phase == RR_PHASE_OVER;
    bool mine = seat >= 0 && seat < g->seats;
    json_t *robots = json_array();
    for (int s = 0; s < g->seats; s++)
        json_array_append_new(robots, robot_json(g, s, over || s == seat || seat == GAME_SEAT_REPLAY));
    int64_t deadline = rr_game_deadline(g);
    json_t *v = json_pack("{s:s, s:s, s:b, s:s, s:i, s:o, s:s, s:o, s:i, s:i, s:o, s:o}", "mode",
                          "race", "course", g->course->id, "options", g->options_on, "phase",
                          phase_names[g->phase], "turn", g->st.turn, "deadline",
                          deadline == GAME_NO_DEADLINE ? json_null() : json_integer(deadline),
                          "timer",
                          g->phase == RR_PHASE_PROGRAM && g->last <= g->cap ? "last" : "turn",
                          "you", mine ? json_integer(seat) : json_null(), "flags",
                          g->course->nflags, "options_left", g->st.noptions, "waiting",
                          waiting_json(g), "robots", robots);
    if (g->roboball)
        roboball_view(g, v);
    if (mine) {
        rr_need need = rr_game_needs(g, seat);
        json_object_set_new(v, "need", need ? json_string(need_names[need]) : json_null());
    }
    if (over)
        json_object_set_new(v, "result", rr_view_result(g));
    if (seat == GAME_SEAT_REPLAY)
        json_object_set_new(v, "replay", json_true());
    return v;
}

json_t *rr_view_result(const game *g)
{
    json_t *scores = json_array(), *lives = json_array();
    for (int s = 0; s < g->seats; s++) {
        int score = g->roboball ? (g->winners >> s) & 1 : g->st.robot[s].flags;
        json_array_append_new(scores, json_integer(score));
        json_array_append_new(lives, g->roboball ? json_null() : json_integer(g->st.robot[s].lives));
    }
    char summary[200];
    rr_game_summary(g, summary, sizeof summary);
    json_t *r = json_pack("{s:o, s:o, s:s, s:s, s:i, s:s, s:i, s:o}", "winners",
                          rr_seat_list(g->winners), "scores", scores, "summary", summary, "reason",
                          rr_game_reason(g), "turns", g->st.turn,
                          "course", g->course->id, "flags", g->roboball ? 0 : g->course->nflags,
                          "lives", lives);
    if (g->roboball) {
        json_object_set_new(r, "teams", teams_json(g));
        json_object_set_new(r, "team", g->end == RR_END_GOAL ? json_integer(g->st.rb.goal) : json_null());
    }
    return r;
}
