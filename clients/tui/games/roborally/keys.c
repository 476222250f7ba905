/*
 * keys.c: the keys while programming, re-entering and choosing to stay
 * powered down, and every one of them as a word command (rl_commands);
 * cards, registers and facings are clickable too. The footer's keys and
 * the turn bar.
 */
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>

#include "rl_tables.h"
#include "roborally.h"

const char *const rl_commands[] = {
    "program 3 1 5 2 4     the registers from hand cards 1-9 (or priorities)",
    "card N                card N of the hand into the next free register, or back out (keys 1-9)",
    "takeback [R]          empty register R, or the last filled one (Backspace)",
    "submit                lock the program in (Enter)",
    "draft                 send the program as a draft (the rest filled at the deadline)",
    "clear                 empty the registers",
    "powerdown [on|off]    announce a power-down for next turn",
    "beam damage|tractor|pressor   the main laser's beam (with the option)",
    "reenter N|E|S|W [down]        re-enter facing that way",
    "staydown [yes|no]     stay powered down, or not; powerup = staydown no",
    NULL,
};

static bool program_key(roborally *w, table *t, int key)
{
    if (key >= '1' && key <= '9') {
        rl_pick_card(w, t, key - '1');
        return true;
    }
    switch (key) {
    case K_BACKSPACE: rl_take_back_last(w, t); return true;
    case 'x':
        rl_clear(w, t);
        table_notify(t, false, "Program cleared.");
        return true;
    case K_ENTER: case 's': rl_submit(w, t); return true;
    case 'p': rl_power_down(w, t, -1); return true;
    case 'b': rl_set_beam(w, t, -1); return true;
    case 'd': table_act(t, rl_program_action(w, t, false)); return true;
    default: return false;
    }
}

bool rl_key(void *self, table *t, int key)
{
    roborally *w = self;
    if (w->mode && w->mode->key && w->mode->key(w, t, key))
        return true;
    if (rl_need_is(t, "program"))
        return program_key(w, t, key);
    if (rl_need_is(t, "reenter")) {
        int d = key == K_UP ? D_N : key == K_RIGHT ? D_E : key == K_DOWN ? D_S : key == K_LEFT ? D_W : -1;
        if (d >= 0) {
            rl_reenter(w, t, d, -1);
            return true;
        }
        if (key == 'p') {
            w->reenter_down = !w->reenter_down;
            table_notify(t, false, w->reenter_down ? "It re-enters powered down (no cards next turn, all damage repaired)."
                                                   : "It re-enters powered up.");
            return true;
        }
        return false;
    }
    if (rl_need_is(t, "stay_down") && (key == 'y' || key == 'n')) {
        rl_stay_down(t, key == 'y');
        return true;
    }
    /* a card key out of turn: say why, send nothing */
    if (t->seat >= 0 && key >= '1' && key <= '9' && !kit_phase_is(t, "over")) {
        rl_may_program(t);
        return true;
    }
    return false;
}

