/* rb_bot.c: the RoboBall part of the bots (see rb_bot.h). */
#include "rb_bot.h"

int rb_bot_home(const rr_state *s, int seat)
{
    return s->rb.home[s->rb.team[seat]];
}

int rb_bot_target(const rr_state *s, int seat)
{
    if (s->floor.hitched & (1u << seat))
        return rb_bot_home(s, seat);
    return s->floor.piece[RR_BALL].cell;
}

double rb_bot_score(const rr_state *s, int seat, const int16_t *home_dist)
{
    int team = s->rb.team[seat];
    if (s->rb.goal >= 0)
        return s->rb.goal == team ? 1e6 : -1e6;
    double v = -25.0 * home_dist[s->floor.piece[RR_BALL].cell];
    if (s->floor.hitched & (1u << seat))
        v += 40.0;
    return v;
}

bool rb_bot_votes(const rr_state *s)
{
    return s->roboball && s->rb.still >= RB_BOT_STILL_TURNS;
}

void rb_bot_hitches(const rr_state *s, int seat, int8_t out[RR_REGISTERS])
{
    bool hold = rr_ball_team_hitched(s, s->rb.team[seat]);
    for (int r = 0; r < RR_REGISTERS; r++)
        out[r] = hold ? RR_HITCH_NONE : RR_HITCH_ON;
}
