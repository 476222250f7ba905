/*
 * program.c: the program being written (five registers from the hand, the
 * locked ones kept), its power-down announcement and main laser beam, sent
 * as a draft near the deadline and locked in with Enter; and the clean-up
 * choices (re-entry facing, staying powered down).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_tables.h"
#include "roborally.h"

int rl_reg_of(const roborally *w, const json_t *r, int card)
{
    for (int i = 0; i < RL_REGS; i++) {
        if (!rl_reg_locked(r, i) && w->regs[i] == card)
            return i;
    }
    return -1;
}

static int empty_regs(const roborally *w, const json_t *r)
{
    int n = 0;
    for (int i = 0; i < RL_REGS; i++)
        n += !rl_reg_locked(r, i) && w->regs[i] == 0;
    return n;
}

/* Takes the program from the view: a new turn, or one locked in. */
void rl_sync_program(roborally *w, const table *t)
{
    const json_t *r = rl_my_robot(t);
    if (!r)
        return;
    int turn = int_of(t->view, "turn", 0);
    if (turn != w->turn || json_is_true(json_object_get(r, "programmed"))) {
        w->turn = turn;
        const json_t *program = json_object_get(r, "program");
        for (int i = 0; i < RL_REGS; i++)
            w->regs[i] = (int)json_integer_value(json_array_get(program, (size_t)i));
        w->power_down = json_is_true(json_object_get(r, "announce"));
        int beam = rl_beam_of(str_of(r, "beam"));
        w->beam = beam < 0 ? 0 : beam;
        w->reenter_down = false;
        w->draft_at = 0;
        if (w->mode && w->mode->sync_program)
            w->mode->sync_program(w, t, r);
    }
    /* a card no longer in the hand cannot stay in a register */
    for (int i = 0; i < RL_REGS; i++) {
        if (!rl_reg_locked(r, i) && w->regs[i] && !rl_in_hand(r, w->regs[i]))
            w->regs[i] = 0;
    }
}

json_t *rl_program_action(const roborally *w, const table *t, bool submit)
{
    const json_t *r = rl_my_robot(t);
    json_t *regs = json_array();
    for (int i = 0; i < RL_REGS; i++)
        json_array_append_new(regs, rl_reg_locked(r, i) || !w->regs[i] ? json_null() : json_integer(w->regs[i]));
    json_t *a = json_pack("{s:s, s:i, s:o, s:b, s:b}", "kind", "program", "turn", int_of(t->view, "turn", 0),
                          "registers", regs, "submit", submit, "power_down", w->power_down);
    if (a && w->beam)
        json_object_set_new(a, "beam", json_string(rl_beams[w->beam].id));
    if (a && w->mode && w->mode->program_fields)
        w->mode->program_fields(w, t, a);
    return a;
}

/* Why we cannot program now, or NULL when we can. */
const char *rl_cannot_program(const table *t)
{
    const json_t *r = rl_my_robot(t);
    if (t->seat < 0)
        return "Spectators watch: programs are for the players.";
    if (kit_phase_is(t, "over"))
        return "The game is over.";
    if (rl_need_is(t, "program"))
        return NULL;
    const char *status = str_of(r, "status");
    if (strcmp(status, "out") == 0)
        return "Your robot is out of lives.";
    if (strcmp(status, "destroyed") == 0)
        return "Your robot is destroyed: it re-enters at clean-up.";
    if (strcmp(status, "powered_down") == 0)
        return "Your robot is powered down this turn: no program.";
    if (kit_phase_is(t, "program") && json_is_true(json_object_get(r, "programmed")))
        return "Your program is locked in: the registers run when every program is in.";
    if (rl_need_is(t, "reenter"))
        return "Choose the facing your robot re-enters with first (the arrow keys).";
    if (rl_need_is(t, "stay_down"))
        return "Answer first: stay powered down (y) or power up (n)?";
    return "Not now: the registers are running or others are choosing.";
}

bool rl_may_program(table *t)
{
    const char *why = rl_cannot_program(t);
    if (why)
        table_notify(t, true, "%s", why);
    return why == NULL;
}

/* The draft rule of protocol/PROTOCOL.md (RoboRally, "Drafts"): a change
 * goes as a draft RL_DRAFT_DELAY_MS after the last one, inside the draft
 * window (RL_DRAFT_WINDOW_MS to RL_DRAFT_MARGIN_MS before the deadline); a
 * change made before the window opens goes when it opens, so that only the
 * empty registers are filled at random if time runs out. */
void rl_program_changed(roborally *w, table *t)
{
    w->draft_at = t->now + RL_DRAFT_DELAY_MS;
}

