/* ricochet_cli.c: `botpit solve`. */
#include "ricochet_cli.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/tool.h"
#include "ricochet_json.h"
#include "ricochet_solver.h"

static const char solve_usage[] =
    "usage: botpit solve [--no-ricochet-rule] [--table-mib N] [FILE]\n"
    "Solves Ricochet Robots puzzles (one puzzle object, or {\"puzzles\": [...]}, as in\n"
    "data/ricochet/sample_puzzles.json) read from FILE or stdin, one JSON line each.\n";

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* One puzzle read and checked, waiting for its solve. */
typedef struct solve_item {
    json_t *id; /* borrowed from the document, or NULL */
    int index;
    ricochet_board board;
    ricochet_puzzle puzzle;
} solve_item;

static json_t *load_input(const char *path)
{
    json_error_t err;
    json_t *doc = path ? json_load_file(path, 0, &err) : json_loadf(stdin, 0, &err);
    if (!doc) {
        if (err.line > 0)
            fprintf(stderr, "solve: %s, line %d, column %d: %s\n", path ? path : "stdin", err.line,
                    err.column, err.text);
        else
            fprintf(stderr, "solve: %s: %s\n", path ? path : "stdin", err.text);
    }
    return doc;
}

int ricochet_cli_solve(int argc, char **argv)
{
    bool rule_off = false;
    int table_mib = 0;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--no-ricochet-rule") == 0) {
            rule_off = true;
        } else if (strcmp(argv[i], "--table-mib") == 0) {
            if (i + 1 >= argc || !tool_read_int(argv[i + 1], 1, 4096, &table_mib)) {
                fprintf(stderr, "solve: --table-mib needs a whole number of MiB from 1 to 4096\n");
                return 2;
            }
            i++;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(solve_usage, stdout);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "solve: unknown option %s\n%s", argv[i], solve_usage);
            return 2;
        } else if (path) {
            fprintf(stderr, "solve: one input file at most\n%s", solve_usage);
            return 2;
        } else if (strcmp(argv[i], "-") != 0) {
            path = argv[i];
        }
    }

    json_t *doc = load_input(path);
    if (!doc)
        return 2;
    json_t *list = json_is_object(doc) ? json_object_get(doc, "puzzles") : NULL;
    if (list && !json_is_array(list)) {
        fprintf(stderr, "solve: puzzles must be an array of puzzle objects\n");
        json_decref(doc);
        return 2;
    }
    if (!list && !json_is_object(doc)) {
        fprintf(stderr, "solve: the input must be a puzzle object or {\"puzzles\": [...]}\n");
        json_decref(doc);
        return 2;
    }
    size_t n = list ? json_array_size(list) : 1;
    solve_item *items = calloc(n ? n : 1, sizeof *items);
    if (!items) {
        json_decref(doc);
        fprintf(stderr, "solve: out of memory\n");
        return 2;
    }

    /* Check everything before solving anything. */
    for (size_t i = 0; i < n; i++) {
        json_t *p = list ? json_array_get(list, i) : doc;
        char where[32], why[320];
        snprintf(where, sizeof where, "puzzles[%zu]", i);
        solve_item *it = &items[i];
        if (ricochet_puzzle_from_json(p, list ? where : NULL, &it->board, &it->puzzle, why,
                                      sizeof why) < 0) {
            fprintf(stderr, "solve: %s\n", why);
            free(items);
            json_decref(doc);
            return 2;
        }
        it->puzzle.board = &it->board;
        if (rule_off)
            it->puzzle.ricochet_rule = false;
        it->id = json_object_get(p, "id");
        it->index = (int)i;
    }

    ricochet_solver *solver = ricochet_solver_new((size_t)table_mib << 20);
    if (!solver) {
        fprintf(stderr, "solve: out of memory\n");
        free(items);
        json_decref(doc);
        return 2;
    }
    int status = 0;
    for (size_t i = 0; i < n; i++) {
        solve_item *it = &items[i];
        ricochet_solution sol;
        double t0 = now_ms();
        ricochet_status st = ricochet_solver_run(solver, &it->puzzle, NULL, &sol);
        double ms = now_ms() - t0;
        json_t *line = json_object();
        json_object_set_new(line, "id", it->id ? json_incref(it->id) : json_integer(it->index));
        if (st == RICOCHET_SOLVED) {
            json_object_set_new(line, "moves", json_integer(sol.nmoves));
            json_object_set_new(line, "solution", ricochet_moves_to_json(sol.moves, sol.nmoves));
        } else {
            json_object_set_new(line, "moves", json_null());
            json_object_set_new(line, "status", json_string(ricochet_status_name(st)));
            json_object_set_new(line, "lower_bound", json_integer(sol.lower_bound));
            status = 1;
        }
        json_object_set_new(line, "ms", json_real((double)(long)(ms * 100 + 0.5) / 100));
        char *text = json_dumps(line, JSON_REAL_PRECISION(10));
        if (text) {
            printf("%s\n", text);
            fflush(stdout);
            free(text);
        }
        json_decref(line);
    }
    ricochet_solver_free(solver);
    free(items);
    json_decref(doc);
    return status;
}
