/*
 * orders.c: the order composer during the fight: arrow keys and the numeric
 * keypad digits (7 8 9 / 4 6 / 1 2 3) add steps, Backspace takes one back,
 * m switches the booster (off, move, shoot), f then a letter picks the
 * laser (f then - holds fire), t then a letter the enemy slot to hit, o the
 * robot to aim at, Enter sends the orders (they may be replaced until the
 * turn resolves).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "boxing.h"

/* Where the planned path ends (assuming nobody is in the way). */
void bx_plan_end(const boxing *b, const table *t, int *x, int *y)
{
    if (!bx_cell_of(bx_me(t), x, y)) {
        *x = *y = -100; /* no robot of ours: far off any ring */
        return;
    }
    for (int k = 0; k < b->steps; k++) {
        *x += kit_dx[b->path[k]];
        *y += kit_dy[b->path[k]];
    }
}

void bx_reset_orders(boxing *b, table *t)
{
    b->steps = 0;
    b->boost = BOOST_NONE;
    b->fire = -1;
    b->target = -1;
    b->mode = MODE_NONE;
    int e[4];
    b->target_robot = bx_enemies(t, e) > 0 ? e[0] : -1;
    b->turn = int_of(t->view, "turn", 0);
}

static int add_step(boxing *b, table *t, int d)
{
    int size = int_of(t->view, "size", 8), x, y;
    if (!bx_can_drive(t, d)) {
        table_notify(t, true, "No working engine of yours drives %s.", kit_dir_name(d));
        return GAME_CMD_ERROR;
    }
    if (b->steps >= bx_max_steps(b, t) || b->steps >= BX_MAX_STEPS) {
        table_notify(t, true, "That is all the steps you have this turn (%d%s).", bx_max_steps(b, t),
                     b->boost == BOOST_MOVE ? " with the booster" : "; m boosts the engines");
        return GAME_CMD_ERROR;
    }
    bx_plan_end(b, t, &x, &y);
    x += kit_dx[d];
    y += kit_dy[d];
    if (x < 0 || y < 0 || x >= size || y >= size) {
        table_notify(t, true, "That step would leave the ring.");
        return GAME_CMD_ERROR;
    }
    b->path[b->steps++] = d;
    return GAME_CMD_DONE;
}

static int set_fire(boxing *b, table *t, int letter)
{
    if (letter < 0) {
        b->fire = -1;
        return GAME_CMD_DONE;
    }
    if (bx_gun_dir(t, letter) < 0) {
        table_notify(t, true, "%c is not a working laser of yours facing out.", 'a' + letter);
        return GAME_CMD_ERROR;
    }
    b->fire = letter;
    return GAME_CMD_DONE;
}

static json_t *orders_action(const boxing *b, const table *t)
{
    json_t *path = json_array();
    for (int k = 0; k < b->steps; k++)
        json_array_append_new(path, json_string(kit_dir_name(b->path[k])));
    json_t *a = json_pack("{s:s, s:o, s:s, s:i}", "kind", "orders", "path", path, "booster",
                          bx_boost_names[b->boost], "turn", int_of(t->view, "turn", 0));
    if (b->fire >= 0) {
        char fire[2] = {(char)('a' + b->fire), 0}, target[2] = {(char)('a' + (b->target >= 0 ? b->target : 0)), 0};
        json_object_set_new(a, "fire", json_string(fire));
        json_object_set_new(a, "target", b->target >= 0 ? json_string(target) : json_null());
        if (b->target_robot >= 0 && int_of(t->view, "seats", 2) > 2)
            json_object_set_new(a, "target_robot", json_integer(b->target_robot));
    }
    return a;
}

int bx_send_orders(boxing *b, table *t)
{
    if (!bx_writing_orders(t)) {
        table_notify(t, true, "There are no orders to write now.");
        return GAME_CMD_ERROR;
    }
    if (b->fire >= 0 && b->target < 0) {
        table_notify(t, true, "Which enemy slot do you aim at? t then a letter (a-i).");
        return GAME_CMD_ERROR;
    }
    table_act(t, orders_action(b, t));
    return GAME_CMD_DONE;
}

static void plan_text(const boxing *b, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "Path:");
    for (int k = 0; k < b->steps && n < len; k++)
        n += (size_t)snprintf(buf + n, len - n, " %s", kit_dir_name(b->path[k]));
    if (b->steps == 0 && n < len)
        snprintf(buf + n, len - n, " stand still");
}

int bx_draw_composer(boxing *b, table *t, canvas c, int y)
{
    const json_t *w = bx_working(t);
    cv_textf(c, y++, 0, CV_BOLD, "Your orders for turn %d", int_of(t->view, "turn", 0));
    char text[200];
    plan_text(b, text, sizeof text);
    cv_textf(c, y++, 1, 0, "%s  (%d of %d steps)", text, b->steps, bx_max_steps(b, t));
    cv_textf(c, y++, 1, 0, "Booster: %s%s", bx_boost_names[b->boost],
             json_is_true(json_object_get(w, "booster")) ? "" : " (destroyed)");
    if (b->fire >= 0) {
        char tgt[40] = "?";
        if (b->target >= 0)
            snprintf(tgt, sizeof tgt, "%c", 'a' + b->target);
        char at[100] = "";
        if (int_of(t->view, "seats", 2) > 2 && b->target_robot >= 0) {
            char name[80];
            table_name(t, b->target_robot, name, sizeof name);
            snprintf(at, sizeof at, " of %s", name);
        }
        cv_textf(c, y++, 1, 0, "Fire laser %c (%s), reach %d, at slot %s%s", 'a' + b->fire,
                 kit_dir_name(bx_gun_dir(t, b->fire) >= 0 ? bx_gun_dir(t, b->fire) : 0), bx_reach(b, t), tgt, at);
    } else {
        cv_text(c, y++, 1, 0, "Hold fire");
    }
    const json_t *sent = json_object_get(bx_me(t), "orders");
    cv_text(c, y++, 1, json_is_object(sent) ? CV_FG(CV_GREEN) : CV_FG(CV_YELLOW) | CV_BOLD,
            json_is_object(sent) ? "Orders in (Enter sends new ones)" : "Not sent yet: Enter sends");
    if (b->mode == MODE_FIRE)
        cv_text(c, y++, 1, CV_BOLD | CV_REVERSE, "Which laser? a-i (- holds fire)");
    else if (b->mode == MODE_TARGET)
        cv_text(c, y++, 1, CV_BOLD | CV_REVERSE, "Which enemy slot? a-i");
    return y;
}

