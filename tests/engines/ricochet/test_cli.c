/* test_cli.c: `botpit solve` and `botpit bench ricochet` through the
 * ricochet-cli helper, on real files. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ricochet_test_util.h"

static char dir[64];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/ricochet-cli-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

/* Writes text to a file in the temporary directory; returns its path. */
static const char *write_file(const char *name, const char *text)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* Runs the helper with args (a shell-quoted string); fills out and err with
 * what it printed; returns its exit status. */
static int run(const char *args, char *out, size_t outlen, char *err, size_t errlen)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' %s >'%s/out' 2>'%s/err'", RICOCHET_CLI, args, dir, dir);
    int st = system(cmd);
    cr_assert(WIFEXITED(st), "the helper died: %s", cmd);
    const char *names[2] = {"out", "err"};
    char *bufs[2] = {out, err};
    size_t lens[2] = {outlen, errlen};
    for (int i = 0; i < 2; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "r");
        cr_assert_not_null(f);
        size_t n = fread(bufs[i], 1, lens[i] - 1, f);
        bufs[i][n] = 0;
        fclose(f);
    }
    return WEXITSTATUS(st);
}

static const char *const puzzle_r001 =
    "{\"id\": \"R001\", \"layout\": {\"NW\": \"3B\", \"NE\": \"4B\", \"SE\": \"2A\", \"SW\": \"1A\"},"
    " \"robots\": {\"red\": {\"x\": 9, \"y\": 10}, \"green\": {\"x\": 12, \"y\": 13},"
    " \"blue\": {\"x\": 12, \"y\": 0}, \"yellow\": {\"x\": 7, \"y\": 6}}, \"active_robot\": \"green\","
    " \"target\": {\"color\": \"green\", \"symbol\": \"hexagon\", \"x\": 10, \"y\": 14}}";

Test(ricochet_cli, solve_prints_one_json_line_with_the_optimum, .init = setup, .fini = teardown)
{
    const char *path = write_file("one.json", puzzle_r001);
    char args[256], out[4096], err[1024];
    snprintf(args, sizeof args, "solve '%s'", path);
    cr_assert_eq(run(args, out, sizeof out, err, sizeof err), 0, "stderr: %s", err);
    json_error_t jerr;
    json_t *line = json_loads(out, 0, &jerr);
    cr_assert_not_null(line, "not one JSON line: %s", out);
    cr_assert_str_eq(json_string_value(json_object_get(line, "id")), "R001");
    cr_assert_eq(json_integer_value(json_object_get(line, "moves")), 7);
    cr_assert_eq(json_array_size(json_object_get(line, "solution")), 7);
    cr_assert(json_is_number(json_object_get(line, "ms")));
    json_decref(line);
}

Test(ricochet_cli, solve_reads_a_puzzles_file_and_stdin, .init = setup, .fini = teardown)
{
    /* The sample file without its two slow anchors. */
    char src[512];
    snprintf(src, sizeof src, "%s/sample_puzzles.json", RICOCHET_DATA_DIR);
    json_t *doc = json_load_file(src, 0, NULL);
    cr_assert_not_null(doc, "cannot read %s", src);
    json_t *all = json_object_get(doc, "puzzles"), *kept = json_array();
    size_t i;
    json_t *p;
    json_array_foreach(all, i, p)
        if (strcmp(json_string_value(json_object_get(p, "group")), "anchor") != 0)
            json_array_append(kept, p);
    json_object_set_new(doc, "puzzles", kept);
    char *text = json_dumps(doc, 0);
    const char *path = write_file("samples.json", text);
    free(text);

    char args[256], out[65536], err[1024];
    snprintf(args, sizeof args, "solve < '%s'", path);
    cr_assert_eq(run(args, out, sizeof out, err, sizeof err), 0, "stderr: %s", err);
    size_t n = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"), n++) {
        json_t *got = json_loads(line, 0, NULL);
        json_t *want = json_array_get(kept, n);
        cr_assert_not_null(got);
        cr_assert_str_eq(json_string_value(json_object_get(got, "id")),
                         json_string_value(json_object_get(want, "id")));
        cr_assert_eq(json_integer_value(json_object_get(got, "moves")),
                     json_integer_value(json_object_get(want, "optimal_moves")), "%s", line);
        json_decref(got);
    }
    cr_assert_eq(n, json_array_size(kept));
    json_decref(doc);
}

