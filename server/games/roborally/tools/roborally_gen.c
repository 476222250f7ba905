/*
 * roborally_gen.c: a build-time tool (run by meson, never shipped) that writes
 * RoboRally's data of data/roborally/ (FORMAT.md) out for each of its
 * readers, so that the JSON stays the single source. The courses (boards
 * placed and turned as each course file says) go out twice:
 *
 *   roborally_gen c   out.c    <board and course files>  -> rr_courses[] (roborally_course.h)
 *   roborally_gen web out.json <board and course files>  -> the browser's course file
 *
 * and the card tables (tables.json, roborally_gen_tables.c) three times:
 *
 *   roborally_gen tables-c   out.c  tables.json  -> the engine's tables (roborally_cards.h)
 *   roborally_gen tables-web out.js tables.json  -> the browser's module
 *   roborally_gen tables-tui out.h  tables.json  -> a header for the terminal client
 *
 * Files are told apart by their "format"; courses keep the order given.
 * Any malformed datum stops the build with a message naming it.
 */
#include "roborally_gen.h"

#include <stdlib.h>
#include <string.h>

enum { N, E, S, W, MAX_SIDE = 24, MAX_BOARDS = 16, MAX_COURSES = 16, MAX_LASERS = 64 };

static const char dirs[] = "NESW";
static const char *const kinds[] = {"RR_PLAIN", "RR_PIT", "RR_BELT", "RR_EXPRESS", "RR_GEAR_CW",
                                    "RR_GEAR_CCW", "RR_WRENCH", "RR_WRENCH_HAMMER"};
enum { PLAIN, PIT, BELT, EXPRESS, GEAR_CW, GEAR_CCW, WRENCH, WRENCH_HAMMER };

typedef struct cell {
    int walls, kind, out, in, push, push_regs, flag, dock, dock_facing;
    int placed;
} cell;

typedef struct laser {
    int x, y, dir, count;
} laser;

typedef struct course {
    const char *id, *name, *length;
    int min_players, max_players, width, height;
    cell cells[MAX_SIDE * MAX_SIDE];
    int nlasers;
    laser lasers[MAX_LASERS];
    int nflags;
    int flags[8][2];
    int has_ball;         /* RoboBall data present */
    int ball;             /* the ball's start cell */
    int homes[7][8];      /* homes[n-2]: the cells of n teams' homes, n = 2..8 */
    json_t *boards; /* placements, for the browser's legend */
} course;

static json_t *boards[MAX_BOARDS];
static int nboards;
static course courses[MAX_COURSES];
static int ncourses;

static int dir_of(json_t *j)
{
    const char *s = json_string_value(j);
    const char *p = s && s[0] && !s[1] ? strchr(dirs, s[0]) : NULL;
    if (!p)
        rr_gen_fail("bad direction %s", s ? s : "(missing)");
    return (int)(p - dirs);
}

static int mask_of(json_t *list, int q)
{
    int m = 0;
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v) m |= 1 << ((dir_of(v) + q) & 3);
    return m;
}

static json_t *board_named(const char *id)
{
    for (int i = 0; i < nboards; i++) {
        if (strcmp(json_string_value(json_object_get(boards[i], "id")), id) == 0)
            return boards[i];
    }
    rr_gen_fail("no board \"%s\"", id);
}

/* Board cell (bx, by) of a w x h board turned q quarters clockwise and put
 * at (x, y): FORMAT.md's table. */
static void place(int bx, int by, int w, int h, int q, int x, int y, int *cx, int *cy)
{
    switch (q) {
    case 0: *cx = x + bx, *cy = y + by; break;
    case 1: *cx = x + h - 1 - by, *cy = y + bx; break;
    case 2: *cx = x + w - 1 - bx, *cy = y + h - 1 - by; break;
    default: *cx = x + by, *cy = y + w - 1 - bx; break;
    }
}

