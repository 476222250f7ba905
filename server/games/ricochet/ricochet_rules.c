/* ricochet_rules.c: see ricochet_rules.h. */
#include "ricochet_rules.h"

int ricochet_chips_to_win_for(int seats)
{
    switch (seats) {
    case 2: return 8;
    case 3: return 6;
    case 4: return 5;
    default: return 0;
    }
}

int ricochet_bid_order(const ricochet_bid *bids, const int *nwon, int seats, int *out)
{
    int n = 0;
    for (int s = 0; s < seats; s++) {
        if (!bids[s].moves)
            continue;
        /* insertion by (moves, chips, order) */
        int i = n++;
        for (; i > 0; i--) {
            const ricochet_bid *a = &bids[out[i - 1]], *b = &bids[s];
            int ca = nwon[out[i - 1]], cb = nwon[s];
            bool before = b->moves < a->moves ||
                          (b->moves == a->moves && (cb < ca || (cb == ca && b->order < a->order)));
            if (!before)
                break;
            out[i] = out[i - 1];
        }
        out[i] = s;
    }
    return n;
}
