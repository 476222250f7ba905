/* ricochet_board.c: assembling boards from quadrant sides, names, random set-ups. */
#include "ricochet_board.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

const ricochet_chip ricochet_chips[RICOCHET_CHIPS] = {
    {RICOCHET_RED, RICOCHET_CIRCLE},     {RICOCHET_RED, RICOCHET_TRIANGLE},
    {RICOCHET_RED, RICOCHET_SQUARE},     {RICOCHET_RED, RICOCHET_HEXAGON},
    {RICOCHET_GREEN, RICOCHET_CIRCLE},   {RICOCHET_GREEN, RICOCHET_TRIANGLE},
    {RICOCHET_GREEN, RICOCHET_SQUARE},   {RICOCHET_GREEN, RICOCHET_HEXAGON},
    {RICOCHET_BLUE, RICOCHET_CIRCLE},    {RICOCHET_BLUE, RICOCHET_TRIANGLE},
    {RICOCHET_BLUE, RICOCHET_SQUARE},    {RICOCHET_BLUE, RICOCHET_HEXAGON},
    {RICOCHET_YELLOW, RICOCHET_CIRCLE},  {RICOCHET_YELLOW, RICOCHET_TRIANGLE},
    {RICOCHET_YELLOW, RICOCHET_SQUARE},  {RICOCHET_YELLOW, RICOCHET_HEXAGON},
    {RICOCHET_ANY, RICOCHET_VORTEX},
};

static const char *const color_names[] = {"red", "green", "blue", "yellow", "silver"};
static const char *const symbol_names[] = {"circle", "triangle", "square", "hexagon", "vortex"};
static const char *const dir_names[] = {"N", "E", "S", "W"};
static const char *const dir_words[] = {"north", "east", "south", "west"};
static const char *const corner_names[] = {"NW", "NE", "SE", "SW"};

const char *ricochet_color_name(int color)
{
    if (color == RICOCHET_ANY)
        return "any";
    return color >= 0 && color < RICOCHET_ROBOTS_MAX ? color_names[color] : NULL;
}

int ricochet_color_parse(const char *name)
{
    if (!name)
        return -2;
    if (strcmp(name, "any") == 0)
        return RICOCHET_ANY;
    for (int i = 0; i < RICOCHET_ROBOTS_MAX; i++)
        if (strcmp(name, color_names[i]) == 0)
            return i;
    return -2;
}

const char *ricochet_symbol_name(int symbol)
{
    return symbol >= 0 && symbol <= RICOCHET_VORTEX ? symbol_names[symbol] : NULL;
}

int ricochet_symbol_parse(const char *name)
{
    for (int i = 0; name && i <= RICOCHET_VORTEX; i++)
        if (strcmp(name, symbol_names[i]) == 0)
            return i;
    return -1;
}

const char *ricochet_dir_name(int dir)
{
    return dir >= 0 && dir < 4 ? dir_names[dir] : NULL;
}

const char *ricochet_dir_word(int dir)
{
    return dir >= 0 && dir < 4 ? dir_words[dir] : NULL;
}

int ricochet_dir_parse(const char *name)
{
    for (int i = 0; name && i < 4; i++)
        if (strcasecmp(name, dir_names[i]) == 0 || strcasecmp(name, dir_words[i]) == 0)
            return i;
    return -1;
}

const char *ricochet_corner_name(int corner)
{
    return corner >= 0 && corner < 4 ? corner_names[corner] : NULL;
}

int ricochet_side_find(const char *id)
{
    for (int i = 0; id && i < RICOCHET_SIDE_COUNT; i++)
        if (strcmp(ricochet_sides[i].id, id) == 0)
            return i;
    return -1;
}

int ricochet_neighbor(int cell, int dir)
{
    int x = RICOCHET_X(cell), y = RICOCHET_Y(cell);
    switch (dir) {
    case RICOCHET_N: return y > 0 ? cell - 16 : -1;
    case RICOCHET_E: return x < 15 ? cell + 1 : -1;
    case RICOCHET_S: return y < 15 ? cell + 16 : -1;
    case RICOCHET_W: return x > 0 ? cell - 1 : -1;
    }
    return -1;
}

/* Where quadrant cell (x, y), stored north-west, lands in `corner`
 * (quadrants.json: NE X=15-y Y=x, SE X=15-x Y=15-y, SW X=y Y=15-x). */
static int place(int corner, int x, int y)
{
    switch (corner) {
    case RICOCHET_NE: return RICOCHET_CELL(15 - y, x);
    case RICOCHET_SE: return RICOCHET_CELL(15 - x, 15 - y);
    case RICOCHET_SW: return RICOCHET_CELL(y, 15 - x);
    default: return RICOCHET_CELL(x, y);
    }
}

/* Turning a quadrant a quarter clockwise turns its walls N->E->S->W->N. */
static uint8_t rotate_walls(uint8_t bits, int quarters)
{
    unsigned w = bits & 0xfu;
    w = ((w << quarters) | (w >> (4 - quarters))) & 0xfu;
    return (uint8_t)(w | (bits & RICOCHET_BLOCK));
}

/* Every wall on both cells it separates, the outer edge walled, the centre
 * block walled in on all sides. */
