/*
 * panel.c: beside the war zone, the battle (title, round, whose turn with
 * the moves and turns left), every robot of the battle (capabilities,
 * damage, the weapon, out or not), the allocation in the set-up, and the
 * bracket (every battle, who won, how).
 */
#include <stdio.h>
#include <string.h>

#include "robotwars.h"

/* A list of clauses ("Pincers 1, turns 0, placing discs"), whole: when it
 * is wider than the panel (80 columns and a long weapon's name), what
 * follows the last ", " that fits goes on the next row. */
static int clause_lines(canvas p, int y, int x, cv_style st, char *text)
{
    int w = p.w - x;
    char *cut = NULL;
    if (cv_text_width(&p, text) > w) {
        for (char *c = strstr(text, ", "); c; c = strstr(c + 1, ", ")) {
            char keep = *c;
            *c = 0;
            bool fits = cv_text_width(&p, text) + 1 <= w;
            *c = keep;
            if (!fits)
                break;
            cut = c;
        }
    }
    if (!cut) {
        cv_text_fit(p, y, x, w, st, text);
        return y + 1;
    }
    cut[1] = 0; /* the row keeps its "," */
    cv_text_fit(p, y, x, w, st, text);
    cv_text_fit(p, y + 1, x + 1, w - 1, st, cut + 2);
    return y + 2;
}

static int draw_robot_line(const table *t, canvas p, int y, const json_t *r)
{
    char name[64];
    int seat = int_of(r, "seat", 0);
    table_name(t, seat, name, sizeof name);
    cv_seat_mark(p, y, 0, seat);
    cv_text_fit(p, y, 3, 17, seat == t->seat ? CV_BOLD : 0, name);
    const json_t *weapon = json_object_get(r, "weapon");
    cv_textf(p, y, 21, 0, "S%d P%d M%d  dmg %d", rw_cap_level(r, 0), rw_cap_level(r, 1), rw_cap_level(r, 2),
             int_of(r, "damage", 0));
    y++;
    const char *out = json_string_value(json_object_get(r, "immobilised"));
    char more[160];
    snprintf(more, sizeof more, "%s %d, turns %d%s%s%s", json_string_value(json_object_get(weapon, "name"))
             ? json_string_value(json_object_get(weapon, "name")) : "weapon", int_of(weapon, "value", 0),
             int_of(r, "turns_taken", 0), out ? ", OUT: " : "", out ? out : "",
             kit_phase_is(t, "setup") ? (json_is_true(json_object_get(r, "allocated")) ? ", discs in" : ", placing discs") : "");
    return clause_lines(p, y, 2, out ? CV_FG(CV_RED) : CV_DIM, more);
}

static int draw_turn(const table *t, canvas p, int y)
{
    const json_t *turn = json_object_get(rw_battle(t), "turn");
    if (!json_is_object(turn))
        return y;
    char name[64];
    table_name(t, int_of(turn, "seat", 0), name, sizeof name);
    char whose[200];
    snprintf(whose, sizeof whose, "%s to move: %d move%s, %d turn%s left%s", rw_my_turn(t) ? "You" : name,
             int_of(turn, "moves_left", 0), int_of(turn, "moves_left", 0) == 1 ? "" : "s",
             int_of(turn, "turns_left", 0), int_of(turn, "turns_left", 0) == 1 ? "" : "s",
             json_is_true(json_object_get(turn, "final_turn_only")) ? " (a turn ends it)" : "");
    y = clause_lines(p, y, 0, rw_my_turn(t) ? CV_BOLD : 0, whose);
    if (!rw_my_turn(t))
        return y;
    const json_t *legal = json_object_get(rw_battle(t), "legal");
    const json_t *atk = json_object_get(legal, "attack");
    char line[160];
    snprintf(line, sizeof line, "forward %s, back %s, attack %s", json_is_object(json_object_get(legal, "forward")) ? "yes" : "no",
             json_is_object(json_object_get(legal, "back")) ? "yes" : "no",
             json_is_object(atk) ? "yes" : "no");
    cv_text_fit(p, y++, 1, p.w - 1, CV_DIM, line);
    return y;
}

