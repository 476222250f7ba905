/*
 * roboball.c: RoboBall (RoboRally in mode "roboball", seed 003) in the
 * terminal, as a mode of the race's renderer (roborally.h, rl_mode): the
 * table of the hooks it adds to the race, and the view every file reads.
 *
 * The ball and its playback (ball.c), the homes, hitches and ball on the
 * board (board.c), the ball, the extraction, the votes and the teams beside
 * it (panel.c), the hitch declarations (program.c), the keys and words of
 * declarations and votes (keys.c), the ball's frames and events in words
 * (log.c).
 */

#include "roboball.h"

static const char *const legend_utf8[] = {"H1 team 1's home  ●↑ the ball  = hitch  ^ pogo",
                                          "→ belt  →→→ express  ░ pit  ─ │ laser  1↑ robot 1", NULL};
static const char *const legend_ascii[] = {"H1 team 1's home  @^ the ball  = hitch  ^ pogo",
                                           "> belt  >>> express  O pit  - : laser  1^ robot 1", NULL};

const rl_mode roboball_mode = {
    .id = "roboball",
    .size = sizeof(roboball),
    .commands_help = rb_commands,
    .program_prompt = "program your robot: cards 1-9, h/u R hitch, Enter locks in",
    .legend_utf8 = legend_utf8,
    .legend_ascii = legend_ascii,
    .robot_key = "T team D damage zz powers down next",
    .update = rb_update,
    .sync_program = rb_sync_program,
    .program_fields = rb_program_fields,
    .play_begin = rb_play_begin,
    .play_action = rb_play_action,
    .play_frame = rb_play_frame,
    .draw_floor = rb_draw_floor,
    .draw_over = rb_draw_over,
    .robot_color = rb_robot_color,
    .robot_marker = rb_robot_marker,
    .panel_head = rb_panel_head,
    .draw_register = rb_draw_register,
    .draw_panel = rb_draw_panel,
    .robot_text = rb_robot_text,
    .key = rb_key,
    .command = rb_command,
    .hints = rb_hints,
    .outcome = rb_outcome,
    .motion = rb_motion,
    .piece_name = rb_piece_name,
    .step_words = rb_step_words,
    .describe = rb_describe,
};

/* ---- the view ---- */

const json_t *rb_ball_json(const table *t)
{
    return json_object_get(t->view, "ball");
}

int rb_team(const table *t, int seat)
{
    return int_of(kit_of_seat(json_object_get(t->view, "robots"), seat), "team", -1);
}

/* a team wears the colour of its first seat (seat t is on team t) */
cv_color rb_team_color(int team)
{
    return cv_seat_color(team < 0 ? 0 : team);
}

int rb_home_at(const table *t, int x, int y)
{
    size_t team;
    const json_t *at;
    json_array_foreach(json_object_get(t->view, "homes"), team, at) {
        if (json_integer_value(json_array_get(at, 0)) == x && json_integer_value(json_array_get(at, 1)) == y)
            return (int)team;
    }
    return -1;
}
