/*
 * keys.c: on your turn Up or w steps forward, Down or b back, Left/Right
 * turn 90 degrees, a (or Space) attacks, e ends the turn; every key has its
 * word command, and the footer and the turn bar say what to do.
 */
#include <stdlib.h>
#include <strings.h>

#include "robotwars.h"

const char *const rw_commands[] = {
    "allocate S P M        place discs: allocate 2 1 0 (Speed, Power, Manoeuvrability)",
    "allocate              send the allocation on screen",
    "forward | back        step (pushes a robot in the way)",
    "left | right          turn 90 degrees",
    "attack                hit the robot at your front",
    "end                   end your turn",
    NULL,
};

static int send_move(table *t, const char *kind, const char *to)
{
    if (!rw_my_turn(t)) {
        table_notify(t, true, "Wait for your robot's turn.");
        return GAME_CMD_ERROR;
    }
    if (to)
        table_actf(t, "{s:s, s:s}", "kind", kind, "to", to);
    else
        table_actf(t, "{s:s}", "kind", kind);
    return GAME_CMD_DONE;
}

bool rw_key(void *self, table *t, int key)
{
    robotwars *w = self;
    if (rw_allocating(t))
        return rw_allocation_key(w, t, key);
    if (!rw_my_turn(t))
        return false;
    switch (key) {
    case K_UP: case 'w': send_move(t, "forward", NULL); return true;
    case K_DOWN: case 'b': send_move(t, "back", NULL); return true;
    case K_LEFT: send_move(t, "turn", "left"); return true;
    case K_RIGHT: send_move(t, "turn", "right"); return true;
    case 'a': case ' ': send_move(t, "attack", NULL); return true;
    case 'e': send_move(t, "end", NULL); return true;
    default: return false;
    }
}

int rw_command(void *self, table *t, int argc, char **argv, const char *rest)
{
    robotwars *w = self;
    (void)rest;
    const char *cmd = argv[0];
    if (strcasecmp(cmd, "allocate") == 0) {
        if (argc == 1)
            return rw_send_allocation(w, t);
        if (argc != 4) {
            table_notify(t, true, "Use: allocate SPEED POWER MANOEUVRABILITY (discs on each), such as allocate 2 1 0.");
            return GAME_CMD_ERROR;
        }
        if (!rw_allocating(t)) {
            table_notify(t, true, "Discs are placed once, before a battle you fight in.");
            return GAME_CMD_ERROR;
        }
        table_actf(t, "{s:s, s:i, s:i, s:i}", "kind", "allocate", "speed", atoi(argv[1]), "power", atoi(argv[2]),
                   "manoeuvrability", atoi(argv[3]));
        return GAME_CMD_DONE;
    }
    if (strcasecmp(cmd, "forward") == 0 || strcasecmp(cmd, "back") == 0 || strcasecmp(cmd, "attack") == 0 ||
        strcasecmp(cmd, "end") == 0)
        return send_move(t, strcasecmp(cmd, "forward") == 0 ? "forward" : strcasecmp(cmd, "back") == 0 ? "back"
                            : strcasecmp(cmd, "attack") == 0 ? "attack" : "end", NULL);
    if (strcasecmp(cmd, "left") == 0 || strcasecmp(cmd, "right") == 0)
        return send_move(t, "turn", strcasecmp(cmd, "left") == 0 ? "left" : "right");
    return GAME_CMD_UNKNOWN;
}

int rw_hints(void *self, table *t, game_hint *out, int max)
{
    (void)self;
    kit_hints h = {out, 0, max};
    if (rw_allocating(t)) {
        kit_hint(&h, "Up/Down", "pick", NULL);
        kit_hint(&h, "Left/Right", "disc -/+", NULL);
        kit_hint(&h, "s/p/m", "add", NULL);
        kit_hint(&h, "Bksp", "clear", NULL);
        kit_hint(&h, "Enter", "send", "allocate");
    } else if (rw_my_turn(t)) {
        kit_hint(&h, "Up/w", "forward", "forward");
        kit_hint(&h, "Down/b", "back", "back");
        kit_hint(&h, "Left/Right", "turn", NULL);
        kit_hint(&h, "a", "attack", "attack");
        kit_hint(&h, "e", "end turn", "end");
    }
    return h.n;
}

int rw_status(void *self, table *t, char *text, size_t len, int *seats)
{
    (void)self;
    if (kit_phase_is(t, "battle")) {
        if (rw_turn_seat(t) < 0)
            return -1;
        seats[0] = rw_turn_seat(t);
        snprintf(text, len, "%s", rw_my_turn(t) ? "move, turn or attack; e ends the turn" : "their robot's turn");
        return 1;
    }
    if (!kit_phase_is(t, "setup"))
        return -1;
    int n = 0;
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(rw_battle(t), "robots"), i, r) {
        if (!json_is_true(json_object_get(r, "allocated")) && int_of(r, "discs", 0) > 0 && n < 8)
            seats[n++] = int_of(r, "seat", 0);
    }
    snprintf(text, len, "place the discs");
    return n;
}