static void put_cell(course *c, json_t *j, int q, int cx, int cy)
{
    cell *k = &c->cells[cy * c->width + cx];
    k->walls = mask_of(json_object_get(j, "walls"), q);
    const char *floor = json_string_value(json_object_get(j, "floor"));
    if (floor && strcmp(floor, "pit") == 0)
        k->kind = PIT;
    json_t *belt = json_object_get(j, "conveyor");
    if (belt) {
        k->kind = strcmp(rr_gen_str(belt, "kind"), "express") == 0 ? EXPRESS : BELT;
        k->out = (dir_of(json_object_get(belt, "out")) + q) & 3;
        k->in = mask_of(json_object_get(belt, "in"), q);
    }
    json_t *gear = json_object_get(j, "gear");
    if (gear)
        k->kind = strcmp(rr_gen_str(gear, "rot"), "cw") == 0 ? GEAR_CW : GEAR_CCW;
    json_t *repair = json_object_get(j, "repair");
    if (repair)
        k->kind = strcmp(rr_gen_str(repair, "kind"), "wrench") == 0 ? WRENCH : WRENCH_HAMMER;
    json_t *pusher = json_object_get(j, "pusher");
    if (pusher) {
        k->push = (dir_of(json_object_get(pusher, "push")) + q) & 3;
        size_t i;
        json_t *r;
        json_array_foreach(json_object_get(pusher, "registers"), i, r) {
            if (!json_is_integer(r) || json_integer_value(r) < 1 || json_integer_value(r) > 5)
                rr_gen_fail("a pusher register is 1 to 5");
            k->push_regs |= 1 << (json_integer_value(r) - 1);
        }
    }
}

static void place_board(course *c, json_t *placement)
{
    json_t *b = board_named(rr_gen_str(placement, "board"));
    int w = rr_gen_int(b, "width"), h = rr_gen_int(b, "height"), q = rr_gen_int(placement, "rotation") & 3;
    int x = rr_gen_int(placement, "x"), y = rr_gen_int(placement, "y");
    for (int by = 0; by < h; by++) {
        for (int bx = 0; bx < w; bx++) {
            int cx, cy;
            place(bx, by, w, h, q, x, y, &cx, &cy);
            if (cx < 0 || cy < 0 || cx >= c->width || cy >= c->height)
                rr_gen_fail("board %s does not fit the course", rr_gen_str(b, "id"));
            if (c->cells[cy * c->width + cx].placed++)
                rr_gen_fail("board %s overlaps another at (%d,%d)", rr_gen_str(b, "id"), cx, cy);
        }
    }
    size_t i;
    json_t *j;
    json_array_foreach(json_object_get(b, "cells"), i, j) {
        int cx, cy;
        place(rr_gen_int(j, "x"), rr_gen_int(j, "y"), w, h, q, x, y, &cx, &cy);
        put_cell(c, j, q, cx, cy);
    }
    json_array_foreach(json_object_get(b, "lasers"), i, j) {
        if (c->nlasers == MAX_LASERS)
            rr_gen_fail("too many lasers");
        laser *l = &c->lasers[c->nlasers++];
        place(rr_gen_int(j, "x"), rr_gen_int(j, "y"), w, h, q, x, y, &l->x, &l->y);
        l->dir = (dir_of(json_object_get(j, "dir")) + q) & 3;
        l->count = rr_gen_int(j, "count");
    }
    json_array_foreach(json_object_get(b, "starts"), i, j) {
        int cx, cy, n = rr_gen_int(j, "n");
        place(rr_gen_int(j, "x"), rr_gen_int(j, "y"), w, h, q, x, y, &cx, &cy);
        if (n < 1 || n > 8)
            rr_gen_fail("start %d is not 1 to 8", n);
        cell *k = &c->cells[cy * c->width + cx];
        k->dock = n;
        k->dock_facing = (dir_of(json_object_get(j, "facing")) + q) & 3;
    }
}

