/* boxing_rules.c: the pure rules of Robot boxing: layouts, powers, orders,
 * laser cones and simultaneous movement (RULINGS §3). No game state here. */
#include "boxing_rules.h"

#include <stdlib.h>
#include <string.h>

static const char *const part_names[] = {"laser", "engine", "booster"};

static int letter_char(int letter)
{
    return 'a' + letter;
}

/* ---- layouts ---- */

int boxing_layout_check(const boxing_layout *l, bool free_centre, game_error *err)
{
    int seen[BOXING_LETTERS] = {0};
    int count[3] = {0};
    for (int s = 0; s < BOXING_SLOTS; s++) {
        if (l->letter[s] >= BOXING_LETTERS || l->part[s] > BOXING_BOOSTER)
            return game_fail(err, "illegal", "every slot needs a letter from a to i and a part");
        if (seen[l->letter[s]]++)
            return game_fail(err, "illegal", "letter %c is used twice: each of a to i goes on one slot",
                             letter_char(l->letter[s]));
        count[l->part[s]]++;
    }
    if (count[BOXING_LASER] != BOXING_LASERS)
        return game_fail(err, "illegal", "a robot has exactly four lasers, not %d", count[BOXING_LASER]);
    if (count[BOXING_BOOSTER] != 1)
        return game_fail(err, "illegal", "a robot has exactly one booster");
    if (!free_centre && l->part[BOXING_CENTRE] != BOXING_BOOSTER)
        return game_fail(err, "illegal",
                         "the booster goes in the centre slot (the free-centre option is off), not a %s",
                         part_names[l->part[BOXING_CENTRE]]);
    return 0;
}

void boxing_layout_random(boxing_layout *l, rng *r)
{
    int outer[8] = {0, 1, 2, 3, 5, 6, 7, 8};
    rng_shuffle_ints(r, outer, 8);
    for (int i = 0; i < 8; i++)
        l->part[outer[i]] = i < BOXING_LASERS ? BOXING_LASER : BOXING_ENGINE;
    l->part[BOXING_CENTRE] = BOXING_BOOSTER;
    int letters[BOXING_LETTERS];
    for (int i = 0; i < BOXING_LETTERS; i++)
        letters[i] = i;
    rng_shuffle_ints(r, letters, BOXING_LETTERS);
    for (int s = 0; s < BOXING_SLOTS; s++)
        l->letter[s] = (uint8_t)letters[s];
}

void boxing_layout_from_template(boxing_layout *l, const boxing_template *t, rng *r)
{
    int letters[BOXING_LETTERS];
    for (int i = 0; i < BOXING_LETTERS; i++)
        letters[i] = i;
    rng_shuffle_ints(r, letters, BOXING_LETTERS);
    for (int s = 0; s < BOXING_SLOTS; s++) {
        l->part[s] = t->part[s];
        l->letter[s] = (uint8_t)letters[s];
    }
}

int boxing_layout_slot_of(const boxing_layout *l, int letter)
{
    for (int s = 0; s < BOXING_SLOTS; s++) {
        if (l->letter[s] == letter)
            return s;
    }
    return -1;
}

void boxing_powers_of(const boxing_layout *l, uint16_t destroyed, boxing_powers *p)
{
    memset(p, 0, sizeof *p);
    for (int s = 0; s < BOXING_SLOTS; s++) {
        if (destroyed & (1u << l->letter[s]))
            continue;
        int dir = boxing_slot_dir[s];
        switch (l->part[s]) {
        case BOXING_LASER:
            p->lasers++;
            if (dir >= 0)
                p->guns |= (uint16_t)(1u << l->letter[s]);
            break;
        case BOXING_ENGINE:
            p->engines++;
            if (dir >= 0)
                p->dirs |= (uint8_t)(1u << dir);
            break;
        default:
            p->booster = true;
        }
    }
}

