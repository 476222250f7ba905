/* ricochet_json.c: reading puzzles and writing solutions. */
#include "ricochet_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const corner_keys[4] = {"NW", "NE", "SE", "SW"};

/* Writes "where.field: message" (or "field: message") into why; returns -1. */
static int refuse(char *why, size_t len, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int refuse(char *why, size_t len, const char *where, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (where && *where)
        snprintf(why, len, "%s.%s", where, msg);
    else
        snprintf(why, len, "%s", msg);
    return -1;
}

static int read_layout(const json_t *layout, const char *where, ricochet_board *board, char *why,
                       size_t len)
{
    if (!json_is_object(layout))
        return refuse(why, len, where,
                      "layout must be an object naming a quadrant side for NW, NE, SE and SW");
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)layout, key, v) {
        bool known = false;
        for (int c = 0; c < 4; c++)
            known |= strcmp(key, corner_keys[c]) == 0;
        if (!known)
            return refuse(why, len, where, "layout.%.20s is not a corner (NW, NE, SE or SW)", key);
    }
    int sides[4];
    for (int c = 0; c < 4; c++) {
        json_t *side = json_object_get(layout, corner_keys[c]);
        if (!side)
            return refuse(why, len, where, "layout.%s is missing", corner_keys[c]);
        if (!json_is_string(side))
            return refuse(why, len, where, "layout.%s must be a quadrant side such as \"1A\"",
                          corner_keys[c]);
        sides[c] = ricochet_side_find(json_string_value(side));
        if (sides[c] < 0)
            return refuse(why, len, where,
                          "layout.%s: there is no quadrant side \"%.16s\" (1A to 4D)",
                          corner_keys[c], json_string_value(side));
        if (ricochet_sides[sides[c]].diagonals_omitted)
            return refuse(why, len, where,
                          "layout.%s: side %s carries diagonal barriers that the data does not "
                          "hold yet, so it cannot be played",
                          corner_keys[c], ricochet_sides[sides[c]].id);
    }
    char msg[200];
    if (ricochet_board_assemble(board, sides, msg, sizeof msg) < 0)
        return refuse(why, len, where, "layout: %s", msg);
    return 0;
}

/* A cell given as 16*y+x, or {"x","y"} and/or {"cell"}. */
static int read_cell(const json_t *v, const char *where, const char *field, int *cell, char *why,
                     size_t len)
{
    if (json_is_integer(v)) {
        json_int_t c = json_integer_value(v);
        if (c < 0 || c >= RICOCHET_CELLS)
            return refuse(why, len, where, "%s must be a cell from 0 to 255", field);
        *cell = (int)c;
        return 0;
    }
    if (!json_is_object(v))
        return refuse(why, len, where, "%s must be a cell: 16*y + x, or {\"x\": .., \"y\": ..}",
                      field);
    json_t *x = json_object_get(v, "x"), *y = json_object_get(v, "y"), *c = json_object_get(v, "cell");
    if (!c && !(x && y))
        return refuse(why, len, where, "%s needs \"x\" and \"y\" (or \"cell\")", field);
    int from_xy = -1;
    if (x || y) {
        if (!x || !y)
            return refuse(why, len, where, "%s needs both \"x\" and \"y\"", field);
        if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > 15)
            return refuse(why, len, where, "%s.x must be a whole number from 0 to 15", field);
        if (!json_is_integer(y) || json_integer_value(y) < 0 || json_integer_value(y) > 15)
            return refuse(why, len, where, "%s.y must be a whole number from 0 to 15", field);
        from_xy = RICOCHET_CELL((int)json_integer_value(x), (int)json_integer_value(y));
    }
    if (c) {
        if (!json_is_integer(c) || json_integer_value(c) < 0 || json_integer_value(c) > 255)
            return refuse(why, len, where, "%s.cell must be a whole number from 0 to 255", field);
        if (from_xy >= 0 && from_xy != json_integer_value(c))
            return refuse(why, len, where, "%s.cell %d is not 16*y + x = %d", field,
                          (int)json_integer_value(c), from_xy);
        from_xy = (int)json_integer_value(c);
    }
    *cell = from_xy;
    return 0;
}

