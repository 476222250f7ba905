/*
 * keys.c: RoboBall's keys and words: h or u then a register declares a
 * hitch or an unhitch at its end (the same again: none; Esc: never mind),
 * v votes the ball inaccessible (again: takes the vote back), each with its
 * word command; and its keys for the footer.
 */
#include <strings.h>

#include "roboball.h"

const char *const rb_commands[] = {
    "RoboBall:",
    "hitch R [R ...]       hitch to the ball at the end of register R (keys h then R; again: none)",
    "unhitch R [R ...]     unhitch at the end of register R (keys u then R)",
    "nohitch [R ...]       no declaration for R (every register without)",
    "hitches D D D D D     all five at once: h, u or - (hitches - h - - u)",
    "decl R                register R's declaration: none, hitch, unhitch in turn (a click on it)",
    "extract [yes|no]      vote the ball inaccessible, or take the vote back (v); also vote, unvote",
    NULL,
};

bool rb_voted(const table *t)
{
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(t->view, "votes"), i, v) {
        if (t->seat >= 0 && json_integer_value(v) == t->seat)
            return true;
    }
    return false;
}

static bool is_vote_word(const char *w)
{
    return strcasecmp(w, "extract") == 0 || strcasecmp(w, "vote") == 0 || strcasecmp(w, "unvote") == 0;
}

static int vote(table *t, int want)
{
    if (t->seat < 0 || !rl_my_robot(t)) {
        table_notify(t, true, "Spectators do not vote.");
        return GAME_CMD_ERROR;
    }
    if (!kit_phase_is(t, "program")) {
        table_notify(t, true, "%s", kit_phase_is(t, "over") ? "The game is over." : "Votes are taken while the robots are programmed.");
        return GAME_CMD_ERROR;
    }
    bool voted = rb_voted(t);
    if (want < 0)
        want = !voted;
    if (want && voted) {
        table_notify(t, true, "You have voted already: v (or :extract no) takes the vote back.");
        return GAME_CMD_ERROR;
    }
    if (!want && !voted) {
        table_notify(t, true, "You have no vote to take back.");
        return GAME_CMD_ERROR;
    }
    if (table_actf(t, "{s:s, s:i, s:b}", "kind", "extract", "turn", int_of(t->view, "turn", 0), "vote", want) == 0)
        table_notify(t, false, want ? "Vote sent: the ball is inaccessible (extraction when every seat votes)."
                                    : "Vote taken back.");
    return GAME_CMD_DONE;
}

static int vote_command(table *t, int argc, char **argv)
{
    int want = strcasecmp(argv[0], "unvote") == 0 ? 0 : 1;
    if (strcasecmp(argv[0], "extract") == 0 && argc == 2)
        want = kit_yes_no(argv[1]) < 0 ? -2 : kit_yes_no(argv[1]);
    if (want == -2 || argc > 2 || (argc > 1 && strcasecmp(argv[0], "extract") != 0)) {
        table_notify(t, true, "Use: extract [yes|no] (vote, unvote).");
        return GAME_CMD_ERROR;
    }
    return vote(t, want);
}

/* After h or u, a register key declares; Esc or another digit lets go; any
 * other key lets go and does what it does. */
static bool declaration_key(roborally *w, table *t, int key)
{
    roboball *b = rb_self(w);
    int what = b->pending;
    b->pending = RB_NONE;
    if (key >= '1' && key <= '0' + RL_REGS) {
        if (rb_declare(b->hitch, rl_my_robot(t), t, key - '1', what))
            rl_program_changed(w, t);
        return true;
    }
    if (key == K_ESC || (key >= '0' && key <= '9')) {
        table_notify(t, key != K_ESC, key == K_ESC ? "No declaration made." : "Registers are 1 to 5: no declaration made.");
        return true;
    }
    return false;
}

bool rb_key(roborally *w, table *t, int key)
{
    roboball *b = rb_self(w);
    if (key == 'v' && t->seat >= 0) {
        vote(t, -1);
        return true;
    }
    if (!rl_need_is(t, "program"))
        return false;
    if (b->pending != RB_NONE && declaration_key(w, t, key))
        return true;
    if (key == 'h' || key == 'u') {
        b->pending = key == 'h' ? RB_HITCH : RB_UNHITCH;
        table_notify(t, false, "%s at the end of which register? 1-5 (the same again: none; Esc: never mind)",
                     key == 'h' ? "Hitch" : "Unhitch");
        return true;
    }
    return false;
}

int rb_command(roborally *w, table *t, int argc, char **argv)
{
    if (is_vote_word(argv[0]))
        return vote_command(t, argc, argv);
    if (!rb_is_decl_word(argv[0]))
        return GAME_CMD_UNKNOWN;
    if (!rl_may_program(t))
        return GAME_CMD_ERROR;
    int done = rb_decl_command(rb_self(w)->hitch, rl_my_robot(t), t, argc, argv);
    if (done == GAME_CMD_DONE)
        rl_program_changed(w, t);
    return done;
}

/* While we program: the declarations and the vote; while others do (or we
 * are locked in): the vote. */
void rb_hints(roborally *w, table *t, kit_hints *h)
{
    (void)w;
    const char *what = rb_voted(t) ? "unvote" : "vote", *command = rb_voted(t) ? "extract no" : "extract yes";
    if (rl_need_is(t, "program")) {
        kit_hint(h, "h R", "hitch", NULL);
        kit_hint(h, "u R", "unhitch", NULL);
        kit_hint(h, "v", what, command);
    } else if (t->seat >= 0 && kit_phase_is(t, "program")) {
        kit_hint(h, "v", what, command);
    }
}