static const struct {
    int key, dir;
} dir_keys[] = {
    {K_UP, 0}, {K_RIGHT, 2}, {K_DOWN, 4}, {K_LEFT, 6}, {K_HOME, 7}, {K_PGUP, 1}, {K_END, 5}, {K_PGDN, 3},
    {'8', 0},  {'9', 1},     {'6', 2},    {'3', 3},    {'2', 4},    {'1', 5},    {'4', 6},   {'7', 7},
};

bool bx_orders_key(boxing *b, table *t, int key)
{
    if (b->mode != MODE_NONE) {
        mode m = b->mode;
        b->mode = MODE_NONE;
        if (key == K_ESC)
            return true;
        if (m == MODE_FIRE && (key == '-' || key == ' ')) {
            set_fire(b, t, -1);
            return true;
        }
        if (bx_letter_of(key) < 0) {
            if (m == MODE_FIRE)
                table_notify(t, true, "Pick a laser by its letter, a to i, or - to hold fire.");
            else
                table_notify(t, true, "A slot is a letter from a to i.");
            return true;
        }
        if (m == MODE_FIRE) {
            if (set_fire(b, t, bx_letter_of(key)) == GAME_CMD_DONE && b->target < 0)
                b->mode = MODE_TARGET;
        } else {
            b->target = bx_letter_of(key);
        }
        return true;
    }
    for (size_t i = 0; i < sizeof dir_keys / sizeof dir_keys[0]; i++) {
        if (dir_keys[i].key == key) {
            add_step(b, t, dir_keys[i].dir);
            return true;
        }
    }
    switch (key) {
    case K_BACKSPACE:
        if (b->steps > 0)
            b->steps--;
        return true;
    case 'm':
        b->boost = (b->boost + 1) % 3;
        if (!json_is_true(json_object_get(bx_working(t), "booster")))
            b->boost = BOOST_NONE;
        while (b->steps > bx_max_steps(b, t))
            b->steps--;
        return true;
    case 'f': b->mode = MODE_FIRE; return true;
    case 't': b->mode = MODE_TARGET; return true;
    case 'o': {
        int e[4], n = bx_enemies(t, e), k = 0;
        for (int i = 0; i < n; i++)
            if (e[i] == b->target_robot)
                k = (i + 1) % n;
        b->target_robot = n ? e[k] : -1;
        return true;
    }
    case K_ENTER: bx_send_orders(b, t); return true;
    default: return false;
    }
}

/* orders [DIR ...] [boost=none|move|shoot] [fire=L] [target=L] [robot=N] */
int bx_orders_command(boxing *b, table *t, int argc, char **argv)
{
    if (argc == 1)
        return bx_send_orders(b, t);
    boxing next = *b;
    next.steps = 0;
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        int d = kit_dir_parse(w);
        if (d >= 0) {
            if (add_step(&next, t, d) != GAME_CMD_DONE)
                return GAME_CMD_ERROR;
            continue;
        }
        const char *eq = strchr(w, '=');
        const char *v = eq ? eq + 1 : "";
        size_t n = eq ? (size_t)(eq - w) : strlen(w);
        if (n == 5 && strncasecmp(w, "boost", 5) == 0) {
            int k = 0;
            while (k < 3 && strcasecmp(v, bx_boost_names[k]) != 0)
                k++;
            if (k == 3) {
                table_notify(t, true, "boost is none, move or shoot.");
                return GAME_CMD_ERROR;
            }
            next.boost = k;
        } else if (n == 4 && strncasecmp(w, "fire", 4) == 0) {
            bool none = strcasecmp(v, "none") == 0;
            if (!none && (strlen(v) != 1 || bx_letter_of(v[0]) < 0)) {
                table_notify(t, true, "fire is one of your laser letters (a to i), or none.");
                return GAME_CMD_ERROR;
            }
            if (set_fire(&next, t, none ? -1 : bx_letter_of(v[0])) != GAME_CMD_DONE)
                return GAME_CMD_ERROR;
        } else if (n == 6 && strncasecmp(w, "target", 6) == 0) {
            if (strlen(v) != 1 || bx_letter_of(v[0]) < 0) {
                table_notify(t, true, "target is an enemy slot letter, a to i.");
                return GAME_CMD_ERROR;
            }
            next.target = bx_letter_of(v[0]);
        } else if (n == 5 && strncasecmp(w, "robot", 5) == 0) {
            next.target_robot = atoi(v) - 1;
        } else {
            table_notify(t, true, "Use: orders [DIR ...] [boost=move|shoot] [fire=L target=L [robot=N]]; DIR is N NE E SE S SW W NW.");
            return GAME_CMD_ERROR;
        }
    }
    *b = next;
    return bx_send_orders(b, t);
}