Test(ricochet_cli, no_ricochet_rule_lets_the_active_robot_go_straight_there, .init = setup,
     .fini = teardown)
{
    ricochet_board b;
    ricochet_puzzle p;
    test_sample("C001", &b, &p);
    char text[1024];
    snprintf(text, sizeof text,
             "{\"id\": 17, \"layout\": {\"NW\": \"2A\", \"NE\": \"3A\", \"SE\": \"1A\", \"SW\": \"4A\"},"
             " \"robots\": {\"red\": %d, \"green\": %d, \"blue\": %d, \"yellow\": %d},"
             " \"active_robot\": \"green\", \"target\": %d}",
             p.robots.cell[0], p.robots.cell[1], p.robots.cell[2], p.robots.cell[3], p.target);
    const char *path = write_file("c001.json", text);
    char args[256], out[4096], err[1024];
    snprintf(args, sizeof args, "solve '%s'", path);
    cr_assert_eq(run(args, out, sizeof out, err, sizeof err), 0, "%s", err);
    cr_assert(strstr(out, "\"id\": 17") && strstr(out, "\"moves\": 5"), "%s", out);
    snprintf(args, sizeof args, "solve --no-ricochet-rule '%s'", path);
    cr_assert_eq(run(args, out, sizeof out, err, sizeof err), 0, "%s", err);
    cr_assert(strstr(out, "\"moves\": 1") && strstr(out, "[[\"green\", \"S\"]]"), "%s", out);
}

/* Bad input: exit status 2 and a message naming the field. */
static void bad_input(const char *text, const char *words)
{
    const char *path = write_file("bad.json", text);
    char args[256], out[4096], err[1024];
    snprintf(args, sizeof args, "solve '%s'", path);
    cr_assert_eq(run(args, out, sizeof out, err, sizeof err), 2, "input %s: out %s err %s", text,
                 out, err);
    cr_assert(strstr(err, words), "stderr \"%s\" lacks \"%s\"", err, words);
    cr_assert_eq(out[0], 0, "nothing printed on stdout");
}

static char *with(const char *from, const char *to)
{
    static char buf[2048];
    const char *at = strstr(puzzle_r001, from);
    cr_assert_not_null(at);
    snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - puzzle_r001), puzzle_r001, to,
             at + strlen(from));
    return buf;
}

Test(ricochet_cli, bad_input_exits_2_naming_the_field, .init = setup, .fini = teardown)
{
    bad_input(with("\"green\": {\"x\": 12, \"y\": 13},", ""), "robots.green is missing");
    bad_input(with("\"red\": {", "\"crimson\": {"), "robots.crimson: there is no such robot");
    bad_input(with("\"SE\": \"2A\"", "\"SE\": \"9Z\""), "layout.SE: there is no quadrant side \"9Z\"");
    bad_input(with("\"SE\": \"2A\"", "\"SE\": \"2D\""), "layout.SE: side 2D carries diagonal");
    bad_input(with("\"x\": 9, \"y\": 10", "\"x\": 9, \"y\": 99"), "robots.red.y");
    bad_input(with("\"symbol\": \"hexagon\"", "\"symbol\": \"star\""), "target.symbol");
    bad_input("{\"puzzles\": [1]}", "puzzles[0] must be a JSON object");
    bad_input("{\"puzzles\": 3}", "puzzles must be an array");
    bad_input("{\"layout\": ", "line 1");
    bad_input("[]", "puzzle object");
}

Test(ricochet_cli, a_missing_file_or_a_bad_flag_exits_2, .init = setup, .fini = teardown)
{
    char out[1024], err[1024];
    cr_assert_eq(run("solve /nonexistent/file.json", out, sizeof out, err, sizeof err), 2);
    cr_assert(strstr(err, "/nonexistent/file.json"), "%s", err);
    cr_assert_eq(run("solve --fast", out, sizeof out, err, sizeof err), 2);
    cr_assert(strstr(err, "unknown option --fast"), "%s", err);
    cr_assert_eq(run("solve --help", out, sizeof out, err, sizeof err), 0);
    cr_assert(strstr(out, "usage: botpit solve"));
}

Test(ricochet_cli, bench_runs_and_prints_its_groups, .init = setup, .fini = teardown,
     .timeout = 120)
{
    char out[16384], err[1024];
    cr_assert_eq(run("bench ricochet --quick --random 30 --seed 7", out, sizeof out, err,
                     sizeof err),
                 0, "%s%s", out, err);
    cr_assert(strstr(out, "sample hard"), "%s", out);
    cr_assert(strstr(out, "seeded all"), "%s", out);
    cr_assert(strstr(out, "every solution replayed to the target"), "%s", out);
    cr_assert_eq(run("bench ricochet --random x", out, sizeof out, err, sizeof err), 2);
}
