/*
 * board.c: RoboBall on the board: the homes in their team's colours under
 * the robots, every robot in its team's colour (a robot alone on a home
 * with an H in that home's colour beside it), the ball with its facing
 * (reversed during an extraction, ^ while it hovers), and a hitch as '='
 * between the ball and the robot and in the robot's marker column.
 */
#include <stdlib.h>

#include "roboball.h"

void rb_draw_floor(roborally *w, const table *t, canvas cv, const rl_layout *l)
{
    (void)w;
    size_t team;
    const json_t *at;
    json_array_foreach(json_object_get(t->view, "homes"), team, at) {
        int x = (int)json_integer_value(json_array_get(at, 0)), y = (int)json_integer_value(json_array_get(at, 1));
        if (!json_is_array(at) || !rl_shown(l, x, y))
            continue;
        cv_textf(cv, rl_row_of(l, y), rl_col_of(l, x), CV_FG(rb_team_color((int)team)) | CV_BOLD | CV_REVERSE, "H%d",
                 (int)team + 1);
    }
}

static bool robot_at(const rl_pose *pose, int x, int y)
{
    for (int s = 0; s < RL_SEATS; s++) {
        if (pose[s].x == x && pose[s].y == y)
            return true;
    }
    return false;
}

/* '=' on the line between the ball and a hitched robot beside it, where
 * the layout has one (a column between squares always; a row in the tall
 * layout), and in the robot's marker column. */
static void draw_hitch(canvas cv, const rl_layout *l, const rb_ball *b, const rl_pose *p, cv_style st)
{
    int dx = p->x - b->x, dy = p->y - b->y;
    if (rl_shown(l, p->x, p->y))
        cv_text(cv, rl_row_of(l, p->y), rl_col_of(l, p->x) + 2, st, "=");
    if (abs(dx) + abs(dy) != 1 || !rl_shown(l, b->x, b->y) || !rl_shown(l, p->x, p->y))
        return;
    if (dy == 0) {
        int right = p->x > b->x ? p->x : b->x;
        cv_text(cv, rl_row_of(l, p->y), rl_col_of(l, right) - 1, st, "=");
    } else if (l->tall) {
        int lower = p->y > b->y ? p->y : b->y;
        cv_text(cv, rl_row_of(l, lower) - 1, rl_col_of(l, p->x) + 1, st, cv_utf8(&cv) ? "‖" : "|");
    }
}

/* The ball of frame k of the playback (-1: the view's) and its hitches,
 * over the robots. */
void rb_draw_over(roborally *w, const table *t, canvas cv, const rl_layout *l, int k, const rl_pose *pose)
{
    rb_ball view, *b = &view;
    if (k >= 0 && k < RL_PLAY_FRAMES)
        b = &rb_self(w)->frames[k];
    else
        rb_ball_of_view(t, &view);
    if (b->x < 0)
        return;
    for (int s = 0; s < 8; s++) {
        if ((b->hitched & (1u << s)) && pose[s].x >= 0)
            draw_hitch(cv, l, b, &pose[s], CV_FG(rb_team_color(rb_team(t, s))) | CV_BOLD);
    }
    if (!rl_shown(l, b->x, b->y))
        return;
    bool extraction = json_is_true(json_object_get(json_object_get(rb_ball_json(t), "extraction"), "active"));
    cv_style st = CV_FG(CV_WHITE) | CV_BOLD | (extraction ? CV_REVERSE : 0);
    int row = rl_row_of(l, b->y), col = rl_col_of(l, b->x);
    const char *ball = cv_utf8(&cv) ? "●" : "@";
    if (robot_at(pose, b->x, b->y)) {
        /* hovering over a robot (pogo), or a virtual robot below it */
        cv_text(cv, row, col + 2, st, ball);
        return;
    }
    cv_text(cv, row, col, st, ball);
    cv_glyph_at(cv, row, col + 1, st, kit_dir_arrow(kit_side_dir(b->facing)));
    if (b->pogo)
        cv_text(cv, row, col + 2, st, "^");
}

/* A robot wears its team's colour. */
int rb_robot_color(roborally *w, const table *t, const json_t *robot)
{
    (void)w, (void)t;
    return (int)rb_team_color(int_of(robot, "team", 0));
}

/* A robot on a home hides its H1: the marker says whose it is. */
bool rb_robot_marker(roborally *w, const table *t, int x, int y, const char **mark, cv_style *st)
{
    (void)w;
    int home = rb_home_at(t, x, y);
    if (home < 0)
        return false;
    *mark = "H";
    *st = CV_FG(rb_team_color(home)) | CV_BOLD;
    return true;
}
