/*
 * cards.c: the names of the program cards (RULINGS §5), of the option cards
 * and of the main laser's beams, from the tables the build writes from
 * data/roborally/tables.json (rl_tables.h), as the engine's and the
 * browser's are.
 */
#include <string.h>

#include "rl_tables.h"
#include "roborally.h"

static int card_kind(int card)
{
    for (int i = 0; i < RL_CARD_KINDS; i++) {
        const rl_card_kind *k = &rl_card_kinds[i];
        if (card >= k->first && card <= k->last && (card - k->first) % k->step == 0)
            return i;
    }
    return -1;
}

static int type_kind(const char *type)
{
    for (int i = 0; i < RL_CARD_KINDS; i++) {
        if (strcmp(rl_card_kinds[i].type, type) == 0)
            return i;
    }
    return -1;
}

const char *rl_card_short(int card)
{
    int k = card_kind(card);
    return k >= 0 ? rl_card_kinds[k].short_name : "?";
}

const char *rl_type_name(const char *type)
{
    int k = type_kind(type);
    return k >= 0 ? rl_card_kinds[k].name : NULL;
}

const char *rl_type_short(const char *type)
{
    int k = type_kind(type);
    return k >= 0 ? rl_card_kinds[k].short_name : "?";
}

static const rl_option_card *option_card(const char *id)
{
    for (int i = 0; i < RL_OPTION_CARDS; i++) {
        if (strcmp(rl_option_cards[i].id, id) == 0)
            return &rl_option_cards[i];
    }
    return NULL;
}

const char *rl_option_name(const char *id)
{
    const rl_option_card *o = option_card(id);
    return o ? o->name : id;
}

const char *rl_option_text(const char *id)
{
    const rl_option_card *o = option_card(id);
    return o ? o->text : "";
}

int rl_beam_of(const char *id)
{
    for (int i = 0; i < RL_BEAMS; i++) {
        if (strcmp(rl_beams[i].id, id) == 0)
            return i;
    }
    return -1;
}