/* A battle's status in the browser's words. */
static const char *status_words(const char *status)
{
    static const char *const words[][2] = {
        {"pending", "to come"}, {"setup", "allocating discs"}, {"fighting", "now"}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (strcmp(status, words[i][0]) == 0)
            return words[i][1];
    }
    return status;
}

/* A battle's line, whole: what follows its "; " on a row of its own,
 * indented, when the line is wider than the panel. */
static int bracket_line(canvas p, int y, cv_style st, char *line)
{
    char *tail = strrchr(line, ';');
    if (cv_text_width(&p, line) <= p.w - 1 || !tail) {
        cv_text_fit(p, y, 1, p.w - 1, st, line);
        return y + 1;
    }
    tail[1] = 0; /* the row keeps its ";" */
    cv_text_fit(p, y, 1, p.w - 1, st, line);
    cv_text_fit(p, y + 1, 3, p.w - 3, st, tail + 2);
    return y + 2;
}

static int draw_bracket(const table *t, canvas p, int y)
{
    const json_t *bracket = json_object_get(t->view, "bracket");
    size_t i, j;
    const json_t *stage, *b;
    cv_text(p, y++, 0, CV_BOLD, strcmp(str_of(bracket, "format"), "match") == 0 ? "The match" : "The bracket");
    json_array_foreach(json_object_get(bracket, "stages"), i, stage) {
        json_array_foreach(json_object_get(stage, "battles"), j, b) {
            if (y >= p.h)
                return y;
            char line[200], who[120] = "";
            size_t k;
            const json_t *s;
            json_array_foreach(json_object_get(b, "seats"), k, s) {
                char name[40] = "?";
                if (json_is_integer(s))
                    table_name(t, (int)json_integer_value(s), name, sizeof name);
                size_t n = strlen(who);
                snprintf(who + n, sizeof who - n, "%s%s", k ? " v " : "", name);
            }
            const char *status = str_of(b, "status");
            if (strcmp(status, "done") == 0) {
                char out[40] = "";
                table_name(t, int_of(b, "eliminated", 0), out, sizeof out);
                snprintf(line, sizeof line, "%s: %s; %s out (%s)", str_of(b, "title"), who, out,
                         rw_how_words(str_of(b, "how")));
            } else {
                snprintf(line, sizeof line, "%s: %s; %s", str_of(b, "title"), who, status_words(status));
            }
            y = bracket_line(p, y, strcmp(status, "done") == 0 ? CV_DIM : 0, line);
        }
    }
    return y;
}

void rw_draw(void *self, table *t, canvas c)
{
    robotwars *w = self;
    int oy = 1, ox = 4;
    rw_draw_zone(t, c, oy, ox);
    cv_text_fit(c, oy + RW_SIZE, 1, ox + RW_SIZE * 3, CV_DIM, "C house  ^ spikes  * saw  ~ flame  o pit");
    int px = ox + RW_SIZE * 3 + 2;
    canvas p = cv_sub(c, 0, px, c.h, c.w - px);
    const json_t *b = rw_battle(t);
    int y = 0;
    if (kit_phase_is(t, "over")) {
        char sum[200];
        table_humanize(t, str_of(json_object_get(t->view, "result"), "summary"), sum, sizeof sum);
        cv_text_fit(p, y++, 0, p.w, CV_BOLD, sum);
    }
    cv_textf(p, y++, 0, CV_BOLD, "%s%s%s", str_of(b, "title"), kit_phase_is(t, "setup") ? ": allocating discs" : "",
             json_is_true(json_object_get(b, "pit_open")) ? ", the pit is open" : "");
    /* as the browser counts: each robot's turns, up to the turn limit */
    if (kit_phase_is(t, "battle"))
        cv_textf(p, y++, 0, 0, "Turn %d of %d", int_of(b, "round", 0), int_of(t->view, "turn_limit", 0));
    y = draw_turn(t, p, y);
    if (rw_allocating(t))
        y = rw_draw_allocation(w, t, p, y);
    y++;
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(b, "robots"), i, r) {
        if (y + 1 < p.h)
            y = draw_robot_line(t, p, y, r);
    }
    if (y + 2 < p.h)
        draw_bracket(t, p, y + 1);
}
