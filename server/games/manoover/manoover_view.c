/* manoover_view.c: what each audience sees of a game of Robot Attack, and
 * its result; above the game, reading its state. Nothing is hidden in this
 * game: every seat and the spectator see the same board, and only the seat
 * to move what it may do (`legal`), which a replay (GAME_SEAT_REPLAY) shows
 * too. */
#include "manoover_view.h"

#include <stdio.h>
#include <string.h>

#include "manoover_game.h"
#include "manoover_json.h"
#include "manoover_rules.h"
#include "manoover_state.h"

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
                                                manoover_cell_json(r->cell), "dir",
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
            json_array_append_new(dest, manoover_robot_json(l, i));
        }
    }
    return on;
}

static const char *const phase_names[] = {"control", "over"};

json_t *manoover_view(const game *g, int seat)
{
    const manoover_layout *l = g->layout;
    const manoover_pos *p = &g->pos;
    int seats = l->seats;

    json_t *colours = json_array(), *goals = json_array(), *out = json_array();
    for (int s = 0; s < seats; s++) {
        json_array_append_new(colours, json_string(l->colour[s]));
        json_array_append_new(goals, json_pack("{siso}", "owner", s, "cell",
                                               manoover_cell_json(l->goal[s])));
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
                              manoover_ints_json(g->totals, seats), "games", json_deep_copy(g->history),
                              "winners", manoover_ints_json(g->winners, g->nwinners), "over",
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
    json_object_set_new(v, "score", manoover_bytes_json(p->scored, seats));
    json_object_set_new(v, "off_board", off_board);
    json_object_set_new(v, "alive", manoover_bytes_json(p->alive, seats));
    json_object_set_new(v, "out", out);
    json_object_set_new(v, "game", json_integer(g->game_no));
    json_object_set_new(v, "turn", json_integer(g->turn));
    json_object_set_new(v, "turn_number", json_integer(p->turns));
    json_object_set_new(v, "phase", json_string(phase_names[g->phase]));
    json_object_set_new(v, "first_player", json_deep_copy(g->first_roll));
    json_object_set_new(v, "game_first", json_integer(g->first_seat));
    json_object_set_new(v, "game_first_reason", json_string(g->first_reason));
    json_object_set_new(v, "roll", g->has_roll ? manoover_roll_json(g) : json_null());
    json_object_set_new(v, "dice", dice);
    json_object_set_new(v, "set_aside", aside);
    json_object_set_new(v, "match", match);
    json_object_set_new(v, "you", json_integer(seat >= 0 ? seat : GAME_SEAT_SPECTATOR));
    /* A replay shows what the seat to move may do, as its own view did. */
    if (g->phase == MANOOVER_PHASE_CONTROL && (seat == g->turn || seat == GAME_SEAT_REPLAY))
        json_object_set_new(v, "legal", legal_json(g));
    if (seat == GAME_SEAT_REPLAY)
        json_object_set_new(v, "replay", json_true());
    return v;
}

json_t *manoover_result(const game *g)
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
        snprintf(summary, sizeof summary, "%s wins %s %d to %s", manoover_seat_name(w), what,
                 scores[w], rest);
    } else {
        char names[64] = "";
        size_t used = 0;
        for (int k = 0; k < g->nwinners; k++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                     k == 0 ? "" : k + 1 == g->nwinners ? " and " : ", ",
                                     manoover_seat_name(g->winners[k]));
        snprintf(summary, sizeof summary, "%s tie %s with %d each", names, what,
                 scores[g->winners[0]]);
    }
    return json_pack("{sososssiso}", "winners", manoover_ints_json(g->winners, g->nwinners), "scores",
                     manoover_ints_json(scores, seats), "summary", summary, "match_to", g->match_to,
                     "games", json_deep_copy(g->history));
}
