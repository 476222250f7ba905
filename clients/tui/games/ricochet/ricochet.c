/*
 * ricochet.c: Ricochet Robots in the terminal, the renderer's table.
 *
 * The view read once a state (view.c); the board from the view's walls,
 * with the robots, the targets and where a move would stop (board.c); a
 * move sliding cell by cell along the server's path and the best solution
 * replayed after a round (playback.c); the round, the target, the sand
 * timer, the bids, the demonstration and the chips beside it (panel.c);
 * bids and moves as keys and words (keys.c); the events as sentences
 * (log.c).
 */
#include "ricochet.h"

const game_ui ricochet_ui = {
    .id = "ricochet",
    .size = sizeof(ricochet),
    .commands_help = rr_commands,
    .update = rr_update,
    .draw = rr_draw,
    .key = rr_key,
    .command = rr_command,
    .hints = rr_hints,
    .status = rr_status,
    .describe = rr_describe,
    .next_frame_ms = rr_next_frame,
    .refused = rr_refused,
    .moment = rr_moment,
    .countdown = rr_countdown,
};
