/* ricochet_move.c: sliding robots and the ricochet rule, cell by cell (the
 * solver has its own table-driven slide; the tests check they agree). */
#include "ricochet_move.h"

#include <stdio.h>
#include <string.h>

int ricochet_slide(const ricochet_board *b, const ricochet_position *p, int robot, int dir,
                   uint8_t *path, int *npath, ricochet_obstacle *obstacle, int *blocker)
{
    int cell = p->cell[robot];
    int n = 0;
    ricochet_obstacle why = RICOCHET_BY_WALL;
    int in_way = -1;
    for (;;) {
        int next = ricochet_neighbor(cell, dir);
        if (next < 0) {
            why = RICOCHET_BY_EDGE;
            break;
        }
        if (ricochet_is_block(b, next)) {
            why = RICOCHET_BY_BLOCK;
            break;
        }
        if (b->walls[cell] & RICOCHET_WALL(dir)) {
            why = RICOCHET_BY_WALL;
            break;
        }
        in_way = ricochet_robot_at(p, next);
        if (in_way >= 0) {
            why = RICOCHET_BY_ROBOT;
            break;
        }
        cell = next;
        if (path)
            path[n] = (uint8_t)cell;
        n++;
    }
    if (npath)
        *npath = n;
    if (obstacle)
        *obstacle = why;
    if (blocker)
        *blocker = in_way;
    return cell;
}

void ricochet_round_start(ricochet_round *r, const ricochet_position *start, int target_cell,
                          int active, bool rule)
{
    memset(r, 0, sizeof *r);
    r->start = *start;
    r->pos = *start;
    r->target = (uint8_t)target_cell;
    r->active = (int8_t)active;
    r->rule = rule;
    r->finisher = -1;
}

void ricochet_round_reset(ricochet_round *r)
{
    ricochet_position start = r->start;
    ricochet_round_start(r, &start, r->target, r->active, r->rule);
}

bool ricochet_round_is_active(const ricochet_round *r, int robot)
{
    return r->active == RICOCHET_ANY || r->active == robot;
}

static const char *obstacle_words(ricochet_obstacle o)
{
    switch (o) {
    case RICOCHET_BY_EDGE: return "the edge of the board";
    case RICOCHET_BY_BLOCK: return "the centre block";
    case RICOCHET_BY_ROBOT: return "a robot";
    default: return "a wall";
    }
}

int ricochet_round_move(ricochet_round *r, const ricochet_board *b, int robot, int dir,
                        ricochet_step *step, char *why, size_t whylen)
{
    if (robot < 0 || robot >= r->pos.nrobots) {
        const char *name = ricochet_color_name(robot);
        snprintf(why, whylen, "there is no %s robot on the board", name ? name : "such");
        return -1;
    }
    const char *name = ricochet_color_name(robot);
    if (dir < 0 || dir > 3) {
        snprintf(why, whylen, "%s can only move north, east, south or west", name);
        return -1;
    }
    if (r->solved) {
        snprintf(why, whylen, "the round is already solved");
        return -1;
    }
    ricochet_step s = {.robot = robot, .dir = dir, .from = r->pos.cell[robot]};
    ricochet_obstacle obstacle;
    int blocker;
    s.to = ricochet_slide(b, &r->pos, robot, dir, s.path, &s.npath, &obstacle, &blocker);
    if (s.npath == 0) {
        if (obstacle == RICOCHET_BY_ROBOT)
            snprintf(why, whylen, "%s cannot move %s: the %s robot is in the way", name,
                     ricochet_dir_word(dir), ricochet_color_name(blocker));
        else
            snprintf(why, whylen, "%s cannot move %s: %s", name, ricochet_dir_word(dir),
                     obstacle_words(obstacle));
        return -1;
    }
    int turn = ricochet_turn_after(r->turn[robot], dir);
    bool on_target = s.to == r->target && ricochet_round_is_active(r, robot);
    if (on_target && r->rule && turn != RICOCHET_TURN_DONE) {
        snprintf(why, whylen,
                 "%s may not stop on the target before it has ricocheted: it must turn "
                 "at least once on its way (the ricochet rule)", name);
        return -1;
    }
    s.turned = turn == RICOCHET_TURN_DONE && r->turn[robot] != RICOCHET_TURN_DONE;
    s.solved = on_target;
    r->turn[robot] = (uint8_t)turn;
    r->pos.cell[robot] = (uint8_t)s.to;
    r->moves++;
    if (on_target) {
        r->solved = true;
        r->finisher = (int8_t)robot;
    }
    if (step)
        *step = s;
    return 0;
}
