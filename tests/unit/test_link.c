/* Link codes (lobby/link.h): a code hands over its token once, within its
 * time; a used, expired, replaced or mistyped code says so. */
#include <criterion/criterion.h>
#include <string.h>

#include "lobby/link.h"

static const char token[] = "00112233445566778899aabbccddeeff";

static link_book issued(char code[IDS_LINK_LEN + 1], uint64_t now)
{
    link_book b;
    link_init(&b, LINK_TTL_MS);
    cr_assert(link_issue(&b, "pada", token, now, code));
    return b;
}

Test(link, a_code_is_eight_characters_without_look_alikes_typed_any_way)
{
    char code[IDS_LINK_LEN + 1], out[IDS_LINK_LEN + 1];
    ids_link_code(code);
    cr_assert_eq(strlen(code), 8);
    cr_assert_eq(strspn(code, IDS_CODE_ALPHABET), 8);
    cr_assert(ids_link_normalize("k7p2-x9qm", out));
    cr_assert_str_eq(out, "K7P2X9QM");
    cr_assert(ids_link_normalize(" K7P2 X9QM ", out));
    cr_assert_not(ids_link_normalize("K7P2-X9Q", out), "too short");
    cr_assert_not(ids_link_normalize("K7P2-X9QM1", out), "too long");
    cr_assert_not(ids_link_normalize("K7P2-X9Q0", out), "0 is not in the alphabet");
    cr_assert_not(ids_link_normalize("", out));
}

Test(link, a_code_hands_over_its_token_once)
{
    char code[IDS_LINK_LEN + 1], got[IDS_TOKEN_HEX];
    link_book b = issued(code, 1000);
    cr_assert_eq(link_check(&b, code, 2000, got), LINK_OK);
    cr_assert_str_eq(got, token);
    link_use(&b, code);
    cr_assert_eq(link_check(&b, code, 3000, got), LINK_USED);
    link_free(&b);
}

Test(link, a_code_expires_then_is_forgotten)
{
    char code[IDS_LINK_LEN + 1], got[IDS_TOKEN_HEX];
    link_book b = issued(code, 1000);
    cr_assert_eq(link_check(&b, code, 1000 + LINK_TTL_MS - 1, got), LINK_OK);
    cr_assert_eq(link_check(&b, code, 1000 + LINK_TTL_MS, got), LINK_EXPIRED);
    cr_assert_eq(link_prune(&b, 1000 + 2 * LINK_TTL_MS), 0);
    cr_assert_eq(link_check(&b, code, 1000 + 2 * LINK_TTL_MS, got), LINK_UNKNOWN);
    link_free(&b);
}

Test(link, a_new_code_replaces_the_players_last_one)
{
    char first[IDS_LINK_LEN + 1], second[IDS_LINK_LEN + 1], got[IDS_TOKEN_HEX];
    link_book b = issued(first, 1000);
    cr_assert(link_issue(&b, "pada", token, 2000, second));
    cr_assert_eq(link_check(&b, first, 2000, got), LINK_UNKNOWN);
    cr_assert_eq(link_check(&b, second, 2000, got), LINK_OK);
    cr_assert(link_issue(&b, "pbob", token, 2000, first), "another player's code is its own");
    cr_assert_eq(link_check(&b, second, 2000, got), LINK_OK);
    link_free(&b);
}

Test(link, a_code_nobody_was_given_is_unknown)
{
    char code[IDS_LINK_LEN + 1], got[IDS_TOKEN_HEX];
    link_book b = issued(code, 1000);
    cr_assert_eq(link_check(&b, "AAAA-AAAA", 1000, got), LINK_UNKNOWN);
    cr_assert_eq(link_check(&b, "not a code", 1000, got), LINK_UNKNOWN);
    link_free(&b);
}