int rl_command(void *self, table *t, int argc, char **argv, const char *rest)
{
    roborally *w = self;
    (void)rest;
    const char *cmd = argv[0];
    int done = w->mode && w->mode->command ? w->mode->command(w, t, argc, argv) : GAME_CMD_UNKNOWN;
    if (done != GAME_CMD_UNKNOWN)
        return done;
    if (strcasecmp(cmd, "program") == 0)
        return rl_program_words(w, t, argc, argv);
    if (strcasecmp(cmd, "submit") == 0 || strcasecmp(cmd, "lock") == 0)
        return rl_submit(w, t);
    if (strcasecmp(cmd, "card") == 0) {
        if (!rl_may_program(t))
            return GAME_CMD_ERROR;
        int k = argc == 2 ? atoi(argv[1]) : 0;
        if (k < 1 || k > RL_HAND) {
            table_notify(t, true, "Use: card N, N the card's place in your hand (1-%d).", rl_hand_size(rl_my_robot(t)));
            return GAME_CMD_ERROR;
        }
        return rl_pick_card(w, t, k - 1) ? GAME_CMD_DONE : GAME_CMD_ERROR;
    }
    if (strcasecmp(cmd, "takeback") == 0) {
        if (!rl_may_program(t))
            return GAME_CMD_ERROR;
        int i = argc == 2 ? atoi(argv[1]) : 0;
        if (argc > 2 || (argc == 2 && (i < 1 || i > RL_REGS))) {
            table_notify(t, true, "Use: takeback [REGISTER 1-5] (the last filled one without).");
            return GAME_CMD_ERROR;
        }
        if (argc == 1)
            return rl_take_back_last(w, t) ? GAME_CMD_DONE : GAME_CMD_ERROR;
        if (rl_reg_locked(rl_my_robot(t), i - 1) || !w->regs[i - 1]) {
            table_notify(t, true, "Register %d %s.", i, rl_reg_locked(rl_my_robot(t), i - 1) ? "is locked" : "is empty");
            return GAME_CMD_ERROR;
        }
        rl_take_back(w, t, i - 1);
        return GAME_CMD_DONE;
    }
    if (strcasecmp(cmd, "draft") == 0) {
        if (!rl_may_program(t))
            return GAME_CMD_ERROR;
        table_act(t, rl_program_action(w, t, false));
        return GAME_CMD_DONE;
    }
    if (strcasecmp(cmd, "clear") == 0) {
        if (!rl_may_program(t))
            return GAME_CMD_ERROR;
        rl_clear(w, t);
        return GAME_CMD_DONE;
    }
    if (strcasecmp(cmd, "powerdown") == 0) {
        int v = argc > 1 ? kit_yes_no(argv[1]) : -1; /* -1: on or off in turn */
        if (argc > 1 && v < 0) {
            table_notify(t, true, "Use: powerdown [on|off].");
            return GAME_CMD_ERROR;
        }
        return rl_power_down(w, t, v);
    }
    if (strcasecmp(cmd, "beam") == 0) {
        int b = -1;
        for (int i = 0; i < RL_BEAMS && argc > 1; i++) {
            if (strcasecmp(argv[1], rl_beams[i].id) == 0)
                b = i;
        }
        if (argc != 2 || b < 0) {
            char ids[64] = "";
            for (int i = 0; i < RL_BEAMS; i++)
                snprintf(ids + strlen(ids), sizeof ids - strlen(ids), "%s%s", i ? "|" : "", rl_beams[i].id);
            table_notify(t, true, "Use: beam %s.", ids);
            return GAME_CMD_ERROR;
        }
        return rl_set_beam(w, t, b);
    }
    if (strcasecmp(cmd, "reenter") == 0 || strcasecmp(cmd, "face") == 0) {
        int d = argc > 1 ? kit_side_parse(argv[1]) : -1;
        int down = argc > 2 ? (strcasecmp(argv[2], "down") == 0 ? 1 : strcasecmp(argv[2], "up") == 0 ? 0 : -2) : -1;
        if (d < 0 || down == -2 || argc > 3) {
            table_notify(t, true, "Use: reenter N|E|S|W [down|up], such as reenter E.");
            return GAME_CMD_ERROR;
        }
        return rl_reenter(w, t, d, down);
    }
    if (strcasecmp(cmd, "staydown") == 0 || strcasecmp(cmd, "powerup") == 0) {
        int v = strcasecmp(cmd, "powerup") == 0 ? 0 : argc > 1 ? kit_yes_no(argv[1]) : 1;
        if (v < 0) {
            table_notify(t, true, "Use: staydown [yes|no], or powerup.");
            return GAME_CMD_ERROR;
        }
        return rl_stay_down(t, v == 1);
    }
    return GAME_CMD_UNKNOWN;
}

int rl_hints(void *self, table *t, game_hint *out, int max)
{
    roborally *w = self;
    kit_hints h = {out, 0, max};
    if (rl_need_is(t, "program")) {
        kit_hint(&h, "1-9", "card", NULL);
        kit_hint(&h, "Bksp", "undo", "takeback");
        kit_hint(&h, "Enter", "lock in", "submit");
        if (int_of(rl_my_robot(t), "damage", 0) > 0 || w->power_down)
            kit_hint(&h, "p", "power down", "powerdown");
        if (rl_beam_choice(rl_my_robot(t)))
            kit_hint(&h, "b", "beam", NULL);
        /* the mode's before clear and draft: the footer keeps the first that fit */
        if (w->mode && w->mode->hints)
            w->mode->hints(w, t, &h);
        kit_hint(&h, "x", "clear", "clear");
        kit_hint(&h, "d", "send as draft", "draft");
    } else if (rl_need_is(t, "reenter")) {
        kit_hint(&h, "arrows", "face and re-enter", NULL);
        kit_hint(&h, "p", "powered down?", NULL);
    } else if (rl_need_is(t, "stay_down")) {
        kit_hint(&h, "y", "stay down", "staydown yes");
        kit_hint(&h, "n", "power up", "staydown no");
    }
    if (w->mode && w->mode->hints && !rl_need_is(t, "program"))
        w->mode->hints(w, t, &h);
    return h.n;
}

int rl_status(void *self, table *t, char *text, size_t len, int *seats)
{
    roborally *w = self;
    if (kit_phase_is(t, "over"))
        return -1;
    int n = 0;
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(t->view, "waiting"), i, v) {
        if (n < 8)
            seats[n++] = (int)json_integer_value(v);
    }
    if (rl_need_is(t, "program") && w->mode && w->mode->program_prompt)
        snprintf(text, len, "%s", w->mode->program_prompt);
    else if (rl_need_is(t, "program"))
        snprintf(text, len, "program your robot: cards 1-9, Enter locks in");
    else if (rl_need_is(t, "reenter"))
        snprintf(text, len, "your robot re-enters: an arrow key picks its facing");
    else if (rl_need_is(t, "stay_down"))
        snprintf(text, len, "stay powered down (y) or power up (n)?");
    else if (kit_phase_is(t, "choose"))
        snprintf(text, len, "clean-up choices");
    else
        snprintf(text, len, "programming");
    return n;
}
