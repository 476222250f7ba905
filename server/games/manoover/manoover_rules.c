/* manoover_rules.c: robots stepping, pushing, leaving the board and scoring. */
#include "manoover_rules.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static const char *const dir_names[MANOOVER_DIRS] = {"N", "NE", "SE", "S", "SW", "NW"};

const char *manoover_dir_name(int dir)
{
    return dir >= 0 && dir < MANOOVER_DIRS ? dir_names[dir] : "?";
}

int manoover_dir_parse(const char *name)
{
    for (int d = 0; name && d < MANOOVER_DIRS; d++) {
        if (strcmp(dir_names[d], name) == 0)
            return d;
    }
    return -1;
}

bool manoover_robot_on_board(const manoover_pos *p, int seat, int number)
{
    if (number < 1 || number > p->layout->robots)
        return false;
    return p->robot[manoover_robot_index(p->layout, seat, number)].where == MANOOVER_ON_BOARD;
}

void manoover_pos_clear(manoover_pos *p, const manoover_layout *l)
{
    memset(p, 0, sizeof *p);
    p->layout = l;
    memset(p->occupant, -1, sizeof p->occupant);
    for (int i = 0; i < l->seats * l->robots; i++) {
        p->robot[i].where = MANOOVER_OFF_EDGE;
        p->robot[i].goal = -1;
        p->robot[i].removed_seq = ++p->removed;
    }
}

int manoover_pos_place(manoover_pos *p, int seat, int number, manoover_cell c, int dir)
{
    const manoover_layout *l = p->layout;
    if (seat < 0 || seat >= l->seats || number < 1 || number > l->robots)
        return -1;
    if (dir < 0 || dir >= MANOOVER_DIRS || !manoover_on_board(l, c) ||
        manoover_goal_owner(l, c) >= 0)
        return -1;
    int i = manoover_robot_index(l, seat, number);
    int there = p->occupant[manoover_cell_index(c)];
    if (there >= 0 && there != i)
        return -1;
    if (p->robot[i].where == MANOOVER_ON_BOARD)
        p->occupant[manoover_cell_index(p->robot[i].cell)] = -1;
    p->robot[i] = (manoover_robot){.cell = c, .dir = (uint8_t)dir, .where = MANOOVER_ON_BOARD,
                                   .goal = -1};
    p->occupant[manoover_cell_index(c)] = (int8_t)i;
    return 0;
}

void manoover_pos_put_in_goal(manoover_pos *p, int seat, int number, int goal_seat)
{
    int i = manoover_robot_index(p->layout, seat, number);
    manoover_robot *r = &p->robot[i];
    if (r->where == MANOOVER_ON_BOARD)
        p->occupant[manoover_cell_index(r->cell)] = -1;
    r->where = MANOOVER_IN_GOAL;
    r->goal = (int8_t)goal_seat;
    r->cell = p->layout->goal[goal_seat];
    r->removed_seq = ++p->removed;
}

void manoover_pos_recount(manoover_pos *p)
{
    const manoover_layout *l = p->layout;
    memset(p->alive, 0, sizeof p->alive);
    memset(p->scored, 0, sizeof p->scored);
    p->out_count = 0;
    for (int i = 0; i < l->seats * l->robots; i++) {
        const manoover_robot *r = &p->robot[i];
        if (r->where == MANOOVER_ON_BOARD)
            p->alive[manoover_robot_seat(l, i)]++;
        else if (r->where == MANOOVER_IN_GOAL)
            p->scored[r->goal]++;
    }
    for (int s = 0; s < l->seats; s++)
        p->out_count += p->alive[s] == 0;
    p->over = manoover_pos_decided(p);
}

void manoover_pos_start(manoover_pos *p, const manoover_layout *l)
{
    manoover_pos_clear(p, l);
    for (int s = 0; s < l->seats; s++) {
        for (int n = 1; n <= l->robots; n++) {
            const manoover_start *st = &l->start[s][n - 1];
            int placed = manoover_pos_place(p, s, n, st->cell, st->dir);
            assert(placed == 0 && "a set-up cell is off the board, a goal or taken");
            (void)placed;
        }
    }
    p->removed = 0;
    manoover_pos_recount(p);
}

bool manoover_pos_decided(const manoover_pos *p)
{
    return p->out_count >= p->layout->seats - 1;
}

