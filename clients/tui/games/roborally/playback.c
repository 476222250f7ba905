/*
 * playback.c: the playback of a register phase. A state after the
 * registers ran brings the whole phase as events, each step a list of
 * frames. From the poses the previous view showed, every frame's moves,
 * turns, wrecks and re-entries are applied in turn, and the board shows one
 * frame (and one for each register's cards turning face up) every
 * rl_frame_ms before it settles on the view: the pace of PROTOCOL.md
 * (RoboRally, "Playback"), which the server allows for before the next
 * countdown runs, so the turn bar shows the countdown only once the
 * playback is over. A phase that comes while one still plays (a program
 * locked in meanwhile, a bot's re-entry) plays after it, at its own pace.
 */
#include <stdio.h>
#include <string.h>

#include "rl_tables.h"
#include "roborally.h"

void rl_poses_of_view(const table *t, rl_pose *pose)
{
    for (int s = 0; s < RL_SEATS; s++)
        pose[s] = (rl_pose){-1, -1, 0};
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(t->view, "robots"), i, r) {
        int seat = int_of(r, "seat", -1);
        const json_t *at = json_object_get(r, "at");
        const char *status = str_of(r, "status");
        if (seat < 0 || seat >= RL_SEATS || !json_is_array(at) || strcmp(status, "out") == 0 ||
            strcmp(status, "destroyed") == 0)
            continue;
        int f = kit_side_parse(str_of(r, "facing"));
        pose[seat] = (rl_pose){(signed char)rl_cell_x(at), (signed char)rl_cell_y(at), (signed char)(f < 0 ? 0 : f)};
    }
}

static void apply_action(rl_pose *pose, const json_t *a)
{
    const char *d = str_of(a, "do");
    int seat = int_of(a, "seat", -1);
    if (seat < 0 || seat >= RL_SEATS)
        return;
    rl_pose *p = &pose[seat];
    if (strcmp(d, "move") == 0) {
        const json_t *to = json_object_get(a, "to");
        p->x = (signed char)rl_cell_x(to);
        p->y = (signed char)rl_cell_y(to);
    } else if (strcmp(d, "turn") == 0) {
        int f = kit_side_parse(str_of(a, "to"));
        if (f >= 0)
            p->facing = (signed char)f;
    } else if (strcmp(d, "destroyed") == 0) {
        p->x = p->y = -1;
    } else if (strcmp(d, "reenter") == 0) {
        const json_t *at = json_object_get(a, "at");
        int f = kit_side_parse(str_of(a, "facing"));
        p->x = (signed char)rl_cell_x(at);
        p->y = (signed char)rl_cell_y(at);
        p->facing = (signed char)(f < 0 ? 0 : f);
    }
}

static void event_caption(const roborally *w, const table *t, const json_t *ev, char *buf, size_t len)
{
    const char *kind = str_of(ev, "kind");
    if (strcmp(kind, "card") == 0) {
        char name[24];
        rl_player_name(w, t, ev, false, name, sizeof name);
        snprintf(buf, len, "Register %d: %s %s", int_of(ev, "register", 0), name, rl_card_short(int_of(ev, "card", 0)));
    } else if (strcmp(kind, "board") == 0) {
        snprintf(buf, len, "Register %d: %s", int_of(ev, "register", 0), str_of(ev, "step"));
    } else {
        snprintf(buf, len, "%s", strcmp(kind, "reentry") == 0 ? "Re-entry" : "Clean-up");
    }
}

/* A beam's squares, lit in the frame that fires it. */
static void add_beam(rl_frame *f, const json_t *beam)
{
    int d = kit_side_parse(str_of(beam, "dir"));
    size_t i;
    const json_t *at;
    json_array_foreach(json_object_get(beam, "cells"), i, at) {
        if (f->nbeam >= RL_BEAM_CELLS || d < 0)
            return;
        signed char *b = f->beam[f->nbeam++];
        b[0] = (signed char)rl_cell_x(at);
        b[1] = (signed char)rl_cell_y(at);
        b[2] = (signed char)(d % 2 ? 2 : 1);
    }
}

int rl_frame_ms(int n)
{
    return n > 0 && (int64_t)n * RL_PLAYBACK_FRAME_MS > RL_PLAYBACK_MAX_MS ? RL_PLAYBACK_MAX_MS / n
                                                                          : RL_PLAYBACK_FRAME_MS;
}

/* "Register 2: Ada Move 2, Bo Left": a register's cards turning face up. */
static void reveal_caption(const roborally *w, const table *t, const json_t *ev, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "Register %d:", int_of(ev, "register", 0));
    size_t i;
    const json_t *c;
    json_array_foreach(json_object_get(ev, "cards"), i, c) {
        char who[24];
        rl_player_name(w, t, c, false, who, sizeof who);
        if (n < len)
            n += (size_t)snprintf(buf + n, len - n, "%s %s %s", i ? "," : "", who, rl_type_short(str_of(c, "type")));
    }
}

