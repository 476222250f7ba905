/*
 * view.c: the view, read: the board (walls bits N=1, E=2, S=4, W=8 per cell
 * 16*y+x, the centre block, the targets), the robots, the target of the
 * round, the phase; and their names: robots by colour, chips by colour and
 * symbol, cells as the board labels them ("J13").
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ricochet.h"

const char *const rr_robot_names[RR_ROBOTS] = {"red", "green", "blue", "yellow", "silver"};
const char rr_robot_letters[RR_ROBOTS] = {'R', 'G', 'B', 'Y', 'S'};
const cv_color rr_robot_colors[RR_ROBOTS] = {CV_RED, CV_GREEN, CV_BLUE, CV_YELLOW, CV_WHITE};

int rr_color_index(const char *name)
{
    for (int i = 0; name && i < RR_ROBOTS; i++) {
        if (strcmp(name, rr_robot_names[i]) == 0)
            return i;
    }
    return -1;
}

/* "red", "r", "R" -> 0 */
int rr_robot_parse(const char *word)
{
    for (int i = 0; word && i < RR_ROBOTS; i++) {
        if (strcasecmp(word, rr_robot_names[i]) == 0 ||
            (word[0] && !word[1] && (word[0] | 32) == (rr_robot_letters[i] | 32)))
            return i;
    }
    return -1;
}

/* A side by its letter or word, or as the arrow keys and vi say it. */
int rr_dir_parse(const char *word)
{
    static const char *const aliases[4][2] = {{"up", "u"}, {"right", "r"}, {"down", "d"}, {"left", "l"}};
    int d = kit_side_parse(word);
    for (int k = 0; word && d < 0 && k < 4; k++) {
        if (strcasecmp(word, aliases[k][0]) == 0 || strcasecmp(word, aliases[k][1]) == 0)
            d = k;
    }
    return d;
}

static int symbol_index(const char *name)
{
    static const char *const symbols[] = {"circle", "triangle", "square", "hexagon", "vortex"};
    for (int i = 0; name && i < 5; i++) {
        if (strcmp(name, symbols[i]) == 0)
            return i;
    }
    return 0;
}

static int cell_of(const json_t *v)
{
    if (json_is_integer(v))
        return (int)json_integer_value(v);
    return int_of(v, "cell", -1);
}

void rr_read_target(const json_t *t, rr_target *out)
{
    out->cell = int_of(t, "cell", -1);
    out->color = rr_color_index(json_string_value(json_object_get(t, "color")));
    out->symbol = symbol_index(json_string_value(json_object_get(t, "symbol")));
}

void rr_read_robots(const json_t *robots, int *cells, int *n)
{
    *n = 0;
    for (int i = 0; i < RR_ROBOTS; i++) {
        const json_t *r = json_object_get(robots, rr_robot_names[i]);
        cells[i] = r ? cell_of(r) : -1;
        if (r)
            *n = i + 1;
    }
}

void rr_read_board(rr_board *b, const json_t *view)
{
    memset(b, 0, sizeof *b);
    const json_t *board = json_object_get(view, "board");
    const json_t *walls = json_object_get(board, "walls");
    for (int c = 0; c < RR_CELLS; c++)
        b->walls[c] = (int)json_integer_value(json_array_get(walls, (size_t)c));
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(board, "centre"), i, v) {
        int c = (int)json_integer_value(v);
        if (c >= 0 && c < RR_CELLS)
            b->centre[c] = true;
    }
    json_array_foreach(json_object_get(board, "targets"), i, v) {
        if (b->ntargets < 20)
            rr_read_target(v, &b->targets[b->ntargets++]);
    }
    rr_read_robots(json_object_get(view, "robots"), b->robot, &b->nrobots);
    const json_t *target = json_object_get(view, "target");
    b->has_target = json_is_object(target);
    if (b->has_target)
        rr_read_target(target, &b->target);
}

const char *rr_phase_of(const table *t)
{
    const char *p = json_string_value(json_object_get(t->view, "phase"));
    return p ? p : "";
}

int rr_demonstrator(const table *t)
{
    return int_of(t->view, "demonstrator", -1);
}

bool rr_i_demonstrate(const table *t)
{
    return t->seat >= 0 && kit_phase_is(t, "demonstration") && rr_demonstrator(t) == t->seat;
}

bool rr_can_bid(const table *t)
{
    return t->seat >= 0 && kit_phase_is(t, "bidding");
}

bool rr_may_start_timer(const table *t)
{
    if (!rr_can_bid(t) || json_is_object(json_object_get(t->view, "timer")))
        return false;
    int64_t left = table_game_ms_left(t, json_integer_value(json_object_get(t->view, "start_timer_at")));
    return left != INT64_MIN && left <= 0;
}

void rr_cell_name(int cell, char *buf, size_t len)
{
    if (cell < 0 || cell >= RR_CELLS)
        snprintf(buf, len, "?");
    else
        kit_square_name(cell % RR_SIZE, cell / RR_SIZE, buf, len);
}

void rr_chip_words(const rr_target *t, char *buf, size_t len)
{
    static const char *const symbols[] = {"circle", "triangle", "square", "hexagon", "vortex"};
    if (t->symbol == 4)
        snprintf(buf, len, "the cosmic vortex");
    else
        snprintf(buf, len, "the %s %s", t->color >= 0 ? rr_robot_names[t->color] : "any", symbols[t->symbol]);
}

cv_glyph rr_symbol_glyph(int symbol)
{
    static const cv_glyph g[] = {CV_G_CIRCLE, CV_G_TRIANGLE, CV_G_SQUARE, CV_G_HEXAGON, CV_G_VORTEX};
    return symbol >= 0 && symbol < 5 ? g[symbol] : CV_G_DOT;
}

void rr_target_text(const canvas *c, const rr_target *t, char *buf, size_t len)
{
    char letter = t->color >= 0 ? (char)(rr_robot_letters[t->color] | 32) : '*';
    snprintf(buf, len, "%s%c", cv_glyph_text(c, rr_symbol_glyph(t->symbol)), letter);
}

cv_color rr_target_color(const rr_target *t)
{
    return t->color >= 0 ? rr_robot_colors[t->color] : CV_MAGENTA;
}
