/*
 * test_tables.c: every RoboRally table a client needs, once (issue 28.4).
 * data/roborally/tables.json is the single source of the program deck, the
 * option cards, the main laser's beams, the draft timing and the pace of a
 * turn's playback; the build writes it into the engine (roborally_tables.c),
 * the terminal client's header (rl_tables.h) and the browser's module
 * (tables.js, committed). These tests hold all three to the data.
 */
/* First, as a terminal client file may include it: it stands on its own. */
#include "rl_tables.h"

#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/roborally/roborally.h"

static json_t *data(void)
{
    json_error_t e;
    json_t *t = json_load_file(RR_DATA_DIR "/tables.json", 0, &e);
    cr_assert_not_null(t, "data/roborally/tables.json: line %d: %s", e.line, e.text);
    return t;
}

static const char *str(json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "";
}

static int num(json_t *o, const char *key)
{
    return (int)json_integer_value(json_object_get(o, key));
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot read %s", path);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        fwrite(chunk, 1, n, m);
    fclose(f);
    fclose(m);
    return buf;
}

Test(tables, the_engine_deals_the_deck_of_the_data)
{
    json_t *t = data(), *row;
    json_t *cards = json_object_get(t, "cards");
    size_t i;
    cr_assert_eq(json_array_size(cards), RR_CARD_KINDS);
    int dealt = 0;
    json_array_foreach(cards, i, row) {
        int kind = 0;
        while (kind < RR_CARD_KINDS && strcmp(rr_card_infos[kind].id, str(row, "id")) != 0)
            kind++;
        cr_assert_lt(kind, RR_CARD_KINDS, "the engine knows the card %s", str(row, "id"));
        const rr_card_info *c = &rr_card_infos[kind];
        json_t *p = json_object_get(row, "priorities");
        cr_assert_str_eq(c->name, str(row, "name"));
        cr_assert_eq(c->steps, num(row, "steps"), "%s", c->id);
        cr_assert_eq(c->quarters, num(row, "quarters"), "%s", c->id);
        for (int q = num(p, "first"); q <= num(p, "last"); q += num(p, "step"), dealt++)
            cr_assert_eq(rr_card_kind_of(q), kind, "card %d is a %s", q, c->id);
    }
    cr_assert_eq(dealt, RR_DECK, "the deck holds every card of the data once");
    int16_t deck[RR_DECK];
    rr_deck_all(deck);
    for (int k = 0; k < RR_DECK; k++)
        cr_assert_geq(rr_card_kind_of(deck[k]), 0, "card %d has a kind", deck[k]);
    json_decref(t);
}

Test(tables, the_engine_knows_the_option_cards_and_beams_of_the_data)
{
    json_t *t = data(), *row;
    size_t i;
    cr_assert_eq(json_array_size(json_object_get(t, "options")), RR_OPTIONS);
    json_array_foreach(json_object_get(t, "options"), i, row) {
        int o = rr_option_parse(str(row, "id"));
        cr_assert_geq(o, 0, "the engine knows %s", str(row, "id"));
        cr_assert_str_eq(rr_option_infos[o].name, str(row, "name"));
        cr_assert_str_eq(rr_option_infos[o].text, str(row, "text"));
    }
    cr_assert_eq(json_array_size(json_object_get(t, "beams")), RR_BEAMS);
    json_array_foreach(json_object_get(t, "beams"), i, row) {
        int b = rr_beam_parse(str(row, "id"));
        cr_assert_geq(b, 0, "the engine knows the beam %s", str(row, "id"));
        const char *opt = json_string_value(json_object_get(row, "option"));
        cr_assert_eq(rr_beam_infos[b].option, opt ? rr_option_parse(opt) : -1, "beam %s", str(row, "id"));
    }
    json_decref(t);
}

