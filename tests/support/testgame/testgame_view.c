/* testgame_view.c: the views and the result (testgame_view.h). */
#include "testgame_view.h"

#include "testgame_state.h"

json_t *testgame_view(const game *g, int seat)
{
    json_t *v = json_pack("{s:i,s:i,s:i,s:i}", "total", g->total, "target", g->target, "turn",
                          g->turn, "winner", g->winner);
    json_object_set_new(v, "hint", g->hint >= 0 ? json_integer(g->hint) : json_null());
    if (seat >= 0)
        json_object_set_new(v, "secret", json_integer(g->secret[seat]));
    if (g->winner >= 0 || seat == GAME_SEAT_REPLAY) {
        json_t *all = json_array();
        for (int i = 0; i < g->seats; i++)
            json_array_append_new(all, json_integer(g->secret[i]));
        json_object_set_new(v, "secrets", all);
    }
    if (seat == GAME_SEAT_REPLAY)
        json_object_set_new(v, "replay", json_true());
    return v;
}

json_t *testgame_result(const game *g)
{
    json_t *scores = json_array();
    for (int i = 0; i < g->seats; i++)
        json_array_append_new(scores, json_integer(g->added[i]));
    return json_pack("{s:[i],s:o,s:s}", "winners", g->winner, "scores", scores, "summary",
                     "the count reached its target");
}
