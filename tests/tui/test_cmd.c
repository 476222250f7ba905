/* The word commands of the ":" command line, and the key map. */
#include <criterion/criterion.h>
#include <string.h>

#include "cmd.h"
#include "edit.h"
#include "keymap.h"

static cmd_result parse(const char *line, cmd *c, cmd_words *w, char *why)
{
    cr_assert_geq(cmd_split(line, w, why, 300), 0, "%s: %s", line, why);
    return cmd_parse(w, c, why, 300);
}

Test(cmd, words_split_on_spaces_and_quotes_group_them)
{
    cmd_words w;
    char why[300];
    cr_assert_eq(cmd_split("  move   red N ", &w, why, sizeof why), 3);
    cr_assert_str_eq(w.argv[0], "move");
    cr_assert_str_eq(w.argv[2], "N");
    cr_assert_eq(cmd_split("name \"Ada Lovelace\"", &w, why, sizeof why), 2);
    cr_assert_str_eq(w.argv[1], "Ada Lovelace");
    cr_assert_eq(cmd_split("   ", &w, why, sizeof why), 0);
    cr_assert_eq(cmd_split("chat \"oops", &w, why, sizeof why), -1);
    cr_assert(strstr(why, "quote"));
}

Test(cmd, seats_count_from_one_for_people)
{
    cmd c;
    cmd_words w;
    char why[300];
    cr_assert_eq(parse("bot 2 hard", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.id, CMD_BOT);
    cr_assert_eq(c.seat, 1);
    cr_assert_str_eq(c.level, "hard");
    cr_assert_eq(parse("kick 3", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.seat, 2);
    cr_assert_eq(parse("sit", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.seat, -1, "no seat: the selected one");
    cr_assert_eq(parse("bot HARD", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.seat, -1);
    cr_assert_str_eq(c.level, "hard");
}

Test(cmd, bad_seats_are_refused_with_the_usage)
{
    cmd c;
    cmd_words w;
    char why[300];
    cr_assert_eq(parse("bot 0", &c, &w, why), CMD_ERROR);
    cr_assert(strstr(why, "bot [SEAT] [LEVEL]"), "%s", why);
    cr_assert_eq(parse("kick x", &c, &w, why), CMD_ERROR);
    cr_assert_eq(parse("sit 1 2", &c, &w, why), CMD_ERROR);
    cr_assert_eq(parse("bot 2 hard extra", &c, &w, why), CMD_ERROR);
}

Test(cmd, chat_and_act_keep_the_rest_of_the_line)
{
    cmd c;
    cmd_words w;
    char why[300];
    cr_assert_eq(parse("chat hello   there, \"friends\"", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.id, CMD_CHAT);
    cr_assert_str_eq(c.text, "hello   there, \"friends\"");
    cr_assert_eq(parse("act {\"kind\": \"bid\", \"moves\": 7}", &c, &w, why), CMD_CORE);
    cr_assert_str_eq(c.text, "{\"kind\": \"bid\", \"moves\": 7}");
    cr_assert_eq(parse("chat", &c, &w, why), CMD_ERROR);
    cr_assert(strstr(why, "say what"));
}

Test(cmd, mute_unmute_and_remove_take_a_name_with_its_spaces)
{
    cmd c;
    cmd_words w;
    char why[300];
    cr_assert_eq(parse("mute Sam B", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.id, CMD_MUTE);
    cr_assert_str_eq(c.text, "Sam B");
    cr_assert_eq(parse("unmute Sam", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.id, CMD_UNMUTE);
    cr_assert_eq(parse("remove Sam", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.id, CMD_REMOVE);
    cr_assert_eq(parse("remove", &c, &w, why), CMD_ERROR);
    cr_assert_str_eq(why, "who?; use: remove NAME");
}

Test(cmd, leave_and_quit_ask_unless_forced)
{
    cmd c;
    cmd_words w;
    char why[300];
    cr_assert_eq(parse("leave", &c, &w, why), CMD_CORE);
    cr_assert_not(c.force);
    cr_assert_eq(parse("leave!", &c, &w, why), CMD_CORE);
    cr_assert(c.force);
    cr_assert_eq(c.id, CMD_LEAVE);
    cr_assert_eq(parse("quit yes", &c, &w, why), CMD_CORE);
    cr_assert(c.force);
    cr_assert_eq(parse("q", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.id, CMD_QUIT);
    cr_assert_eq(parse("leave now", &c, &w, why), CMD_ERROR);
}

Test(cmd, join_takes_a_room_code_in_any_case)
{
    cmd c;
    cmd_words w;
    char why[300];
    cr_assert_eq(parse("join k7p2x", &c, &w, why), CMD_CORE);
    cr_assert_str_eq(c.code, "K7P2X");
    cr_assert_eq(parse("watch ABCDE", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.id, CMD_SPECTATE);
    cr_assert_eq(parse("join", &c, &w, why), CMD_CORE);
    cr_assert_str_eq(c.code, "", "the selected room");
    cr_assert_eq(parse("join K0OIL", &c, &w, why), CMD_ERROR, "0, O, I and L are not in codes");
}

Test(cmd, create_takes_a_game_and_its_options)
{
    cmd c;
    cmd_words w;
    char why[300];
    cr_assert_eq(parse("create ricochet timer_s=30 private", &c, &w, why), CMD_CORE);
    cr_assert_str_eq(c.text, "ricochet");
    cr_assert_eq(c.argc, 2);
    cr_assert_str_eq(c.argv[0], "timer_s=30");
    cr_assert_str_eq(c.argv[1], "private");
    cr_assert_eq(parse("create", &c, &w, why), CMD_CORE);
    cr_assert_null(c.text, "no game: the form");
}

Test(cmd, history_ratings_and_link_take_one_word_or_none)
{
    cmd c;
    cmd_words w;
    char why[300];
    cr_assert_eq(parse("history", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.id, CMD_HISTORY);
    cr_assert_null(c.text, "your own");
    cr_assert_eq(parse("games p7kq2m9xa4c", &c, &w, why), CMD_CORE);
    cr_assert_str_eq(c.text, "p7kq2m9xa4c");
    cr_assert_eq(parse("ratings ricochet", &c, &w, why), CMD_CORE);
    cr_assert_eq(c.id, CMD_RATINGS);
    cr_assert_str_eq(c.text, "ricochet");
    cr_assert_eq(parse("ratings a b", &c, &w, why), CMD_ERROR);
    cr_assert(strstr(why, "ratings [GAME]"));
    cr_assert_eq(parse("link", &c, &w, why), CMD_CORE);
    cr_assert_null(c.text, "show a code");
    cr_assert_eq(parse("link k7p2 x9qm", &c, &w, why), CMD_CORE);
    cr_assert_str_eq(c.text, "k7p2 x9qm", "a code typed in two groups");
    cr_assert_eq(parse("link a b c", &c, &w, why), CMD_ERROR);
}

Test(cmd, game_words_are_left_for_the_renderer)
{
    cmd c;
    cmd_words w;
    char why[300];
    cr_assert_eq(parse("bid 7", &c, &w, why), CMD_OTHER);
    cr_assert_eq(parse("move red N", &c, &w, why), CMD_OTHER);
    cr_assert_eq(parse("frobnicate", &c, &w, why), CMD_OTHER);
}

Test(cmd, every_core_command_has_usage_and_help)
{
    for (const cmd_spec *s = cmd_specs; s->name; s++) {
        cr_assert(s->usage && strncmp(s->usage, s->name, strlen(s->name)) == 0, "%s", s->name);
        cr_assert(s->help && strlen(s->help) > 5, "%s", s->name);
        cr_assert_eq(cmd_find(s->name), s);
    }
}

Test(keymap, each_screen_maps_its_keys_to_commands)
{
    const km_entry *e = keymap_find(KM_LOBBY, 'c', 0);
    cr_assert_not_null(e);
    cr_assert_str_eq(e->command, "create");
    e = keymap_find(KM_LOBBY, 'j', 0);
    cr_assert(e && e->prompt && strcmp(e->command, "join ") == 0, "j opens the command line with join");
    e = keymap_find(KM_TABLE, '/', 0);
    cr_assert(e && e->prompt && strcmp(e->command, "chat ") == 0);
    e = keymap_find(KM_ROOM, ':', 0);
    cr_assert(e && e->prompt && e->command[0] == 0, ": is everywhere");
}

Test(keymap, host_keys_need_the_host)
{
    cr_assert_null(keymap_find(KM_ROOM, 's', KM_ROOM_LOBBY), "only the host starts");
    cr_assert_not_null(keymap_find(KM_ROOM, 's', KM_ROOM_LOBBY | KM_HOST));
    cr_assert_null(keymap_find(KM_TABLE, 'R', KM_HOST), "rematch after the game");
    cr_assert_not_null(keymap_find(KM_TABLE, 'R', KM_HOST | KM_ROOM_OVER));
    cr_assert_null(keymap_find(KM_LOBBY, K_ENTER, 0), "Enter joins only when rooms are listed");
    cr_assert_not_null(keymap_find(KM_LOBBY, K_ENTER, KM_HAS_ROOMS));
}

Test(keymap, the_name_field_takes_every_printable_key)
{
    cr_assert_null(keymap_find(KM_NAME, '?', 0));
    cr_assert_null(keymap_find(KM_NAME, ':', 0));
    cr_assert_not_null(keymap_find(KM_NAME, K_ENTER, 0));
}

Test(keymap, the_footer_lists_what_applies_once)
{
    const km_entry *list[64];
    int n = keymap_entries(KM_ROOM, KM_ROOM_LOBBY, list, 64);
    bool start = false, esc = 0;
    for (int i = 0; i < n; i++) {
        start |= list[i]->key == 's';
        esc += list[i]->key == K_ESC;
    }
    cr_assert_not(start, "not the host");
    cr_assert_eq(esc, 1);
    n = keymap_entries(KM_CREATE, 0, list, 64);
    int escapes = 0;
    for (int i = 0; i < n; i++)
        escapes += list[i]->key == K_ESC;
    cr_assert_eq(escapes, 1, "the form's own Esc hides the shared one");
}

Test(keymap, keys_have_names_people_read)
{
    char buf[32];
    cr_assert_str_eq(keymap_key_name(K_ENTER, buf, sizeof buf), "Enter");
    cr_assert_str_eq(keymap_key_name(K_CTRL('l'), buf, sizeof buf), "Ctrl-L");
    cr_assert_str_eq(keymap_key_name('q', buf, sizeof buf), "q");
    cr_assert_str_eq(keymap_key_name(K_F(10), buf, sizeof buf), "F10");
    cr_assert_str_eq(keymap_key_name(0xe9, buf, sizeof buf), "é");
}

Test(edit, typing_and_editing_a_line)
{
    edit e;
    char out[64];
    edit_set(&e, "bid ");
    edit_key(&e, '7');
    cr_assert_str_eq(edit_text(&e, out, sizeof out), "bid 7");
    edit_key(&e, K_HOME);
    edit_key(&e, K_DELETE);
    cr_assert_str_eq(edit_text(&e, out, sizeof out), "id 7");
    edit_key(&e, K_END);
    edit_key(&e, K_CTRL('w'));
    cr_assert_str_eq(edit_text(&e, out, sizeof out), "id ");
    edit_key(&e, 0xe9);
    cr_assert_str_eq(edit_text(&e, out, sizeof out), "id é");
    edit_key(&e, K_BACKSPACE);
    edit_key(&e, K_CTRL('u'));
    cr_assert_str_eq(edit_text(&e, out, sizeof out), "");
    cr_assert_not(edit_key(&e, K_F(3)), "not an editing key");
    cr_assert_not(edit_key(&e, 0x1b), "control characters are not typed");
}

Test(edit, invalid_utf8_is_dropped)
{
    edit e;
    char out[64];
    edit_set(&e, "a\xff\xc3" "b\xc3\xa9");
    cr_assert_str_eq(edit_text(&e, out, sizeof out), "abé");
}