int boxing_knocked_out(const boxing_layout *l, uint16_t destroyed)
{
    boxing_powers p;
    boxing_powers_of(l, destroyed, &p);
    return (p.lasers == 0 ? BOXING_OUT_LASERS : 0) | (p.engines == 0 ? BOXING_OUT_ENGINES : 0);
}

/* ---- orders ---- */

void boxing_orders_idle(boxing_orders *o)
{
    memset(o, 0, sizeof *o);
    o->boost = BOXING_BOOST_NONE;
    o->fire = -1;
    o->target = -1;
    o->target_robot = -1;
}

int boxing_max_steps(const boxing_powers *p, int boost)
{
    return p->engines * (boost == BOXING_BOOST_MOVE ? 2 : 1);
}

int boxing_reach(const boxing_powers *p, int boost)
{
    return p->lasers * (boost == BOXING_BOOST_SHOOT ? 2 : 1);
}

int boxing_path_leaves(int size, int cell, const boxing_orders *o)
{
    int x = cell % size, y = cell / size;
    for (int k = 0; k < o->steps; k++) {
        x += boxing_dirs[o->path[k]].dx;
        y += boxing_dirs[o->path[k]].dy;
        if (x < 0 || y < 0 || x >= size || y >= size)
            return k + 1;
    }
    return 0;
}

static int check_path(const boxing_powers *p, int size, int cell, const boxing_orders *o,
                      game_error *err)
{
    int most = boxing_max_steps(p, o->boost);
    if (o->steps > most)
        return game_fail(err, "illegal", "your path has %d step%s but your robot can make only %d "
                         "(%d working engine%s%s)", o->steps, o->steps == 1 ? "" : "s", most,
                         p->engines, p->engines == 1 ? "" : "s",
                         o->boost == BOXING_BOOST_MOVE ? ", doubled by the booster" : "");
    for (int k = 0; k < o->steps; k++) {
        int d = o->path[k];
        if (d < 0 || d >= BOXING_DIRS)
            return game_fail(err, "illegal", "step %d has no direction", k + 1);
        if (!(p->dirs & (1u << d)))
            return game_fail(err, "illegal", "step %d goes %s but no working engine sits in your %s slot",
                             k + 1, boxing_dirs[d].name, boxing_dirs[d].name);
    }
    int leaves = boxing_path_leaves(size, cell, o);
    if (leaves)
        return game_fail(err, "illegal", "step %d of your path leaves the ring", leaves);
    return 0;
}

static int check_fire(const boxing_layout *l, const boxing_powers *p, const boxing_orders *o,
                      game_error *err)
{
    if (o->fire < 0)
        return 0;
    if (o->fire >= BOXING_LETTERS)
        return game_fail(err, "illegal", "fire names no letter from a to i");
    if (o->target < 0 || o->target >= BOXING_LETTERS)
        return game_fail(err, "illegal", "a shot needs a target slot letter from a to i");
    int slot = boxing_layout_slot_of(l, o->fire);
    if (l->part[slot] != BOXING_LASER)
        return game_fail(err, "illegal", "%c is your %s, not a laser", letter_char(o->fire),
                         part_names[l->part[slot]]);
    if (!(p->guns & (1u << o->fire))) {
        if (boxing_slot_dir[slot] < 0)
            return game_fail(err, "illegal", "laser %c sits in the centre and faces no direction",
                             letter_char(o->fire));
        return game_fail(err, "illegal", "laser %c is destroyed", letter_char(o->fire));
    }
    return 0;
}

int boxing_orders_check(const boxing_layout *l, uint16_t destroyed, int size, int cell,
                        const boxing_orders *o, game_error *err)
{
    boxing_powers p;
    boxing_powers_of(l, destroyed, &p);
    if (o->boost > BOXING_BOOST_SHOOT)
        return game_fail(err, "illegal", "the booster is used for moving, shooting or nothing");
    if (o->boost != BOXING_BOOST_NONE && !p.booster)
        return game_fail(err, "illegal", "your booster is destroyed");
    if (check_path(&p, size, cell, o, err) < 0)
        return -1;
    return check_fire(l, &p, o, err);
}