/* Takes robot i off the board into `to`: a goal cell, or a cell beyond the edge. */
static void remove_robot(manoover_pos *p, int i, manoover_cell to, manoover_move *m)
{
    const manoover_layout *l = p->layout;
    manoover_robot *r = &p->robot[i];
    int seat = manoover_robot_seat(l, i);
    int goal = manoover_goal_owner(l, to);
    r->cell = to;
    r->where = goal >= 0 ? MANOOVER_IN_GOAL : MANOOVER_OFF_EDGE;
    r->goal = (int8_t)goal;
    r->removed_seq = ++p->removed;
    if (goal >= 0)
        p->scored[goal]++;
    p->alive[seat]--;
    m->removed = i;
    m->goal = goal;
    if (p->alive[seat] == 0) {
        p->out_count++;
        m->out_seat = seat;
        if (manoover_pos_decided(p))
            p->over = true;
    }
}

void manoover_step(manoover_pos *p, int robot, manoover_move *m)
{
    const manoover_layout *l = p->layout;
    manoover_robot *mover = &p->robot[robot];
    assert(mover->where == MANOOVER_ON_BOARD);
    int dir = mover->dir;

    /* The line of robots in front of the mover, nearest first, and the cell
     * the front one goes to. Goal cells are never occupied, so that cell is
     * empty, a goal, or beyond the edge. */
    int line[MANOOVER_MAX_ROBOTS + 1];
    int len = 0;
    line[len++] = robot;
    manoover_cell c = manoover_neighbour(mover->cell, dir);
    bool on = manoover_on_board(l, c);
    while (on && p->occupant[manoover_cell_index(c)] >= 0) {
        line[len++] = p->occupant[manoover_cell_index(c)];
        c = manoover_neighbour(c, dir);
        on = manoover_on_board(l, c);
    }

    m->robot = (uint8_t)robot;
    m->dir = (uint8_t)dir;
    m->from = mover->cell;
    m->to = manoover_neighbour(mover->cell, dir);
    m->npushed = len - 1;
    m->removed = -1;
    m->goal = -1;
    m->out_seat = -1;

    /* Each robot takes the cell of the one in front; the front one takes c. */
    manoover_cell to = c;
    for (int k = len - 1; k >= 0; k--) {
        manoover_robot *r = &p->robot[line[k]];
        manoover_cell from = r->cell;
        if (k > 0)
            m->pushed[k - 1] = (manoover_push){(uint8_t)line[k], from, to};
        p->occupant[manoover_cell_index(from)] = -1;
        if (k == len - 1 && (!on || manoover_goal_owner(l, to) >= 0)) {
            remove_robot(p, line[k], to, m);
        } else {
            r->cell = to;
            p->occupant[manoover_cell_index(to)] = (int8_t)line[k];
        }
        to = from;
    }
}

void manoover_turn(manoover_pos *p, int robot, int dir)
{
    assert(p->robot[robot].where == MANOOVER_ON_BOARD);
    p->robot[robot].dir = (uint8_t)dir;
}

void manoover_automatic(manoover_pos *p, int seat, manoover_step_fn on_step, void *ctx)
{
    const manoover_layout *l = p->layout;
    for (int n = 1; n <= l->robots && !p->over; n++) {
        int i = manoover_robot_index(l, seat, n);
        if (p->robot[i].where != MANOOVER_ON_BOARD)
            continue;
        manoover_move m;
        manoover_step(p, i, &m);
        if (on_step)
            on_step(p, &m, ctx);
    }
}

int manoover_next_seat(const manoover_pos *p, int seat)
{
    int seats = p->layout->seats;
    for (int k = 1; k <= seats; k++) {
        int s = (seat + k) % seats;
        if (p->alive[s] > 0)
            return s;
    }
    return -1;
}

void manoover_roll_dice(rng *r, const manoover_pos *p, int seat, manoover_roll *out)
{
    const manoover_layout *l = p->layout;
    memset(out, 0, sizeof *out);
    out->n = l->dice;
    /* The whole throw first, then one more throw of the dice naming robots
     * that are gone, as a player would pick them up and throw again. */
    for (int d = 0; d < l->dice; d++)
        out->first[d] = out->value[d] = (uint8_t)rng_range(r, 1, l->faces);
    for (int d = 0; d < l->dice; d++) {
        if (!manoover_robot_on_board(p, seat, out->first[d])) {
            out->rerolled[d] = true;
            out->value[d] = (uint8_t)rng_range(r, 1, l->faces);
        }
        out->kept[d] = manoover_robot_on_board(p, seat, out->value[d]);
    }
}

int manoover_pos_winners(const manoover_pos *p, int winners[MANOOVER_MAX_SEATS])
{
    int best = -1, n = 0;
    for (int s = 0; s < p->layout->seats; s++) {
        if (p->scored[s] > best) {
            best = p->scored[s];
            n = 0;
        }
        if (p->scored[s] == best)
            winners[n++] = s;
    }
    return n;
}
