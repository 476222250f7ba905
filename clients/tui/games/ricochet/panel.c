/*
 * panel.c: beside the board, the round and its target, the sand timer
 * counting down on our clock from the game's, the bids, the
 * demonstration, the chips and the last round with its best solution.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ricochet.h"

/* A sentence from row y, wrapped to the panel's width; returns the row after it. */
static int say(canvas c, int y, cv_style st, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int say(canvas c, int y, cv_style st, const char *fmt, ...)
{
    char text[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return y + cv_wrap(c, y, 0, c.w - 1, 3, st, text);
}

static void draw_bar(canvas c, int y, int x, int w, int64_t left, int64_t total, cv_style st)
{
    if (total <= 0)
        total = 1;
    int full = (int)((left * w + total - 1) / total);
    for (int k = 0; k < w; k++)
        cv_glyph_at(c, y, x + k, k < full ? st : CV_DIM, k < full ? CV_G_FULL : CV_G_SHADE);
}

static int panel_timer(table *t, canvas c, int y)
{
    char clock[32];
    const json_t *timer = json_object_get(t->view, "timer");
    if (json_is_object(timer)) {
        int64_t ends = json_integer_value(json_object_get(timer, "ends"));
        int64_t started = json_integer_value(json_object_get(timer, "started"));
        int64_t left = table_game_ms_left(t, ends);
        if (left == INT64_MIN)
            left = table_ms_left(t);
        table_clock_text(left, clock, sizeof clock);
        cv_text(c, y, 0, CV_BOLD, "Sand timer");
        cv_text(c, y, 11, left < 10000 ? CV_FG(CV_RED) | CV_BOLD : CV_BOLD, clock);
        draw_bar(c, y + 1, 0, c.w - 1 < 24 ? c.w - 1 : 24, left, ends - started, CV_FG(CV_YELLOW));
        return y + 2;
    }
    if (!kit_phase_is(t, "bidding"))
        return y;
    int64_t start_at = json_integer_value(json_object_get(t->view, "start_timer_at"));
    int64_t auto_at = json_integer_value(json_object_get(t->view, "auto_timer_at"));
    int64_t to_start = table_game_ms_left(t, start_at), to_auto = table_game_ms_left(t, auto_at);
    y = say(c, y, CV_DIM, "Timer: the first bid starts it");
    if (to_start != INT64_MIN && to_start > 0) {
        table_clock_text(to_start, clock, sizeof clock);
        y = say(c, y, CV_DIM, "t starts it by hand in %s", clock);
    } else if (to_auto != INT64_MIN && to_auto > 0) {
        table_clock_text(to_auto, clock, sizeof clock);
        y = say(c, y, CV_BOLD, "t starts it now; by itself in %s", clock);
    }
    return y;
}

static int panel_bids(table *t, canvas c, int y)
{
    const json_t *bids = json_object_get(t->view, "bids");
    if (!json_array_size(bids))
        return kit_phase_is(t, "bidding") ? (cv_text(c, y, 0, CV_DIM, "No bids yet."), y + 1) : y;
    cv_text(c, y++, 0, CV_BOLD, "Bids (in showing order)");
    size_t i;
    const json_t *b;
    json_array_foreach(bids, i, b) {
        int seat = int_of(b, "seat", -1);
        char name[100];
        table_name(t, seat, name, sizeof name);
        cv_seat_mark(c, y, 1, seat);
        int x = 4 + cv_text_fit(c, y, 4, c.w - 14, seat == t->seat ? CV_BOLD : 0, name);
        cv_textf(c, y, x + 1, CV_BOLD, "%d", int_of(b, "moves", 0));
        y++;
    }
    return y;
}

static int panel_demo(table *t, canvas c, int y)
{
    if (!kit_phase_is(t, "demonstration"))
        return y;
    int seat = rr_demonstrator(t);
    char name[100], clock[32];
    table_name(t, seat, name, sizeof name);
    int64_t left = table_game_ms_left(t, json_integer_value(json_object_get(t->view, "demo_deadline")));
    if (left == INT64_MIN)
        left = table_ms_left(t);
    table_clock_text(left, clock, sizeof clock);
    if (seat == t->seat)
        y = say(c, y, CV_BOLD, "You show your solution");
    else
        y = say(c, y, CV_BOLD, "%s shows a solution", name);
    return say(c, y, 0, "moves %d of %d, %s left", int_of(t->view, "moves_made", 0), int_of(t->view, "bid_to_beat", 0),
               clock);
}

static int panel_chips(table *t, canvas c, int y)
{
    int n = table_seats(t);
    int to_win = int_of(t->view, "chips_to_win", 0);
    cv_textf(c, y++, 0, CV_BOLD, "Chips (%s%d to win, %d left)", to_win ? "" : "all ", to_win,
             int_of(t->view, "chips_left", 0));
    const json_t *won = json_object_get(t->view, "won");
    for (int s = 0; s < n && y < c.h; s++) {
        char name[100];
        table_name(t, s, name, sizeof name);
        cv_seat_mark(c, y, 1, s);
        cv_text_fit(c, y, 4, 14, s == t->seat ? CV_BOLD : 0, name);
        const json_t *mine = json_array_get(won, (size_t)s);
        cv_textf(c, y, 19, CV_BOLD, "%d", (int)json_array_size(mine));
        int x = 22;
        size_t i;
        const json_t *chip;
        json_array_foreach(mine, i, chip) {
            rr_target tg;
            rr_read_target(chip, &tg);
            char text[16];
            rr_target_text(&c, &tg, text, sizeof text);
            if (x + 3 > c.w)
                break;
            x += cv_text(c, y, x, CV_FG(rr_target_color(&tg)), text) + 1;
        }
        y++;
    }
    return y;
}

static void moves_text(const json_t *steps, char *buf, size_t len)
{
    size_t n = 0, i;
    const json_t *st;
    buf[0] = 0;
    json_array_foreach(steps, i, st) {
        int w = snprintf(buf + n, len - n, "%s%s %s", i ? ", " : "",
                         json_string_value(json_object_get(st, "robot")),
                         json_string_value(json_object_get(st, "dir")));
        if (w < 0 || (size_t)w >= len - n)
            break;
        n += (size_t)w;
    }
}

static int panel_last_round(table *t, canvas c, int y)
{
    const json_t *last = json_object_get(t->view, "last_round");
    if (!json_is_object(last) || y >= c.h - 1)
        return y;
    char line[400], chip[80];
    rr_target tg;
    rr_read_target(json_object_get(last, "target"), &tg);
    rr_chip_words(&tg, chip, sizeof chip);
    const char *outcome = json_string_value(json_object_get(last, "outcome"));
    int winner = int_of(last, "winner", -1);
    if (outcome && strcmp(outcome, "won") == 0) {
        char name[100];
        table_name(t, winner, name, sizeof name);
        snprintf(line, sizeof line, "Round %d: %s took %s in %d moves.", int_of(last, "round", 0),
                 name, chip, (int)json_array_size(json_object_get(last, "winning_moves")));
    } else if (outcome && strcmp(outcome, "no_bids") == 0) {
        snprintf(line, sizeof line, "Round %d: no bids; %s goes back.", int_of(last, "round", 0), chip);
    } else {
        snprintf(line, sizeof line, "Round %d: nobody solved %s.", int_of(last, "round", 0), chip);
    }
    y += cv_wrap(c, y, 0, c.w - 1, 2, CV_BOLD, line);
    const json_t *opt = json_object_get(last, "optimal");
    const char *status = json_string_value(json_object_get(opt, "status"));
    if (status && strcmp(status, "solved") == 0) {
        char moves[300];
        moves_text(json_object_get(opt, "steps"), moves, sizeof moves);
        snprintf(line, sizeof line, "Best: %d moves (p shows them): %s", int_of(opt, "moves", 0), moves);
    } else if (status && strcmp(status, "gave_up") == 0) {
        snprintf(line, sizeof line, "The solver needs at least %d moves.", int_of(opt, "lower_bound", 0));
    } else if (status && strcmp(status, "no_solution") == 0) {
        snprintf(line, sizeof line, "It cannot be solved.");
    } else {
        snprintf(line, sizeof line, "The best solution is still being worked out...");
    }
    return y + cv_wrap(c, y, 0, c.w - 1, c.h - y, CV_DIM, line);
}

void rr_draw_panel(ricochet *r, table *t, canvas c)
{
    (void)r;
    int y = 0;
    const char *phase = rr_phase_of(t);
    cv_textf(c, y++, 0, CV_BOLD, "Round %d: %s", int_of(t->view, "round", 0),
             strcmp(phase, "round_over") == 0 ? "round over" : phase);
    if (r->b.has_target) {
        char chip[80], where[8], text[16];
        rr_chip_words(&r->b.target, chip, sizeof chip);
        rr_cell_name(r->b.target.cell, where, sizeof where);
        rr_target_text(&c, &r->b.target, text, sizeof text);
        int x = cv_text(c, y, 0, 0, "Target ");
        x += cv_text(c, y, x, CV_FG(rr_target_color(&r->b.target)) | CV_BOLD | CV_UNDERLINE, text);
        cv_text_fit(c, y, x + 1, c.w - x - 2, 0, chip + 4);
        y++;
        const char *active = json_string_value(json_object_get(t->view, "active"));
        y = say(c, y, CV_DIM, "at %s, for %s%s", where,
                active && strcmp(active, "any") == 0 ? "any robot" : active ? active : "?",
                json_is_true(json_object_get(t->view, "ricochet_rule")) ? "; it must turn" : "");
    }
    y++;
    y = panel_timer(t, c, y);
    y = panel_demo(t, c, y);
    y = panel_bids(t, c, y);
    if (kit_phase_is(t, "round_over")) {
        int64_t next = table_game_ms_left(t, json_integer_value(json_object_get(t->view, "next_round_at")));
        char clock[32];
        table_clock_text(next == INT64_MIN ? table_ms_left(t) : next, clock, sizeof clock);
        cv_textf(c, y++, 0, CV_DIM, "%s in %s", json_is_true(json_object_get(t->view, "final_round"))
                                                    ? "The game ends"
                                                    : "Next chip", clock);
    }
    y++;
    if (y < c.h)
        y = panel_chips(t, c, y) + 1;
    panel_last_round(t, c, y);
}
