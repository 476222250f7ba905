/*
 * editor.c: the layout editor before the fight: your robot's nine slots as
 * a 3x3. Arrows move between slots, a-i put a letter on the selected slot
 * (swapping), 1 2 3 make it a laser, an engine or (with the free centre)
 * the booster, r deals a random layout, Enter locks it in.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "boxing.h"

static unsigned next_rand(boxing *b)
{
    b->rng ^= b->rng << 13;
    b->rng ^= b->rng >> 17;
    b->rng ^= b->rng << 5;
    return b->rng;
}

void bx_deal(boxing *b)
{
    for (int i = 0; i < BX_SLOTS; i++)
        b->letters[i] = i;
    for (int i = BX_SLOTS - 1; i > 0; i--) {
        int j = (int)(next_rand(b) % (unsigned)(i + 1)), tmp = b->letters[i];
        b->letters[i] = b->letters[j];
        b->letters[j] = tmp;
    }
    int outer[8] = {0, 1, 2, 3, 5, 6, 7, 8};
    for (int i = 7; i > 0; i--) {
        int j = (int)(next_rand(b) % (unsigned)(i + 1)), tmp = outer[i];
        outer[i] = outer[j];
        outer[j] = tmp;
    }
    for (int s = 0; s < BX_SLOTS; s++)
        b->parts[s] = PART_ENGINE;
    b->parts[BX_CENTRE] = PART_BOOSTER;
    for (int i = 0; i < 4; i++)
        b->parts[outer[i]] = PART_LASER;
    b->dealt = true;
}

static void place_letter(boxing *b, int slot, int letter)
{
    for (int s = 0; s < BX_SLOTS; s++) {
        if (b->letters[s] == letter) {
            b->letters[s] = b->letters[slot];
            b->letters[slot] = letter;
            return;
        }
    }
}

static int count_parts(const boxing *b, int part)
{
    int n = 0;
    for (int s = 0; s < BX_SLOTS; s++)
        n += b->parts[s] == part;
    return n;
}

/* What is wrong with the layout, in a sentence; "" when it may be sent. */
static void layout_problem(const boxing *b, bool free_centre, char *buf, size_t len)
{
    int lasers = count_parts(b, PART_LASER);
    buf[0] = 0;
    if (lasers < 4)
        snprintf(buf, len, "Choose %d more laser%s (1): a robot has exactly four.", 4 - lasers, lasers == 3 ? "" : "s");
    else if (lasers > 4)
        snprintf(buf, len, "Make %d laser%s an engine (2): a robot has exactly four lasers.", lasers - 4,
                 lasers == 5 ? "" : "s");
    else if (count_parts(b, PART_BOOSTER) != 1)
        snprintf(buf, len, "A robot has exactly one booster.");
    else if (!free_centre && b->parts[BX_CENTRE] != PART_BOOSTER)
        snprintf(buf, len, "The booster goes in the centre slot.");
}

static void set_part(boxing *b, int slot, int part, bool free_centre)
{
    if (!free_centre && (slot == BX_CENTRE || part == PART_BOOSTER))
        return;
    if (part == PART_BOOSTER) {
        for (int s = 0; s < BX_SLOTS; s++)
            if (b->parts[s] == PART_BOOSTER)
                b->parts[s] = PART_ENGINE;
    } else if (b->parts[slot] == PART_BOOSTER) {
        return; /* make another slot the booster first */
    }
    b->parts[slot] = part;
}

static json_t *layout_action(const boxing *b)
{
    char grid[3][4], lasers[8] = "", booster[2] = "";
    for (int s = 0; s < BX_SLOTS; s++) {
        char c = (char)('a' + b->letters[s]);
        grid[s / 3][s % 3] = c;
        grid[s / 3][3] = 0;
        if (b->parts[s] == PART_LASER)
            strncat(lasers, &c, 1);
        else if (b->parts[s] == PART_BOOSTER)
            booster[0] = c;
    }
    return json_pack("{s:s, s:[s,s,s], s:s, s:s}", "kind", "layout", "grid", grid[0], grid[1], grid[2],
                     "lasers", lasers, "booster", booster);
}

int bx_send_layout(boxing *b, table *t)
{
    char problem[160];
    layout_problem(b, json_is_true(json_object_get(t->view, "free_centre")), problem, sizeof problem);
    if (problem[0]) {
        table_notify(t, true, "%s", problem);
        return GAME_CMD_ERROR;
    }
    if (!bx_editing_layout(t)) {
        table_notify(t, true, "Layouts are set once, before the fight.");
        return GAME_CMD_ERROR;
    }
    table_act(t, layout_action(b));
    return GAME_CMD_DONE;
}

