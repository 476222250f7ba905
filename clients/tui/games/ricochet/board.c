/*
 * board.c: the board drawn from the view's walls: with two text rows per
 * cell and box-drawing walls when the terminal is tall enough, otherwise
 * one row per cell with walls between columns and a south wall underlining
 * its cell. Robots are their colour's capital letter on their colour;
 * targets are their symbol and colour's small letter, the revealed one bold
 * and underlined. Columns are A-P and rows 1-16, so a cell reads "J13".
 */
#include <stdio.h>
#include <string.h>

#include "ricochet.h"

static const int dir_bits[4] = {W_N, W_E, W_S, W_W};

int rr_robot_at(const int *cells, int n, int cell)
{
    for (int i = 0; i < n; i++) {
        if (cells[i] == cell)
            return i;
    }
    return -1;
}

/* Where robot r stops going d from cells (the server's slide rule), or -1
 * when it cannot move at all. */
int rr_slide(const rr_board *b, const int *cells, int r, int d)
{
    int c = cells[r];
    if (c < 0)
        return -1;
    for (;;) {
        int x = c % RR_SIZE + kit_dx[kit_side_dir(d)], y = c / RR_SIZE + kit_dy[kit_side_dir(d)];
        if (b->walls[c] & dir_bits[d] || x < 0 || y < 0 || x >= RR_SIZE || y >= RR_SIZE)
            break;
        int next = y * RR_SIZE + x;
        if (b->centre[next] || rr_robot_at(cells, b->nrobots, next) >= 0)
            break;
        c = next;
    }
    return c == cells[r] ? -1 : c;
}

typedef struct layout {
    int cw;        /* columns of a cell's content: 3, 2 */
    bool tall;     /* two rows per cell (walls on rows of their own) */
    int ox, oy;    /* where the board's frame starts */
} layout;

static int board_w(const layout *l) { return RR_SIZE * (l->cw + 1) + 1; }

static bool wall(const rr_board *b, int x, int y, int bit)
{
    if (x < 0 || y < 0 || x >= RR_SIZE || y >= RR_SIZE)
        return true;
    return (b->walls[y * RR_SIZE + x] & bit) != 0;
}

/* Is there a wall on the vertical line left of column x, in row y? */
static bool vwall(const rr_board *b, int x, int y)
{
    if (y < 0 || y >= RR_SIZE)
        return false;
    if (x <= 0 || x >= RR_SIZE)
        return true;
    return wall(b, x, y, W_W) || wall(b, x - 1, y, W_E);
}

/* Is there a wall on the horizontal line above row y, in column x? */
static bool hwall(const rr_board *b, int x, int y)
{
    if (x < 0 || x >= RR_SIZE)
        return false;
    if (y <= 0 || y >= RR_SIZE)
        return true;
    return wall(b, x, y, W_N) || wall(b, x, y - 1, W_S);
}

static const cv_style WALL_ST = CV_BOLD;
static const cv_style GRID_ST = CV_DIM;

static void draw_walls_tall(const rr_board *b, canvas c, const layout *l)
{
    int stride = l->cw + 1;
    for (int y = 0; y <= RR_SIZE; y++) {
        for (int x = 0; x <= RR_SIZE; x++) {
            int row = l->oy + 2 * y, col = l->ox + stride * x;
            int arms = (vwall(b, x, y - 1) ? CV_ARM_N : 0) | (vwall(b, x, y) ? CV_ARM_S : 0) |
                       (hwall(b, x, y) ? CV_ARM_E : 0) | (hwall(b, x - 1, y) ? CV_ARM_W : 0);
            if (arms)
                cv_joint(c, row, col, WALL_ST, arms, true);
            else
                cv_glyph_at(c, row, col, GRID_ST, CV_G_DOT);
            if (x < RR_SIZE && hwall(b, x, y)) {
                for (int k = 1; k <= l->cw; k++)
                    cv_joint(c, row, col + k, WALL_ST, CV_ARM_E | CV_ARM_W, true);
            }
            if (y < RR_SIZE && vwall(b, x, y))
                cv_joint(c, row + 1, col, WALL_ST, CV_ARM_N | CV_ARM_S, true);
        }
    }
}

