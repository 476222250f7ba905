/* test_json.c: puzzles read from JSON, refusals that name the field, and
 * ricochet_solve_json (the contract's work_run). */
#include <criterion/criterion.h>
#include <string.h>

#include "ricochet_json.h"
#include "ricochet_test_util.h"

static const char *const good =
    "{\"id\": \"R001\", \"layout\": {\"NW\": \"3B\", \"NE\": \"4B\", \"SE\": \"2A\", \"SW\": \"1A\"},"
    " \"robots\": {\"red\": {\"x\": 9, \"y\": 10, \"cell\": 169}, \"green\": {\"x\": 12, \"y\": 13},"
    " \"blue\": 12, \"yellow\": {\"cell\": 103}},"
    " \"active_robot\": \"green\","
    " \"target\": {\"color\": \"green\", \"symbol\": \"hexagon\", \"x\": 10, \"y\": 14, \"cell\": 234}}";

/* `good` with one edit: path "robots.red" etc. set to the JSON text value,
 * or removed when value is NULL. */
static json_t *edited(const char *path, const char *value)
{
    json_t *doc = json_loads(good, 0, NULL);
    cr_assert_not_null(doc);
    char buf[64];
    snprintf(buf, sizeof buf, "%s", path);
    json_t *parent = doc;
    char *key = buf, *dot;
    while ((dot = strchr(key, '.'))) {
        *dot = 0;
        parent = json_object_get(parent, key);
        key = dot + 1;
    }
    if (value)
        json_object_set_new(parent, key, json_loads(value, JSON_DECODE_ANY, NULL));
    else
        json_object_del(parent, key);
    return doc;
}

/* Reading fails with a sentence containing each of the words. */
static void refused(json_t *doc, const char *words1, const char *words2)
{
    ricochet_board b;
    ricochet_puzzle p;
    char why[320] = "";
    cr_assert_eq(ricochet_puzzle_from_json(doc, NULL, &b, &p, why, sizeof why), -1,
                 "accepted (expected \"%s\")", words1);
    cr_assert(strstr(why, words1), "\"%s\" lacks \"%s\"", why, words1);
    if (words2)
        cr_assert(strstr(why, words2), "\"%s\" lacks \"%s\"", why, words2);
    json_decref(doc);
}

Test(ricochet_json, a_sample_puzzle_reads_in_every_cell_notation)
{
    json_t *doc = json_loads(good, 0, NULL);
    ricochet_board b;
    ricochet_puzzle p;
    char why[320];
    cr_assert_eq(ricochet_puzzle_from_json(doc, NULL, &b, &p, why, sizeof why), 0, "%s", why);
    cr_assert_eq(p.robots.nrobots, 4);
    cr_assert_eq(p.robots.cell[RICOCHET_RED], 169);
    cr_assert_eq(p.robots.cell[RICOCHET_GREEN], 220);
    cr_assert_eq(p.robots.cell[RICOCHET_BLUE], 12);
    cr_assert_eq(p.robots.cell[RICOCHET_YELLOW], 103);
    cr_assert_eq(p.target, 234);
    cr_assert_eq(p.active, RICOCHET_GREEN);
    cr_assert(p.ricochet_rule, "the rule is on unless the puzzle says otherwise");
    cr_assert_eq(p.board, &b);
    json_decref(doc);
}

Test(ricochet_json, the_active_robot_follows_the_chip_when_not_given)
{
    json_t *doc = edited("active_robot", NULL);
    ricochet_board b;
    ricochet_puzzle p;
    char why[320];
    cr_assert_eq(ricochet_puzzle_from_json(doc, NULL, &b, &p, why, sizeof why), 0, "%s", why);
    cr_assert_eq(p.active, RICOCHET_GREEN);
    json_decref(doc);
}

Test(ricochet_json, a_silver_robot_makes_five)
{
    json_t *doc = edited("robots.silver", "{\"x\": 0, \"y\": 0}");
    ricochet_board b;
    ricochet_puzzle p;
    char why[320];
    cr_assert_eq(ricochet_puzzle_from_json(doc, NULL, &b, &p, why, sizeof why), 0, "%s", why);
    cr_assert_eq(p.robots.nrobots, 5);
    cr_assert_eq(p.robots.cell[RICOCHET_SILVER], 0);
    json_decref(doc);
}