/* A [x, y] square of course c that is on the course and not a pit. */
static int square_of(const course *c, json_t *xy, const char *what)
{
    json_t *jx = json_array_get(xy, 0), *jy = json_array_get(xy, 1);
    if (json_array_size(xy) != 2 || !json_is_integer(jx) || !json_is_integer(jy))
        rr_gen_fail("course %s: %s is not [x, y]", c->id, what);
    int x = (int)json_integer_value(jx), y = (int)json_integer_value(jy);
    if (x < 0 || y < 0 || x >= c->width || y >= c->height)
        rr_gen_fail("course %s: %s (%d,%d) is off the course", c->id, what, x, y);
    if (c->cells[y * c->width + x].kind == PIT)
        rr_gen_fail("course %s: %s (%d,%d) is on a pit", c->id, what, x, y);
    return y * c->width + x;
}

static int manhattan(const course *c, int a, int b)
{
    return abs(a % c->width - b % c->width) + abs(a / c->width - b / c->width);
}

/* "roboball" (FORMAT.md): the ball's start and, for 2..8 teams, homes that
 * are distinct, off the ball's square and all equally far from it. A course
 * without it is not offered for RoboBall. */
static void load_roboball(course *c, json_t *rb)
{
    if (!rb)
        return;
    c->has_ball = 1;
    c->ball = square_of(c, json_object_get(rb, "ball"), "the ball");
    json_t *homes = json_object_get(rb, "homes");
    for (int n = 2; n <= 8; n++) {
        char key[2] = {(char)('0' + n), 0};
        json_t *list = json_object_get(homes, key);
        if (json_array_size(list) != (size_t)n)
            rr_gen_fail("course %s: roboball needs %d homes for %d teams", c->id, n, n);
        for (int i = 0; i < n; i++) {
            int h = square_of(c, json_array_get(list, (size_t)i), "a home");
            if (h == c->ball)
                rr_gen_fail("course %s: a home of %d teams is the ball's square", c->id, n);
            for (int k = 0; k < i; k++) {
                if (c->homes[n - 2][k] == h)
                    rr_gen_fail("course %s: two homes of %d teams share a square", c->id, n);
            }
            if (manhattan(c, h, c->ball) != manhattan(c, c->homes[n - 2][0], c->ball) && i > 0)
                rr_gen_fail("course %s: the homes of %d teams are not equally far from the ball", c->id, n);
            c->homes[n - 2][i] = h;
        }
    }
}

static void load_course(json_t *j)
{
    if (ncourses == MAX_COURSES)
        rr_gen_fail("too many courses");
    course *c = &courses[ncourses++];
    c->id = rr_gen_str(j, "id");
    c->name = rr_gen_str(j, "name");
    c->length = rr_gen_str(j, "length");
    json_t *players = json_object_get(j, "players");
    c->min_players = rr_gen_int(players, "min");
    c->max_players = rr_gen_int(players, "max");
    c->width = rr_gen_int(j, "width");
    c->height = rr_gen_int(j, "height");
    if (c->width < 1 || c->height < 1 || c->width > MAX_SIDE || c->height > MAX_SIDE)
        rr_gen_fail("course %s is %dx%d, more than %d on a side", c->id, c->width, c->height, MAX_SIDE);
    for (int i = 0; i < c->width * c->height; i++)
        c->cells[i].out = c->cells[i].push = -1;
    c->boards = json_object_get(j, "boards");
    size_t i;
    json_t *v;
    json_array_foreach(c->boards, i, v) place_board(c, v);
    for (int k = 0; k < c->width * c->height; k++) {
        if (!c->cells[k].placed)
            rr_gen_fail("course %s leaves (%d,%d) uncovered", c->id, k % c->width, k / c->width);
    }
    json_array_foreach(json_object_get(j, "flags"), i, v) {
        int n = rr_gen_int(v, "n"), x = rr_gen_int(v, "x"), y = rr_gen_int(v, "y");
        if (n != (int)i + 1 || i >= 8 || x < 0 || y < 0 || x >= c->width || y >= c->height)
            rr_gen_fail("course %s: flag %d is out of order or off the course", c->id, n);
        if (c->cells[y * c->width + x].kind == PIT)
            rr_gen_fail("course %s: flag %d is on a pit", c->id, n);
        c->flags[i][0] = x;
        c->flags[i][1] = y;
        c->cells[y * c->width + x].flag = n;
        c->nflags++;
    }
    if (!c->nflags)
        rr_gen_fail("course %s has no flag", c->id);
    load_roboball(c, json_object_get(j, "roboball"));
}

