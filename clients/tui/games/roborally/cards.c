/*
 * cards.c: the names of the program cards (RULINGS §5; the deck of
 * rr_cards.c) and of the option cards.
 */
#include <string.h>

#include "roborally.h"

static const struct {
    const char *type, *name, *shortname;
    int first, last, step;
} card_runs[] = {
    {"uturn", "U-Turn", "U-turn", 10, 60, 10},
    {"left", "Rotate Left", "Left", 70, 410, 20},
    {"right", "Rotate Right", "Right", 80, 420, 20},
    {"backup", "Back Up", "Back", 430, 480, 10},
    {"move1", "Move 1", "Move 1", 490, 660, 10},
    {"move2", "Move 2", "Move 2", 670, 780, 10},
    {"move3", "Move 3", "Move 3", 790, 840, 10},
};
#define CARD_RUNS (int)(sizeof card_runs / sizeof card_runs[0])

static int card_run(int card)
{
    for (int i = 0; i < CARD_RUNS; i++) {
        if (card >= card_runs[i].first && card <= card_runs[i].last && (card - card_runs[i].first) % card_runs[i].step == 0)
            return i;
    }
    return -1;
}

static int type_run(const char *type)
{
    for (int i = 0; i < CARD_RUNS; i++) {
        if (strcmp(card_runs[i].type, type) == 0)
            return i;
    }
    return -1;
}

const char *rl_card_short(int card)
{
    int r = card_run(card);
    return r >= 0 ? card_runs[r].shortname : "?";
}

const char *rl_type_name(const char *type)
{
    int r = type_run(type);
    return r >= 0 ? card_runs[r].name : NULL;
}

const char *rl_type_short(const char *type)
{
    int r = type_run(type);
    return r >= 0 ? card_runs[r].shortname : "?";
}

static const char *const option_names[][2] = {
    {"high_power_laser", "High-Power Laser"}, {"tractor_beam", "Tractor Beam"},
    {"pressor_beam", "Pressor Beam"}, {"ramming_gear", "Ramming Gear"},
    {"double_barreled_laser", "Double-Barreled Laser"}, {"rear_firing_laser", "Rear-Firing Laser"},
    {"mechanical_arm", "Mechanical Arm"}, {"ablative_coat", "Ablative Coat"},
};

const char *rl_option_name(const char *id)
{
    for (size_t i = 0; i < sizeof option_names / sizeof option_names[0]; i++) {
        if (strcmp(option_names[i][0], id) == 0)
            return option_names[i][1];
    }
    return id;
}