/* A frame of the playback (none past RL_PLAY_FRAMES): the poses, the
 * caption with the mode's note, the beams fired in `frame` (its actions; an
 * empty list for a frame of a step with none, or of a reveal). */
static void add_frame(roborally *w, const table *t, const rl_pose *pose, const char *caption, const json_t *frame,
                      int at)
{
    if (w->nframes >= RL_PLAY_FRAMES)
        return;
    rl_frame *f = &w->frames[w->nframes++];
    f->at = at;
    memcpy(f->pose, pose, sizeof f->pose);
    char note[40] = "";
    if (w->mode && w->mode->play_frame)
        w->mode->play_frame(w, t, w->nframes - 1, frame, note, sizeof note);
    if (note[0])
        snprintf(f->caption, sizeof f->caption, "%.40s - %.36s", caption, note);
    else
        snprintf(f->caption, sizeof f->caption, "%s", caption);
    f->nbeam = 0;
    size_t k;
    const json_t *a;
    json_array_foreach(frame, k, a) {
        if (strcmp(str_of(a, "do"), "beam") == 0)
            add_beam(f, a);
    }
}

/* Does a state bring a register phase (or clean-up, re-entry) to play back? */
static bool playable(const json_t *events)
{
    size_t i;
    const json_t *ev;
    json_array_foreach(events, i, ev) {
        if (json_is_array(json_object_get(ev, "frames")) || strcmp(str_of(ev, "kind"), "reveal") == 0)
            return true;
    }
    return false;
}

/* The frames of PROTOCOL.md's count in these events. */
static int frames_in(const json_t *events)
{
    int n = 0;
    size_t i;
    const json_t *ev;
    json_array_foreach(events, i, ev) {
        const json_t *frames = json_object_get(ev, "frames");
        if (json_is_array(frames))
            n += json_array_size(frames) ? (int)json_array_size(frames) : 1;
        else if (strcmp(str_of(ev, "kind"), "reveal") == 0)
            n++;
    }
    return n;
}

/* Builds the playback from the events new in this state, after the one
 * still running if any; a state with nothing to play back (a bot locking
 * in its next program) leaves the running one alone. */
void rl_build_playback(roborally *w, const table *t)
{
    if (!playable(t->events))
        return;
    rl_pose pose[RL_SEATS];
    memcpy(pose, w->last, sizeof pose);
    if (rl_play_frame(w, t) < 0) {
        w->nframes = 0;
        w->play_start = t->now;
        w->play_ms = 0;
    }
    int counted = frames_in(t->events); /* even past RL_PLAY_FRAMES */
    int step = rl_frame_ms(counted), at = w->play_ms;
    if (w->mode && w->mode->play_begin)
        w->mode->play_begin(w, t);
    json_t *none = json_array(); /* the actions of a frame with none */
    size_t i, j, k;
    const json_t *ev, *frame, *a;
    json_array_foreach(t->events, i, ev) {
        const json_t *frames = json_object_get(ev, "frames");
        char caption[RL_CAPTION];
        if (strcmp(str_of(ev, "kind"), "reveal") == 0) {
            reveal_caption(w, t, ev, caption, sizeof caption);
            add_frame(w, t, pose, caption, none, at);
            at += step;
            continue;
        }
        if (!json_is_array(frames))
            continue;
        event_caption(w, t, ev, caption, sizeof caption);
        if (!json_array_size(frames)) {
            add_frame(w, t, pose, caption, none, at);
            at += step;
            continue;
        }
        json_array_foreach(frames, j, frame) {
            json_array_foreach(frame, k, a) {
                apply_action(pose, a);
                if (w->mode && w->mode->play_action)
                    w->mode->play_action(w, t, a);
            }
            add_frame(w, t, pose, caption, frame, at);
            at += step;
        }
    }
    json_decref(none);
    w->play_ms += counted * step;
}

/* The frame being shown, or -1 when the board shows the view. */
int rl_play_frame(const roborally *w, const table *t)
{
    int64_t into = t->now - w->play_start;
    if (w->nframes == 0 || into < 0 || into >= w->play_ms)
        return -1;
    int k = w->nframes - 1;
    while (k > 0 && w->frames[k].at > into)
        k--;
    return k;
}

int64_t rl_play_next(const roborally *w, const table *t)
{
    int k = rl_play_frame(w, t);
    if (k < 0)
        return 0;
    return w->play_start + (k + 1 < w->nframes ? w->frames[k + 1].at : w->play_ms);
}

void rl_current_poses(const roborally *w, const table *t, rl_pose *pose)
{
    int k = rl_play_frame(w, t);
    if (k >= 0)
        memcpy(pose, w->frames[k].pose, sizeof(rl_pose) * RL_SEATS);
    else
        rl_poses_of_view(t, pose);
}
