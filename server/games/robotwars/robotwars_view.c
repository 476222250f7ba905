/* robotwars_view.c: what each audience sees of a game of Robot Wars, and
 * its result; above the game, reading its state. An allocation shows only
 * to its own roboteer until the reveal; a replay (GAME_SEAT_REPLAY) sees
 * every allocation, and what the robot to move may do, all along. */
#include "robotwars_view.h"

#include "robotwars_game.h"
#include "robotwars_json.h"
#include "robotwars_rules.h"
#include "robotwars_state.h"

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
    if (g->phase != RW_PHASE_OVER && rw_drawn_index(g, seat) >= 0)
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
    const rw_battle *bt = rw_current(g);
    int seat = bt->seats[j];
    bool own = seat == viewer || viewer == GAME_SEAT_REPLAY;
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
    int j = rw_drawn_index(g, r->seat);
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
    const rw_battle *bt = rw_current(g);
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
        bool mover = viewer == g->arena.r[t->who].seat || viewer == GAME_SEAT_REPLAY;
        json_object_set_new(b, "legal", mover ? legal_json(g) : json_null());
    } else {
        json_object_set_new(b, "turn", json_null());
        json_object_set_new(b, "legal", json_null());
    }
    return b;
}

json_t *rw_view(const game *g, int seat)
{
    bool over = g->phase == RW_PHASE_OVER;
    bool player = seat >= 0 && seat < g->seats;
    int viewer = player || seat == GAME_SEAT_REPLAY ? seat : GAME_SEAT_SPECTATOR;
    static const char *const phase_names[] = {"setup", "battle", "over"};
    json_t *v = json_pack("{s:s, s:i, s:o, s:o, s:o, s:i, s:i, s:o, s:o, s:o, s:o}", "phase",
                          phase_names[g->phase], "seats", g->seats, "you",
                          player ? json_integer(seat) : json_null(), "board", rw_board_json(),
                          "limits", rw_limits_json(), "turn_limit", g->turn_limit, "pit_after",
                          RW_PIT_AFTER, "roboteers", roboteers_json(g), "bracket", bracket_json(g),
                          "battle", battle_json(g, viewer),
                          "deadline", over ? json_null() : json_integer(g->deadline));
    if (over)
        json_object_set_new(v, "result", rw_result(g));
    if (seat == GAME_SEAT_REPLAY)
        json_object_set_new(v, "replay", json_true());
    return v;
}

json_t *rw_result(const game *g)
{
    json_t *scores = json_array(), *battles = json_array();
    for (int s = 0; s < g->seats; s++)
        json_array_append_new(scores, json_integer(g->br.wins[s]));
    for (int k = 0; k < g->br.nbattles; k++) {
        if (g->br.b[k].done)
            json_array_append_new(battles, battle_record_json(g, k));
    }
    char summary[96];
    rw_summary(g, summary, sizeof summary);
    int w = g->br.champion;
    return json_pack("{s:o, s:o, s:s, s:o, s:s, s:o}", "winners",
                     w >= 0 ? json_pack("[i]", w) : json_array(), "scores", scores, "summary",
                     summary, "champion", w >= 0 ? json_integer(w) : json_null(), "format",
                     g->br.match ? "match" : "tournament", "battles", battles);
}