static int read_robots(const json_t *robots, const char *where, const ricochet_board *board,
                       ricochet_position *pos, char *why, size_t len)
{
    if (!json_is_object(robots))
        return refuse(why, len, where, "robots must be an object of cells by colour");
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)robots, key, v) {
        int c = ricochet_color_parse(key);
        if (c < 0)
            return refuse(why, len, where,
                          "robots.%.20s: there is no such robot (red, green, blue, yellow, silver)",
                          key);
    }
    memset(pos, 0, sizeof *pos);
    pos->nrobots = json_object_get(robots, "silver") ? 5 : 4;
    for (int r = 0; r < pos->nrobots; r++) {
        char field[32];
        snprintf(field, sizeof field, "robots.%s", ricochet_color_name(r));
        json_t *cell = json_object_get(robots, ricochet_color_name(r));
        if (!cell)
            return refuse(why, len, where, "%s is missing", field);
        int c;
        if (read_cell(cell, where, field, &c, why, len) < 0)
            return -1;
        if (ricochet_is_block(board, c))
            return refuse(why, len, where, "%s is on the centre block", field);
        int other = ricochet_robot_at(pos, c);
        if (other >= 0 && other < r)
            return refuse(why, len, where, "%s is on the same cell as %s", field,
                          ricochet_color_name(other));
        pos->cell[r] = (uint8_t)c;
    }
    return 0;
}

/* The target cell and its chip colour (RICOCHET_ANY for the vortex, -2 when
 * the target names no chip). */
static int read_target(const json_t *target, const char *where, const ricochet_board *board,
                       int *cell, int *chip_color, char *why, size_t len)
{
    *chip_color = -2;
    *cell = -1;
    if (json_is_object(target) && (json_object_get(target, "color") || json_object_get(target, "symbol"))) {
        json_t *color = json_object_get(target, "color"), *symbol = json_object_get(target, "symbol");
        if (!json_is_string(color))
            return refuse(why, len, where, "target.color must be red, green, blue, yellow or any");
        int col = ricochet_color_parse(json_string_value(color));
        if (col == -2 || col == RICOCHET_SILVER)
            return refuse(why, len, where,
                          "target.color \"%.16s\" is not a chip colour (red, green, blue, yellow, any)",
                          json_string_value(color));
        if (!json_is_string(symbol) || ricochet_symbol_parse(json_string_value(symbol)) < 0)
            return refuse(why, len, where,
                          "target.symbol must be circle, triangle, square, hexagon or vortex");
        ricochet_chip chip = {(int8_t)col, (uint8_t)ricochet_symbol_parse(json_string_value(symbol))};
        int on_board = ricochet_board_target_cell(board, chip);
        if (on_board < 0)
            return refuse(why, len, where, "target: no %s %s is printed on this board",
                          json_string_value(color), json_string_value(symbol));
        *cell = on_board;
        *chip_color = col;
        if (json_object_get(target, "x") || json_object_get(target, "y") ||
            json_object_get(target, "cell")) {
            int given;
            if (read_cell(target, where, "target", &given, why, len) < 0)
                return -1;
            if (given != on_board)
                return refuse(why, len, where,
                              "target: the %s %s is printed on cell %d (x %d, y %d), not %d",
                              json_string_value(color), json_string_value(symbol), on_board,
                              RICOCHET_X(on_board), RICOCHET_Y(on_board), given);
        }
        return 0;
    }
    if (!target)
        return refuse(why, len, where, "target is missing");
    if (read_cell(target, where, "target", cell, why, len) < 0)
        return -1;
    if (ricochet_is_block(board, *cell))
        return refuse(why, len, where, "target is on the centre block");
    const ricochet_target *t = ricochet_board_target_at(board, *cell);
    if (t)
        *chip_color = t->chip.color;
    return 0;
}

int ricochet_puzzle_from_json(const json_t *obj, const char *where, ricochet_board *board,
                              ricochet_puzzle *puzzle, char *why, size_t whylen)
{
    if (!json_is_object(obj)) {
        snprintf(why, whylen, "%s must be a JSON object", where ? where : "a puzzle");
        return -1;
    }
    memset(puzzle, 0, sizeof *puzzle);
    json_t *layout = json_object_get(obj, "layout");
    if (!layout)
        return refuse(why, whylen, where, "layout is missing");
    if (read_layout(layout, where, board, why, whylen) < 0)
        return -1;
    json_t *robots = json_object_get(obj, "robots");
    if (!robots)
        return refuse(why, whylen, where, "robots is missing");
    if (read_robots(robots, where, board, &puzzle->robots, why, whylen) < 0)
        return -1;
    int chip_color;
    if (read_target(json_object_get(obj, "target"), where, board, &puzzle->target, &chip_color,
                    why, whylen) < 0)
        return -1;

    json_t *active = json_object_get(obj, "active_robot");
    if (active) {
        int a = json_is_string(active) ? ricochet_color_parse(json_string_value(active)) : -2;
        if (a == -2 || a >= puzzle->robots.nrobots)
            return refuse(why, whylen, where,
                          "active_robot must be a robot on the board or \"any\"");
        if (a == RICOCHET_SILVER)
            return refuse(why, whylen, where, "active_robot: silver has no target of its own");
        if (chip_color != -2 && chip_color != a)
            return refuse(why, whylen, where,
                          "active_robot %s does not match the %s chip of the target",
                          ricochet_color_name(a), ricochet_color_name(chip_color));
        puzzle->active = a;
    } else if (chip_color != -2) {
        puzzle->active = chip_color;
    } else {
        return refuse(why, whylen, where,
                      "active_robot is missing (the target cell carries no chip to say it)");
    }

    json_t *rule = json_object_get(obj, "ricochet_rule");
    if (rule && !json_is_boolean(rule))
        return refuse(why, whylen, where, "ricochet_rule must be true or false");
    puzzle->ricochet_rule = rule ? json_is_true(rule) : true;
    puzzle->board = board;
    return 0;
}