/* ---- the C tables ---- */

/* A course in words, as the room option offers it:
 * "Checkmate (5 to 8 players, short)". */
static void put_course_label(FILE *out, const course *c)
{
    const char *length = strcmp(c->length, "medium") == 0 ? "medium length" : c->length;
    if (c->min_players == c->max_players)
        fprintf(out, "\"%s (%d players, %s)\", ", c->name, c->min_players, length);
    else
        fprintf(out, "\"%s (%d to %d players, %s)\", ", c->name, c->min_players, c->max_players,
                length);
}

static void write_c(FILE *out)
{
    fprintf(out, "/* Generated by roborally_gen from data/roborally/: do not edit. */\n"
                 "#include \"roborally_course.h\"\n\n#include <stddef.h>\n\n");
    for (int ci = 0; ci < ncourses; ci++) {
        const course *c = &courses[ci];
        fprintf(out, "static const rr_cell cells_%s[%d] = {\n", c->id, c->width * c->height);
        for (int k = 0; k < c->width * c->height; k++) {
            const cell *e = &c->cells[k];
            fprintf(out, "    {%d, %s, %d, %d, %d, %d, %d, %d},\n", e->walls, kinds[e->kind], e->out,
                    e->in, e->push, e->push_regs, e->flag, e->dock);
        }
        fprintf(out, "};\n");
        fprintf(out, "static const rr_laser lasers_%s[%d] = {\n", c->id, c->nlasers ? c->nlasers : 1);
        for (int i = 0; i < c->nlasers; i++) {
            const laser *l = &c->lasers[i];
            fprintf(out, "    {%d, %d, %d},\n", l->y * c->width + l->x, l->dir, l->count);
        }
        fprintf(out, "};\n\n");
    }
    fprintf(out, "const rr_course rr_courses[] = {\n");
    for (int ci = 0; ci < ncourses; ci++) {
        const course *c = &courses[ci];
        fprintf(out, "    {\"%s\", \"%s\", \"%s\", %d, %d, %d, %d, cells_%s, %d, lasers_%s, %d, {", c->id,
                c->name, c->length, c->min_players, c->max_players, c->width, c->height, c->id,
                c->nlasers, c->id, c->nflags);
        for (int i = 0; i < c->nflags; i++)
            fprintf(out, "%d, ", c->flags[i][1] * c->width + c->flags[i][0]);
        int ndocks = 0;
        for (int k = 0; k < c->width * c->height; k++)
            ndocks += c->cells[k].dock > 0;
        fprintf(out, "}, %d, {", ndocks);
        for (int n = 1; n <= 8; n++) {
            for (int k = 0; k < c->width * c->height; k++) {
                if (c->cells[k].dock == n)
                    fprintf(out, "{%d, %d}, ", k, c->cells[k].dock_facing);
            }
        }
        fprintf(out, "}, %d, %d, {", c->has_ball, c->has_ball ? c->ball : -1);
        for (int n = 2; n <= 8; n++) {
            fprintf(out, "{");
            for (int i = 0; i < n && c->has_ball; i++)
                fprintf(out, "%d, ", c->homes[n - 2][i]);
            fprintf(out, "}, ");
        }
        fprintf(out, "}},\n");
    }
    fprintf(out, "};\nconst int rr_course_count = %d;\nconst char *const rr_course_ids[] = {", ncourses);
    for (int ci = 0; ci < ncourses; ci++)
        fprintf(out, "\"%s\", ", courses[ci].id);
    fprintf(out, "NULL};\nconst char *const rr_course_labels[] = {");
    for (int ci = 0; ci < ncourses; ci++)
        put_course_label(out, &courses[ci]);
    fprintf(out, "NULL};\n");
}