int64_t rl_draft_due(const roborally *w, const table *t)
{
    if (!w->draft_at)
        return 0;
    int64_t left = table_ms_left(t);
    int64_t opens = left > RL_DRAFT_WINDOW_MS ? t->now + left - RL_DRAFT_WINDOW_MS : t->now;
    return w->draft_at > opens ? w->draft_at : opens;
}

static uint64_t text_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Sends a draft: unless it is the one sent last, or holds no card. */
static void send_draft(roborally *w, table *t)
{
    json_t *draft = rl_program_action(w, t, false);
    bool empty = true;
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(draft, "registers"), i, c) empty = empty && json_is_null(c);
    char *text = json_dumps(draft, JSON_COMPACT | JSON_SORT_KEYS);
    uint64_t h = text ? text_hash(text) : 0;
    free(text);
    if (empty || h == w->draft_sent) {
        json_decref(draft);
        return;
    }
    w->draft_sent = h;
    table_act(t, draft);
}

/* The draft a change asked for, once its moment has come. */
void rl_send_due_draft(roborally *w, table *t)
{
    if (!w->draft_at || t->now < rl_draft_due(w, t))
        return;
    w->draft_at = 0;
    int64_t left = table_ms_left(t);
    if (left >= RL_DRAFT_MARGIN_MS && left <= RL_DRAFT_WINDOW_MS && !rl_cannot_program(t))
        send_draft(w, t);
}

/* A sentence of the program editor's on the status line, remembered: a new
 * turn takes it back ("Program sent..." would say the wrong turn). */
static void say(roborally *w, table *t, bool error, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void say(roborally *w, table *t, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->said, sizeof w->said, fmt, ap);
    va_end(ap);
    table_notify(t, error, "%s", w->said);
}

void rl_take_back(roborally *w, table *t, int i)
{
    w->regs[i] = 0;
    say(w, t, false, "Register %d cleared.", i + 1);
    rl_program_changed(w, t);
}

/* Card k of the hand (0-based) into the next free register, or out of the
 * register it is in. */
bool rl_pick_card(roborally *w, table *t, int k)
{
    const json_t *r = rl_my_robot(t);
    if (rl_hand_size(r) == 0) {
        say(w, t, true, "No cards this turn: every register is locked. Enter locks the program in.");
        return false;
    }
    if (k < 0 || k >= rl_hand_size(r)) {
        say(w, t, true, "Your hand has %d card%s: pick 1 to %d.", rl_hand_size(r), rl_hand_size(r) == 1 ? "" : "s",
                     rl_hand_size(r));
        return false;
    }
    int card = rl_hand_card(r, k);
    int at = rl_reg_of(w, r, card);
    if (at >= 0) {
        rl_take_back(w, t, at);
        return true;
    }
    for (int i = 0; i < RL_REGS; i++) {
        if (!rl_reg_locked(r, i) && w->regs[i] == 0) {
            w->regs[i] = card;
            say(w, t, false, "%s (%d) in register %d.", rl_card_short(card), card, i + 1);
            rl_program_changed(w, t);
            return true;
        }
    }
    say(w, t, true, "Every register is full: Backspace takes the last card back.");
    return false;
}

bool rl_take_back_last(roborally *w, table *t)
{
    const json_t *r = rl_my_robot(t);
    for (int i = RL_REGS - 1; i >= 0; i--) {
        if (!rl_reg_locked(r, i) && w->regs[i]) {
            rl_take_back(w, t, i);
            return true;
        }
    }
    say(w, t, true, "No register to clear.");
    return false;
}

void rl_clear(roborally *w, const table *t)
{
    for (int i = 0; i < RL_REGS; i++) {
        if (!rl_reg_locked(rl_my_robot(t), i))
            w->regs[i] = 0;
    }
}

int rl_submit(roborally *w, table *t)
{
    if (!rl_may_program(t))
        return GAME_CMD_ERROR;
    int empty = empty_regs(w, rl_my_robot(t));
    if (empty > 0) {
        say(w, t, true, "Fill %d more register%s before locking the program in.", empty, empty == 1 ? "" : "s");
        return GAME_CMD_ERROR;
    }
    w->draft_at = 0;
    if (table_act(t, rl_program_action(w, t, true)) == 0)
        say(w, t, false, "Program sent: the registers run once every program is in.");
    return GAME_CMD_DONE;
}

int rl_power_down(roborally *w, table *t, int want)
{
    if (!rl_may_program(t))
        return GAME_CMD_ERROR;
    bool on = want < 0 ? !w->power_down : want > 0;
    if (on && int_of(rl_my_robot(t), "damage", 0) == 0) {
        say(w, t, true, "Only a damaged robot may announce a power-down.");
        return GAME_CMD_ERROR;
    }
    w->power_down = on;
    say(w, t, false, on ? "Power-down announced: your robot sits out next turn and repairs all damage."
                              : "No power-down next turn.");
    rl_program_changed(w, t);
    return GAME_CMD_DONE;
}

