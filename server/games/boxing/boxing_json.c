/* boxing_json.c: layouts, orders and cells to and from their JSON forms.
 * A malformed action (wrong type or shape, unknown field) is "bad_action";
 * a well-formed one against the rules is "illegal". */
#include "boxing_json.h"

#include <string.h>

static const char *const boost_names[] = {"none", "move", "shoot"};

/* Refuses any field not in `known` (NULL-terminated), naming it. */
static int check_fields(const json_t *action, const char *const *known, game_error *err)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)action, key, v) {
        bool ok = false;
        for (int i = 0; known[i]; i++)
            ok = ok || strcmp(key, known[i]) == 0;
        if (!ok)
            return game_fail(err, "bad_action", "%.40s is not a field of this action", key);
    }
    return 0;
}

static int letter_of(char c)
{
    return c >= 'a' && c <= 'i' ? c - 'a' : -1;
}

/* ---- layouts ---- */

static int read_grid(const json_t *grid, boxing_layout *out, game_error *err)
{
    if (!json_is_array(grid) || json_array_size(grid) != 3)
        return game_fail(err, "bad_action", "grid must be three strings of three letters, north row first");
    for (int row = 0; row < 3; row++) {
        const json_t *r = json_array_get(grid, (size_t)row);
        if (!json_is_string(r) || json_string_length(r) != 3)
            return game_fail(err, "bad_action", "grid row %d must be a string of three letters", row + 1);
        const char *s = json_string_value(r);
        for (int col = 0; col < 3; col++) {
            int letter = letter_of(s[col]);
            if (letter < 0)
                return game_fail(err, "illegal", "grid row %d: slots are marked with the letters a to i",
                                 row + 1);
            out->letter[row * 3 + col] = (uint8_t)letter;
            out->part[row * 3 + col] = BOXING_ENGINE;
        }
    }
    return 0;
}

static int mark_part(boxing_layout *l, int letter, int part, game_error *err)
{
    for (int s = 0; s < BOXING_SLOTS; s++) {
        if (l->letter[s] != letter)
            continue;
        if (l->part[s] != BOXING_ENGINE)
            return game_fail(err, "illegal", "%c cannot be both a laser and the booster", 'a' + letter);
        l->part[s] = (uint8_t)part;
        return 0;
    }
    return game_fail(err, "illegal", "letter %c is on no slot of your grid", 'a' + letter);
}

int boxing_layout_from_json(const json_t *action, bool free_centre, boxing_layout *out,
                            game_error *err)
{
    static const char *const known[] = {"kind", "grid", "lasers", "booster", NULL};
    if (check_fields(action, known, err) < 0)
        return -1;
    boxing_layout l;
    if (read_grid(json_object_get(action, "grid"), &l, err) < 0)
        return -1;
    /* duplicates first, so that a later message about lasers cannot mislead */
    int seen[BOXING_LETTERS] = {0};
    for (int s = 0; s < BOXING_SLOTS; s++) {
        if (seen[l.letter[s]]++)
            return game_fail(err, "illegal", "letter %c is used twice: each of a to i goes on one slot",
                             'a' + l.letter[s]);
    }
    const json_t *lasers = json_object_get(action, "lasers");
    if (!json_is_string(lasers) || json_string_length(lasers) != BOXING_LASERS)
        return game_fail(err, "bad_action", "lasers must be a string of your four laser letters");
    const json_t *booster = json_object_get(action, "booster");
    if (!json_is_string(booster) || json_string_length(booster) != 1)
        return game_fail(err, "bad_action", "booster must be the one letter of your booster");
    const char *ls = json_string_value(lasers);
    for (int i = 0; i < BOXING_LASERS; i++) {
        int letter = letter_of(ls[i]);
        if (letter < 0)
            return game_fail(err, "illegal", "lasers: the letters are a to i");
        for (int j = 0; j < i; j++) {
            if (ls[j] == ls[i])
                return game_fail(err, "illegal", "lasers: %c is named twice; a robot has four lasers",
                                 ls[i]);
        }
        if (mark_part(&l, letter, BOXING_LASER, err) < 0)
            return -1;
    }
    int b = letter_of(json_string_value(booster)[0]);
    if (b < 0)
        return game_fail(err, "illegal", "booster: the letters are a to i");
    if (mark_part(&l, b, BOXING_BOOSTER, err) < 0)
        return -1;
    if (boxing_layout_check(&l, free_centre, err) < 0)
        return -1;
    *out = l;
    return 0;
}

json_t *boxing_layout_to_json(const boxing_layout *l)
{
    json_t *grid = json_array();
    char row[4] = {0};
    char lasers[BOXING_SLOTS + 1] = {0}, engines[BOXING_SLOTS + 1] = {0}, booster[2] = {0};
    int nl = 0, ne = 0;
    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 3; c++)
            row[c] = (char)('a' + l->letter[r * 3 + c]);
        json_array_append_new(grid, json_string(row));
    }
    /* parts listed in letter order, so the form does not depend on slots */
    for (int letter = 0; letter < BOXING_LETTERS; letter++) {
        int part = l->part[boxing_layout_slot_of(l, letter)];
        if (part == BOXING_LASER)
            lasers[nl++] = (char)('a' + letter);
        else if (part == BOXING_ENGINE)
            engines[ne++] = (char)('a' + letter);
        else
            booster[0] = (char)('a' + letter);
    }
    return json_pack("{s:o, s:s, s:s, s:s}", "grid", grid, "lasers", lasers, "booster", booster,
                     "engines", engines);
}