Test(tables, the_terminal_clients_header_holds_the_data)
{
    json_t *t = data(), *row;
    size_t i;
    cr_assert_eq(json_array_size(json_object_get(t, "cards")), RL_CARD_KINDS);
    json_array_foreach(json_object_get(t, "cards"), i, row) {
        const rl_card_kind *k = &rl_card_kinds[i];
        json_t *p = json_object_get(row, "priorities");
        cr_assert_str_eq(k->type, str(row, "id"));
        cr_assert_str_eq(k->name, str(row, "name"));
        cr_assert_str_eq(k->short_name, str(row, "short"));
        cr_assert(k->steps == num(row, "steps") && k->quarters == num(row, "quarters"), "%s", k->type);
        cr_assert(k->first == num(p, "first") && k->last == num(p, "last") && k->step == num(p, "step"),
                  "%s", k->type);
    }
    cr_assert_eq(json_array_size(json_object_get(t, "options")), RL_OPTION_CARDS);
    json_array_foreach(json_object_get(t, "options"), i, row) {
        cr_assert_str_eq(rl_option_cards[i].id, str(row, "id"));
        cr_assert_str_eq(rl_option_cards[i].name, str(row, "name"));
        cr_assert_str_eq(rl_option_cards[i].text, str(row, "text"));
    }
    cr_assert_eq(json_array_size(json_object_get(t, "beams")), RL_BEAMS);
    json_array_foreach(json_object_get(t, "beams"), i, row) {
        const char *opt = json_string_value(json_object_get(row, "option"));
        cr_assert_str_eq(rl_beams[i].id, str(row, "id"));
        cr_assert_str_eq(rl_beams[i].label, str(row, "label"));
        cr_assert(opt ? rl_beams[i].option && strcmp(rl_beams[i].option, opt) == 0 : !rl_beams[i].option,
                  "beam %s", rl_beams[i].id);
    }
    json_t *d = json_object_get(t, "drafts");
    cr_assert_eq(RL_DRAFT_WINDOW_MS, num(d, "window_ms"));
    cr_assert_eq(RL_DRAFT_MARGIN_MS, num(d, "margin_ms"));
    cr_assert_eq(RL_DRAFT_DELAY_MS, num(d, "delay_ms"));
    json_t *p = json_object_get(t, "playback");
    cr_assert_eq(RL_PLAYBACK_FRAME_MS, num(p, "frame_ms"));
    cr_assert_eq(RL_PLAYBACK_MAX_MS, num(p, "max_ms"));
    json_decref(t);
}

Test(tables, the_engine_allows_for_the_playback_the_data_times)
{
    json_t *t = data(), *p = json_object_get(t, "playback");
    cr_assert_eq(rr_playback.frame_ms, num(p, "frame_ms"));
    cr_assert_eq(rr_playback.max_ms, num(p, "max_ms"));
    cr_assert(rr_playback.frame_ms > 0 && rr_playback.frame_ms <= rr_playback.max_ms);
    json_decref(t);
}

/* The browser imports clients/web/games/roborally/tables.js, committed: it
 * must be what the generator writes from the data now. After a change to
 * data/roborally/tables.json, copy build/server/games/roborally/tables.js
 * over it. */
Test(tables, the_browsers_module_is_the_data_as_the_build_writes_it)
{
    char *committed = slurp(RR_WEB_TABLES), *built = slurp(RR_BUILT_TABLES);
    cr_assert_str_eq(committed, built, "%s is stale: copy %s over it", RR_WEB_TABLES, RR_BUILT_TABLES);
    const char *prefix = "export default ";
    char *start = strstr(committed, prefix), *end = strrchr(committed, ';');
    cr_assert(start && end && end > start, "tables.js: export default {...};");
    start += strlen(prefix);
    *end = 0;
    json_error_t e;
    json_t *web = json_loads(start, 0, &e), *t = data();
    cr_assert_not_null(web, "tables.js: %s", e.text);
    const char *keys[] = {"cards", "options", "beams", "drafts", "playback"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        cr_assert(json_equal(json_object_get(web, keys[k]), json_object_get(t, keys[k])), "tables.js %s",
                  keys[k]);
    cr_assert_eq(json_object_size(web), sizeof keys / sizeof keys[0], "and nothing else");
    json_decref(web);
    json_decref(t);
    free(committed);
    free(built);
}
