/*
 * program.c: the hitch declaration of each register of the program being
 * written (none, hitch, unhitch), from the view and into the program
 * action; declared with h or u then the register, or in words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "roboball.h"

const char *rb_decl_text(int decl, bool narrow)
{
    if (decl == RB_HITCH)
        return narrow ? "h" : "hitch";
    if (decl == RB_UNHITCH)
        return narrow ? "u" : "unhitch";
    return "";
}

static int decl_parse(const char *s)
{
    if (!s)
        return -1;
    if (strcasecmp(s, "hitch") == 0 || strcasecmp(s, "h") == 0)
        return RB_HITCH;
    if (strcasecmp(s, "unhitch") == 0 || strcasecmp(s, "u") == 0)
        return RB_UNHITCH;
    if (strcmp(s, "-") == 0 || strcasecmp(s, "none") == 0 || strcasecmp(s, "n") == 0)
        return RB_NONE;
    return -1;
}

void rb_decls_of_view(signed char *decl, const json_t *robot)
{
    const json_t *h = json_object_get(robot, "hitches");
    for (int i = 0; i < RL_REGS; i++) {
        int d = decl_parse(json_string_value(json_array_get(h, (size_t)i)));
        decl[i] = (signed char)(d < 0 ? RB_NONE : d);
    }
}

static json_t *decls_json(const signed char *decl)
{
    json_t *a = json_array();
    for (int i = 0; i < RL_REGS; i++)
        json_array_append_new(a, decl[i] == RB_NONE ? json_null() : json_string(rb_decl_text(decl[i], false)));
    return a;
}

/* A new turn (or a program locked in): the declarations are the view's. */
void rb_sync_program(roborally *w, const table *t, const json_t *robot)
{
    (void)t;
    rb_decls_of_view(rb_self(w)->hitch, robot);
    rb_self(w)->pending = RB_NONE;
}

/* The declarations go with the program (a draft too). */
void rb_program_fields(const roborally *w, const table *t, json_t *action)
{
    (void)t;
    json_object_set_new(action, "hitches", decls_json(rb_self(w)->hitch));
}

bool rb_is_decl_word(const char *w)
{
    return strcasecmp(w, "hitch") == 0 || strcasecmp(w, "unhitch") == 0 || strcasecmp(w, "nohitch") == 0 ||
           strcasecmp(w, "hitches") == 0 || strcasecmp(w, "decl") == 0;
}

static void say_decl(table *t, int reg, int decl)
{
    if (decl == RB_HITCH)
        table_notify(t, false, "Register %d: hitch to the ball at its end.", reg + 1);
    else if (decl == RB_UNHITCH)
        table_notify(t, false, "Register %d: unhitch from the ball at its end.", reg + 1);
    else
        table_notify(t, false, "Register %d: no hitch declaration.", reg + 1);
}

static bool refuse_locked(const json_t *robot, table *t, int reg)
{
    if (!rl_reg_locked(robot, reg))
        return false;
    table_notify(t, true, "Register %d is locked: it keeps its card and its declaration.", reg + 1);
    return true;
}

bool rb_declare(signed char *decl, const json_t *robot, table *t, int reg, int what)
{
    if (reg < 0 || reg >= RL_REGS) {
        table_notify(t, true, "Registers are 1 to 5.");
        return false;
    }
    if (refuse_locked(robot, t, reg))
        return false;
    decl[reg] = (signed char)(decl[reg] == what ? RB_NONE : what);
    say_decl(t, reg, decl[reg]);
    return true;
}

/* The registers named by argv[1..], checked; false (said why) on a bad one. */
static bool reg_args(const json_t *robot, table *t, int argc, char **argv, bool *regs, const char *use)
{
    for (int i = 1; i < argc; i++) {
        char *end;
        long r = strtol(argv[i], &end, 10);
        if (*end || end == argv[i] || r < 1 || r > RL_REGS) {
            table_notify(t, true, "'%s' is not a register. %s", argv[i], use);
            return false;
        }
        if (refuse_locked(robot, t, (int)r - 1))
            return false;
        regs[r - 1] = true;
    }
    return true;
}

int rb_decl_command(signed char *decl, const json_t *robot, table *t, int argc, char **argv)
{
    const char *w = argv[0];
    bool regs[RL_REGS] = {false};
    if (strcasecmp(w, "hitches") == 0) {
        int d[RL_REGS];
        for (int i = 0; i < RL_REGS && argc == RL_REGS + 1; i++)
            d[i] = decl_parse(argv[i + 1]);
        bool ok = argc == RL_REGS + 1;
        for (int i = 0; ok && i < RL_REGS; i++)
            ok = d[i] >= 0;
        if (!ok) {
            table_notify(t, true, "Use: hitches followed by five of h (hitch), u (unhitch), - (none), such as hitches - h - - u.");
            return GAME_CMD_ERROR;
        }
        for (int i = 0; i < RL_REGS; i++) {
            if (!rl_reg_locked(robot, i))
                decl[i] = (signed char)d[i];
        }
        table_notify(t, false, "Declarations set%s.", rl_reg_locked(robot, RL_REGS - 1) ? " (locked registers keep theirs)" : "");
        return GAME_CMD_DONE;
    }
    if (strcasecmp(w, "decl") == 0) {
        if (argc != 2) {
            table_notify(t, true, "Use: decl R: register R's declaration goes none, hitch, unhitch in turn.");
            return GAME_CMD_ERROR;
        }
        if (!reg_args(robot, t, argc, argv, regs, "Use: decl R (1-5)."))
            return GAME_CMD_ERROR;
        int r = atoi(argv[1]) - 1;
        decl[r] = (signed char)((decl[r] + 1) % 3);
        say_decl(t, r, decl[r]);
        return GAME_CMD_DONE;
    }
    bool none = strcasecmp(w, "nohitch") == 0;
    int what = none ? RB_NONE : strcasecmp(w, "hitch") == 0 ? RB_HITCH : RB_UNHITCH;
    char use[120];
    snprintf(use, sizeof use, "Use: %s R [R ...], R a register 1-5%s.", w, none ? " (none: every register)" : "");
    if ((argc < 2 && !none) || !reg_args(robot, t, argc, argv, regs, use)) {
        if (argc < 2)
            table_notify(t, true, "%s", use);
        return GAME_CMD_ERROR;
    }
    int n = 0;
    for (int i = 0; i < RL_REGS; i++) {
        if ((regs[i] || (argc < 2 && !rl_reg_locked(robot, i)))) {
            decl[i] = (signed char)what;
            n++;
        }
    }
    table_notify(t, false, "%s at the end of %d register%s.", what == RB_HITCH ? "Hitch" : what == RB_UNHITCH ? "Unhitch" : "No declaration",
                 n, n == 1 ? "" : "s");
    return GAME_CMD_DONE;
}
