/*
 * ricochet_board.h: the Ricochet Robots board.
 *
 * A board is 16x16 cells assembled from four quadrant sides (RULINGS 1):
 * one side of each tile 1-4, any tile in any corner, each rotated so that its
 * quarter of the 2x2 centre block touches the board centre. Cells are numbered
 * 16*y + x, x west->east, y north->south. The sides themselves are data
 * (data/ricochet/quadrants.json, compiled into ricochet_sides[] at build
 * time); this module only places and rotates them.
 *
 * A board also holds its wall-stop table (where a robot alone on the board
 * would stop), which the move module and the solver share.
 *
 * Everything here is plain values: boards and positions are copied freely,
 * nothing is allocated.
 */
#ifndef BOTPIT_RICOCHET_BOARD_H
#define BOTPIT_RICOCHET_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/rng.h"

#define RICOCHET_SIZE 16
#define RICOCHET_CELLS 256
#define RICOCHET_CELL(x, y) (16 * (y) + (x))
#define RICOCHET_X(cell) ((cell) & 15)
#define RICOCHET_Y(cell) ((cell) >> 4)

/* Robots, by colour. Silver is the optional fifth robot with no target. */
typedef enum ricochet_color {
    RICOCHET_RED,
    RICOCHET_GREEN,
    RICOCHET_BLUE,
    RICOCHET_YELLOW,
    RICOCHET_SILVER,
} ricochet_color;
#define RICOCHET_ROBOTS_MAX 5
/* The colour of the cosmic vortex, and the "active robot" of a vortex round:
 * any robot may finish. */
#define RICOCHET_ANY (-1)

typedef enum ricochet_symbol {
    RICOCHET_CIRCLE,
    RICOCHET_TRIANGLE,
    RICOCHET_SQUARE,
    RICOCHET_HEXAGON,
    RICOCHET_VORTEX,
} ricochet_symbol;

/* Directions; a wall on side d of a cell is bit (1 << d). */
typedef enum ricochet_dir {
    RICOCHET_N,
    RICOCHET_E,
    RICOCHET_S,
    RICOCHET_W,
} ricochet_dir;
#define RICOCHET_WALL(d) (1u << (d))
/* Marks the four cells of the centre block in ricochet_board.walls. */
#define RICOCHET_BLOCK 0x10u

/* Board corners, in the order a layout lists them. */
typedef enum ricochet_corner {
    RICOCHET_NW,
    RICOCHET_NE,
    RICOCHET_SE,
    RICOCHET_SW,
} ricochet_corner;

/* A chip, and the target cell printed with the same colour and symbol.
 * color is a ricochet_color (0..3) or RICOCHET_ANY for the vortex. */
typedef struct ricochet_chip {
    int8_t color;
    uint8_t symbol;
} ricochet_chip;

#define RICOCHET_CHIPS 17
/* The 17 chips: four colours times four symbols, then the vortex. */
extern const ricochet_chip ricochet_chips[RICOCHET_CHIPS];

typedef struct ricochet_target {
    ricochet_chip chip;
    uint8_t cell;
} ricochet_target;

/* One quadrant side as stored in the data: north-west orientation. */
typedef struct ricochet_side_target {
    uint8_t x, y;
    ricochet_chip chip;
} ricochet_side_target;

typedef struct ricochet_side {
    char id[3];             /* "1A" .. "4D" */
    uint8_t tile;           /* 1..4 */
    char letter;            /* 'A' .. 'D' */
    bool has_vortex;
    bool diagonals_omitted; /* D sides: their diagonal barriers are not in the data */
    uint8_t walls[8][8];    /* [y][x]: wall bits, RICOCHET_BLOCK on the centre quarter */
    uint8_t ntargets;
    ricochet_side_target targets[5];
} ricochet_side;

#define RICOCHET_SIDE_COUNT 16
extern const ricochet_side ricochet_sides[RICOCHET_SIDE_COUNT];

/* An assembled board. */
typedef struct ricochet_board {
    uint8_t layout[4];                   /* index into ricochet_sides per corner */
    uint8_t walls[RICOCHET_CELLS];       /* wall bits, walls listed on both sides */
    uint8_t stop[4][RICOCHET_CELLS];     /* where a lone robot moving d stops */
    uint8_t ntargets;                    /* 17 for a legal layout */
    ricochet_target targets[RICOCHET_CHIPS];
} ricochet_board;

/* Robot cells; robot i has colour i (red, green, blue, yellow, silver). */
typedef struct ricochet_position {
    uint8_t nrobots; /* 4 or 5 */
    uint8_t cell[RICOCHET_ROBOTS_MAX];
} ricochet_position;

/* Names used on the wire and in sentences. NULL or -1 when out of range /
 * unknown. */
const char *ricochet_color_name(int color); /* "red" .. "silver", "any" */
int ricochet_color_parse(const char *name); /* "any" gives RICOCHET_ANY; -2 unknown */
const char *ricochet_symbol_name(int symbol);
int ricochet_symbol_parse(const char *name);
const char *ricochet_dir_name(int dir); /* "N" .. "W" */
const char *ricochet_dir_word(int dir); /* "north" .. "west" */
int ricochet_dir_parse(const char *name); /* "N"/"north" (any case) */
const char *ricochet_corner_name(int corner); /* "NW" .. "SW" */

/* The side called `id` ("3B"), or -1. */
int ricochet_side_find(const char *id);

/* Assembles a board from four side indices (NW, NE, SE, SW). Fails with a
 * sentence in why (if not NULL) when an index is out of range or two sides
 * come from the same tile. Returns 0 or -1. */
int ricochet_board_assemble(ricochet_board *b, const int layout[4], char *why, size_t whylen);

/* The same from side ids, NW NE SE SW ("4B", "3B", "2B", "1A"). */
int ricochet_board_assemble_ids(ricochet_board *b, const char *const ids[4], char *why,
                                size_t whylen);

/* Completes a board whose walls were set by hand (tests, editors): lists
 * every wall on both cells it separates, walls in the edge and the centre
 * block (cells flagged RICOCHET_BLOCK), and recomputes the stop table. */
void ricochet_board_seal(ricochet_board *b);

/* Draws a layout per RULINGS: a random side of each tile among `sides`
 * ("AB" or "ABC"), tiles shuffled over the corners. */
void ricochet_layout_random(rng *r, const char *sides, int layout[4]);

/* The cell of the target printed with `chip`, or -1. */
int ricochet_board_target_cell(const ricochet_board *b, ricochet_chip chip);
/* The target on `cell`, or NULL. */
const ricochet_target *ricochet_board_target_at(const ricochet_board *b, int cell);

static inline bool ricochet_is_block(const ricochet_board *b, int cell)
{
    return (b->walls[cell] & RICOCHET_BLOCK) != 0;
}

/* The neighbour of cell in direction d, or -1 off the board. */
int ricochet_neighbor(int cell, int dir);

/* Random start cells per RULINGS: distinct, never on the centre block, never
 * on a target. */
void ricochet_position_random(rng *r, const ricochet_board *b, int nrobots, ricochet_position *p);

/* The robot standing on cell, or -1. */
int ricochet_robot_at(const ricochet_position *p, int cell);

#endif
