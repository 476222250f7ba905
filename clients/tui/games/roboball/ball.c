/*
 * ball.c: the ball, as the view has it and through the playback of a
 * register phase (its moves and turns, pogo, hitches), each frame with a
 * few words for its caption ("goal!").
 */
#include <stdio.h>

#include "roboball.h"

void rb_ball_of_view(const table *t, rb_ball *b)
{
    const json_t *ball = rb_ball_json(t), *at = json_object_get(ball, "at");
    *b = (rb_ball){-1, -1, 0, false, 0};
    if (json_is_array(at)) {
        b->x = (signed char)json_integer_value(json_array_get(at, 0));
        b->y = (signed char)json_integer_value(json_array_get(at, 1));
    }
    int f = kit_side_parse(str_of(ball, "facing"));
    b->facing = (signed char)(f < 0 ? 0 : f);
    b->pogo = json_is_true(json_object_get(ball, "pogo"));
    size_t i;
    const json_t *s;
    json_array_foreach(json_object_get(ball, "hitched"), i, s) {
        json_int_t seat = json_integer_value(s);
        if (seat >= 0 && seat < 8)
            b->hitched |= (unsigned char)(1u << seat);
    }
}

static void ball_apply(rb_ball *b, const json_t *a)
{
    int seat = int_of(a, "seat", -1);
    if (kit_is(a, "piece", "ball")) {
        const json_t *to = json_object_get(a, "to");
        if (kit_is(a, "do", "move") && json_is_array(to)) {
            b->x = (signed char)json_integer_value(json_array_get(to, 0));
            b->y = (signed char)json_integer_value(json_array_get(to, 1));
        } else if (kit_is(a, "do", "turn") && kit_side_parse(str_of(a, "to")) >= 0) {
            b->facing = (signed char)kit_side_parse(str_of(a, "to"));
        }
    } else if (kit_is(a, "do", "pogo")) {
        b->pogo = json_is_true(json_object_get(a, "up"));
    } else if (kit_is(a, "do", "hitch") && seat >= 0 && seat < 8) {
        b->hitched |= (unsigned char)(1u << seat);
    } else if (kit_is(a, "do", "unhitch") && seat >= 0 && seat < 8) {
        b->hitched &= (unsigned char)~(1u << seat);
    }
}

/* How much a frame action matters to the playback's caption: the goal most,
 * a plain move of the ball least, 0 for what the ball has nothing to do with. */
static int note_rank(const json_t *a)
{
    static const char *const order[] = {"goal", "bonk", "balk", "pogo", "hitch", "unhitch", "hitch_failed"};
    const int n = (int)(sizeof order / sizeof order[0]);
    for (int i = 0; i < n; i++) {
        if (kit_is(a, "do", order[i]))
            return n - i + 1;
    }
    return kit_is(a, "piece", "ball") && kit_is(a, "do", "move") ? 1 : 0;
}

static void frame_note(const table *t, const json_t *frame, char *buf, size_t len)
{
    const json_t *best = NULL, *a;
    size_t i;
    json_array_foreach(frame, i, a) {
        if (note_rank(a) > (best ? note_rank(best) : 0))
            best = a;
    }
    buf[0] = 0;
    if (!best)
        return;
    char name[48];
    table_name(t, int_of(best, "seat", 0), name, sizeof name);
    if (kit_is(best, "do", "goal"))
        snprintf(buf, len, "GOAL for team %d!", int_of(best, "team", 0) + 1);
    else if (kit_is(best, "do", "bonk"))
        snprintf(buf, len, "the ball bonks %s", name);
    else if (kit_is(best, "do", "balk"))
        snprintf(buf, len, "the ball balks");
    else if (kit_is(best, "do", "pogo"))
        snprintf(buf, len, json_is_true(json_object_get(best, "up")) ? "the ball pogos up" : "the ball drops");
    else if (kit_is(best, "do", "hitch"))
        snprintf(buf, len, "%s hitches", name);
    else if (kit_is(best, "do", "unhitch"))
        snprintf(buf, len, "%s unhitches", name);
    else if (kit_is(best, "do", "hitch_failed"))
        snprintf(buf, len, "%s fails to hitch", name);
    else
        snprintf(buf, len, json_is_true(json_object_get(best, "dragged")) ? "the ball is dragged" : "the ball moves");
}

/* The ball of the view the next playback starts from. */
void rb_update(roborally *w, const table *t)
{
    rb_ball_of_view(t, &rb_self(w)->last);
}

void rb_play_begin(roborally *w, const table *t)
{
    (void)t;
    rb_self(w)->play = rb_self(w)->last;
}

void rb_play_action(roborally *w, const table *t, const json_t *action)
{
    (void)t;
    ball_apply(&rb_self(w)->play, action);
}

void rb_play_frame(roborally *w, const table *t, int k, const json_t *frame, char *note, size_t len)
{
    roboball *b = rb_self(w);
    if (k >= 0 && k < RL_PLAY_FRAMES)
        b->frames[k] = b->play;
    frame_note(t, frame, note, len);
}
