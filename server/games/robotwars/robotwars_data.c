/* robotwars_data.c: the tables of Robot Wars, apart from the rule code. The
 * war zone, the start squares and the dice faces are the reconstruction of
 * RULINGS §4 (the rule text only pictures them): a better-sourced layout
 * replaces this file alone. */
#include "robotwars_rules.h"

/* x west→east, y north→south; see robotwars.h for the letters. */
const char *const rw_board_rows[RW_SIZE] = {
    "CC...sss..CC", /* 0 */
    "CC........CC", /* 1 */
    "............", /* 2 */
    "............", /* 3 */
    "............", /* 4 */
    "w..........w", /* 5 */
    "w..........w", /* 6 */
    "............", /* 7 */
    "..FF....PP..", /* 8 */
    "..FF....PP..", /* 9 */
    "CC........CC", /* 10 */
    "CC........CC", /* 11 */
};

const char *const rw_tile_names[RW_TILES] = {"floor", "cpz", "spikes", "saw", "flame", "pit"};

rw_tile rw_tile_of_letter(char c)
{
    switch (c) {
    case 'C': return RW_CPZ;
    case 's': return RW_SPIKES;
    case 'w': return RW_SAW;
    case 'F': return RW_FLAME;
    case 'P': return RW_PIT;
    default: return RW_FLOOR;
    }
}

const rw_start rw_starts_2[2] = {{5, 10, RW_N}, {6, 1, RW_S}};
const rw_start rw_starts_3[3] = {{5, 10, RW_N}, {1, 4, RW_E}, {10, 4, RW_W}};

/* Each house robot throws out of its corner toward the centre. */
const rw_zone rw_zones[4] = {
    {0, 0, 1, 1, +1, +1},
    {10, 0, 11, 1, -1, +1},
    {0, 10, 1, 11, +1, -1},
    {10, 10, 11, 11, -1, -1},
};
const int rw_throw_squares = 2;

const rw_cap_info rw_caps[RW_CAPS] = {
    {"speed", "Speed", 4, 8},
    {"power", "Power", 1, 3},
    {"manoeuvrability", "Manoeuvrability", 2, 5},
};

/* The attack damage die: Speed, Power, Manoeuvrability and three blanks;
 * the house robot die: one blank fewer and RIP. */
const int rw_die_faces[2][6] = {
    {RW_SPEED, RW_POWER, RW_MANOEUVRABILITY, RW_FACE_BLANK, RW_FACE_BLANK, RW_FACE_BLANK},
    {RW_SPEED, RW_POWER, RW_MANOEUVRABILITY, RW_FACE_BLANK, RW_FACE_BLANK, RW_FACE_RIP},
};
const char *const rw_face_names[RW_FACE_RIP + 1] = {"speed", "power", "manoeuvrability", "blank",
                                                    "rip"};
const char *const rw_die_names[2] = {"attack", "house"};

bool rw_disc_won(int roll)
{
    return roll == 2 || roll == 4 || roll == 6;
}

/* Six cards of each value. */
const rw_weapon rw_deck[RW_DECK] = {
    {1, "Lifting spike"}, {1, "Battering ram"}, {1, "Pincers"},
    {1, "Drill"},         {1, "Hammer"},        {1, "Lance"},
    {2, "Axe"},           {2, "Flipper"},       {2, "Crusher"},
    {2, "Chainsaw"},      {2, "Grinder"},       {2, "Scoop"},
    {3, "Spinning disc"}, {3, "Thwacker"},      {3, "Flame thrower"},
    {3, "Crushing jaws"}, {3, "Pneumatic flipper"}, {3, "Full-body spinner"},
};

const char *const rw_dir_names[4] = {"N", "E", "S", "W"};
const int rw_dx[4] = {0, 1, 0, -1};
const int rw_dy[4] = {-1, 0, 1, 0};
const char *const rw_side_names[3] = {"front", "back", "side"};
const char *const rw_out_names[4] = {"", "speed", "pit", "rip"};
const char *const rw_stage_names[4] = {"match", "heat", "semi_final", "final"};
const char *const rw_seat_names[RW_MAX_SEATS] = {"Seat 1", "Seat 2", "Seat 3",
                                                 "Seat 4", "Seat 5", "Seat 6"};

/* PLAYERS / HEATS / SEMI-FINALS / FINAL, as RULINGS §4 reads the table: with
 * five, the two roboteers left out of the heat have byes. */
const rw_shape rw_shapes[RW_MAX_SEATS + 1] = {
    [3] = {2, {{RW_STAGE_HEAT, 1, 3}, {RW_STAGE_FINAL, 1, 2}}},
    [4] = {2, {{RW_STAGE_SEMI, 2, 2}, {RW_STAGE_FINAL, 1, 2}}},
    [5] = {3, {{RW_STAGE_HEAT, 1, 3}, {RW_STAGE_SEMI, 2, 2}, {RW_STAGE_FINAL, 1, 2}}},
    [6] = {3, {{RW_STAGE_HEAT, 2, 3}, {RW_STAGE_SEMI, 2, 2}, {RW_STAGE_FINAL, 1, 2}}},
};
