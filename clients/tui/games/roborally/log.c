/*
 * log.c: the log tells each register: the cards revealed, each card played
 * (with who it pushed and what happened: a pit, damage, a flag), belts,
 * gears, lasers, checkpoints, clean-up.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "roborally.h"

typedef struct sentence {
    char *buf;
    size_t len, used;
} sentence;

static void say(sentence *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(sentence *s, const char *fmt, ...)
{
    if (s->used >= s->len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s->buf + s->used, s->len - s->used, fmt, ap);
    va_end(ap);
    if (n > 0)
        s->used = s->used + (size_t)n < s->len ? s->used + (size_t)n : s->len - 1;
}

/* "Ada, Bot (easy) and Seat 3" */
static void say_seats(sentence *s, const table *t, const json_t *seats)
{
    size_t n = json_array_size(seats), i;
    const json_t *v;
    json_array_foreach(seats, i, v) {
        char name[64];
        table_name(t, (int)json_integer_value(v), name, sizeof name);
        say(s, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", name);
    }
}

/* The mode's sentence for a frame's action, or false: the race's. */
static bool mode_says(const roborally *w, const table *t, const json_t *ev, const json_t *a, char *buf,
                      size_t len)
{
    return w->mode && w->mode->outcome && w->mode->outcome((roborally *)w, t, ev, a, buf, len);
}

/* What sets a move apart beyond its piece and seat, as the mode sees it. */
static int motion(const roborally *w, const json_t *a)
{
    return w->mode && w->mode->motion ? w->mode->motion(a) : 0;
}

/* Whether a later move of the step takes the same piece on (a piece that
 * moves several squares is said once, where it ends). */
static bool moves_again(const roborally *w, const json_t *ev, size_t fi, size_t ai, const json_t *a)
{
    size_t i, j;
    const json_t *frame, *b;
    json_array_foreach(json_object_get(ev, "frames"), i, frame) {
        json_array_foreach(frame, j, b) {
            if ((i > fi || (i == fi && j > ai)) && strcmp(str_of(b, "do"), "move") == 0 &&
                strcmp(str_of(b, "piece"), str_of(a, "piece")) == 0 && int_of(b, "seat", -1) == int_of(a, "seat", -1) &&
                motion(w, b) == motion(w, a))
                return true;
        }
    }
    return false;
}

/* What happened in a step ("Ada takes 2 damage; Bo touches flag 1"). */
static void say_outcomes(sentence *s, const roborally *w, const table *t, const json_t *ev)
{
    size_t i, j;
    const json_t *frame, *a;
    int said = 0;
    json_array_foreach(json_object_get(ev, "frames"), i, frame) {
        json_array_foreach(frame, j, a) {
            const char *d = str_of(a, "do");
            char name[64];
            table_name(t, int_of(a, "seat", 0), name, sizeof name);
            char bit[160] = "";
            if (strcmp(d, "move") == 0 && moves_again(w, ev, i, j, a)) {
                continue;
            } else if (mode_says(w, t, ev, a, bit, sizeof bit)) {
                /* the mode's own pieces and what they do to robots */
            } else if (strcmp(d, "destroyed") == 0) {
                const char *why = str_of(a, "why");
                snprintf(bit, sizeof bit, "%s %s", name, strcmp(why, "pit") == 0 ? "fell into a pit"
                                                       : strcmp(why, "edge") == 0 ? "fell off the board"
                                                       : strcmp(why, "damage") == 0 ? "was destroyed by damage"
                                                                                    : "left the board");
            } else if (strcmp(d, "damage") == 0 && int_of(a, "amount", 0)) {
                snprintf(bit, sizeof bit, "%s takes %d damage (%d in all)", name, int_of(a, "amount", 0), int_of(a, "total", 0));
            } else if (strcmp(d, "damage") == 0 && int_of(a, "absorbed", 0)) {
                snprintf(bit, sizeof bit, "%s's coat absorbs %d", name, int_of(a, "absorbed", 0));
            } else if (strcmp(d, "flag") == 0) {
                snprintf(bit, sizeof bit, "%s touches flag %d", name, int_of(a, "flag", 0));
            } else if (strcmp(d, "repair") == 0 && int_of(a, "amount", 0)) {
                snprintf(bit, sizeof bit, "%s repairs %d", name, int_of(a, "amount", 0));
            } else if (strcmp(d, "option") == 0) {
                snprintf(bit, sizeof bit, "%s gets %s", name, rl_option_name(str_of(a, "option")));
            } else if (strcmp(d, "reenter") == 0) {
                int f = kit_side_parse(str_of(a, "facing"));
                snprintf(bit, sizeof bit, "%s re-enters facing %s%s", name, f >= 0 ? kit_dir_word(kit_side_dir(f)) : "?",
                         json_is_true(json_object_get(a, "virtual")) ? " (virtual: sharing the square)" : "");
            } else if (strcmp(d, "power_down") == 0) {
                snprintf(bit, sizeof bit, "%s will be powered down", name);
            }
            if (bit[0])
                say(s, "%s%s", said++ ? "; " : ": ", bit);
        }
    }
}

/* The seats a step moved or turned, other than skip; returns how many. */
static int moved_seats(const roborally *w, const table *t, const json_t *ev, int skip, int *seats, int max)
{
    int n = 0;
    size_t i, j;
    const json_t *frame, *a;
    json_array_foreach(json_object_get(ev, "frames"), i, frame) {
        json_array_foreach(frame, j, a) {
            const char *d = str_of(a, "do");
            int seat = int_of(a, "seat", -1);
            char said[160];
            /* a move the mode tells of is said by say_outcomes */
            if ((strcmp(d, "move") != 0 && strcmp(d, "turn") != 0) || seat < 0 || seat == skip ||
                mode_says(w, t, ev, a, said, sizeof said))
                continue;
            bool seen = false;
            for (int k = 0; k < n; k++)
                seen |= seats[k] == seat;
            if (!seen && n < max)
                seats[n++] = seat;
        }
    }
    return n;
}

static void say_seat_list(sentence *s, const table *t, const int *seats, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(seats[i]));
    say_seats(s, t, a);
    json_decref(a);
}