Test(ricochet_json, refusals_name_the_field)
{
    refused(edited("layout", NULL), "layout is missing", NULL);
    refused(edited("layout.NE", NULL), "layout.NE is missing", NULL);
    refused(edited("layout.NE", "\"5X\""), "layout.NE", "no quadrant side \"5X\"");
    refused(edited("layout.NE", "7"), "layout.NE", "quadrant side");
    refused(edited("layout.NE", "\"1D\""), "layout.NE", "diagonal");
    refused(edited("layout.NE", "\"1B\""), "layout", "tile 1");
    refused(edited("layout.N", "\"2A\""), "layout.N", "not a corner");
    refused(edited("robots", NULL), "robots is missing", NULL);
    refused(edited("robots.red", NULL), "robots.red is missing", NULL);
    refused(edited("robots.purple", "3"), "robots.purple", "no such robot");
    refused(edited("robots.red", "{\"x\": 16, \"y\": 0}"), "robots.red.x", "0 to 15");
    refused(edited("robots.red", "{\"x\": 1}"), "robots.red", "\"y\"");
    refused(edited("robots.red", "{\"x\": 1, \"y\": 2, \"cell\": 3}"), "robots.red.cell",
            "16*y + x");
    refused(edited("robots.red", "\"nowhere\""), "robots.red", "must be a cell");
    refused(edited("robots.red", "119"), "robots.red", "centre block");
    refused(edited("robots.red", "12"), "robots", "same cell as");
    refused(edited("robots.red", "300"), "robots.red", "0 to 255");
    refused(edited("target", NULL), "target is missing", NULL);
    refused(edited("target.color", "\"pink\""), "target.color", "not a chip colour");
    refused(edited("target.symbol", "\"star\""), "target.symbol", NULL);
    refused(edited("target.x", "11"), "target.cell 234", "16*y + x = 235");
    refused(edited("target", "{\"color\": \"green\", \"symbol\": \"hexagon\", \"x\": 11, \"y\": 14}"),
            "target", "printed on cell 234");
    refused(edited("active_robot", "\"red\""), "active_robot red", "green chip");
    refused(edited("active_robot", "\"silver\""), "active_robot", NULL);
    refused(edited("active_robot", "3"), "active_robot", NULL);
    refused(edited("ricochet_rule", "\"yes\""), "ricochet_rule", "true or false");
    refused(json_loads("[1, 2]", 0, NULL), "must be a JSON object", NULL);
}

Test(ricochet_json, a_target_cell_without_a_chip_needs_the_active_robot)
{
    json_t *doc = edited("target", "{\"x\": 5, \"y\": 5}");
    json_object_del(doc, "active_robot");
    refused(doc, "active_robot is missing", NULL);
    doc = edited("target", "{\"x\": 5, \"y\": 5}");
    ricochet_board b;
    ricochet_puzzle p;
    char why[320];
    cr_assert_eq(ricochet_puzzle_from_json(doc, NULL, &b, &p, why, sizeof why), 0, "%s", why);
    cr_assert_eq(p.target, RICOCHET_CELL(5, 5));
    json_decref(doc);
}

Test(ricochet_json, solve_json_answers_with_the_optimum_and_a_move_list)
{
    json_t *req = json_loads(good, 0, NULL);
    json_object_set_new(req, "budget", json_pack("{s:i}", "max_moves", 30));
    json_t *res = ricochet_solve_json(req, NULL);
    cr_assert_not_null(res);
    cr_assert_str_eq(json_string_value(json_object_get(res, "status")), "solved");
    cr_assert_eq(json_integer_value(json_object_get(res, "moves")), 7);
    json_t *moves = json_object_get(res, "solution");
    cr_assert_eq(json_array_size(moves), 7);
    /* Replay it from its words. */
    ricochet_board b;
    ricochet_puzzle p;
    char why[320];
    ricochet_puzzle_from_json(req, NULL, &b, &p, why, sizeof why);
    ricochet_move list[7];
    for (size_t i = 0; i < 7; i++) {
        json_t *m = json_array_get(moves, i);
        list[i].robot = (uint8_t)ricochet_color_parse(json_string_value(json_array_get(m, 0)));
        list[i].dir = (uint8_t)ricochet_dir_parse(json_string_value(json_array_get(m, 1)));
    }
    cr_assert(test_replays(&p, list, 7));
    json_decref(res);
    json_decref(req);
}