static void close_walls(ricochet_board *b)
{
    for (int c = 0; c < RICOCHET_CELLS; c++) {
        if (b->walls[c] & RICOCHET_BLOCK)
            b->walls[c] |= 0xf;
        for (int d = 0; d < 4; d++) {
            int n = ricochet_neighbor(c, d);
            if (n < 0)
                b->walls[c] |= (uint8_t)RICOCHET_WALL(d);
            else if (b->walls[n] & RICOCHET_BLOCK)
                b->walls[c] |= (uint8_t)RICOCHET_WALL(d);
        }
    }
    for (int c = 0; c < RICOCHET_CELLS; c++)
        for (int d = 0; d < 4; d++) {
            int n = ricochet_neighbor(c, d);
            if (n >= 0 && (b->walls[c] & RICOCHET_WALL(d)))
                b->walls[n] |= (uint8_t)RICOCHET_WALL((d + 2) & 3);
        }
}

static void compute_stops(ricochet_board *b)
{
    static const int step[4] = {-16, 1, 16, -1};
    for (int d = 0; d < 4; d++)
        for (int c = 0; c < RICOCHET_CELLS; c++) {
            int s = c;
            while (!(b->walls[s] & RICOCHET_WALL(d)))
                s += step[d];
            b->stop[d][c] = (uint8_t)s;
        }
}

int ricochet_board_assemble(ricochet_board *b, const int layout[4], char *why, size_t whylen)
{
    int tiles_seen = 0;
    for (int corner = 0; corner < 4; corner++) {
        int s = layout[corner];
        if (s < 0 || s >= RICOCHET_SIDE_COUNT) {
            if (why)
                snprintf(why, whylen, "corner %s names no quadrant side", corner_names[corner]);
            return -1;
        }
        int bit = 1 << ricochet_sides[s].tile;
        if (tiles_seen & bit) {
            if (why)
                snprintf(why, whylen, "side %s in %s comes from tile %d, already on the board",
                         ricochet_sides[s].id, corner_names[corner], ricochet_sides[s].tile);
            return -1;
        }
        tiles_seen |= bit;
    }

    memset(b, 0, sizeof *b);
    for (int corner = 0; corner < 4; corner++) {
        const ricochet_side *side = &ricochet_sides[layout[corner]];
        b->layout[corner] = (uint8_t)layout[corner];
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 8; x++)
                b->walls[place(corner, x, y)] |= rotate_walls(side->walls[y][x], corner);
        for (int i = 0; i < side->ntargets; i++) {
            const ricochet_side_target *t = &side->targets[i];
            b->targets[b->ntargets].chip = t->chip;
            b->targets[b->ntargets].cell = (uint8_t)place(corner, t->x, t->y);
            b->ntargets++;
        }
    }
    ricochet_board_seal(b);
    return 0;
}

int ricochet_board_assemble_ids(ricochet_board *b, const char *const ids[4], char *why,
                                size_t whylen)
{
    int layout[4];
    for (int c = 0; c < 4; c++) {
        layout[c] = ricochet_side_find(ids[c]);
        if (layout[c] < 0) {
            if (why)
                snprintf(why, whylen, "there is no quadrant side \"%.16s\" for %s",
                         ids[c] ? ids[c] : "", corner_names[c]);
            return -1;
        }
    }
    return ricochet_board_assemble(b, layout, why, whylen);
}

void ricochet_board_seal(ricochet_board *b)
{
    close_walls(b);
    compute_stops(b);
}

void ricochet_layout_random(rng *r, const char *sides, int layout[4])
{
    if (!sides || !*sides)
        sides = "AB";
    int tiles[4] = {1, 2, 3, 4};
    rng_shuffle_ints(r, tiles, 4);
    size_t nletters = strlen(sides);
    for (int corner = 0; corner < 4; corner++) {
        char id[3] = {(char)('0' + tiles[corner]), sides[rng_below(r, (uint32_t)nletters)], 0};
        layout[corner] = ricochet_side_find(id);
    }
}

int ricochet_board_target_cell(const ricochet_board *b, ricochet_chip chip)
{
    for (int i = 0; i < b->ntargets; i++)
        if (b->targets[i].chip.color == chip.color && b->targets[i].chip.symbol == chip.symbol)
            return b->targets[i].cell;
    return -1;
}

const ricochet_target *ricochet_board_target_at(const ricochet_board *b, int cell)
{
    for (int i = 0; i < b->ntargets; i++)
        if (b->targets[i].cell == cell)
            return &b->targets[i];
    return NULL;
}

int ricochet_robot_at(const ricochet_position *p, int cell)
{
    for (int i = 0; i < p->nrobots; i++)
        if (p->cell[i] == cell)
            return i;
    return -1;
}

void ricochet_position_random(rng *r, const ricochet_board *b, int nrobots, ricochet_position *p)
{
    memset(p, 0, sizeof *p);
    while (p->nrobots < nrobots) {
        int cell = (int)rng_below(r, RICOCHET_CELLS);
        if (ricochet_is_block(b, cell) || ricochet_board_target_at(b, cell) ||
            ricochet_robot_at(p, cell) >= 0)
            continue;
        p->cell[p->nrobots++] = (uint8_t)cell;
    }
}
