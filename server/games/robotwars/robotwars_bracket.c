/*
 * robotwars_bracket.c: the wars' structure. Two roboteers play a match of
 * best_of battles; three to six play the stages of rw_shapes (heats of
 * three, semi-finals, the final), each stage drawn at random from the
 * roboteers still in, the ones left over having a bye.
 */
#include "robotwars_rules.h"

#include <stdio.h>
#include <string.h>

void rw_bracket_init(rw_bracket *b, int seats, int best_of)
{
    memset(b, 0, sizeof *b);
    b->seats = seats;
    b->champion = -1;
    if (seats == 2) {
        /* The battles of a match are all known: the same two, every time. */
        b->match = true;
        b->best_of = best_of;
        b->nstages = 1;
        b->nbattles = best_of;
        for (int k = 0; k < best_of; k++) {
            rw_battle *bt = &b->b[k];
            bt->stage = RW_STAGE_MATCH;
            bt->n = 2;
            bt->seats[0] = 0;
            bt->seats[1] = 1;
            bt->drawn = true;
            bt->eliminated = -1;
        }
        b->stage_first[1] = best_of;
        return;
    }
    const rw_shape *shape = &rw_shapes[seats];
    b->nstages = shape->stages;
    int k = 0;
    for (int s = 0; s < shape->stages; s++) {
        b->stage_first[s] = k;
        for (int i = 0; i < shape->s[s].battles; i++, k++) {
            rw_battle *bt = &b->b[k];
            bt->stage = shape->s[s].stage;
            bt->stage_index = s;
            bt->n = shape->s[s].robots;
            bt->eliminated = -1;
            for (int j = 0; j < RW_MAX_IN_BATTLE; j++)
                bt->seats[j] = bt->order[j] = -1;
        }
    }
    b->stage_first[shape->stages] = k;
    b->nbattles = k;
}

unsigned rw_bracket_alive(const rw_bracket *b)
{
    unsigned alive = (1u << b->seats) - 1;
    for (int k = 0; k < b->nbattles; k++) {
        if (b->b[k].done && !b->match)
            alive &= ~(1u << b->b[k].eliminated);
    }
    return alive;
}

void rw_bracket_draw(rw_bracket *b, int s, rng *r)
{
    int entrants[RW_MAX_SEATS], n = 0;
    unsigned alive = rw_bracket_alive(b);
    for (int seat = 0; seat < b->seats; seat++) {
        if (alive & (1u << seat))
            entrants[n++] = seat;
    }
    /* The battle cards: shuffled face down, one taken by each roboteer. */
    rng_shuffle_ints(r, entrants, n);
    int at = 0;
    for (int k = b->stage_first[s]; k < b->stage_first[s + 1]; k++) {
        rw_battle *bt = &b->b[k];
        for (int j = 0; j < bt->n; j++)
            bt->seats[j] = entrants[at++];
        bt->drawn = true;
    }
    b->nbyes[s] = 0;
    while (at < n)
        b->byes[s][b->nbyes[s]++] = entrants[at++];
}

static int match_target(const rw_bracket *b)
{
    return b->best_of / 2 + 1;
}

int rw_bracket_after(rw_bracket *b, int k, int eliminated, rng *r, int *drew)
{
    rw_battle *bt = &b->b[k];
    bt->done = true;
    bt->eliminated = eliminated;
    *drew = -1;
    for (int j = 0; j < bt->n; j++) {
        if (bt->seats[j] != eliminated)
            b->wins[bt->seats[j]]++;
    }
    if (b->match) {
        int winner = bt->seats[0] == eliminated ? bt->seats[1] : bt->seats[0];
        if (b->wins[winner] >= match_target(b)) {
            b->champion = winner;
            b->nbattles = k + 1; /* the battles never fought are no part of the match */
            b->stage_first[1] = b->nbattles;
            return -1;
        }
        return k + 1;
    }
    int s = bt->stage_index;
    if (k + 1 < b->stage_first[s + 1])
        return k + 1;
    if (s + 1 == b->nstages) {
        b->champion = bt->seats[0] == eliminated ? bt->seats[1] : bt->seats[0];
        return -1;
    }
    rw_bracket_draw(b, s + 1, r);
    *drew = s + 1;
    return k + 1;
}

void rw_battle_title(const rw_bracket *b, int k, char *buf, size_t len)
{
    const rw_battle *bt = &b->b[k];
    int s = bt->stage_index;
    int of = b->stage_first[s + 1] - b->stage_first[s];
    int nth = k - b->stage_first[s] + 1;
    switch (bt->stage) {
    case RW_STAGE_MATCH: snprintf(buf, len, "Battle %d", k + 1); break;
    case RW_STAGE_HEAT:
        if (of > 1)
            snprintf(buf, len, "Heat %d", nth);
        else
            snprintf(buf, len, "The heat");
        break;
    case RW_STAGE_SEMI: snprintf(buf, len, "Semi-final %d", nth); break;
    default: snprintf(buf, len, "The final"); break;
    }
}