json_t *ricochet_moves_to_json(const ricochet_move *moves, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_pack("[ss]", ricochet_color_name(moves[i].robot),
                                           ricochet_dir_name(moves[i].dir)));
    return a;
}

json_t *ricochet_board_to_json(const ricochet_board *b)
{
    json_t *layout = json_object(), *walls = json_array(), *centre = json_array(),
           *targets = json_array();
    for (int c = 0; c < 4; c++)
        json_object_set_new(layout, corner_keys[c], json_string(ricochet_sides[b->layout[c]].id));
    for (int c = 0; c < RICOCHET_CELLS; c++) {
        json_array_append_new(walls, json_integer(b->walls[c] & 0xf));
        if (ricochet_is_block(b, c))
            json_array_append_new(centre, json_integer(c));
    }
    for (int i = 0; i < b->ntargets; i++) {
        const ricochet_target *t = &b->targets[i];
        json_array_append_new(targets,
                              json_pack("{s:s, s:s, s:i, s:i, s:i}", "color",
                                        ricochet_color_name(t->chip.color), "symbol",
                                        ricochet_symbol_name(t->chip.symbol), "cell", t->cell, "x",
                                        RICOCHET_X(t->cell), "y", RICOCHET_Y(t->cell)));
    }
    return json_pack("{s:o, s:i, s:o, s:o, s:o}", "layout", layout, "size", RICOCHET_SIZE, "walls",
                     walls, "centre", centre, "targets", targets);
}

json_t *ricochet_step_to_json(const ricochet_step *st)
{
    json_t *path = json_array();
    for (int i = 0; i < st->npath; i++)
        json_array_append_new(path, json_integer(st->path[i]));
    return json_pack("{s:s, s:s, s:i, s:i, s:o, s:b, s:b}", "robot", ricochet_color_name(st->robot),
                     "dir", ricochet_dir_name(st->dir), "from", st->from, "to", st->to, "path",
                     path, "turned", st->turned, "solved", st->solved);
}

json_t *ricochet_position_to_json(const ricochet_position *p)
{
    json_t *o = json_object();
    for (int i = 0; i < p->nrobots; i++)
        json_object_set_new(o, ricochet_color_name(i), json_integer(p->cell[i]));
    return o;
}

/* Reads "budget" and "table_mib" of a solve request. */
static int read_budget(const json_t *req, ricochet_limits *limits, size_t *table_bytes, char *why,
                       size_t len)
{
    json_t *budget = json_object_get(req, "budget");
    if (budget) {
        if (!json_is_object(budget))
            return refuse(why, len, NULL, "budget must be an object");
        /* A field we do not know (a time budget "ms", say: the solver never
         * reads the clock) is refused rather than silently not honoured. */
        const char *key;
        json_t *value;
        json_object_foreach(budget, key, value) {
            if (strcmp(key, "nodes") != 0 && strcmp(key, "max_moves") != 0)
                return refuse(why, len, NULL,
                              "budget.%s is not a budget field (nodes, max_moves)", key);
        }
        const char *names[2] = {"nodes", "max_moves"};
        for (int i = 0; i < 2; i++) {
            json_t *v = json_object_get(budget, names[i]);
            if (!v)
                continue;
            if (!json_is_integer(v) || json_integer_value(v) < 0)
                return refuse(why, len, NULL, "budget.%s must be a whole number, 0 or more",
                              names[i]);
            json_int_t n = json_integer_value(v);
            if (i == 0)
                limits->max_nodes = (uint64_t)n;
            else if (n > RICOCHET_MAX_MOVES)
                return refuse(why, len, NULL, "budget.max_moves is at most %d",
                              RICOCHET_MAX_MOVES);
            else
                limits->max_moves = (int)n;
        }
    }
    json_t *mib = json_object_get(req, "table_mib");
    if (mib) {
        if (!json_is_integer(mib) || json_integer_value(mib) < 1 || json_integer_value(mib) > 4096)
            return refuse(why, len, NULL, "table_mib must be a whole number from 1 to 4096");
        *table_bytes = (size_t)json_integer_value(mib) << 20;
    }
    return 0;
}

