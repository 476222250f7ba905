/* roborally_bot_ball.c: the RoboBall part of the bots (see roborally_bot.h). */
#include "roborally_bot.h"

#include <stdlib.h>

#include "roborally_ball.h"

int rr_bot_ball_home(const rr_state *s, int seat)
{
    return s->rb.home[s->rb.team[seat]];
}

/* The robot of another team nearest the ball (squares as the crow walks),
 * or -1 if none is on the floor. */
static int nearest_rival(const rr_state *s, int seat)
{
    const rr_course *c = s->floor.course;
    int ball = s->floor.piece[RR_BALL].cell, best = -1, bestd = 0;
    for (int i = 0; i < s->nrobots; i++) {
        if (s->rb.team[i] == s->rb.team[seat] || !rr_robot_here(s, i))
            continue;
        int cell = s->floor.piece[i].cell;
        int d = abs(cell % c->width - ball % c->width) + abs(cell / c->width - ball / c->width);
        if (best < 0 || d < bestd) {
            best = i;
            bestd = d;
        }
    }
    return best;
}

int rr_bot_ball_target(const rr_state *s, int seat, bool block)
{
    if (s->rb.hitched & (1u << seat))
        return rr_bot_ball_home(s, seat);
    if (block && rr_ball_team_hitched(s, s->rb.team[seat])) {
        int rival = nearest_rival(s, seat);
        if (rival >= 0)
            return s->floor.piece[rival].cell;
    }
    return s->floor.piece[RR_BALL].cell;
}

double rr_bot_ball_score(const rr_state *s, int seat, const int16_t *home_dist, const int16_t *threat_dist)
{
    int team = s->rb.team[seat];
    if (s->rb.goal >= 0)
        return s->rb.goal == team ? 1e6 : -1e6;
    int ball = s->floor.piece[RR_BALL].cell;
    double v = -25.0 * home_dist[ball] + 10.0 * threat_dist[ball];
    if (s->rb.hitched & (1u << seat))
        v += 40.0;
    else if (rr_ball_team_hitched(s, team))
        v += 20.0;
    for (int t = 0; t < s->rb.nteams; t++) {
        if (t != team && rr_ball_team_hitched(s, t))
            v -= 30.0;
    }
    return v;
}

/* Can a robot of seat's team walk (round walls, never through a pit) to a
 * square touching the ball? A robot off the floor counts from its archive. */
static bool team_reaches_ball(const rr_state *s, int seat)
{
    const rr_course *c = s->floor.course;
    int n = c->width * c->height, ball = s->floor.piece[RR_BALL].cell;
    bool seen[RR_MAX_CELLS] = {false};
    int16_t queue[RR_MAX_CELLS];
    int head = 0, tail = 0;
    seen[ball] = true;
    queue[tail++] = (int16_t)ball;
    while (head < tail) {
        int cell = queue[head++];
        for (int d = 0; d < RR_DIRS; d++) {
            int next = rr_neighbour(c, cell, d);
            if (next == RR_OFF || next >= n || seen[next] || rr_wall_between(c, cell, d) ||
                c->cells[next].kind == RR_PIT)
                continue;
            seen[next] = true;
            queue[tail++] = (int16_t)next;
        }
    }
    for (int i = 0; i < s->nrobots; i++) {
        if (s->rb.team[i] != s->rb.team[seat] || s->robot[i].out)
            continue;
        int at = rr_on_floor(&s->floor.piece[i]) ? s->floor.piece[i].cell : s->robot[i].archive;
        if (at != RR_OFF && seen[at])
            return true;
    }
    return false;
}

bool rr_bot_ball_votes(const rr_state *s, int seat, bool judge)
{
    if (!s->roboball || s->rb.still < RR_BOT_BALL_STILL_TURNS)
        return false;
    return !judge || s->rb.still >= RR_BOT_BALL_STUCK_TURNS || !team_reaches_ball(s, seat);
}

void rr_bot_ball_hitches(const rr_state *s, int seat, int8_t out[RR_REGISTERS])
{
    bool hold = rr_ball_team_hitched(s, s->rb.team[seat]);
    for (int r = 0; r < RR_REGISTERS; r++)
        out[r] = hold ? RR_HITCH_NONE : RR_HITCH_ON;
}
