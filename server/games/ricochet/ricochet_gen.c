/*
 * ricochet_gen.c: a build-time tool (run by meson, never shipped) that turns
 * the JSON data of data/ricochet/ into C tables, so the JSON stays the single
 * source and the server never parses it at run time.
 *
 *   ricochet_gen sides   quadrants.json      out.c  -> ricochet_sides[]
 *   ricochet_gen samples sample_puzzles.json out.c  -> ricochet_samples[]
 *
 * Names (colours, symbols) are written as the enum constants of
 * ricochet_board.h, so the C compiler checks them a second time.
 * Any malformed datum stops the build with a message naming it.
 */
#include <ctype.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *src_path;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ricochet_gen: %s: ", src_path);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static const char *const colors[] = {"red", "green", "blue", "yellow", "silver", NULL};
static const char *const symbols[] = {"circle", "triangle", "square", "hexagon", "vortex", NULL};
static const char *const corners[] = {"NW", "NE", "SE", "SW", NULL};

static int name_index(const char *const *names, const char *s)
{
    for (int i = 0; s && names[i]; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

/* "RICOCHET_RED" etc.; "any" is RICOCHET_ANY. */
static const char *enum_name(const char *s, const char *const *names, const char *what)
{
    static char buf[64];
    if (s && strcmp(s, "any") == 0 && names == colors)
        return "RICOCHET_ANY";
    if (name_index(names, s) < 0)
        die("unknown %s \"%s\"", what, s ? s : "(missing)");
    snprintf(buf, sizeof buf, "RICOCHET_");
    size_t n = strlen(buf);
    for (const char *p = s; *p && n + 1 < sizeof buf; p++)
        buf[n++] = (char)toupper((unsigned char)*p);
    buf[n] = '\0';
    return buf;
}

static json_t *get(const json_t *obj, const char *key, const char *where)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        die("%s has no \"%s\"", where, key);
    return v;
}

static int get_int(const json_t *obj, const char *key, int lo, int hi, const char *where)
{
    json_t *v = get(obj, key, where);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        die("%s.%s must be an integer in %d..%d", where, key, lo, hi);
    return (int)json_integer_value(v);
}

static const char *get_str(const json_t *obj, const char *key, const char *where)
{
    json_t *v = get(obj, key, where);
    if (!json_is_string(v))
        die("%s.%s must be a string", where, key);
    return json_string_value(v);
}

/* One cell string ("NW", "", "X") as wall bits; 0x10 for the centre quarter. */
static unsigned cell_bits(const char *s, const char *where)
{
    if (strcmp(s, "X") == 0)
        return 0x10;
    unsigned bits = 0;
    for (const char *p = s; *p; p++) {
        const char *at = strchr("NESW", *p);
        if (!at)
            die("%s: bad wall letter '%c'", where, *p);
        bits |= 1u << (at - "NESW");
    }
    return bits;
}

static void emit_side(FILE *out, const json_t *q, int n)
{
    char where[64];
    snprintf(where, sizeof where, "quadrants[%d]", n);
    const char *id = get_str(q, "id", where);
    int tile = get_int(q, "board", 1, 4, where);
    const char *side = get_str(q, "side", where);
    if (strlen(id) != 2 || id[0] != '0' + tile || strlen(side) != 1 || id[1] != side[0] ||
        !strchr("ABCD", side[0]))
        die("%s: id \"%s\" does not match board %d side %s", where, id, tile, side);
    snprintf(where, sizeof where, "quadrant %s", id);

    json_t *has_vortex = get(q, "has_vortex", where);
    json_t *diag = get(q, "diagonal_walls_omitted", where);
    if (!json_is_boolean(has_vortex) || !json_is_boolean(diag))
        die("%s: has_vortex and diagonal_walls_omitted must be booleans", where);

    fprintf(out, "    {\n        .id = \"%s\", .tile = %d, .letter = '%c',\n", id, tile, side[0]);
    fprintf(out, "        .has_vortex = %s, .diagonals_omitted = %s,\n",
            json_is_true(has_vortex) ? "true" : "false", json_is_true(diag) ? "true" : "false");

    json_t *cells = get(q, "cells", where);
    if (!json_is_array(cells) || json_array_size(cells) != 8)
        die("%s: cells must be 8 rows", where);
    fprintf(out, "        .walls = {\n");
    for (int y = 0; y < 8; y++) {
        json_t *row = json_array_get(cells, (size_t)y);
        if (!json_is_array(row) || json_array_size(row) != 8)
            die("%s: cells[%d] must hold 8 cells", where, y);
        fprintf(out, "            {");
        for (int x = 0; x < 8; x++) {
            json_t *c = json_array_get(row, (size_t)x);
            if (!json_is_string(c))
                die("%s: cells[%d][%d] must be a string", where, y, x);
            char cw[96];
            snprintf(cw, sizeof cw, "%s cells[%d][%d]", where, y, x);
            unsigned bits = cell_bits(json_string_value(c), cw);
            if ((bits == 0x10) != (x == 7 && y == 7))
                die("%s: the centre quarter must be cell (7,7) and only it", cw);
            fprintf(out, "%s0x%02x", x ? ", " : "", bits);
        }
        fprintf(out, "},\n");
    }
    fprintf(out, "        },\n");

    json_t *targets = get(q, "targets", where);
    size_t nt = json_array_size(targets);
    if (!json_is_array(targets) || nt < 1 || nt > 5)
        die("%s: targets must be an array of 1..5", where);
    fprintf(out, "        .ntargets = %zu,\n        .targets = {\n", nt);
    for (size_t i = 0; i < nt; i++) {
        json_t *t = json_array_get(targets, i);
        char tw[96];
        snprintf(tw, sizeof tw, "%s targets[%zu]", where, i);
        int x = get_int(t, "x", 0, 7, tw);
        int y = get_int(t, "y", 0, 7, tw);
        const char *color = get_str(t, "color", tw);
        const char *symbol = get_str(t, "symbol", tw);
        if ((strcmp(color, "any") == 0) != (strcmp(symbol, "vortex") == 0))
            die("%s: only the vortex has colour \"any\"", tw);
        if (strcmp(color, "silver") == 0)
            die("%s: silver has no target", tw);
        char c_enum[64];
        snprintf(c_enum, sizeof c_enum, "%s", enum_name(color, colors, "colour"));
        fprintf(out, "            {.x = %d, .y = %d, .chip = {%s, %s}},\n", x, y, c_enum,
                enum_name(symbol, symbols, "symbol"));
    }
    fprintf(out, "        },\n    },\n");
}

static void gen_sides(const json_t *root, FILE *out)
{
    json_t *quads = get(root, "quadrants", "the file");
    if (!json_is_array(quads) || json_array_size(quads) != 16)
        die("quadrants must hold the 16 sides");
    fprintf(out, "const ricochet_side ricochet_sides[RICOCHET_SIDE_COUNT] = {\n");
    for (size_t i = 0; i < json_array_size(quads); i++)
        emit_side(out, json_array_get(quads, i), (int)i);
    fprintf(out, "};\n");
}

/* A robot or target cell given as {"x","y","cell"}; all three must agree. */
static int puzzle_cell(const json_t *o, const char *where)
{
    int x = get_int(o, "x", 0, 15, where);
    int y = get_int(o, "y", 0, 15, where);
    int cell = get_int(o, "cell", 0, 255, where);
    if (cell != 16 * y + x)
        die("%s: cell %d is not 16*y + x", where, cell);
    return cell;
}

static void emit_sample(FILE *out, const json_t *p, size_t n)
{
    char where[64];
    snprintf(where, sizeof where, "puzzles[%zu]", n);
    const char *id = get_str(p, "id", where);
    snprintf(where, sizeof where, "puzzle %s", id);
    const char *group = get_str(p, "group", where);

    fprintf(out, "    {\n        .id = \"%s\", .group = \"%s\",\n        .layout = {", id, group);
    json_t *layout = get(p, "layout", where);
    for (int c = 0; c < 4; c++)
        fprintf(out, "%s\"%s\"", c ? ", " : "", get_str(layout, corners[c], where));
    fprintf(out, "},\n");

    json_t *robots = get(p, "robots", where);
    int nrobots = (int)json_object_size(robots);
    if (nrobots < 4 || nrobots > 5)
        die("%s: robots must name 4 or 5 robots", where);
    fprintf(out, "        .nrobots = %d, .robots = {", nrobots);
    for (int r = 0; r < nrobots; r++) {
        char rw[96];
        snprintf(rw, sizeof rw, "%s robots.%s", where, colors[r]);
        fprintf(out, "%s%d", r ? ", " : "", puzzle_cell(get(robots, colors[r], rw), rw));
    }
    fprintf(out, "},\n");

    const char *active = get_str(p, "active_robot", where);
    fprintf(out, "        .active = %s,\n", enum_name(active, colors, "active_robot"));
    json_t *target = get(p, "target", where);
    char tw[96];
    snprintf(tw, sizeof tw, "%s target", where);
    fprintf(out, "        .target = %d,\n", puzzle_cell(target, tw));
    int optimal = get_int(p, "optimal_moves", 0, 64, where);
    /* Outside the ricochet_rule group the optimum does not depend on the rule
     * (the schema block says so); inside it, the file names the other value. */
    int no_rule = optimal;
    if (json_object_get(p, "optimal_moves_no_ricochet_rule"))
        no_rule = get_int(p, "optimal_moves_no_ricochet_rule", 0, 64, where);
    fprintf(out, "        .optimal_moves = %d, .optimal_moves_no_rule = %d,\n", optimal, no_rule);
    json_t *ms = json_object_get(p, "fogleman_solve_ms");
    fprintf(out, "        .reference_ms = %.2f,\n", json_is_number(ms) ? json_number_value(ms) : -1.0);

    /* The ricochet_rule puzzles carry no example under the rule. */
    json_t *sol = json_object_get(p, "example_solution");
    if (!sol)
        sol = json_array();
    else
        json_incref(sol);
    if (!json_is_array(sol) || json_array_size(sol) > 64)
        die("%s: example_solution must be an array of at most 64 moves", where);
    fprintf(out, "        .example_moves = %zu, .example = {", json_array_size(sol));
    for (size_t i = 0; i < json_array_size(sol); i++) {
        json_t *m = json_array_get(sol, i);
        const char *robot = json_string_value(json_array_get(m, 0));
        const char *dir = json_string_value(json_array_get(m, 1));
        int r = name_index(colors, robot);
        const char *d = dir ? strchr("NESW", dir[0]) : NULL;
        if (r < 0 || !d || dir[1])
            die("%s: example_solution[%zu] is not [colour, N/E/S/W]", where, i);
        fprintf(out, "%s{%d, %d}", i ? ", " : "", r, (int)(d - "NESW"));
    }
    fprintf(out, "},\n    },\n");
    json_decref(sol);
}

static void gen_samples(const json_t *root, FILE *out)
{
    json_t *puzzles = get(root, "puzzles", "the file");
    if (!json_is_array(puzzles) || json_array_size(puzzles) == 0)
        die("puzzles must be a non-empty array");
    fprintf(out, "const ricochet_sample ricochet_samples[] = {\n");
    for (size_t i = 0; i < json_array_size(puzzles); i++)
        emit_sample(out, json_array_get(puzzles, i), i);
    fprintf(out, "};\nconst int ricochet_sample_count = %zu;\n", json_array_size(puzzles));
}

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[1], "sides") != 0 && strcmp(argv[1], "samples") != 0)) {
        fprintf(stderr, "usage: ricochet_gen sides|samples IN.json OUT.c\n");
        return 2;
    }
    src_path = argv[2];
    json_error_t jerr;
    json_t *root = json_load_file(argv[2], 0, &jerr);
    if (!root)
        die("line %d: %s", jerr.line, jerr.text);
    FILE *out = fopen(argv[3], "w");
    if (!out)
        die("cannot write %s", argv[3]);
    fprintf(out, "/* Generated by ricochet_gen from %s: edit the JSON, not this file. */\n",
            strrchr(argv[2], '/') ? strrchr(argv[2], '/') + 1 : argv[2]);
    if (strcmp(argv[1], "sides") == 0) {
        fprintf(out, "#include \"ricochet_board.h\"\n\n");
        gen_sides(root, out);
    } else {
        fprintf(out, "#include \"ricochet_samples.h\"\n\n");
        gen_samples(root, out);
    }
    json_decref(root);
    if (fclose(out) != 0)
        die("cannot write %s", argv[3]);
    return 0;
}
