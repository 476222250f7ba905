/*
 * roborally.c: RoboRally (the race, and its modes) in the terminal, the
 * renderer's table; the mode the view names, and what a new state changes.
 *
 * The view names a course; its floor comes from the course file the
 * browser draws too (course.c). The board (board.c) has columns A..L and
 * rows 1..16; after the registers run it plays the phase back from its
 * events (playback.c) before it settles on the new view. Beside it the
 * panel (panel.c): the course and turn, our program (five registers, the
 * locked ones marked, and the hand: priority and kind, keys 1-9), the
 * power-down announcement, our option cards and every robot's flags,
 * damage, lives and state. The program editor (program.c) and the keys
 * and word commands (keys.c): 1-9 put that card of the hand into the next
 * free register (again: take it out), Backspace takes the last one back,
 * x clears, Enter or s locks the program in, p announces a power-down, b
 * changes the main laser's beam, d sends the program as a draft;
 * re-entry: the arrows pick the facing, p re-enters powered down; staying
 * powered down: y stays, n powers up. The log says every step (log.c).
 *
 * A mode of the game extends all of this through the hooks of rl_mode
 * (roborally.h): each mode in a folder of its own, listed in
 * games/meson.build.
 */
#include <stdlib.h>
#include <string.h>

#include "roborally.h"

static void rl_init(void *self, table *t);
static void rl_fini(void *self);
static void rl_update(void *self, table *t);
static int rl_next_frame_ms(void *self, table *t);
static bool rl_clock_held(void *self, table *t);
static void rl_tick(void *self, table *t);
static const char *const *rl_more_help(void *self, table *t);

const game_ui roborally_ui = {
    .id = "roborally",
    .size = sizeof(roborally),
    .commands_help = rl_commands,
    .init = rl_init,
    .fini = rl_fini,
    .update = rl_update,
    .draw = rl_draw,
    .key = rl_key,
    .command = rl_command,
    .hints = rl_hints,
    .status = rl_status,
    .describe = rl_describe,
    .next_frame_ms = rl_next_frame_ms,
    .clock_held = rl_clock_held,
    .tick = rl_tick,
    .more_help = rl_more_help,
};

/* The mode the view names (a room keeps its mode: a rematch is a new room). */
static void rl_init(void *self, table *t)
{
    roborally *w = self;
    const char *id = str_of(t->view, "mode");
    for (int i = 0; rl_modes[i] && !w->mode; i++) {
        if (strcmp(rl_modes[i]->id, id) == 0)
            w->mode = rl_modes[i];
    }
    if (w->mode && w->mode->size)
        w->mode_self = calloc(1, w->mode->size);
    if (w->mode && w->mode->size && !w->mode_self)
        w->mode = NULL; /* out of memory: at least the race */
}

static void rl_fini(void *self)
{
    roborally *w = self;
    free(w->mode_self);
    w->mode_self = NULL;
    w->mode = NULL;
}

/* An option card our robot drew at clean-up: what it does, on the status line. */
static void tell_new_options(table *t)
{
    size_t i, j, k;
    const json_t *ev, *frame, *a;
    json_array_foreach(t->events, i, ev) {
        json_array_foreach(json_object_get(ev, "frames"), j, frame) {
            json_array_foreach(frame, k, a) {
                const char *id = str_of(a, "option");
                if (t->seat >= 0 && kit_is(a, "do", "option") && int_of(a, "seat", -1) == t->seat)
                    table_notify(t, false, "You got %s: %s", rl_option_name(id), rl_option_text(id));
            }
        }
    }
}

static void rl_update(void *self, table *t)
{
    roborally *w = self;
    rl_course_ready(w, t);
    int turn = w->turn;
    rl_sync_program(w, t);
    if (w->turn != turn && w->said[0]) {
        table_retract(t, w->said); /* it spoke of the turn before */
        w->said[0] = 0;
    }
    if (w->have_last)
        rl_build_playback(w, t);
    tell_new_options(t);
    rl_poses_of_view(t, w->last);
    if (w->mode && w->mode->update)
        w->mode->update(w, t);
    w->have_last = true;
    /* the word "virtual" comes with why, when our robot becomes so */
    bool virt = json_is_true(json_object_get(rl_my_robot(t), "virtual"));
    if (virt && !w->was_virtual)
        table_notify(t, false, "Virtual: your robot shares its square, so robots and lasers pass through it.");
    w->was_virtual = virt;
}

static int rl_next_frame_ms(void *self, table *t)
{
    roborally *w = self;
    int64_t next = -1;
    int64_t frame = rl_play_next(w, t);
    if (frame)
        next = frame - t->now;
    int64_t due = rl_draft_due(w, t);
    if (due && (next < 0 || due - t->now < next))
        next = due - t->now; /* the tick then sends the draft */
    if (next < 0 && !frame && !due)
        return -1;
    return next < 1 ? 1 : (int)next;
}

/* The countdown shows once the playback of the turn is over (the server
 * allowed for it: PROTOCOL.md, RoboRally, "Playback"). */
static bool rl_clock_held(void *self, table *t)
{
    return rl_play_frame(self, t) >= 0;
}

static void rl_tick(void *self, table *t)
{
    rl_send_due_draft(self, t);
}

static const char *const *rl_more_help(void *self, table *t)
{
    roborally *w = self;
    (void)t;
    return w->mode ? w->mode->commands_help : NULL;
}