static void draw_walls_compact(const rr_board *b, canvas c, const layout *l)
{
    int stride = l->cw + 1, w = board_w(l);
    /* the frame's top and bottom, with the corners */
    for (int k = 1; k < w - 1; k++) {
        cv_joint(c, l->oy, l->ox + k, WALL_ST, CV_ARM_E | CV_ARM_W, true);
        cv_joint(c, l->oy + RR_SIZE + 1, l->ox + k, WALL_ST, CV_ARM_E | CV_ARM_W, true);
    }
    cv_joint(c, l->oy, l->ox, WALL_ST, CV_ARM_E | CV_ARM_S, true);
    cv_joint(c, l->oy, l->ox + w - 1, WALL_ST, CV_ARM_W | CV_ARM_S, true);
    cv_joint(c, l->oy + RR_SIZE + 1, l->ox, WALL_ST, CV_ARM_E | CV_ARM_N, true);
    cv_joint(c, l->oy + RR_SIZE + 1, l->ox + w - 1, WALL_ST, CV_ARM_W | CV_ARM_N, true);
    for (int y = 0; y < RR_SIZE; y++) {
        for (int x = 0; x <= RR_SIZE; x++) {
            int row = l->oy + 1 + y, col = l->ox + stride * x;
            if (vwall(b, x, y))
                cv_joint(c, row, col, WALL_ST, CV_ARM_N | CV_ARM_S, true);
        }
    }
    /* walls that meet the frame join it */
    for (int x = 1; x < RR_SIZE; x++) {
        int col = l->ox + stride * x;
        if (vwall(b, x, 0))
            cv_joint(c, l->oy, col, WALL_ST, CV_ARM_E | CV_ARM_W | CV_ARM_S, true);
        if (vwall(b, x, RR_SIZE - 1))
            cv_joint(c, l->oy + RR_SIZE + 1, col, WALL_ST, CV_ARM_E | CV_ARM_W | CV_ARM_N, true);
    }
}

/* The cell's content rectangle. */
static void cell_pos(const layout *l, int cell, int *row, int *col)
{
    int x = cell % RR_SIZE, y = cell / RR_SIZE;
    *row = l->oy + (l->tall ? 2 * y + 1 : y + 1);
    *col = l->ox + (l->cw + 1) * x + 1;
}

static void put_cell(canvas c, const layout *l, int cell, cv_style st, const char *text)
{
    int row, col;
    cell_pos(l, cell, &row, &col);
    cv_fill(c, row, col, 1, l->cw, st, L' ');
    int w = cv_text_width(&c, text);
    cv_text_fit(c, row, col + (l->cw - w) / 2, l->cw, st, text);
}

/* Adds the south wall's underline in the compact layout. */
static void underline_south(const rr_board *b, canvas c, const layout *l, int cell)
{
    if (l->tall)
        return;
    int x = cell % RR_SIZE, y = cell / RR_SIZE;
    if (y == RR_SIZE - 1 || !hwall(b, x, y + 1))
        return;
    int row, col;
    cell_pos(l, cell, &row, &col);
    for (int k = 0; k < l->cw; k++) {
        const cv_cell *cc = cv_cell_at(c.g, c.y + row, c.x + col + k);
        if (cc)
            cv_put(c, row, col + k, cc->style | CV_UNDERLINE | CV_BOLD, cc->ch);
    }
}

