/* log.c: the ball's frames and RoboBall's events in plain words. */
#include <stdio.h>
#include <string.h>

#include "roboball.h"

/* A ball dragged by a robot, or a robot by the ball, is a motion of its own. */
int rb_motion(const json_t *action)
{
    return json_is_true(json_object_get(action, "dragged"));
}

bool rb_piece_name(const table *t, const char *piece, bool acting, char *buf, size_t len)
{
    (void)t;
    if (strcmp(piece, "ball") != 0)
        return false;
    snprintf(buf, len, "%s", acting ? "The ball (extraction)" : "the ball");
    return true;
}

const char *rb_step_words(const char *step, bool *movers)
{
    *movers = false;
    if (strcmp(step, "bonk") == 0)
        return "the hovering ball comes down";
    if (strcmp(step, "hitches") == 0)
        return "hitch declarations";
    *movers = true;
    return NULL;
}

static const char *unhitch_why(const char *why)
{
    static const char *const whys[][2] = {
        {"declared", "as declared"},
        {"separated", "no longer touching the ball"},
        {"blocked", "the square behind was taken"},
        {"collision", "dragged into one square with another robot"},
        {"edge", "it went over the edge; the ball stays"},
        {"pogo", "the ball went into pogo mode"},
        {"destroyed", "it was destroyed"},
    };
    for (size_t i = 0; i < sizeof whys / sizeof whys[0]; i++) {
        if (strcmp(whys[i][0], why) == 0)
            return whys[i][1];
    }
    return why;
}

/* Why hitches failed, with its subject: one robot ("it is ...") or more
 * ("they are ..."). */
static const char *hitch_failed_why(const char *why, bool many)
{
    return strcmp(why, "far") == 0 ? (many ? "they are not touching the ball (or a wall is between)"
                                           : "it is not touching the ball (or a wall is between)")
           : strcmp(why, "team") == 0 ? (many ? "their teams hold the ball already" : "its team holds the ball already")
           : strcmp(why, "pogo") == 0 ? "the ball is in pogo mode"
           : strcmp(why, "powered_down") == 0 ? (many ? "they are powered down" : "it is powered down")
                                              : why;
}

/* Every robot whose hitch failed for `why` in the step: "Ada, Bot 2 and
 * Bot 3 cannot hitch: they are ...", said at the first of them (a step
 * has one such phrase per reason, not one per robot); "" at the others. */
static void say_hitches_failed(const table *t, const json_t *ev, const json_t *first, char *buf, size_t len)
{
    const char *why = str_of(first, "why");
    const json_t *who[RL_SEATS];
    int n = 0;
    size_t i, j;
    const json_t *frame, *a;
    json_array_foreach(json_object_get(ev, "frames"), i, frame) {
        json_array_foreach(frame, j, a) {
            if (strcmp(str_of(a, "do"), "hitch_failed") != 0 || strcmp(str_of(a, "why"), why) != 0)
                continue;
            if (n == 0 && a != first) {
                buf[0] = 0; /* said at the first */
                return;
            }
            if (n < RL_SEATS)
                who[n++] = a;
        }
    }
    size_t used = 0;
    buf[0] = 0;
    for (int k = 0; k < n && used < len; k++) {
        char name[48];
        table_name(t, int_of(who[k], "seat", 0), name, sizeof name);
        int w = snprintf(buf + used, len - used, "%s%s", k == 0 ? "" : k + 1 == n ? " and " : ", ", name);
        used += w > 0 ? (size_t)w : 0;
    }
    if (used < len)
        snprintf(buf + used, len - used, " cannot hitch: %s", hitch_failed_why(why, n > 1));
}

bool rb_outcome(roborally *w, const table *t, const json_t *ev, const json_t *a, char *buf, size_t len)
{
    (void)w;
    char name[48], where[16];
    table_name(t, int_of(a, "seat", 0), name, sizeof name);
    kit_square_of(json_object_get(a, json_object_get(a, "to") ? "to" : "at"), where, sizeof where);
    const char *d = str_of(a, "do");
    bool ball = kit_is(a, "piece", "ball");
    if (strcmp(d, "hitch") == 0)
        snprintf(buf, len, "%s hitches to the ball", name);
    else if (strcmp(d, "hitch_failed") == 0)
        say_hitches_failed(t, ev, a, buf, len);
    else if (strcmp(d, "unhitch") == 0)
        snprintf(buf, len, "%s unhitches (%s)", name, unhitch_why(str_of(a, "why")));
    else if (strcmp(d, "pogo") == 0)
        snprintf(buf, len, json_is_true(json_object_get(a, "up")) ? "the ball hovers at %s (pogo mode)"
                                                                  : "the ball drops back to the floor at %s", where);
    else if (strcmp(d, "bonk") == 0)
        snprintf(buf, len, "the ball bonks %s for %d damage (%d in all)", name, int_of(a, "amount", 0), int_of(a, "total", 0));
    else if (strcmp(d, "balk") == 0)
        snprintf(buf, len, "the ball balks at %s: the card would drop it", where);
    else if (strcmp(d, "goal") == 0)
        snprintf(buf, len, "GOAL: team %d has the ball home at %s", int_of(a, "team", 0) + 1, where);
    else if (ball && strcmp(d, "move") == 0)
        snprintf(buf, len, "the ball %s to %s", json_is_true(json_object_get(a, "dragged")) ? "is dragged" : "goes", where);
    else if (ball && strcmp(d, "turn") == 0 && kit_side_parse(str_of(a, "to")) >= 0)
        snprintf(buf, len, "the ball turns to face %s", kit_dir_word(kit_side_dir(kit_side_parse(str_of(a, "to")))));
    else if (ball && strcmp(d, "blocked") == 0)
        snprintf(buf, len, "the ball is blocked (%s)", str_of(a, "why"));
    else if (strcmp(d, "move") == 0 && json_is_true(json_object_get(a, "dragged")))
        snprintf(buf, len, "the ball drags %s to %s", name, where);
    else
        return false;
    return true;
}

bool rb_describe(roborally *w, const table *t, const json_t *ev, char *buf, size_t len)
{
    (void)w;
    char name[48];
    table_name(t, int_of(ev, "seat", 0), name, sizeof name);
    if (kit_is(ev, "kind", "voted")) {
        if (json_is_true(json_object_get(ev, "vote")))
            snprintf(buf, len, "%s votes the ball inaccessible (extraction when every seat votes).", name);
        else
            snprintf(buf, len, "%s takes back the extraction vote.", name);
        return true;
    }
    if (kit_is(ev, "kind", "extraction")) {
        int f = kit_side_parse(str_of(ev, "facing"));
        snprintf(buf, len, "Extraction, turn %d: the ball is dealt %d cards face down and plays them, facing %s.",
                 int_of(ev, "turn", 0), int_of(ev, "cards", 0), f >= 0 ? kit_dir_word(kit_side_dir(f)) : "?");
        return true;
    }
    return false;
}