void bx_draw_editor(boxing *b, table *t, canvas c)
{
    bool free_centre = json_is_true(json_object_get(t->view, "free_centre"));
    int64_t left = table_ms_left(t);
    char clock[32];
    table_clock_text(left, clock, sizeof clock);
    cv_text(c, 0, 1, CV_BOLD, "Lay out your robot (secret until the fight ends); north is up.");
    bx_draw_grid(c, 2, 3, b->letters, b->parts, NULL, b->cursor);
    int x = 24;
    cv_text(c, 2, x, 0, "(a) laser: shoots the way its slot faces");
    cv_text(c, 3, x, 0, " a  engine: drives the way its slot faces");
    cv_text(c, 4, x, 0, "[a] booster: doubles steps or reach");
    char problem[160];
    layout_problem(b, free_centre, problem, sizeof problem);
    if (problem[0]) {
        cv_wrap(c, 6, x, c.w - x - 1, 2, CV_FG(CV_RED) | CV_BOLD, problem);
    } else {
        int lasers = count_parts(b, PART_LASER), engines = count_parts(b, PART_ENGINE);
        char drive[80] = "", shoot[80] = "";
        for (int s = 0; s < BX_SLOTS; s++) {
            if (bx_slot_dir[s] < 0)
                continue;
            char *list = b->parts[s] == PART_LASER ? shoot : b->parts[s] == PART_ENGINE ? drive : NULL;
            if (list) {
                strncat(list, " ", 79 - strlen(list));
                strncat(list, kit_dir_name(bx_slot_dir[s]), 79 - strlen(list));
            }
        }
        cv_textf(c, 6, x, 0, "Drives%s: up to %d steps, %d with the booster", drive, engines, engines * 2);
        cv_textf(c, 7, x, 0, "Shoots%s: reach %d, %d with the booster", shoot, lasers, lasers * 2);
    }
    cv_textf(c, 9, x, CV_BOLD, "Lock it in within %s, or a random one is dealt.", clock);
    int y = 9;
    int seats = int_of(t->view, "seats", 2);
    for (int s = 0; s < seats; s++) {
        char name[100];
        table_name(t, s, name, sizeof name);
        cv_seat_mark(c, y + 2 + s, x, s);
        bool in = json_is_true(json_object_get(bx_robot(t, s), "layout_in"));
        cv_textf(c, y + 2 + s, x + 3, in ? CV_FG(CV_GREEN) : CV_DIM, "%s: %s", name, in ? "ready" : "thinking");
    }
    cv_wrap(c, 9, 1, 21, 6, CV_DIM,
            "Arrows: slot. a-i: its letter. 1 laser, 2 engine" );
    if (free_centre)
        cv_text(c, 12, 1, CV_DIM, "3 booster");
    cv_text(c, 13, 1, CV_DIM, "r: deal again");
    cv_text(c, 14, 1, CV_BOLD, "Enter: lock in");
}

bool bx_editor_key(boxing *b, table *t, int key)
{
    bool free_centre = json_is_true(json_object_get(t->view, "free_centre"));
    int row = b->cursor / 3, col = b->cursor % 3;
    switch (key) {
    case K_UP: row = (row + 2) % 3; break;
    case K_DOWN: row = (row + 1) % 3; break;
    case K_LEFT: col = (col + 2) % 3; break;
    case K_RIGHT: col = (col + 1) % 3; break;
    case '1': set_part(b, b->cursor, PART_LASER, free_centre); return true;
    case '2': set_part(b, b->cursor, PART_ENGINE, free_centre); return true;
    case '3': set_part(b, b->cursor, PART_BOOSTER, free_centre); return true;
    case 'r': bx_deal(b); return true;
    case K_ENTER: bx_send_layout(b, t); return true;
    default:
        if (bx_letter_of(key) >= 0) {
            place_letter(b, b->cursor, bx_letter_of(key));
            return true;
        }
        return false;
    }
    b->cursor = row * 3 + col;
    return true;
}

/* "gha ibc fed abcd [b]" */
int bx_layout_command(boxing *b, table *t, int argc, char **argv)
{
    bool free_centre = json_is_true(json_object_get(t->view, "free_centre"));
    if (argc == 1)
        return bx_send_layout(b, t);
    if (argc == 2 && strcasecmp(argv[1], "random") == 0) {
        bx_deal(b);
        return bx_send_layout(b, t);
    }
    if (argc < 5 || argc > 6) {
        table_notify(t, true, "Use: layout ROW ROW ROW LASERS [BOOSTER], such as layout gha ibc fed abcd (north row first).");
        return GAME_CMD_ERROR;
    }
    boxing next = *b;
    bool used[BX_SLOTS] = {false};
    for (int row = 0; row < 3; row++) {
        const char *r = argv[1 + row];
        for (int col = 0; col < 3; col++) {
            int l = strlen(r) == 3 ? bx_letter_of(r[col]) : -1;
            if (l < 0 || used[l]) {
                table_notify(t, true, "Each row is three of the letters a to i, each letter once.");
                return GAME_CMD_ERROR;
            }
            used[l] = true;
            next.letters[row * 3 + col] = l;
        }
    }
    for (int s = 0; s < BX_SLOTS; s++) {
        char c = (char)('a' + next.letters[s]);
        bool booster = argc == 6 ? argv[5][0] == c && !argv[5][1] : s == BX_CENTRE;
        next.parts[s] = strchr(argv[4], c) ? PART_LASER : booster ? PART_BOOSTER : PART_ENGINE;
    }
    char problem[160];
    layout_problem(&next, free_centre, problem, sizeof problem);
    if (problem[0]) {
        table_notify(t, true, "%s", problem);
        return GAME_CMD_ERROR;
    }
    *b = next;
    return bx_send_layout(b, t);
}
