/*
 * panel.c: beside the board, the course and turn, the next flag, our
 * program (the registers, the locked ones marked, and the hand), the
 * power-down and beam, our option cards or the clean-up choice, and every
 * robot's flags, damage, lives and state.
 */
#include <stdio.h>
#include <string.h>

#include "rl_tables.h"
#include "roborally.h"

static int draw_robot_line(roborally *w, const table *t, canvas p, int y, const json_t *r)
{
    char name[64], line[200];
    int seat = int_of(r, "seat", 0);
    table_name(t, seat, name, sizeof name);
    cv_seat_mark(p, y, 0, seat);
    const char *status = str_of(r, "status");
    const char *state = strcmp(status, "powered_down") == 0 ? " down"
                        : strcmp(status, "destroyed") == 0  ? " wrecked"
                        : strcmp(status, "out") == 0        ? " OUT"
                        : json_is_true(json_object_get(r, "programmed")) && kit_phase_is(t, "program") ? " ready"
                                                                                                   : "";
    char stats[80];
    if (w->mode && w->mode->robot_text)
        w->mode->robot_text(w, t, r, stats, sizeof stats);
    else
        snprintf(stats, sizeof stats, "F%d D%d L%d", int_of(r, "flags", 0), int_of(r, "damage", 0), int_of(r, "lives", 0));
    /* virtual: ours always; another's where the line has room (the board underlines it) */
    bool virt = json_is_true(json_object_get(r, "virtual")) && (!w->compact || seat == t->seat);
    snprintf(line, sizeof line, "%s%s%s%s", stats, state, virt ? " virtual" : "",
             json_is_true(json_object_get(r, "power_down_next")) ? " zz" : "");
    /* the name takes what the line leaves, 14 columns at the most, 5 at the
     * least; one that does not fit loses its "(level)" first ("Bot 2") */
    int name_w = p.w - 4 - cv_text_width(&p, line);
    name_w = name_w > 14 ? 14 : name_w < 5 ? 5 : name_w;
    char *paren = strstr(name, " (");
    if (cv_text_width(&p, name) > name_w && paren && name[strlen(name) - 1] == ')')
        *paren = 0;
    int n = cv_text_fit(p, y, 3, name_w, seat == t->seat ? CV_BOLD : 0, name);
    cv_text_fit(p, y, 4 + n, p.w - 4 - n, strcmp(status, "out") == 0 ? CV_DIM : 0, line);
    return y + 1;
}

static void card_text(int card, char *buf, size_t len)
{
    if (card)
        snprintf(buf, len, "%-6s %3d", rl_card_short(card), card);
    else
        snprintf(buf, len, "%s", "");
}

