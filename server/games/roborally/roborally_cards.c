/* roborally_cards.c: looking cards, options and beams up in their tables (roborally_cards.h;
 * the tables themselves are generated into roborally_tables.c). */
#include "roborally_cards.h"

#include <string.h>

int rr_card_kind_of(int priority)
{
    for (int k = 0; k < RR_CARD_KINDS; k++) {
        const rr_card_info *c = &rr_card_infos[k];
        if (priority >= c->first && priority <= c->last && (priority - c->first) % c->step == 0)
            return k;
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

int rr_option_parse(const char *id)
{
    for (int i = 0; id && i < RR_OPTIONS; i++) {
        if (strcmp(id, rr_option_infos[i].id) == 0)
            return i;
    }
    return -1;
}

int rr_beam_parse(const char *id)
{
    for (int i = 0; id && i < RR_BEAMS; i++) {
        if (strcmp(id, rr_beam_infos[i].id) == 0)
            return i;
    }
    return -1;
}