/* ---- orders ---- */

static int read_path(const json_t *path, boxing_orders *o, game_error *err)
{
    if (!path || json_is_null(path))
        return 0;
    if (!json_is_array(path))
        return game_fail(err, "bad_action", "path must be a list of steps such as [\"N\", \"NE\"]");
    if (json_array_size(path) > BOXING_MAX_STEPS)
        return game_fail(err, "illegal", "your path has %zu steps; no robot makes more than %d",
                         json_array_size(path), BOXING_MAX_STEPS);
    size_t i;
    const json_t *step;
    json_array_foreach(path, i, step) {
        int dir = -1;
        for (int d = 0; json_is_string(step) && d < BOXING_DIRS; d++) {
            if (strcmp(json_string_value(step), boxing_dirs[d].name) == 0)
                dir = d;
        }
        if (dir < 0)
            return game_fail(err, "bad_action",
                             "path step %zu must be one of N, NE, E, SE, S, SW, W, NW", i + 1);
        o->path[o->steps++] = (int8_t)dir;
    }
    return 0;
}

/* An optional letter field: -1 when absent or null. */
static int read_letter(const json_t *action, const char *name, int8_t *out, game_error *err)
{
    const json_t *v = json_object_get(action, name);
    *out = -1;
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_string(v) || json_string_length(v) != 1 || letter_of(json_string_value(v)[0]) < 0)
        return game_fail(err, "bad_action", "%s must be a slot letter from a to i, or null", name);
    *out = (int8_t)letter_of(json_string_value(v)[0]);
    return 0;
}

static int read_boost(const json_t *v, boxing_orders *o, game_error *err)
{
    if (!v || json_is_null(v))
        return 0;
    for (int b = 0; json_is_string(v) && b < 3; b++) {
        if (strcmp(json_string_value(v), boost_names[b]) == 0) {
            o->boost = (uint8_t)b;
            return 0;
        }
    }
    return game_fail(err, "bad_action", "booster must be \"move\", \"shoot\" or \"none\"");
}

/* An optional whole-number field: `absent` when missing or null. */
static int read_int(const json_t *action, const char *name, int absent, int *out, game_error *err)
{
    const json_t *v = json_object_get(action, name);
    *out = absent;
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 1000000)
        return game_fail(err, "bad_action", "%s must be a whole number, or null", name);
    *out = (int)json_integer_value(v);
    return 0;
}

int boxing_orders_from_json(const json_t *action, boxing_orders *out, int *turn, game_error *err)
{
    static const char *const known[] = {"kind", "path", "booster", "fire", "target", "target_robot",
                                        "turn", NULL};
    boxing_orders o;
    boxing_orders_idle(&o);
    int robot;
    if (check_fields(action, known, err) < 0 ||
        read_path(json_object_get(action, "path"), &o, err) < 0 ||
        read_boost(json_object_get(action, "booster"), &o, err) < 0 ||
        read_letter(action, "fire", &o.fire, err) < 0 ||
        read_letter(action, "target", &o.target, err) < 0 ||
        read_int(action, "target_robot", -1, &robot, err) < 0 ||
        read_int(action, "turn", -1, turn, err) < 0)
        return -1;
    if (o.fire >= 0 && o.target < 0)
        return game_fail(err, "bad_action", "target: a shot names the enemy slot letter it hits");
    if (o.fire < 0 && (o.target >= 0 || robot >= 0))
        return game_fail(err, "bad_action", "target: there is no shot to aim (fire is null)");
    if (robot >= BOXING_MAX_SEATS)
        return game_fail(err, "bad_action", "target_robot must be a seat number");
    o.target_robot = (int8_t)robot;
    *out = o;
    return 0;
}

static json_t *letter_json(int letter)
{
    if (letter < 0)
        return json_null();
    char s[2] = {(char)('a' + letter), 0};
    return json_string(s);
}

json_t *boxing_orders_to_json(const boxing_orders *o)
{
    json_t *path = json_array();
    for (int k = 0; k < o->steps; k++)
        json_array_append_new(path, json_string(boxing_dirs[o->path[k]].name));
    return json_pack("{s:o, s:s, s:o, s:o, s:o}", "path", path, "booster", boost_names[o->boost],
                     "fire", letter_json(o->fire), "target", letter_json(o->target),
                     "target_robot", o->target_robot < 0 ? json_null() : json_integer(o->target_robot));
}

json_t *boxing_cell_json(int size, int cell)
{
    return json_pack("[i, i]", cell % size, cell / size);
}

json_t *boxing_letters_json(uint16_t mask)
{
    char s[BOXING_LETTERS + 1] = {0};
    int n = 0;
    for (int letter = 0; letter < BOXING_LETTERS; letter++) {
        if (mask & (1u << letter))
            s[n++] = (char)('a' + letter);
    }
    return json_string(s);
}

json_t *boxing_seats_json(uint8_t mask)
{
    json_t *a = json_array();
    for (int s = 0; s < BOXING_MAX_SEATS; s++) {
        if (mask & (1u << s))
            json_array_append_new(a, json_integer(s));
    }
    return a;
}