bool rl_beam_allowed(const json_t *r, int beam)
{
    return beam >= 0 && beam < RL_BEAMS && (!rl_beams[beam].option || rl_has_option(r, rl_beams[beam].option));
}

bool rl_beam_choice(const json_t *r)
{
    for (int b = 1; b < RL_BEAMS; b++) {
        if (rl_beam_allowed(r, b))
            return true;
    }
    return false;
}

int rl_set_beam(roborally *w, table *t, int beam)
{
    if (!rl_may_program(t))
        return GAME_CMD_ERROR;
    const json_t *r = rl_my_robot(t);
    if (beam < 0) {
        beam = w->beam;
        do
            beam = (beam + 1) % RL_BEAMS;
        while (!rl_beam_allowed(r, beam));
    }
    if (!rl_beam_allowed(r, beam)) {
        say(w, t, true, "Your robot has no %s.", rl_option_name(rl_beams[beam].option));
        return GAME_CMD_ERROR;
    }
    w->beam = beam;
    say(w, t, false, "Main laser: %s.", rl_beams[beam].label);
    return GAME_CMD_DONE;
}

/* :program 3 1 5 2 4: hand positions (1-9) or priorities (10-840) for the
 * unlocked registers in order. */
int rl_program_words(roborally *w, table *t, int argc, char **argv)
{
    if (!rl_may_program(t))
        return GAME_CMD_ERROR;
    const json_t *r = rl_my_robot(t);
    int free_regs = RL_REGS - rl_locked_count(r);
    if (argc < 2 || argc - 1 > free_regs) {
        say(w, t, true, "Use: program followed by up to %d cards, by hand position 1-%d (or priority), such as program 3 1 5 2 4.",
                     free_regs, rl_hand_size(r));
        return GAME_CMD_ERROR;
    }
    int regs[RL_REGS] = {0};
    int k = 1;
    for (int i = 0; i < RL_REGS; i++) {
        if (rl_reg_locked(r, i))
            continue;
        if (k >= argc)
            break;
        char *end;
        long v = strtol(argv[k], &end, 10);
        if (*end || end == argv[k]) {
            say(w, t, true, "'%s' is not a card: give its place in your hand (1-%d) or its priority.", argv[k],
                         rl_hand_size(r));
            return GAME_CMD_ERROR;
        }
        int card = v >= 1 && v <= RL_HAND ? (v <= rl_hand_size(r) ? rl_hand_card(r, (int)v - 1) : -1) : (int)v;
        if (card <= 0 || !rl_in_hand(r, card)) {
            say(w, t, true, "Card %s is not in your hand.", argv[k]);
            return GAME_CMD_ERROR;
        }
        for (int j = 0; j < i; j++) {
            if (regs[j] == card) {
                say(w, t, true, "Card %s is in two registers.", argv[k]);
                return GAME_CMD_ERROR;
            }
        }
        regs[i] = card;
        k++;
    }
    for (int i = 0; i < RL_REGS; i++) {
        if (!rl_reg_locked(r, i))
            w->regs[i] = regs[i];
    }
    int empty = empty_regs(w, r);
    if (empty)
        say(w, t, false, "Program set; %d register%s still empty.", empty, empty == 1 ? "" : "s");
    else
        say(w, t, false, "Program set: Enter (or :submit) locks it in.");
    rl_program_changed(w, t);
    return GAME_CMD_DONE;
}

int rl_reenter(roborally *w, table *t, int d, int down)
{
    if (!rl_need_is(t, "reenter")) {
        table_notify(t, true, "%s", t->seat < 0 ? "Spectators watch." : "Your robot is not re-entering now.");
        return GAME_CMD_ERROR;
    }
    bool pd = down < 0 ? w->reenter_down : down > 0;
    table_actf(t, "{s:s, s:i, s:s, s:b}", "kind", "reenter", "turn", int_of(t->view, "turn", 0), "facing", kit_dir_name(kit_side_dir(d)),
               "power_down", pd);
    return GAME_CMD_DONE;
}

int rl_stay_down(table *t, bool stay)
{
    if (!rl_need_is(t, "stay_down")) {
        table_notify(t, true, "%s", t->seat < 0 ? "Spectators watch." : "There is no power-down to answer now.");
        return GAME_CMD_ERROR;
    }
    table_actf(t, "{s:s, s:i, s:b}", "kind", "stay_down", "turn", int_of(t->view, "turn", 0), "stay", stay);
    return GAME_CMD_DONE;
}