static int draw_program(roborally *w, const table *t, canvas p, int y)
{
    const json_t *r = rl_my_robot(t);
    bool editing = rl_need_is(t, "program");
    bool locked_in = json_is_true(json_object_get(r, "programmed"));
    const json_t *program = json_object_get(r, "program");
    cv_text(p, y, 0, CV_BOLD, locked_in ? "Program (locked in)" : "Your program");
    if (w->mode && w->mode->draw_register)
        w->mode->draw_register(w, t, p, y, -1);
    y++;
    for (int i = 0; i < RL_REGS; i++) {
        char text[40];
        /* a locked register's card is the view's (it stays from last turn) */
        int card = editing && !rl_reg_locked(r, i) ? w->regs[i] : (int)json_integer_value(json_array_get(program, (size_t)i));
        if (rl_reg_locked(r, i) && !card)
            card = (int)json_integer_value(json_array_get(json_object_get(r, "registers"), (size_t)i));
        card_text(card, text, sizeof text);
        cv_textf(p, y, 0, CV_DIM, "%d", i + 1);
        if (!card)
            cv_text(p, y, 2, CV_DIM, rl_reg_locked(r, i) ? "(deck)" : "--");
        else
            cv_text(p, y, 2, rl_reg_locked(r, i) ? CV_DIM : CV_BOLD, text);
        if (rl_reg_locked(r, i)) {
            cv_text(p, y, 14, CV_FG(CV_RED), "locked");
        } else if (editing && card) {
            char click[24];
            snprintf(click, sizeof click, "takeback %d", i + 1);
            cv_click_at(p, y, 0, 14, click);
        }
        if (w->mode && w->mode->draw_register)
            w->mode->draw_register(w, t, p, y, i);
        y++;
    }
    int n = rl_hand_size(r);
    if (n == 0)
        return y;
    cv_textf(p, y++, 0, CV_BOLD, "Hand (keys 1-%d)", n);
    /* two columns where the panel is wide; in a short one too, without
     * "in 3" (the registers say where a card went, and it is dimmed) */
    int cols = p.w >= 44 || w->compact ? 2 : 1, rows = (n + cols - 1) / cols;
    int cell = p.w >= 44 ? 22 : 13;
    for (int k = 0; k < n; k++) {
        char text[40];
        int card = rl_hand_card(r, k);
        card_text(card, text, sizeof text);
        int at = editing || locked_in ? rl_reg_of(w, r, card) : -1;
        int row = y + k % rows, col = (k / rows) * cell;
        cv_textf(p, row, col, CV_FG(CV_CYAN) | CV_BOLD, "%d", k + 1);
        cv_text(p, row, col + 2, at >= 0 ? CV_DIM : 0, text);
        if (at >= 0 && cell > 13)
            cv_textf(p, row, col + 13, CV_DIM, "in %d", at + 1);
        if (editing) {
            char click[24];
            snprintf(click, sizeof click, "card %d", k + 1);
            cv_click_at(p, row, col, cell > 13 ? 17 : 12, click);
        }
    }
    y += rows;
    if (int_of(r, "damage", 0) > 0 || w->power_down)
        cv_textf(p, y++, 0, w->power_down ? CV_BOLD | CV_FG(CV_YELLOW) : CV_DIM, "p power down next turn: %s",
                 w->power_down ? "yes" : "no");
    if (rl_beam_choice(r))
        cv_textf(p, y++, 0, CV_DIM, "b main laser: %s", rl_beams[w->beam].label);
    return y;
}

/* Our option cards, by name. */
static int draw_options(const table *t, canvas p, int y)
{
    const json_t *options = json_object_get(rl_my_robot(t), "options");
    if (!json_array_size(options))
        return y;
    char line[300] = "Options:";
    size_t i;
    const json_t *o;
    json_array_foreach(options, i, o) {
        size_t n = strlen(line);
        snprintf(line + n, sizeof line - n, "%s %s", i ? "," : "", rl_option_name(json_string_value(o) ? json_string_value(o) : "?"));
    }
    return y + cv_wrap(p, y, 0, p.w, 2, CV_FG(CV_GREEN), line);
}

static int draw_choice(roborally *w, const table *t, canvas p, int y)
{
    const json_t *r = rl_my_robot(t);
    if (rl_need_is(t, "reenter")) {
        char where[16];
        kit_square_of(json_object_get(r, "archive"), where, sizeof where);
        cv_textf(p, y++, 0, CV_BOLD, "Your robot re-enters at %s", where);
        y += cv_wrap(p, y, 0, p.w, 2, 0, "An arrow key sends the way it faces.");
        for (int d = 0; d < 4; d++) {
            char click[24];
            snprintf(click, sizeof click, "reenter %s", kit_dir_name(kit_side_dir(d)));
            cv_glyph_at(p, y, d * 4, CV_BOLD, kit_dir_arrow(kit_side_dir(d)));
            cv_text(p, y, d * 4 + 1, CV_BOLD, kit_dir_name(kit_side_dir(d)));
            cv_click_at(p, y, d * 4, 2, click);
        }
        y++;
        cv_textf(p, y++, 0, w->reenter_down ? CV_BOLD | CV_FG(CV_YELLOW) : CV_DIM, "p powered down: %s",
                 w->reenter_down ? "yes" : "no");
    } else if (rl_need_is(t, "stay_down")) {
        cv_textf(p, y++, 0, CV_BOLD, "Powered down with %d damage.", int_of(r, "damage", 0));
        y += cv_wrap(p, y, 0, p.w, 3, 0, "y: stay down another turn (repairs all damage); n: power up.");
    }
    return y;
}

