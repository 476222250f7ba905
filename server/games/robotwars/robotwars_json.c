/* robotwars_json.c: JSON forms shared by the events, views and actions. */
#include "robotwars_json.h"

json_t *rw_cell_json(int cell)
{
    return json_pack("[i, i]", rw_x(cell), rw_y(cell));
}

json_t *rw_caps_json(const int cap[RW_CAPS])
{
    json_t *o = json_object();
    for (int c = 0; c < RW_CAPS; c++)
        json_object_set_new(o, rw_caps[c].name, json_integer(cap[c]));
    return o;
}

int rw_allocation_from_json(const json_t *action, int add[RW_CAPS], game_error *err)
{
    for (int c = 0; c < RW_CAPS; c++) {
        const json_t *v = json_object_get(action, rw_caps[c].name);
        if (!v) {
            add[c] = 0;
            continue;
        }
        if (!json_is_integer(v))
            return game_fail(err, "bad_action", "%s must be a whole number of discs",
                             rw_caps[c].name);
        json_int_t n = json_integer_value(v);
        if (n < 0 || n > RW_THROWS)
            return game_fail(err, "illegal", "%s: %lld discs is not a number of discs one can win",
                             rw_caps[c].name, (long long)n);
        add[c] = (int)n;
    }
    return 0;
}

json_t *rw_board_json(void)
{
    json_t *rows = json_array();
    for (int y = 0; y < RW_SIZE; y++)
        json_array_append_new(rows, json_string(rw_board_rows[y]));
    return rows;
}

json_t *rw_limits_json(void)
{
    json_t *o = json_object();
    for (int c = 0; c < RW_CAPS; c++)
        json_object_set_new(o, rw_caps[c].name,
                            json_pack("{s:i, s:i}", "base", rw_caps[c].base, "max", rw_caps[c].max));
    return o;
}

json_t *rw_seats_json(const int *seats, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, seats[i] >= 0 ? json_integer(seats[i]) : json_null());
    return a;
}
