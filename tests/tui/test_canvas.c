/* The canvas: text, clipping, Unicode and ASCII forms, clicks. */
#include <criterion/criterion.h>
#include <locale.h>
#include <string.h>

#include "canvas.h"

static cv_grid grid(int h, int w, bool utf8)
{
    setlocale(LC_ALL, "C.UTF-8");
    cv_grid g = {0};
    cr_assert_eq(cv_grid_resize(&g, h, w), 0);
    g.utf8 = utf8;
    g.color = true;
    return g;
}

static const char *row(const cv_grid *g, int y)
{
    static char buf[1024];
    return cv_row_text(g, y, buf, sizeof buf);
}

Test(canvas, text_is_clipped_to_its_window)
{
    cv_grid g = grid(3, 10, true);
    canvas c = cv_root(&g);
    canvas in = cv_sub(c, 1, 2, 1, 4);
    cv_text(in, 0, 0, 0, "abcdefgh");
    cv_text(in, 5, 0, 0, "nowhere");
    cv_text(in, 0, -3, 0, "xyz");
    cr_assert_str_eq(row(&g, 1), "  abcd");
    cr_assert_str_eq(row(&g, 0), "");
    cr_assert_str_eq(row(&g, 2), "");
    cv_grid_free(&g);
}

Test(canvas, without_unicode_glyphs_fall_back_to_ascii)
{
    cv_grid g = grid(2, 20, false);
    canvas c = cv_root(&g);
    cv_glyph_at(c, 0, 0, 0, CV_G_ARROW_N);
    cv_glyph_at(c, 0, 1, 0, CV_G_CIRCLE);
    cv_joint(c, 0, 2, 0, CV_ARM_N | CV_ARM_S, true);
    cv_joint(c, 0, 3, 0, CV_ARM_E | CV_ARM_S, true);
    cv_text(c, 1, 0, 0, "Zoë");
    cr_assert_str_eq(row(&g, 0), "^o|+");
    cr_assert_str_eq(row(&g, 1), "Zo?", "non-ASCII shows as ?");
    g.utf8 = true;
    cv_grid_clear(&g);
    cv_glyph_at(c, 0, 0, 0, CV_G_ARROW_N);
    cv_joint(c, 0, 1, 0, CV_ARM_E | CV_ARM_S, true);
    cv_text(c, 1, 0, 0, "Zoë");
    cr_assert_str_eq(row(&g, 0), "↑┏");
    cr_assert_str_eq(row(&g, 1), "Zoë");
    cv_grid_free(&g);
}

Test(canvas, wide_characters_take_two_columns)
{
    cv_grid g = grid(1, 10, true);
    canvas c = cv_root(&g);
    cr_assert_eq(cv_text(c, 0, 0, 0, "名前x"), 5);
    cr_assert_eq(cv_text_width(&c, "名前x"), 5);
    cr_assert_str_eq(row(&g, 0), "名前x");
    cv_grid_free(&g);
}

Test(canvas, control_characters_never_reach_the_terminal)
{
    cv_grid g = grid(1, 20, true);
    canvas c = cv_root(&g);
    cv_text(c, 0, 0, 0, "a\x1b[2Jb\n\xff");
    cr_assert_str_eq(row(&g, 0), "a?[2Jb??");
    cv_grid_free(&g);
}

Test(canvas, long_text_is_cut_with_an_ellipsis)
{
    cv_grid g = grid(1, 20, false);
    canvas c = cv_root(&g);
    cr_assert_eq(cv_text_fit(c, 0, 0, 6, 0, "Ada Lovelace"), 6);
    cr_assert_str_eq(row(&g, 0), "Ada L~");
    cv_grid_free(&g);
}

Test(canvas, words_wrap_to_the_width)
{
    cv_grid g = grid(4, 12, true);
    canvas c = cv_root(&g);
    cr_assert_eq(cv_wrap(c, 0, 0, 10, 4, 0, "the quick brown fox jumps"), 3);
    cr_assert_str_eq(row(&g, 0), "the quick");
    cr_assert_str_eq(row(&g, 1), "brown fox");
    cr_assert_str_eq(row(&g, 2), "jumps");
    cv_grid_free(&g);
}

Test(canvas, clicks_find_their_command)
{
    cv_grid g = grid(5, 20, true);
    canvas c = cv_root(&g);
    canvas in = cv_sub(c, 2, 5, 2, 10);
    cv_click_at(in, 1, 2, 3, "sit 2");
    cr_assert_str_eq(cv_click_find(&g, 3, 7), "sit 2");
    cr_assert_str_eq(cv_click_find(&g, 3, 9), "sit 2");
    cr_assert_null(cv_click_find(&g, 3, 10));
    cr_assert_null(cv_click_find(&g, 2, 7));
    cv_grid_free(&g);
}

Test(canvas, seats_have_a_shape_and_a_number)
{
    cv_grid g = grid(1, 10, true);
    canvas c = cv_root(&g);
    cv_seat_mark(c, 0, 0, 2);
    cr_assert_str_eq(row(&g, 0), "▲3");
    cr_assert_neq(cv_seat_color(0), cv_seat_color(1));
    cv_grid_free(&g);
}
