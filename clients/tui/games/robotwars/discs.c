/*
 * discs.c: the disc allocation before a battle: up/down pick a capability,
 * left/right (or - and +) take a disc off or put one on, s p m put one on
 * Speed, Power or Manoeuvrability, Backspace clears, Enter sends.
 */
#include <string.h>

#include "robotwars.h"

static int placed(const robotwars *w)
{
    return w->add[0] + w->add[1] + w->add[2];
}

/* Discs that can still be placed: those won, less those placed, less what
 * would push every capability past its maximum. */
int rw_room_left(const table *t, const robotwars *w)
{
    const json_t *r = rw_my_robot(t);
    int room = 0;
    for (int c = 0; c < RW_CAPS; c++)
        room += rw_cap_max(t, c) - rw_cap_level(r, c) - w->add[c];
    int discs = int_of(r, "discs", 0) - placed(w);
    return discs < room ? discs : room;
}

static bool put_disc(robotwars *w, table *t, int cap, int delta)
{
    const json_t *r = rw_my_robot(t);
    if (delta < 0) {
        if (w->add[cap] > 0)
            w->add[cap]--;
        return true;
    }
    if (placed(w) >= int_of(r, "discs", 0)) {
        table_notify(t, true, "All %d discs are placed: take one off first.", int_of(r, "discs", 0));
        return false;
    }
    if (rw_cap_level(r, cap) + w->add[cap] >= rw_cap_max(t, cap)) {
        table_notify(t, true, "%s is at its maximum, %d.", rw_cap_names[cap], rw_cap_max(t, cap));
        return false;
    }
    w->add[cap]++;
    return true;
}

int rw_send_allocation(robotwars *w, table *t)
{
    if (!rw_allocating(t)) {
        table_notify(t, true, "Discs are placed once, before a battle you fight in.");
        return GAME_CMD_ERROR;
    }
    int left = rw_room_left(t, w);
    if (left > 0) {
        table_notify(t, true, "Place %d more disc%s first.", left, left == 1 ? "" : "s");
        return GAME_CMD_ERROR;
    }
    table_actf(t, "{s:s, s:i, s:i, s:i}", "kind", "allocate", "speed", w->add[0], "power", w->add[1],
               "manoeuvrability", w->add[2]);
    return GAME_CMD_DONE;
}

int rw_draw_allocation(robotwars *w, const table *t, canvas p, int y)
{
    const json_t *r = rw_my_robot(t);
    int discs = int_of(r, "discs", 0);
    cv_textf(p, y++, 0, CV_BOLD, "Your discs: %d won, %d to place", discs, rw_room_left(t, w));
    for (int c = 0; c < RW_CAPS; c++) {
        cv_style st = c == w->cursor ? CV_REVERSE : 0;
        cv_textf(p, y++, 1, st, "%-16s %d + %d = %d (max %d)", rw_cap_names[c], rw_cap_level(r, c), w->add[c],
                 rw_cap_level(r, c) + w->add[c], rw_cap_max(t, c));
    }
    return y;
}

bool rw_allocation_key(robotwars *w, table *t, int key)
{
    switch (key) {
    case K_UP: w->cursor = (w->cursor + RW_CAPS - 1) % RW_CAPS; return true;
    case K_DOWN: w->cursor = (w->cursor + 1) % RW_CAPS; return true;
    case K_LEFT: case '-': put_disc(w, t, w->cursor, -1); return true;
    case K_RIGHT: case '+': put_disc(w, t, w->cursor, 1); return true;
    case 's': put_disc(w, t, 0, 1); return true;
    case 'p': put_disc(w, t, 1, 1); return true;
    case 'm': put_disc(w, t, 2, 1); return true;
    case K_BACKSPACE: memset(w->add, 0, sizeof w->add); return true;
    case K_ENTER: rw_send_allocation(w, t); return true;
    default: return false;
    }
}
