/* rr_cards.c: the 84-card program deck and the option cards (RULINGS §5). */
#include "rr_cards.h"

#include <string.h>

const rr_card_info rr_card_infos[RR_CARD_KINDS] = {
    [RR_UTURN] = {"uturn", "U-Turn", 0, 2},
    [RR_LEFT] = {"left", "Rotate Left", 0, -1},
    [RR_RIGHT] = {"right", "Rotate Right", 0, 1},
    [RR_BACKUP] = {"backup", "Back Up", -1, 0},
    [RR_MOVE1] = {"move1", "Move 1", 1, 0},
    [RR_MOVE2] = {"move2", "Move 2", 2, 0},
    [RR_MOVE3] = {"move3", "Move 3", 3, 0},
};

/* The deck as runs of priorities: kind, first, last, step. Rotate Left and
 * Right alternate from 70 to 420. */
static const struct {
    int kind, first, last, step;
} runs[] = {
    {RR_UTURN, 10, 60, 10},    {RR_LEFT, 70, 410, 20},    {RR_RIGHT, 80, 420, 20},
    {RR_BACKUP, 430, 480, 10}, {RR_MOVE1, 490, 660, 10}, {RR_MOVE2, 670, 780, 10},
    {RR_MOVE3, 790, 840, 10},
};

int rr_card_kind_of(int priority)
{
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        if (priority >= runs[i].first && priority <= runs[i].last &&
            (priority - runs[i].first) % runs[i].step == 0)
            return runs[i].kind;
    }
    return -1;
}

void rr_deck_all(int16_t deck[RR_DECK])
{
    for (int i = 0; i < RR_DECK; i++)
        deck[i] = (int16_t)(10 * (i + 1));
}

int rr_locked_count(int damage)
{
    int n = damage - 4;
    return n < 0 ? 0 : n > RR_REGISTERS ? RR_REGISTERS : n;
}

bool rr_register_locked(int damage, int r)
{
    return r >= RR_REGISTERS - rr_locked_count(damage);
}

const rr_option_info rr_option_infos[RR_OPTIONS] = {
    [RR_OPT_HIGH_POWER] = {"high_power_laser", "High-Power Laser",
                           "Your main laser shoots through one wall and one robot; a robot shot "
                           "through takes damage too."},
    [RR_OPT_TRACTOR] = {"tractor_beam", "Tractor Beam",
                        "When you choose it for the turn, your main laser pulls the robot it hits "
                        "one square toward you instead of damaging it (not an adjacent robot)."},
    [RR_OPT_PRESSOR] = {"pressor_beam", "Pressor Beam",
                        "When you choose it for the turn, your main laser pushes the robot it hits "
                        "one square away instead of damaging it."},
    [RR_OPT_RAMMING] = {"ramming_gear", "Ramming Gear",
                        "A robot you push or bump while running a program card takes 1 damage "
                        "(once per card)."},
    [RR_OPT_DOUBLE] = {"double_barreled_laser", "Double-Barreled Laser",
                       "Your main laser fires two beams: 2 damage."},
    [RR_OPT_REAR] = {"rear_firing_laser", "Rear-Firing Laser",
                     "A second laser fires backwards (1 damage)."},
    [RR_OPT_ARM] = {"mechanical_arm", "Mechanical Arm",
                    "You touch flags and repair sites from one square away, diagonals included, "
                    "when no wall is between."},
    [RR_OPT_ABLATIVE] = {"ablative_coat", "Ablative Coat",
                         "Absorbs the next 3 damage your robot takes, then is discarded."},
};

int rr_option_parse(const char *id)
{
    for (int i = 0; id && i < RR_OPTIONS; i++) {
        if (strcmp(id, rr_option_infos[i].id) == 0)
            return i;
    }
    return -1;
}