/* ---- the browser's course file ---- */

static const char *const kind_names[] = {"floor", "pit", "belt", "express", "gear_cw", "gear_ccw",
                                         "wrench", "wrench_hammer"};

static json_t *dir_list(int mask)
{
    char s[5] = "";
    int n = 0;
    for (int d = 0; d < 4; d++) {
        if (mask & (1 << d))
            s[n++] = dirs[d];
    }
    s[n] = 0;
    return json_string(s);
}

static json_t *dir_name(int d)
{
    char s[2] = {dirs[d], 0};
    return json_string(s);
}

/* The cells a board laser lights with nothing in its way. */
static json_t *beam_cells(const course *c, const laser *l)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    json_t *cells = json_array();
    int x = l->x, y = l->y;
    for (;;) {
        json_array_append_new(cells, json_pack("[i,i]", x, y));
        int nx = x + dx[l->dir], ny = y + dy[l->dir];
        if (c->cells[y * c->width + x].walls & (1 << l->dir))
            break;
        if (nx < 0 || ny < 0 || nx >= c->width || ny >= c->height)
            break;
        if (c->cells[ny * c->width + nx].walls & (1 << ((l->dir + 2) & 3)))
            break;
        x = nx, y = ny;
    }
    return cells;
}

static json_t *course_json(const course *c)
{
    json_t *cells = json_array(), *lasers = json_array(), *flags = json_array(), *docks = json_array();
    for (int k = 0; k < c->width * c->height; k++) {
        const cell *e = &c->cells[k];
        if (!e->walls && e->kind == PLAIN && e->push < 0 && !e->flag && !e->dock)
            continue;
        json_t *j = json_pack("{s:i, s:i, s:s}", "x", k % c->width, "y", k / c->width, "kind",
                              kind_names[e->kind]);
        if (e->walls)
            json_object_set_new(j, "walls", dir_list(e->walls));
        if (e->kind == BELT || e->kind == EXPRESS) {
            json_object_set_new(j, "out", dir_name(e->out));
            json_object_set_new(j, "in", dir_list(e->in));
        }
        if (e->push >= 0) {
            json_t *regs = json_array();
            for (int r = 0; r < 5; r++) {
                if (e->push_regs & (1 << r))
                    json_array_append_new(regs, json_integer(r + 1));
            }
            json_object_set_new(j, "pusher", json_pack("{s:o, s:o}", "dir", dir_name(e->push),
                                                       "registers", regs));
        }
        if (e->flag)
            json_object_set_new(j, "flag", json_integer(e->flag));
        if (e->dock) {
            json_object_set_new(j, "dock", json_integer(e->dock));
            json_object_set_new(j, "facing", dir_name(e->dock_facing));
            json_array_append_new(docks, json_pack("{s:i, s:i, s:i, s:o}", "n", e->dock, "x",
                                                   k % c->width, "y", k / c->width, "facing",
                                                   dir_name(e->dock_facing)));
        }
        json_array_append_new(cells, j);
    }
    for (int i = 0; i < c->nlasers; i++) {
        const laser *l = &c->lasers[i];
        json_array_append_new(lasers, json_pack("{s:i, s:i, s:o, s:i, s:o}", "x", l->x, "y", l->y,
                                                "dir", dir_name(l->dir), "count", l->count, "cells",
                                                beam_cells(c, l)));
    }
    for (int i = 0; i < c->nflags; i++)
        json_array_append_new(flags, json_pack("[i,i]", c->flags[i][0], c->flags[i][1]));
    json_t *placed = json_array();
    size_t i;
    json_t *p;
    json_array_foreach(c->boards, i, p) {
        json_t *b = board_named(rr_gen_str(p, "board"));
        json_array_append_new(placed, json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:i}", "board",
                                                rr_gen_str(p, "board"), "name", rr_gen_str(b, "name"), "x",
                                                rr_gen_int(p, "x"), "y", rr_gen_int(p, "y"), "width",
                                                rr_gen_int(b, "width"), "height", rr_gen_int(b, "height"),
                                                "rotation", rr_gen_int(p, "rotation")));
    }
    return json_pack("{s:s, s:s, s:s, s:{s:i, s:i}, s:i, s:i, s:o, s:o, s:o, s:o, s:o}", "id", c->id,
                     "name", c->name, "length", c->length, "players", "min", c->min_players, "max",
                     c->max_players, "width", c->width, "height", c->height, "boards", placed, "cells",
                     cells, "lasers", lasers, "flags", flags, "docks", docks);
}

