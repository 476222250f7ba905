/* manoover_json.c: the JSON forms shared by the game's events and the
 * views (manoover_json.h). */
#include "manoover_json.h"

json_t *manoover_cell_json(manoover_cell c)
{
    return json_pack("[ii]", c.q, c.r);
}

json_t *manoover_robot_json(const manoover_layout *l, int index)
{
    return json_pack("{sisi}", "owner", manoover_robot_seat(l, index), "number",
                     manoover_robot_number(l, index));
}

json_t *manoover_ints_json(const int *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

json_t *manoover_bytes_json(const uint8_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

/* Sentences name seats "Seat N": the client puts the player's name in. */
const char *manoover_seat_name(int seat)
{
    static const char *const names[MANOOVER_MAX_SEATS] = {"Seat 1", "Seat 2", "Seat 3"};
    return names[seat];
}
