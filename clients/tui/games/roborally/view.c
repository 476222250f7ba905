/* view.c: the view, read: what it asks of us, our robot, its registers,
 * hand and option cards. */
#include <stdio.h>
#include <string.h>

#include "roborally.h"

bool rl_need_is(const table *t, const char *n)
{
    return t->seat >= 0 && strcmp(str_of(t->view, "need"), n) == 0;
}

const json_t *rl_my_robot(const table *t)
{
    return kit_mine(t, json_object_get(t->view, "robots"));
}

int rl_locked_count(const json_t *r)
{
    int n = int_of(r, "locked", 0);
    return n < 0 ? 0 : n > RL_REGS ? RL_REGS : n;
}

bool rl_reg_locked(const json_t *r, int i)
{
    return i >= RL_REGS - rl_locked_count(r);
}

int rl_hand_size(const json_t *r)
{
    int n = (int)json_array_size(json_object_get(r, "cards"));
    return n > RL_HAND ? RL_HAND : n;
}

int rl_hand_card(const json_t *r, int k)
{
    return (int)json_integer_value(json_array_get(json_object_get(r, "cards"), (size_t)k));
}

bool rl_in_hand(const json_t *r, int card)
{
    for (int k = 0; k < rl_hand_size(r); k++) {
        if (rl_hand_card(r, k) == card)
            return true;
    }
    return false;
}

bool rl_has_option(const json_t *r, const char *id)
{
    size_t i;
    const json_t *o;
    json_array_foreach(json_object_get(r, "options"), i, o) {
        if (json_string_value(o) && strcmp(json_string_value(o), id) == 0)
            return true;
    }
    return false;
}

void rl_player_name(const roborally *w, const table *t, const json_t *item, bool acting, char *buf, size_t len)
{
    const char *piece = str_of(item, "piece");
    if (!*piece)
        table_name(t, int_of(item, "seat", 0), buf, len);
    else if (!w->mode || !w->mode->piece_name || !w->mode->piece_name(t, piece, acting, buf, len))
        snprintf(buf, len, "%s", piece);
}