/* A board step in words ("belts carry"); movers: whether to name the
 * robots it moved. */
static const char *step_words(const roborally *w, const char *step, bool *movers)
{
    static const char *const steps[][2] = {
        {"express", "express belts carry"}, {"belts", "belts carry"}, {"pushers", "pushers push"},
        {"gears", "gears turn"}, {"lasers", "lasers fire"}, {"checkpoints", "checkpoints"},
    };
    *movers = strcmp(step, "lasers") != 0 && strcmp(step, "checkpoints") != 0;
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        if (strcmp(step, steps[i][0]) == 0)
            return steps[i][1];
    }
    const char *words = w->mode && w->mode->step_words ? w->mode->step_words(step, movers) : NULL;
    return words ? words : "checkpoints";
}

bool rl_describe(void *self, table *t, const json_t *ev, char *buf, size_t len)
{
    roborally *w = self;
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    if (!kind || len == 0)
        return false;
    sentence s = {buf, len, 0};
    buf[0] = 0;
    char name[64] = "";
    if (int_of(ev, "seat", -1) >= 0)
        table_name(t, int_of(ev, "seat", 0), name, sizeof name);
    if (strcmp(kind, "turn") == 0) {
        say(&s, "Turn %d: cards dealt", int_of(ev, "turn", 0));
        if (json_array_size(json_object_get(ev, "powered_down"))) {
            say(&s, "; powered down: ");
            say_seats(&s, t, json_object_get(ev, "powered_down"));
        }
        say(&s, ".");
    } else if (strcmp(kind, "timer") == 0) {
        say(&s, "One player is left to program: the countdown runs.");
    } else if (strcmp(kind, "drafted") == 0) {
        say(&s, "%s saved a draft of a program.", name);
    } else if (strcmp(kind, "programmed") == 0) {
        say(&s, "%s locked in a program.", name);
    } else if (strcmp(kind, "filled") == 0) {
        const json_t *regs = json_object_get(ev, "registers");
        if (json_array_size(regs)) {
            say(&s, "%s ran out of time: register%s", name, json_array_size(regs) > 1 ? "s" : "");
            size_t i;
            const json_t *v;
            json_array_foreach(regs, i, v)
                say(&s, "%s%lld", i == 0 ? " " : i + 1 == json_array_size(regs) ? " and " : ", ", (long long)json_integer_value(v));
            say(&s, " filled at random.");
        } else {
            say(&s, "%s ran out of time with a full program.", name);
        }
    } else if (strcmp(kind, "programs") == 0) {
        say(&s, "The registers run");
        if (json_array_size(json_object_get(ev, "power_down"))) {
            say(&s, "; ");
            say_seats(&s, t, json_object_get(ev, "power_down"));
            say(&s, " will power down next turn");
        }
        say(&s, ".");
    } else if (strcmp(kind, "reveal") == 0) {
        say(&s, "Register %d:", int_of(ev, "register", 0));
        size_t i;
        const json_t *c;
        json_array_foreach(json_object_get(ev, "cards"), i, c) {
            char who[64];
            rl_player_name(w, t, c, false, who, sizeof who);
            say(&s, "%s %s %s (%d)", i ? "," : "", who, rl_type_short(str_of(c, "type")), int_of(c, "card", 0));
        }
        if (!json_array_size(json_object_get(ev, "cards")))
            say(&s, " no cards");
        say(&s, ".");
    } else if (strcmp(kind, "card") == 0) {
        const char *card = rl_type_name(str_of(ev, "type"));
        char who[64];
        rl_player_name(w, t, ev, true, who, sizeof who);
        say(&s, "%s plays %s", who, card ? card : "a card");
        int pushed[8];
        int n = moved_seats(w, t, ev, int_of(ev, "seat", -1), pushed, 8);
        if (n) {
            say(&s, ", pushing ");
            say_seat_list(&s, t, pushed, n);
        }
        say_outcomes(&s, w, t, ev);
        say(&s, ".");
    } else if (strcmp(kind, "board") == 0) {
        bool movers;
        const char *what = step_words(w, str_of(ev, "step"), &movers);
        say(&s, "Register %d: %s", int_of(ev, "register", 0), what);
        if (movers) {
            int moved[8];
            int n = moved_seats(w, t, ev, -1, moved, 8);
            if (n) {
                say(&s, " ");
                say_seat_list(&s, t, moved, n);
            }
        }
        say_outcomes(&s, w, t, ev);
        say(&s, ".");
    } else if (strcmp(kind, "cleanup") == 0) {
        say(&s, "Clean-up");
        say_outcomes(&s, w, t, ev);
        say(&s, ".");
    } else if (strcmp(kind, "choose") == 0) {
        say(&s, "Waiting for ");
        say_seats(&s, t, json_object_get(ev, "seats"));
        say(&s, " to choose (re-entry or power).");
    } else if (strcmp(kind, "chosen") == 0) {
        say(&s, "%s has chosen.", name);
    } else if (strcmp(kind, "reentry") == 0) {
        say(&s, "Re-entry");
        say_outcomes(&s, w, t, ev);
        say(&s, ".");
    } else if (w->mode && w->mode->describe && w->mode->describe(w, t, ev, buf, len)) {
        return true;
    } else {
        /* "over" too: the frame logs the result's summary */
        return false;
    }
    return true;
}