/* ---- cones ---- */

bool boxing_cone_contains(int dir, int dx, int dy, int reach)
{
    if (dx == 0 && dy == 0)
        return false;
    if (abs(dx) > reach || abs(dy) > reach)
        return false;
    int ux = boxing_dirs[dir].dx, uy = boxing_dirs[dir].dy;
    if (ux != 0 && uy != 0) /* corner: the quarter-plane, both axes included */
        return dx * ux >= 0 && dy * uy >= 0;
    int ahead = dx * ux + dy * uy;
    int aside = abs(dx * uy - dy * ux);
    return ahead >= 1 && aside <= ahead;
}

int boxing_cone_cells(int size, int dir, int cell, int reach, int *out)
{
    int x0 = cell % size, y0 = cell / size, n = 0;
    for (int y = 0; y < size; y++) {
        for (int x = 0; x < size; x++) {
            if (boxing_cone_contains(dir, x - x0, y - y0, reach))
                out[n++] = y * size + x;
        }
    }
    return n;
}

/* ---- movement ---- */

static int step_cell(int size, int cell, int dir)
{
    return cell + boxing_dirs[dir].dy * size + boxing_dirs[dir].dx;
}

/* Marks the robots of this step that may not take it: pairs entering one
 * cell, pairs trading cells, then (until nothing changes) robots stepping into
 * a cell whose robot does not leave it. */
static void refuse_steps(int seats, const bool moving[], const int pos[], const int next[],
                         uint8_t why[])
{
    for (int i = 0; i < seats; i++) {
        for (int j = i + 1; j < seats; j++) {
            if (!moving[i] || !moving[j])
                continue;
            int w = BOXING_STOP_NONE;
            if (next[i] == next[j])
                w = BOXING_STOP_SAME_CELL;
            else if (next[i] == pos[j] && next[j] == pos[i])
                w = BOXING_STOP_SWAP;
            if (w) {
                if (!why[i])
                    why[i] = (uint8_t)w;
                if (!why[j])
                    why[j] = (uint8_t)w;
            }
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < seats; i++) {
            if (!moving[i] || why[i])
                continue;
            for (int j = 0; j < seats; j++) {
                if (j != i && pos[j] == next[i] && (!moving[j] || why[j])) {
                    why[i] = BOXING_STOP_OCCUPIED;
                    changed = true;
                }
            }
        }
    }
}

void boxing_move_all(int size, int seats, const bool present[], const int start[],
                     const boxing_orders orders[], boxing_motion *m)
{
    memset(m, 0, sizeof *m);
    if (seats > BOXING_MAX_SEATS) /* never so; said for the optimiser's sake */
        seats = BOXING_MAX_SEATS;
    int pos[BOXING_MAX_SEATS];
    for (int i = 0; i < seats; i++) {
        /* robots off the ring sit on no cell */
        pos[i] = present[i] ? start[i] : -1 - i;
        m->cell[i][0] = start[i];
        if (present[i] && orders[i].steps > m->frames)
            m->frames = orders[i].steps;
    }
    bool stopped[BOXING_MAX_SEATS] = {false};
    for (int k = 0; k < m->frames; k++) {
        bool moving[BOXING_MAX_SEATS];
        int next[BOXING_MAX_SEATS];
        uint8_t why[BOXING_MAX_SEATS] = {0};
        for (int i = 0; i < seats; i++) {
            moving[i] = present[i] && !stopped[i] && k < orders[i].steps;
            next[i] = moving[i] ? step_cell(size, pos[i], orders[i].path[k]) : pos[i];
        }
        refuse_steps(seats, moving, pos, next, why);
        for (int i = 0; i < seats; i++) {
            if (moving[i] && why[i]) {
                stopped[i] = true;
                m->stop_step[i] = k + 1;
                m->stop_why[i] = why[i];
            } else if (moving[i]) {
                pos[i] = next[i];
            }
            m->cell[i][k + 1] = present[i] ? pos[i] : start[i];
        }
    }
}
