/*
 * roborally_cards.h: the program deck, the option cards and the main laser's beams
 * (RULINGS §5), and the pace of a turn's playback. Their tables (names,
 * texts, priorities, times) are data:
 * data/roborally/tables.json, written into roborally_tables.c at build time by
 * roborally_gen (tools/roborally_gen_tables.c), which fills the enums below by name.
 *
 * A program card is named by its priority, which is unique in the deck:
 * 10..840 in steps of 10, 84 cards. Higher priorities move first.
 */
#ifndef BOTPIT_RR_CARDS_H
#define BOTPIT_RR_CARDS_H

#include <stdbool.h>
#include <stdint.h>

enum {
    RR_DECK = 84,
    RR_REGISTERS = 5,
    RR_HAND_MAX = 9,
    RR_MAX_DAMAGE = 10, /* destroys */
    RR_LIVES = 3,
};

typedef enum rr_card_kind {
    RR_UTURN,
    RR_LEFT,
    RR_RIGHT,
    RR_BACKUP,
    RR_MOVE1,
    RR_MOVE2,
    RR_MOVE3,
    RR_CARD_KINDS,
} rr_card_kind;

typedef struct rr_card_info {
    const char *id;        /* "move2": the kind's wire name (events' "type") */
    const char *name;      /* "Move 2" */
    int steps;             /* squares forward (backup: -1), 0 for turns */
    int quarters;          /* quarter turns clockwise (left: -1, U-turn: 2) */
    int first, last, step; /* its priorities: first to last in steps of step */
} rr_card_info;

extern const rr_card_info rr_card_infos[RR_CARD_KINDS];

/* The kind of the card with this priority, or -1 if no card has it. */
int rr_card_kind_of(int priority);
/* Every priority, lowest first. */
void rr_deck_all(int16_t deck[RR_DECK]);
/* Registers locked at this much damage: none below 5, then one more per
 * point (register 5 first), all five at 9. */
int rr_locked_count(int damage);
/* Is register r (0..4) locked at this much damage? */
bool rr_register_locked(int damage, int r);

/* ---- option cards ---- */

typedef enum rr_option {
    RR_OPT_HIGH_POWER_LASER,      /* main laser passes one wall and one robot */
    RR_OPT_TRACTOR_BEAM,          /* main laser may pull its target a square instead */
    RR_OPT_PRESSOR_BEAM,          /* main laser may push its target a square instead */
    RR_OPT_RAMMING_GEAR,          /* a robot it pushes or bumps takes 1 damage */
    RR_OPT_DOUBLE_BARRELED_LASER, /* main laser fires two beams */
    RR_OPT_REAR_FIRING_LASER,     /* a second laser fires backwards */
    RR_OPT_MECHANICAL_ARM,        /* touches flags and repair sites one square away */
    RR_OPT_ABLATIVE_COAT,         /* absorbs the next 3 damage */
    RR_OPTIONS,
} rr_option;

typedef struct rr_option_info {
    const char *id;   /* "high_power_laser" */
    const char *name; /* "High-Power Laser" */
    const char *text; /* what it does, one sentence */
} rr_option_info;

extern const rr_option_info rr_option_infos[RR_OPTIONS];
int rr_option_parse(const char *id); /* -1 if unknown */

enum { RR_ABLATIVE_POINTS = 3 };

/* ---- the main laser's beams ---- */

typedef enum rr_beam_mode { RR_BEAM_DAMAGE, RR_BEAM_TRACTOR, RR_BEAM_PRESSOR, RR_BEAMS } rr_beam_mode;

typedef struct rr_beam_info {
    const char *id; /* "tractor": the wire name */
    int option;     /* the option card it needs (rr_option), or -1 */
} rr_beam_info;

extern const rr_beam_info rr_beam_infos[RR_BEAMS];
int rr_beam_parse(const char *id); /* -1 if unknown */

/* ---- the playback of a turn ---- */

/* The clients play the register phases back a frame every frame_ms, faster
 * if that takes longer than max_ms in all; the game allows for it before
 * the next timer runs (protocol/PROTOCOL.md, RoboRally, "Playback"). */
typedef struct rr_playback_info {
    int frame_ms, max_ms;
} rr_playback_info;

extern const rr_playback_info rr_playback;

#endif