Test(ricochet_json, solve_json_reports_bad_requests_and_budgets)
{
    json_t *empty = json_object();
    json_t *res = ricochet_solve_json(empty, NULL);
    cr_assert_str_eq(json_string_value(json_object_get(res, "status")), "invalid");
    cr_assert(strstr(json_string_value(json_object_get(res, "error")), "layout is missing"));
    json_decref(res);
    json_decref(empty);

    json_t *req = json_loads(good, 0, NULL);
    json_object_set_new(req, "budget", json_pack("{s:i}", "nodes", -1));
    res = ricochet_solve_json(req, NULL);
    cr_assert(strstr(json_string_value(json_object_get(res, "error")), "budget.nodes"));
    json_decref(res);

    json_object_set_new(req, "budget", json_pack("{s:i}", "ms", 100));
    res = ricochet_solve_json(req, NULL);
    cr_assert_str_eq(json_string_value(json_object_get(res, "status")), "invalid");
    cr_assert(strstr(json_string_value(json_object_get(res, "error")),
                     "budget.ms is not a budget field"));
    json_decref(res);

    json_object_set_new(req, "budget", json_pack("{s:i}", "max_moves", 5));
    res = ricochet_solve_json(req, NULL);
    cr_assert_str_eq(json_string_value(json_object_get(res, "status")), "no_solution");
    cr_assert_eq(json_integer_value(json_object_get(res, "lower_bound")), 6);
    json_decref(res);
    json_decref(req);
}

Test(ricochet_json, solve_json_gives_up_on_a_node_budget)
{
    ricochet_board b;
    ricochet_puzzle p;
    test_sample("H001", &b, &p);
    json_t *req = json_pack(
        "{s:{s:s,s:s,s:s,s:s}, s:{s:i,s:i,s:i,s:i}, s:i, s:s, s:{s:i}}", "layout", "NW",
        ricochet_sides[b.layout[0]].id, "NE", ricochet_sides[b.layout[1]].id, "SE",
        ricochet_sides[b.layout[2]].id, "SW", ricochet_sides[b.layout[3]].id, "robots", "red",
        p.robots.cell[0], "green", p.robots.cell[1], "blue", p.robots.cell[2], "yellow",
        p.robots.cell[3], "target", p.target, "active_robot", ricochet_color_name(p.active),
        "budget", "nodes", 5000);
    json_t *res = ricochet_solve_json(req, NULL);
    cr_assert_str_eq(json_string_value(json_object_get(res, "status")), "gave_up");
    cr_assert_null(json_object_get(res, "solution"));
    json_decref(res);
    json_decref(req);
}

Test(ricochet_json, solve_json_returns_null_once_cancelled)
{
    json_t *req = json_loads(good, 0, NULL);
    volatile int cancel = 1;
    cr_assert_null(ricochet_solve_json(req, &cancel));
    json_decref(req);
}

Test(ricochet_json, the_board_for_a_client_to_draw)
{
    ricochet_board b;
    const char *ids[4] = {"4B", "3B", "2B", "1A"};
    char why[200];
    cr_assert_eq(ricochet_board_assemble_ids(&b, ids, why, sizeof why), 0, "%s", why);
    json_t *j = ricochet_board_to_json(&b);
    cr_assert_str_eq(json_string_value(json_object_get(json_object_get(j, "layout"), "SE")), "2B");
    json_t *walls = json_object_get(j, "walls");
    cr_assert_eq(json_array_size(walls), 256);
    cr_assert_eq(json_integer_value(json_array_get(walls, 0)), RICOCHET_WALL(RICOCHET_N) | RICOCHET_WALL(RICOCHET_W));
    cr_assert_eq(json_array_size(json_object_get(j, "centre")), 4);
    cr_assert_eq(json_array_size(json_object_get(j, "targets")), 17);
    json_decref(j);
    const char *bad[4] = {"4B", "3B", "2Z", "1A"};
    cr_assert_eq(ricochet_board_assemble_ids(&b, bad, why, sizeof why), -1);
    cr_assert(strstr(why, "\"2Z\" for SE"), "%s", why);
}

Test(ricochet_json, a_step_carries_its_path_for_the_animation)
{
    ricochet_board b;
    ricochet_puzzle p;
    test_sample("R001", &b, &p);
    ricochet_round r;
    ricochet_round_start(&r, &p.robots, p.target, p.active, true);
    ricochet_step st;
    char why[256];
    cr_assert_eq(ricochet_round_move(&r, &b, RICOCHET_GREEN, RICOCHET_E, &st, why, sizeof why), 0, "%s", why);
    json_t *j = ricochet_step_to_json(&st);
    cr_assert_str_eq(json_string_value(json_object_get(j, "robot")), "green");
    cr_assert_str_eq(json_string_value(json_object_get(j, "dir")), "E");
    json_t *path = json_object_get(j, "path");
    cr_assert_eq((int)json_array_size(path), st.npath);
    cr_assert_eq(json_integer_value(json_array_get(path, st.npath - 1)), st.to);
    cr_assert(json_is_false(json_object_get(j, "solved")));
    json_decref(j);
    json_t *pos = ricochet_position_to_json(&r.pos);
    cr_assert_eq(json_integer_value(json_object_get(pos, "green")), st.to);
    cr_assert_eq(json_object_size(pos), 4);
    json_decref(pos);
}