static void write_web(FILE *out)
{
    json_t *list = json_array();
    for (int ci = 0; ci < ncourses; ci++)
        json_array_append_new(list, course_json(&courses[ci]));
    json_t *root = json_pack("{s:s, s:o}", "generated",
                             "by roborally_gen from data/roborally/: do not edit", "courses", list);
    if (json_dumpf(root, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER) < 0)
        rr_gen_fail("cannot write the course file");
    fputc('\n', out);
    json_decref(root);
}

/* roborally_gen tables-c|tables-web|tables-tui OUT tables.json */
static int tables_main(const char *what, const char *out_path, const char *in_path)
{
    rr_gen_where = in_path;
    json_error_t e;
    json_t *tables = json_load_file(in_path, 0, &e);
    if (!tables)
        rr_gen_fail("line %d: %s", e.line, e.text);
    if (strcmp(rr_gen_str(tables, "format"), "rr-tables/1") != 0)
        rr_gen_fail("not an rr-tables/1 file");
    FILE *out = fopen(out_path, "w");
    if (!out) {
        rr_gen_where = out_path;
        rr_gen_fail("cannot open for writing");
    }
    rr_gen_tables(what, tables, out);
    rr_gen_where = out_path;
    if (fclose(out) != 0)
        rr_gen_fail("cannot write");
    json_decref(tables);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strncmp(argv[1], "tables-", 7) == 0)
        return tables_main(argv[1] + 7, argv[2], argv[3]);
    if (argc < 4 || (strcmp(argv[1], "c") != 0 && strcmp(argv[1], "web") != 0)) {
        fprintf(stderr, "usage: roborally_gen c|web OUT FILE.json...\n"
                        "       roborally_gen tables-c|tables-web|tables-tui OUT tables.json\n");
        return 2;
    }
    json_t *course_files[MAX_COURSES];
    int ncourse_files = 0;
    for (int i = 3; i < argc; i++) {
        rr_gen_where = argv[i];
        json_error_t e;
        json_t *j = json_load_file(argv[i], 0, &e);
        if (!j)
            rr_gen_fail("line %d: %s", e.line, e.text);
        const char *format = rr_gen_str(j, "format");
        if (strcmp(format, "rr-board/1") == 0 && nboards < MAX_BOARDS)
            boards[nboards++] = j;
        else if (strcmp(format, "rr-course/1") == 0 && ncourse_files < MAX_COURSES)
            course_files[ncourse_files++] = j;
        else
            rr_gen_fail("unknown format %s (or too many files)", format);
    }
    for (int i = 0; i < ncourse_files; i++) {
        rr_gen_where = json_string_value(json_object_get(course_files[i], "id"));
        load_course(course_files[i]);
    }
    rr_gen_where = argv[2];
    FILE *out = fopen(argv[2], "w");
    if (!out)
        rr_gen_fail("cannot open for writing");
    if (strcmp(argv[1], "c") == 0)
        write_c(out);
    else
        write_web(out);
    if (fclose(out) != 0)
        rr_gen_fail("cannot write");
    for (int i = 0; i < nboards; i++)
        json_decref(boards[i]);
    for (int i = 0; i < ncourse_files; i++)
        json_decref(course_files[i]);
    return 0;
}