static void draw_cells(ricochet *r, table *t, canvas c, const layout *l)
{
    const rr_board *b = &r->b;
    int cells[RR_ROBOTS], n;
    rr_shown_robots(r, t, cells, &n);
    /* empty cells, the centre, the targets */
    char block[16] = "";
    for (int k = 0; k < l->cw; k++)
        strcat(block, cv_glyph_text(&c, CV_G_SHADE));
    for (int cell = 0; cell < RR_CELLS; cell++) {
        if (b->centre[cell])
            put_cell(c, l, cell, CV_DIM, block);
        else
            put_cell(c, l, cell, GRID_ST, l->tall ? "" : cv_glyph_text(&c, CV_G_DOT));
    }
    for (int i = 0; i < b->ntargets; i++) {
        const rr_target *tg = &b->targets[i];
        char text[16];
        rr_target_text(&c, tg, text, sizeof text);
        bool current = b->has_target && tg->cell == b->target.cell;
        cv_style st = CV_FG(rr_target_color(tg)) | (current ? CV_BOLD | CV_UNDERLINE : CV_DIM);
        put_cell(c, l, tg->cell, st, text);
    }
    /* the revealed chip also shows in the centre block */
    if (b->has_target) {
        int first = -1;
        for (int cell = 0; cell < RR_CELLS && first < 0; cell++)
            first = b->centre[cell] ? cell : -1;
        if (first >= 0) {
            char text[16];
            rr_target_text(&c, &b->target, text, sizeof text);
            put_cell(c, l, first, CV_FG(rr_target_color(&b->target)) | CV_BOLD, text);
        }
    }
    /* the last move's trail */
    for (int k = 0; k + 1 < r->trail_len; k++) {
        int cell = r->trail[k];
        if (rr_robot_at(cells, n, cell) < 0 && cell >= 0 && cell < RR_CELLS)
            put_cell(c, l, cell, CV_FG(rr_robot_colors[r->trail_robot % RR_ROBOTS]),
                     cv_glyph_text(&c, CV_G_BULLET));
    }
    /* where the selected robot would stop, for the demonstrator */
    if (rr_i_demonstrate(t) && r->selected < n && !r->anim_len) {
        for (int d = 0; d < 4; d++) {
            int to = rr_slide(b, cells, r->selected, d);
            if (to >= 0)
                put_cell(c, l, to, CV_FG(rr_robot_colors[r->selected]) | CV_BOLD, cv_glyph_text(&c, kit_dir_arrow(kit_side_dir(d))));
        }
    }
    for (int i = 0; i < n; i++) {
        if (cells[i] < 0 || cells[i] >= RR_CELLS)
            continue;
        char text[4] = {rr_robot_letters[i], 0};
        cv_style st = CV_BG(rr_robot_colors[i]) | CV_FG(CV_BLACK) | CV_BOLD;
        if (!cv_has_color(&c))
            st = CV_REVERSE | CV_BOLD;
        if (rr_i_demonstrate(t) && i == r->selected)
            st |= CV_UNDERLINE;
        put_cell(c, l, cells[i], st, text);
    }
    for (int cell = 0; cell < RR_CELLS; cell++)
        underline_south(b, c, l, cell);
    /* a click on a robot selects it; on a preview arrow, moves there */
    for (int i = 0; i < n && rr_i_demonstrate(t); i++) {
        int row, col;
        cell_pos(l, cells[i], &row, &col);
        char command[32];
        snprintf(command, sizeof command, "select %s", rr_robot_names[i]);
        cv_click_at(c, row, col, l->cw, command);
    }
    if (rr_i_demonstrate(t) && r->selected < n) {
        for (int d = 0; d < 4; d++) {
            int to = rr_slide(b, cells, r->selected, d), row, col;
            if (to < 0)
                continue;
            cell_pos(l, to, &row, &col);
            char command[32];
            snprintf(command, sizeof command, "move %s %s", rr_robot_names[r->selected], kit_dir_name(kit_side_dir(d)));
            cv_click_at(c, row, col, l->cw, command);
        }
    }
}

static void draw_labels(canvas c, const layout *l)
{
    int stride = l->cw + 1;
    for (int x = 0; x < RR_SIZE; x++)
        cv_textf(c, l->oy - 1, l->ox + stride * x + 1 + (l->cw - 1) / 2, CV_DIM, "%c", 'A' + x);
    for (int y = 0; y < RR_SIZE; y++) {
        int row = l->oy + (l->tall ? 2 * y + 1 : y + 1);
        cv_textf(c, row, l->ox - 3, CV_DIM, "%2d", y + 1);
    }
}

void rr_draw(void *self, table *t, canvas c)
{
    ricochet *r = self;
    rr_read_board(&r->b, t->view);
    layout l = {.cw = 2, .tall = false, .ox = 3, .oy = 1};
    int panel_min = 28;
    if (c.h >= 2 * RR_SIZE + 2 && c.w >= 3 + 65 + panel_min)
        l = (layout){.cw = 3, .tall = true, .ox = 3, .oy = 1};
    else if (c.h >= 2 * RR_SIZE + 2 && c.w >= 3 + 49 + panel_min)
        l = (layout){.cw = 2, .tall = true, .ox = 3, .oy = 1};
    if (l.tall)
        draw_walls_tall(&r->b, c, &l);
    else
        draw_walls_compact(&r->b, c, &l);
    draw_cells(r, t, c, &l);
    draw_labels(c, &l);
    int px = l.ox + board_w(&l) + 2;
    rr_draw_panel(r, t, cv_sub(c, 0, px, c.h, c.w - px));
}
