/*
 * playback.c: what a new state changes on screen: a move slides cell by
 * cell along the server's path and leaves a trail; p replays the last
 * round's best solution on the board.
 */
#include <string.h>

#include "ricochet.h"

void rr_set_trail(ricochet *r, int robot, const json_t *path)
{
    r->trail_robot = robot;
    r->trail_len = 0;
    size_t i;
    const json_t *v;
    json_array_foreach(path, i, v) {
        if (r->trail_len < RR_MAX_PATH)
            r->trail[r->trail_len++] = (int)json_integer_value(v);
    }
}

/* The robots as shown now: the view's, with a sliding robot part-way and,
 * during a replay, the best solution's positions. */
void rr_shown_robots(ricochet *r, table *t, int *cells, int *n)
{
    memcpy(cells, r->b.robot, sizeof r->b.robot);
    *n = r->b.nrobots;
    if (r->replaying) {
        const json_t *last = json_object_get(t->view, "last_round");
        const json_t *steps = json_object_get(json_object_get(last, "optimal"), "steps");
        rr_read_robots(json_object_get(last, "start"), cells, n);
        int64_t elapsed = t->now - r->replay_start;
        int done = (int)(elapsed / RR_REPLAY_STEP_MS);
        size_t i;
        const json_t *st;
        json_array_foreach(steps, i, st) {
            int robot = rr_color_index(json_string_value(json_object_get(st, "robot")));
            if (robot < 0)
                continue;
            if ((int)i < done) {
                cells[robot] = int_of(st, "to", cells[robot]);
            } else if ((int)i == done) {
                const json_t *path = json_object_get(st, "path");
                int k = (int)((elapsed % RR_REPLAY_STEP_MS) / RR_SLIDE_MS);
                int len = (int)json_array_size(path);
                if (len > 0)
                    cells[robot] = (int)json_integer_value(json_array_get(path, (size_t)(k < len ? k : len - 1)));
                rr_set_trail(r, robot, path);
            }
        }
        if (done >= (int)json_array_size(steps) + 2)
            r->replaying = false;
        return;
    }
    if (r->anim_len > 0) {
        int k = (int)((t->now - r->anim_start) / RR_SLIDE_MS);
        if (k < r->anim_len - 1)
            cells[r->anim_robot] = r->anim_path[k];
        else
            r->anim_len = 0;
    }
}

void rr_update(void *self, table *t)
{
    ricochet *r = self;
    rr_read_board(&r->b, t->view);
    bool ended = false; /* a demonstration ended (or a round began) */
    size_t i;
    const json_t *ev;
    json_array_foreach(t->events, i, ev) {
        const char *kind = json_string_value(json_object_get(ev, "kind"));
        if (!kind)
            continue;
        if (strcmp(kind, "move") == 0) {
            int robot = rr_color_index(json_string_value(json_object_get(ev, "robot")));
            if (robot < 0)
                continue;
            rr_set_trail(r, robot, json_object_get(ev, "path"));
            memcpy(r->anim_path, r->trail, sizeof r->trail);
            r->anim_len = r->trail_len;
            r->anim_robot = robot;
            r->anim_start = t->now;
        } else if (strcmp(kind, "reveal") == 0 || strcmp(kind, "demo_start") == 0 ||
                   strcmp(kind, "demo_end") == 0) {
            r->trail_len = 0;
            r->anim_len = 0;
            ended = true;
        }
    }
    if (!kit_phase_is(t, "round_over"))
        r->replaying = false;
    /* the demonstration x would give up is over: so is its question */
    if (r->give_up_armed && (ended || !rr_i_demonstrate(t))) {
        r->give_up_armed = false;
        table_retract(t, rr_give_up_prompt);
    }
    /* the demonstrator starts with the target's robot in hand */
    if (rr_i_demonstrate(t) && r->b.has_target && r->b.target.color >= 0 && int_of(t->view, "moves_made", 0) == 0)
        r->selected = r->b.target.color;
}

int rr_next_frame(void *self, table *t)
{
    ricochet *r = self;
    (void)t;
    return r->anim_len > 0 || r->replaying ? RR_SLIDE_MS : -1;
}
