/*
 * roborally_gen_tables.c: the card tables of data/roborally/tables.json (the
 * program deck's kinds with their priorities, the option cards, the main
 * laser's beams, the draft timing, the playback's pace), checked and written
 * for the engine, the
 * browser and the terminal client (roborally_gen.h).
 *
 * The engine's enums (roborally_cards.h) stay hand-written, so that the data's
 * order never moves a replay: the C tables fill them by name (RR_ plus the
 * id in capitals; options RR_OPT_, beams RR_BEAM_), and a count that
 * differs from the enum's stops the compilation.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "roborally_gen.h"

enum { MAX_ROWS = 32, MAX_DECK = 200 };

/* An id of lower-case letters, digits and _, starting with a letter. */
static const char *id_of(json_t *row)
{
    const char *id = rr_gen_str(row, "id");
    bool ok = islower((unsigned char)id[0]);
    for (const char *p = id; *p; p++)
        ok = ok && (islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_');
    if (!ok)
        rr_gen_fail("id \"%s\": lower-case letters, digits and _", id);
    return id;
}

static json_t *rows_of(json_t *tables, const char *key)
{
    json_t *rows = json_object_get(tables, key);
    if (!json_is_array(rows) || json_array_size(rows) == 0 || json_array_size(rows) > MAX_ROWS)
        rr_gen_fail("%s: a list of 1 to %d rows", key, MAX_ROWS);
    size_t i, j;
    json_t *a, *b;
    json_array_foreach(rows, i, a) {
        json_array_foreach(rows, j, b) {
            if (j < i && strcmp(id_of(a), id_of(b)) == 0)
                rr_gen_fail("%s: two rows are \"%s\"", key, id_of(a));
        }
    }
    return rows;
}

/* The option row called `id`, or -1. */
static int option_index(json_t *tables, const char *id)
{
    size_t i;
    json_t *row;
    json_array_foreach(json_object_get(tables, "options"), i, row) {
        if (strcmp(id_of(row), id) == 0)
            return (int)i;
    }
    return -1;
}

/* Every priority of the deck is a multiple of 10, held by exactly one card:
 * 10, 20, ... up to ten times the deck's size. Returns the deck's size. */
static int check_deck(json_t *cards)
{
    int held[MAX_DECK + 1] = {0}, n = 0;
    size_t i;
    json_t *row;
    json_array_foreach(cards, i, row) {
        json_t *p = json_object_get(row, "priorities");
        int first = rr_gen_int(p, "first"), last = rr_gen_int(p, "last"), step = rr_gen_int(p, "step");
        int steps = rr_gen_int(row, "steps"), quarters = rr_gen_int(row, "quarters");
        rr_gen_str(row, "name");
        rr_gen_str(row, "short");
        if (steps < -3 || steps > 3 || quarters < -1 || quarters > 2 || (steps && quarters))
            rr_gen_fail("card %s: steps -3..3 or quarters -1..2, not both", id_of(row));
        if (step <= 0 || step % 10 || first <= 0 || first % 10 || last < first || last / 10 > MAX_DECK)
            rr_gen_fail("card %s: priorities are multiples of 10, first to last", id_of(row));
        for (int q = first; q <= last; q += step) {
            if (held[q / 10]++)
                rr_gen_fail("card %s: priority %d is another card's", id_of(row), q);
            n++;
        }
    }
    for (int k = 1; k <= n; k++) {
        if (!held[k])
            rr_gen_fail("no card has priority %d", 10 * k);
    }
    return n;
}

static void check(json_t *tables)
{
    check_deck(rows_of(tables, "cards"));
    size_t i;
    json_t *row;
    json_array_foreach(rows_of(tables, "options"), i, row) {
        rr_gen_str(row, "name");
        rr_gen_str(row, "text");
    }
    json_array_foreach(rows_of(tables, "beams"), i, row) {
        json_t *opt = json_object_get(row, "option");
        rr_gen_str(row, "label");
        if (i == 0 ? !json_is_null(opt) : !json_is_string(opt))
            rr_gen_fail("beam %s: the first needs no option (null), the others name one", id_of(row));
        if (i > 0 && option_index(tables, json_string_value(opt)) < 0)
            rr_gen_fail("beam %s: no option %s", id_of(row), json_string_value(opt));
    }
    json_t *drafts = json_object_get(tables, "drafts");
    int window = rr_gen_int(drafts, "window_ms"), margin = rr_gen_int(drafts, "margin_ms");
    if (margin <= 0 || window <= margin || rr_gen_int(drafts, "delay_ms") <= 0)
        rr_gen_fail("drafts: 0 < margin_ms < window_ms, and delay_ms > 0");
    json_t *playback = json_object_get(tables, "playback");
    int frame = rr_gen_int(playback, "frame_ms");
    if (frame <= 0 || rr_gen_int(playback, "max_ms") < frame)
        rr_gen_fail("playback: 0 < frame_ms <= max_ms");
}

/* ---- C ---- */

static void put_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(out, "\\%03o", (unsigned char)*s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

/* RR_<prefix><ID>: the engine's enum constant for an id. */
static void put_enum(FILE *out, const char *prefix, const char *id)
{
    fprintf(out, "RR_%s", prefix);
    for (; *id; id++)
        fputc(toupper((unsigned char)*id), out);
}

/* The row's strings under `keys` (NULL-terminated), as C, after `sep`
 * each but the first; a null one is NULL. */
static void put_strings(FILE *out, json_t *row, const char *sep, const char *const *keys)
{
    for (int k = 0; keys[k]; k++) {
        const char *v = json_string_value(json_object_get(row, keys[k]));
        fputs(k ? sep : "", out);
        if (v)
            put_string(out, v);
        else
            fputs("NULL", out);
    }
}

/* A card's numbers: steps, quarters, first, last, step. */
static void put_card_numbers(FILE *out, json_t *row)
{
    json_t *p = json_object_get(row, "priorities");
    fprintf(out, ", %d, %d, %d, %d, %d},\n", rr_gen_int(row, "steps"), rr_gen_int(row, "quarters"),
            rr_gen_int(p, "first"), rr_gen_int(p, "last"), rr_gen_int(p, "step"));
}

static const char *const card_keys[] = {"id", "name", NULL};
static const char *const option_keys[] = {"id", "name", "text", NULL};

static void write_c(json_t *tables, FILE *out)
{
    json_t *cards = json_object_get(tables, "cards"), *options = json_object_get(tables, "options");
    json_t *beams = json_object_get(tables, "beams");
    size_t i;
    json_t *row;
    int deck = check_deck(cards);
    fprintf(out, "/* Generated by roborally_gen from data/roborally/tables.json: do not edit. */\n"
                 "#include \"roborally_cards.h\"\n\n");
    fprintf(out, "_Static_assert(RR_DECK == %d, \"data/roborally/tables.json: a deck of %d cards\");\n", deck, deck);
    fprintf(out, "_Static_assert(RR_CARD_KINDS == %zu, \"data/roborally/tables.json: %zu kinds of card\");\n"
                 "const rr_card_info rr_card_infos[RR_CARD_KINDS] = {\n",
            json_array_size(cards), json_array_size(cards));
    json_array_foreach(cards, i, row) {
        fprintf(out, "    [");
        put_enum(out, "", id_of(row));
        fprintf(out, "] = {");
        put_strings(out, row, ", ", card_keys);
        put_card_numbers(out, row);
    }
    fprintf(out, "};\n\n_Static_assert(RR_OPTIONS == %zu, \"data/roborally/tables.json: %zu option cards\");\n"
                 "const rr_option_info rr_option_infos[RR_OPTIONS] = {\n",
            json_array_size(options), json_array_size(options));
    json_array_foreach(options, i, row) {
        fprintf(out, "    [");
        put_enum(out, "OPT_", id_of(row));
        fprintf(out, "] = {");
        put_strings(out, row, ", ", option_keys);
        fprintf(out, "},\n");
    }
    fprintf(out, "};\n\n_Static_assert(RR_BEAMS == %zu, \"data/roborally/tables.json: %zu beams\");\n"
                 "const rr_beam_info rr_beam_infos[RR_BEAMS] = {\n",
            json_array_size(beams), json_array_size(beams));
    json_array_foreach(beams, i, row) {
        const char *opt = json_string_value(json_object_get(row, "option"));
        fprintf(out, "    [");
        put_enum(out, "BEAM_", id_of(row));
        fprintf(out, "] = {");
        put_string(out, id_of(row));
        fprintf(out, ", ");
        if (opt)
            put_enum(out, "OPT_", opt);
        else
            fprintf(out, "-1");
        fprintf(out, "},\n");
    }
    json_t *playback = json_object_get(tables, "playback");
    fprintf(out, "};\n\nconst rr_playback_info rr_playback = {%d, %d};\n", rr_gen_int(playback, "frame_ms"),
            rr_gen_int(playback, "max_ms"));
}

/* ---- the browser's module ---- */

static void write_web(json_t *tables, FILE *out)
{
    json_t *copy = json_pack("{s:O, s:O, s:O, s:O, s:O}", "cards", json_object_get(tables, "cards"), "options",
                             json_object_get(tables, "options"), "beams", json_object_get(tables, "beams"),
                             "drafts", json_object_get(tables, "drafts"), "playback",
                             json_object_get(tables, "playback"));
    char *text = json_dumps(copy, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    if (!text)
        rr_gen_fail("cannot write the browser's tables");
    fprintf(out, "// Generated by roborally_gen from data/roborally/tables.json: do not edit.\n"
                 "export default %s;\n", text);
    free(text);
    json_decref(copy);
}

/* ---- the terminal client's header ---- */

static const char *const tui_card_keys[] = {"id", "name", "short", NULL};
static const char *const tui_beam_keys[] = {"id", "option", "label", NULL};

/* One table of the header: its type's comment and fields, its rows. */
static void put_tui_table(FILE *out, json_t *rows, const char *type, const char *fields,
                          const char *count, const char *name, const char *const *keys)
{
    size_t i;
    json_t *row;
    fprintf(out, "typedef struct %s {\n%s} %s;\n\nenum { %s = %zu };\nstatic const %s %s[%s] = {\n", type,
            fields, type, count, json_array_size(rows), type, name, count);
    json_array_foreach(rows, i, row) {
        fprintf(out, "    {");
        put_strings(out, row, ", ", keys);
        if (keys == tui_card_keys)
            put_card_numbers(out, row);
        else
            fprintf(out, "},\n");
    }
    fprintf(out, "};\n\n");
}

static void write_tui(json_t *tables, FILE *out)
{
    json_t *drafts = json_object_get(tables, "drafts"), *playback = json_object_get(tables, "playback");
    fprintf(out, "/* Generated by roborally_gen from data/roborally/tables.json: do not edit.\n"
                 " * RoboRally's tables for the terminal client: the kinds of program card\n"
                 " * (a card is its priority: first..last in steps of step), the option\n"
                 " * cards, the main laser's beams, and the draft timing and the pace of\n"
                 " * the playback of protocol/PROTOCOL.md (RoboRally, \"Drafts\",\n"
                 " * \"Playback\"). */\n"
                 "#ifndef BOTPIT_RL_TABLES_H\n#define BOTPIT_RL_TABLES_H\n\n#include <stddef.h>\n\n");
    put_tui_table(out, json_object_get(tables, "cards"), "rl_card_kind",
                  "    const char *type, *name, *short_name; /* \"move2\" (events' \"type\"), \"Move 2\", \"Move 2\" */\n"
                  "    int steps, quarters;                  /* squares (back up: -1); quarter turns clockwise */\n"
                  "    int first, last, step;                /* its priorities */\n",
                  "RL_CARD_KINDS", "rl_card_kinds", tui_card_keys);
    put_tui_table(out, json_object_get(tables, "options"), "rl_option_card",
                  "    const char *id, *name, *text; /* \"tractor_beam\", \"Tractor Beam\", what it does */\n",
                  "RL_OPTION_CARDS", "rl_option_cards", option_keys);
    put_tui_table(out, json_object_get(tables, "beams"), "rl_beam",
                  "    const char *id, *option, *label; /* \"tractor\", the option card it needs (NULL: none), \"tractor beam (pull)\" */\n",
                  "RL_BEAMS", "rl_beams", tui_beam_keys);
    fprintf(out, "/* Drafts go between RL_DRAFT_WINDOW_MS and RL_DRAFT_MARGIN_MS before the\n"
                 " * deadline, RL_DRAFT_DELAY_MS after the last change. */\n"
                 "enum { RL_DRAFT_WINDOW_MS = %d, RL_DRAFT_MARGIN_MS = %d, RL_DRAFT_DELAY_MS = %d };\n\n"
                 "/* A turn's playback: a frame every RL_PLAYBACK_FRAME_MS, faster if that\n"
                 " * takes longer than RL_PLAYBACK_MAX_MS in all. */\n"
                 "enum { RL_PLAYBACK_FRAME_MS = %d, RL_PLAYBACK_MAX_MS = %d };\n\n#endif\n",
            rr_gen_int(drafts, "window_ms"), rr_gen_int(drafts, "margin_ms"), rr_gen_int(drafts, "delay_ms"),
            rr_gen_int(playback, "frame_ms"), rr_gen_int(playback, "max_ms"));
}

void rr_gen_tables(const char *what, json_t *tables, FILE *out)
{
    check(tables);
    if (strcmp(what, "c") == 0)
        write_c(tables, out);
    else if (strcmp(what, "web") == 0)
        write_web(tables, out);
    else if (strcmp(what, "tui") == 0)
        write_tui(tables, out);
    else
        rr_gen_fail("tables-%s: tables-c, tables-web or tables-tui", what);
}