static const char *waiting_text(const table *t)
{
    const json_t *r = rl_my_robot(t);
    const char *status = str_of(r, "status");
    if (kit_phase_is(t, "over"))
        return "The game is over.";
    if (!r && json_is_true(json_object_get(t->view, "replay")))
        return "A replay: every robot's program is shown below.";
    if (!r)
        return "You are watching: programs stay secret until they run.";
    if (strcmp(status, "out") == 0)
        return "Your robot is out of lives.";
    if (strcmp(status, "destroyed") == 0)
        return "Your robot is destroyed: it re-enters at clean-up.";
    if (strcmp(status, "powered_down") == 0)
        return "Powered down this turn: no cards, no program.";
    if (kit_phase_is(t, "choose"))
        return "Clean-up: waiting for the others' choices.";
    return NULL;
}

void rl_draw_panel(roborally *w, const table *t, canvas p)
{
    const json_t *r = rl_my_robot(t);
    int y = 0;
    w->compact = p.h < 30 && p.w < 44;
    if (kit_phase_is(t, "over")) {
        char sum[200];
        table_humanize(t, str_of(json_object_get(t->view, "result"), "summary"), sum, sizeof sum);
        y += cv_wrap(p, y, 0, p.w, 2, CV_BOLD, sum);
    }
    char head[120];
    const char *course = w->loaded ? w->course.name : str_of(t->view, "course");
    /* a mode's head replaces the race's, and its flag line */
    bool race = !w->mode || !w->mode->panel_head || !w->mode->panel_head(w, t, course, head, sizeof head);
    if (race)
        snprintf(head, sizeof head, "%s, turn %d", course, int_of(t->view, "turn", 0));
    y += cv_wrap(p, y, 0, p.w, 2, CV_BOLD, head);
    int next = int_of(r, "flags", 0);
    if (race && r && w->loaded && next < w->course.nflags && !kit_phase_is(t, "over"))
        cv_textf(p, y++, 0, CV_FG(CV_MAGENTA), "Next: flag %d of %d at %c%d", next + 1, w->course.nflags,
                 'A' + w->course.flag_x[next], w->course.flag_y[next] + 1);
    else if (race)
        cv_textf(p, y++, 0, 0, "%d flags to touch in order", int_of(t->view, "flags", 0));
    if (r && (rl_need_is(t, "program") || (kit_phase_is(t, "program") && json_is_true(json_object_get(r, "programmed")))))
        y = draw_program(w, t, p, y);
    else if (rl_need_is(t, "reenter") || rl_need_is(t, "stay_down"))
        y = draw_choice(w, t, p, y);
    else if (waiting_text(t))
        y += cv_wrap(p, y, 0, p.w, 2, CV_DIM, waiting_text(t));
    y = draw_options(t, p, y);
    if (w->mode && w->mode->draw_panel)
        y = w->mode->draw_panel(w, t, p, y);
    if (!w->compact)
        y++;
    size_t i;
    const json_t *rb;
    json_array_foreach(json_object_get(t->view, "robots"), i, rb) {
        if (y < p.h)
            y = draw_robot_line(w, t, p, y, rb);
    }
    /* A replay's view holds every program: one line each. */
    if (json_is_true(json_object_get(t->view, "replay")) && !kit_phase_is(t, "over")) {
        json_array_foreach(json_object_get(t->view, "robots"), i, rb) {
            char name[64], line[160];
            table_name(t, (int)i, name, sizeof name);
            size_t used = (size_t)snprintf(line, sizeof line, "%s:", name);
            size_t k;
            const json_t *c;
            json_array_foreach(json_object_get(rb, "program"), k, c) {
                int card = (int)json_integer_value(c);
                used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0, " %s",
                                         card ? rl_card_short(card) : "--");
            }
            if (y < p.h)
                cv_text_fit(p, y++, 0, p.w, CV_DIM, line);
        }
    }
    /* what the robot lines say, where it fits whole */
    char key[300];
    bool any_virtual = false;
    json_array_foreach(json_object_get(t->view, "robots"), i, rb)
        any_virtual |= json_is_true(json_object_get(rb, "virtual"));
    snprintf(key, sizeof key, "%s%s", w->mode && w->mode->robot_key ? w->mode->robot_key : "F flags D damage L lives zz powers down next",
             any_virtual ? "; virtual: sharing its square, it passes through robots and lasers until it stands alone" : "");
    int need = cv_wrap(cv_sub(p, p.h, 0, 0, p.w), 0, 0, p.w, 10, CV_DIM, key);
    if (y + need <= p.h)
        cv_wrap(p, y, 0, p.w, need, CV_DIM, key);
}