json_t *ricochet_solve_json(const json_t *request, const volatile int *cancel)
{
    char why[320];
    ricochet_board board;
    ricochet_puzzle puzzle;
    ricochet_limits limits = {.cancel = cancel};
    size_t table_bytes = 0;
    if (ricochet_puzzle_from_json(request, NULL, &board, &puzzle, why, sizeof why) < 0 ||
        read_budget(request, &limits, &table_bytes, why, sizeof why) < 0)
        return json_pack("{s:s, s:s}", "status", "invalid", "error", why);

    ricochet_solution sol;
    ricochet_status st = ricochet_solve(&puzzle, &limits, table_bytes, &sol);
    if (st == RICOCHET_CANCELLED)
        return NULL;
    json_t *out = json_pack("{s:s, s:I, s:i}", "status", ricochet_status_name(st), "nodes",
                            (json_int_t)sol.nodes, "lower_bound", sol.lower_bound);
    if (sol.fell_back)
        json_object_set_new(out, "fell_back", json_true());
    if (st == RICOCHET_SOLVED) {
        json_object_set_new(out, "moves", json_integer(sol.nmoves));
        json_object_set_new(out, "solution", ricochet_moves_to_json(sol.moves, sol.nmoves));
    }
    return out;
}

/* ---- the table's forms, shared by the game's events and the views ---- */

const char *const ricochet_demo_end_names[] = {"solved", "out_of_moves", "gave_up", "time"};
const char *const ricochet_outcome_names[] = {"won", "all_failed", "no_bids"};
const char *const ricochet_timer_by_names[] = {"bid", "player", "idle"};

json_t *ricochet_target_json(const ricochet_board *b, int chip)
{
    ricochet_chip c = ricochet_chips[chip];
    int cell = ricochet_board_target_cell(b, c);
    return json_pack("{s:s, s:s, s:i, s:i, s:i}", "color", ricochet_color_name(c.color), "symbol",
                     ricochet_symbol_name(c.symbol), "x", RICOCHET_X(cell), "y", RICOCHET_Y(cell),
                     "cell", cell);
}

json_t *ricochet_robots_json(const ricochet_position *p)
{
    json_t *o = json_object();
    for (int i = 0; i < p->nrobots; i++)
        json_object_set_new(o, ricochet_color_name(i),
                            json_pack("{s:i, s:i, s:i}", "x", RICOCHET_X(p->cell[i]), "y",
                                      RICOCHET_Y(p->cell[i]), "cell", p->cell[i]));
    return o;
}

/* The optimal solution replayed from the round's start, for animation. */
static json_t *optimum_steps_json(const ricochet_board *b, bool rule,
                                  const ricochet_position *start, int chip,
                                  const ricochet_optimum *o)
{
    ricochet_chip c = ricochet_chips[chip];
    ricochet_round r;
    ricochet_round_start(&r, start, ricochet_board_target_cell(b, c), c.color, rule);
    json_t *a = json_array();
    for (int i = 0; i < o->nmoves; i++) {
        ricochet_step st;
        char why[200];
        if (ricochet_round_move(&r, b, o->moves[i].robot, o->moves[i].dir, &st, why,
                                sizeof why) < 0)
            break; /* checked when the answer came in: cannot happen */
        json_array_append_new(a, ricochet_step_to_json(&st));
    }
    return a;
}

json_t *ricochet_optimum_json(const ricochet_board *b, bool rule, const ricochet_position *start,
                              int chip, const ricochet_optimum *o)
{
    switch (o->known) {
    case RICOCHET_KNOWN_OPTIMUM:
        return json_pack("{s:s, s:i, s:o, s:o, s:I}", "status", "solved", "moves", o->nmoves,
                         "solution", ricochet_moves_to_json(o->moves, o->nmoves), "steps",
                         optimum_steps_json(b, rule, start, chip, o), "nodes", (json_int_t)o->nodes);
    case RICOCHET_KNOWN_BOUND:
        return json_pack("{s:s, s:i, s:I}", "status", "gave_up", "lower_bound", o->lower_bound,
                         "nodes", (json_int_t)o->nodes);
    case RICOCHET_KNOWN_NONE:
        return json_pack("{s:s, s:i}", "status", "no_solution", "lower_bound", o->lower_bound);
    default: return json_pack("{s:s}", "status", "pending");
    }
}

json_t *ricochet_attempt_json(const ricochet_attempt *a)
{
    return json_pack("{s:i, s:i, s:i, s:s, s:b}", "seat", a->seat, "bid", a->bid, "moves",
                     a->moves, "end", ricochet_demo_end_names[a->end], "success",
                     a->end == RICOCHET_DEMO_SOLVED);
}
