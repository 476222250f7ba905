/* screens.c: drawing the screens, the frame around a game, and overlays,
 * from the app, which it only reads (screens.h). */
#include "screens.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cmd.h"
#include "names.h"

/* A JSON string field, or def. */
static const char *str_or(const json_t *o, const char *key, const char *def)
{
    const char *v = json_string_value(json_object_get(o, key));
    return v ? v : def;
}

#define ST_HEAD (CV_REVERSE | CV_BOLD)
#define ST_TITLE CV_BOLD
#define ST_DIM CV_DIM
#define ST_ERR (CV_FG(CV_RED) | CV_BOLD)
#define ST_OK CV_FG(CV_GREEN)
#define ST_WARN (CV_FG(CV_YELLOW) | CV_BOLD)
#define ST_SEL CV_REVERSE
#define ST_KEY (CV_BOLD | CV_FG(CV_CYAN))

/* Rows text takes wrapped to width (nothing drawn). */
static int rows_of(canvas c, int width, const char *text)
{
    return cv_wrap(cv_sub(c, c.h, 0, 0, c.w), 0, 0, width, 100, 0, text);
}

/* ---- the frame: header, status line, footer ---- */

static void link_text(const app *a, char *buf, size_t len, cv_style *st)
{
    int64_t wait = a->retry_at - app_now();
    long secs = wait > 0 ? (long)((wait + 999) / 1000) : 0;
    switch (a->st.link) {
    case STORE_ONLINE:
        if (a->gen && a->st.welcomed) {
            snprintf(buf, len, "online");
            *st = ST_OK | CV_REVERSE;
            return;
        }
        __attribute__((fallthrough)); /* lost it */
    case STORE_RECONNECTING:
        if (a->gen)
            snprintf(buf, len, "reconnecting...");
        else if (secs > 0)
            snprintf(buf, len, "reconnecting in %lds", secs);
        else
            snprintf(buf, len, "reconnecting...");
        *st = ST_WARN | CV_REVERSE;
        return;
    case STORE_REPLACED:
        snprintf(buf, len, "replaced: :reconnect");
        *st = ST_ERR | CV_REVERSE;
        return;
    case STORE_CONNECTING:
        if (a->gen)
            snprintf(buf, len, a->st.name[0] ? "connecting..." : "connected");
        else if (secs == 0)
            snprintf(buf, len, "connecting...");
        else
            snprintf(buf, len, "no server; retry in %lds", secs);
        *st = ST_WARN | CV_REVERSE;
        return;
    }
}

static void draw_header(const app *a, canvas c)
{
    cv_fill(c, 0, 0, 1, c.w, ST_HEAD, L' ');
    int x = cv_text(c, 0, 1, ST_HEAD, "Botpit");
    x += 1;
    const char *game = json_string_value(json_object_get(a->st.room, "title"));
    char left[800];
    if (a->st.room)
        snprintf(left, sizeof left, " %s  room %s", game ? game : "", a->st.room_code);
    else
        snprintf(left, sizeof left, " %s", a->endpoint);
    x += cv_text_fit(c, 0, x, c.w / 2, ST_HEAD & ~CV_BOLD, left);
    char who[160] = "";
    if (a->st.name[0]) {
        int seat = store_my_seat(&a->st);
        if (a->st.room && seat >= 0)
            snprintf(who, sizeof who, "%s (seat %d)", a->st.name, seat + 1);
        else if (a->st.room)
            snprintf(who, sizeof who, "%s (watching)", a->st.name);
        else
            snprintf(who, sizeof who, "%s", a->st.name);
    }
    char link[64];
    cv_style lst = ST_WARN;
    link_text(a, link, sizeof link, &lst);
    int lw = cv_text_width(&c, link) + 2;
    cv_text(c, 0, c.w - lw, lst, " ");
    cv_text(c, 0, c.w - lw + 1, lst, link);
    int ww = cv_text_width(&c, who);
    if (x + ww + 3 < c.w - lw)
        cv_text(c, 0, c.w - lw - ww - 2, ST_HEAD, who);
}

/* How long the status line keeps a sentence: errors longer than news. */
#define STATUS_MS 12000
#define STATUS_ERROR_MS 30000

static void draw_status(const app *a, canvas c, int y)
{
    int64_t age = app_now() - a->st.status_at;
    if (!a->st.status[0] || age > (a->st.status_error ? STATUS_ERROR_MS : STATUS_MS))
        return;
    cv_style st = a->st.status_error ? ST_ERR : CV_BOLD;
    int x = a->st.status_error ? 3 : 1, width = c.w - x - 1;
    /* a sentence too long for its row takes the row above too (the body's
     * last: the room leaves it free, boards at 80x24 mostly blank) rather
     * than lose its end */
    int rows = rows_of(c, width, a->st.status);
    if (rows > 1) {
        y--;
        cv_fill(c, y, 0, 1, c.w, 0, L' ');
    }
    if (a->st.status_error)
        cv_text(c, y, 1, st, "! ");
    if (rows <= 1)
        cv_text_fit(c, y, x, width, st, a->st.status);
    else if (cv_wrap(c, y, x, width, 2, st, a->st.status) == 2 && rows > 2)
        cv_glyph_at(c, y + 1, c.w - 2, st, CV_G_ELLIPSIS);
}

/* Adds "key label" to the footer at *x; false when it does not fit. */
static bool footer_item(canvas c, int y, int *x, int limit, const char *key, const char *label,
                        const char *command)
{
    int kw = cv_text_width(&c, key), lw = cv_text_width(&c, label);
    if (*x + kw + 1 + lw > limit)
        return false;
    int x0 = *x;
    cv_text(c, y, *x, ST_KEY, key);
    cv_text(c, y, *x + kw + 1, 0, label);
    *x += kw + 1 + lw + 2;
    if (command)
        cv_click_at(c, y, x0, kw + 1 + lw, command);
    return true;
}

static void draw_footer(const app *a, canvas c, int y)
{
    if (a->input == INPUT_COMMAND) {
        char text[EDIT_MAX * 4];
        edit_text(&a->line, text, sizeof text);
        cv_text(c, y, 0, ST_KEY, ":");
        /* keep the cursor in view on a long line */
        int width = c.w - 2, start = 0;
        if (a->line.cursor >= width)
            start = a->line.cursor - width + 1;
        edit shown = a->line;
        memmove(shown.buf, shown.buf + start, (size_t)(shown.len - start) * sizeof(wchar_t));
        shown.len -= start;
        edit_text(&shown, text, sizeof text);
        cv_text_fit(c, y, 1, width, 0, text);
        /* the cursor sits after the characters before it, as wide as they show */
        edit before = shown;
        before.len = a->line.cursor - start;
        edit_text(&before, text, sizeof text);
        cv_cursor(c, y, 1 + cv_text_width(&c, text));
        return;
    }
    int x = 1, limit = c.w - 8;
    km_screen screen = app_screen(a);
    if (screen == KM_TABLE && a->ui && a->ui->hints) {
        game_hint hints[24];
        table t;
        app_read_table(a, &t);
        int n = a->ui->hints(a->ui_self, &t, hints, 24);
        for (int i = 0; i < n; i++) {
            if (!footer_item(c, y, &x, limit, hints[i].key, hints[i].what, hints[i].command))
                break;
        }
    }
    const km_entry *entries[48];
    int n = keymap_entries(screen, app_key_state(a), entries, 48);
    for (int i = 0; i < n; i++) {
        const km_entry *e = entries[i];
        if (!keymap_offered(e, app_key_state(a)) || e->key == '?')
            continue;
        char key[24], command[80];
        keymap_entry_keys(e, key, sizeof key);
        snprintf(command, sizeof command, "%s%s", e->prompt ? ":" : "", e->command);
        if (!footer_item(c, y, &x, limit, key, e->label, command))
            break;
    }
    x = c.w - 7;
    footer_item(c, y, &x, c.w, "?", "help", "help");
}

/* ---- the log (chat and game events) ---- */

static void draw_log(const app *a, canvas c, const char *title)
{
    cv_box(c, 0, 0, c.h, c.w, ST_DIM, title);
    canvas in = cv_sub(c, 1, 1, c.h - 2, c.w - 2);
    /* the newest lines at the bottom; wrapped lines count as they show */
    int row = in.h;
    int skip = a->log_scroll;
    for (int i = a->st.log_count - 1; i >= 0 && row > 0; i--) {
        const store_line *l = store_log_line(&a->st, i);
        char text[STORE_TEXT_MAX + 120];
        cv_style st = l->kind == LOG_EVENT ? CV_DIM : l->kind == LOG_INFO ? CV_BOLD : 0;
        if (l->kind == LOG_CHAT)
            snprintf(text, sizeof text, "%s: %s", l->from, l->text);
        else
            snprintf(text, sizeof text, "%s", l->text);
        /* measure by drawing off-screen first */
        canvas probe = cv_sub(in, in.h, 0, 0, in.w);
        int rows = cv_wrap(probe, 0, 0, in.w, 6, st, text);
        if (rows < 1)
            rows = 1;
        if (skip > 0) {
            skip--;
            continue;
        }
        row -= rows;
        cv_wrap(in, row, 0, in.w, rows, st, text);
        if (l->kind == LOG_CHAT && row >= 0)
            cv_restyle(in, row, 0, cv_text_width(&c, l->from) + 1, CV_BOLD | CV_FG(CV_CYAN));
    }
    if (a->st.log_count == 0)
        cv_wrap(in, 0, 0, in.w, in.h, CV_DIM, "Nothing said yet. Press / to chat.");
}

/* ---- the name screen ---- */

/* Where the name and token are kept (--state, --kiosk), in two lines. */
static void draw_kept_where(const app *a, canvas c, int y, int x)
{
    const args *o = &a->opts;
    if (o->kiosk && !o->state) {
        cv_text(c, y, x, CV_DIM, "Esc quits. You play as a guest: nothing is kept after");
        cv_text(c, y + 1, x, CV_DIM, "you quit.");
    } else if (o->kiosk) {
        cv_text(c, y, x, CV_DIM, "Esc quits. Your name and player are kept for you: next");
        cv_text(c, y + 1, x, CV_DIM, "time you are back as the same player.");
    } else if (o->state) {
        cv_text(c, y, x, CV_DIM, "Esc quits. Your name and player token are remembered in");
        cv_textf(c, y + 1, x, CV_DIM, "%s/tui.json.", o->state);
    } else {
        cv_text(c, y, x, CV_DIM, "Esc quits. Your name and player token are remembered in");
        cv_text(c, y + 1, x, CV_DIM, "$XDG_CONFIG_HOME/botpit/ (~/.config/botpit/).");
    }
}

static void draw_name(const app *a, canvas c)
{
    int y = c.h / 2 - 5, x = c.w / 2 - 30;
    if (y < 1)
        y = 1;
    if (x < 1)
        x = 1;
    cv_text(c, y, x, ST_TITLE, "Welcome to Botpit: robot board games in your terminal.");
    cv_textf(c, y + 2, x, 0, "Server: %s", a->endpoint);
    cv_text(c, y + 4, x, 0, "Choose a name (1 to 24 characters) and press Enter:");
    cv_box(c, y + 5, x, 3, 30, 0, NULL);
    char text[EDIT_MAX * 4];
    edit_text(&a->line, text, sizeof text);
    cv_text_fit(c, y + 6, x + 2, 26, CV_BOLD, text);
    edit before = a->line;
    before.len = a->line.cursor;
    edit_text(&before, text, sizeof text);
    cv_cursor(c, y + 6, x + 2 + cv_text_width(&c, text));
    draw_kept_where(a, c, y + 9, x);
}

/* ---- the lobby ---- */

/* A room of the lobby's list on one row: its code, game, seats taken and
 * status, then, for one of ours, how it is ours, else its host, how many
 * watch and whether its seed is known. */
static void room_row(canvas c, int y, const json_t *r, bool ours, bool sel)
{
    cv_style st = sel ? ST_SEL : 0;
    char players[16], tail[120];
    snprintf(players, sizeof players, "%d/%d", (int)json_integer_value(json_object_get(r, "players")),
             (int)json_integer_value(json_object_get(r, "max_players")));
    if (ours) {
        bool made = json_is_true(json_object_get(r, "made")), in = json_is_true(json_object_get(r, "in"));
        snprintf(tail, sizeof tail, "%s%s%s%s", made ? "made by you" : "", made && in ? ", " : "",
                 in ? "you are in it" : "", json_is_true(json_object_get(r, "private")) ? ", private" : "");
    }
    cv_fill(c, y, 1, 1, c.w - 2, st, L' ');
    cv_text(c, y, 1, st, sel ? ">" : " ");
    cv_text_fit(c, y, 3, 5, st, str_or(r, "code", "?"));
    cv_text_fit(c, y, 9, 23, st, str_or(r, "title", "?"));
    cv_text(c, y, 33, st, players);
    cv_text_fit(c, y, 41, 8, st, str_or(r, "status", ""));
    if (ours) {
        cv_text_fit(c, y, 50, c.w - 51, st | CV_DIM, tail);
    } else {
        cv_text_fit(c, y, 50, 12, st, str_or(r, "host", ""));
        cv_textf(c, y, 63, st, "%d", (int)json_integer_value(json_object_get(r, "spectators")));
        /* the host chose the seed: its deal can be known in advance */
        if (json_is_true(json_object_get(r, "seeded")))
            cv_text(c, y, 72, st | CV_DIM, "seeded");
    }
    char command[32];
    snprintf(command, sizeof command, "join %s", str_or(r, "code", ""));
    cv_click_at(c, y, 1, c.w - 2, command);
}

/* The rows of the lobby's list: our rooms under a title of their own, then
 * the public ones under theirs; -1 a title, -2 the public rooms' column
 * names, -3 the sentence for no public room, else the room's index. */
static int list_rows(const app *a, int *rows, int max)
{
    int n = 0, count = store_lobby_count(&a->st), mine = (int)json_array_size(a->st.mine);
    if (mine && n < max)
        rows[n++] = -1;
    for (int i = 0; i < mine && n < max; i++)
        rows[n++] = i;
    if (n < max)
        rows[n++] = -1;
    if (count == mine && n < max)
        rows[n++] = -3;
    else if (n < max)
        rows[n++] = -2;
    for (int i = mine; i < count && n < max; i++)
        rows[n++] = i;
    return n;
}

static void draw_rooms(const app *a, canvas c)
{
    if (!a->st.welcomed && !a->st.rooms) {
        cv_text(c, 0, 1, ST_TITLE, "Public rooms");
        cv_text(c, 1, 3, CV_DIM, "Waiting for the server...");
        return;
    }
    int rows[200], n = list_rows(a, rows, 200), mine = (int)json_array_size(a->st.mine);
    /* a window on the list that keeps the selected room in view */
    int at = 0;
    for (int i = 0; i < n; i++) {
        if (rows[i] == a->lobby_sel)
            at = i;
    }
    int first = at >= c.h ? at - c.h + 1 : 0;
    for (int i = first; i < n && i - first < c.h; i++) {
        int y = i - first;
        if (rows[i] == -1) {
            bool ours = mine && i == 0;
            cv_text(c, y, 1, ST_TITLE, ours ? "Your rooms (Enter goes back)" : "Public rooms");
        } else if (rows[i] == -2) {
            cv_text(c, y, 3, CV_DIM, "code  game                    players status   host         watching");
        } else if (rows[i] == -3) {
            cv_text_fit(c, y, 3, c.w - 4, 0, "No public rooms right now: c creates one, j joins one by its code.");
            cv_click_at(c, y, 3, 38, "create");
        } else {
            bool ours;
            const json_t *r = store_lobby_room(&a->st, rows[i], &ours);
            room_row(c, y, r, ours, rows[i] == a->lobby_sel);
        }
    }
}

static void draw_games(const app *a, canvas c)
{
    cv_text(c, 0, 1, ST_TITLE, "Games on this server");
    /* a line a game; the summaries whole, in order, in the rows that leaves */
    int spare = c.h - 1 - (int)json_array_size(a->st.games);
    size_t i;
    const json_t *g;
    int y = 1;
    json_array_foreach(a->st.games, i, g) {
        if (y >= c.h)
            break;
        const char *id = json_string_value(json_object_get(g, "id"));
        int lo = (int)json_integer_value(json_object_get(g, "min_players"));
        int hi = (int)json_integer_value(json_object_get(g, "max_players"));
        char players[32];
        if (lo == hi)
            snprintf(players, sizeof players, "%d players", lo);
        else
            snprintf(players, sizeof players, "%d-%d players", lo, hi);
        int x = 3 + cv_text_fit(c, y, 3, 32, CV_BOLD, json_string_value(json_object_get(g, "title")));
        cv_textf(c, y, x + 2, CV_DIM, "%s  (:create %s)%s", players, id ? id : "?",
                 id && game_ui_has(id) ? "" : "  [text view]");
        char command[64];
        snprintf(command, sizeof command, "create %s", id ? id : "");
        cv_click_at(c, y, 3, c.w - 4, command);
        y++;
        const char *summary = json_string_value(json_object_get(g, "summary"));
        int rows = summary ? rows_of(c, c.w - 7, summary) : 0;
        if (rows && rows <= spare) {
            y += cv_wrap(c, y, 5, c.w - 7, rows, CV_DIM, summary);
            spare -= rows;
        } else {
            spare = 0; /* the next summaries neither: they would read as this one's */
        }
    }
    if (!a->st.games)
        cv_text(c, 1, 3, CV_DIM, "...");
}

static void draw_lobby(const app *a, canvas c)
{
    int rows[200], n = list_rows(a, rows, 200);
    /* the rooms take what they need, the games what is left (half at the least) */
    int rooms_h = n > c.h / 2 ? c.h / 2 : n;
    if (rooms_h < 2)
        rooms_h = 2;
    draw_rooms(a, cv_sub(c, 0, 0, rooms_h, c.w));
    draw_games(a, cv_sub(c, rooms_h + 1, 0, c.h - rooms_h - 1, c.w));
}

/* ---- the create form ---- */

/* Rows of the form's options shown in a body of h rows: the title and the
 * keys above them, a blank row and the help (four rows) below. */
static int form_visible(int h)
{
    return h - 7;
}

/* Under the options: why the form is not a room yet (a value out of range,
 * an option :create did not know, the server's refusal, with our own rooms
 * to click back to when the server lists them), then the selected row's
 * help in the rows left. */
static void draw_form_help(const app *a, canvas c, int y, const char *help)
{
    if (a->form_refusal[0]) {
        char text[STORE_TEXT_MAX + 4];
        snprintf(text, sizeof text, "! %s", a->form_refusal);
        y += cv_wrap(c, y, 3, c.w - 6, 3, ST_ERR, text);
    }
    int n = a->form_refused_by_server ? (int)json_array_size(a->st.mine) : 0;
    if (n > 0 && y < c.h) {
        int x = 3 + cv_text(c, y, 3, 0, "Back to a room of yours:");
        for (int i = 0; i < n; i++) {
            const json_t *r = json_array_get(a->st.mine, (size_t)i);
            char item[120], command[32];
            snprintf(item, sizeof item, "%s (%s)", str_or(r, "code", "?"), str_or(r, "title", "?"));
            int w = cv_text_width(&c, item);
            if (x + 1 + w > c.w - 3) {
                if (++y >= c.h)
                    return;
                x = 3;
            }
            cv_text(c, y, x + 1, CV_BOLD | CV_FG(CV_CYAN), item);
            snprintf(command, sizeof command, "join %s", str_or(r, "code", ""));
            cv_click_at(c, y, x + 1, w, command);
            x += 1 + w;
        }
        y++;
    }
    if (y < c.h)
        cv_wrap(c, y, 3, c.w - 6, c.h - y, CV_DIM, help);
}

/* A choice's words in w columns, whole: the label, else its words before
 * " (" (the selected row's help says the rest). */
static void choice_fit(const canvas *c, const char *text, int w, char *buf, size_t len)
{
    snprintf(buf, len, "%s", text);
    char *paren = strstr(buf, " (");
    if (cv_text_width(c, buf) > w && paren)
        *paren = 0;
}

static void draw_create(const app *a, canvas c)
{
    const form *f = &a->form;
    cv_text(c, 0, 1, ST_TITLE, "Create a room");
    cv_text_fit(c, 1, 3, c.w - 4, CV_DIM, "Up/Down choose, Left/Right (or Space) change, digits type a number");
    int rows = form_rows(f);
    int visible = form_visible(c.h);
    /* the label, the value, and the range (with "changed") where it fits;
     * a choice's words take the range's room too */
    int label_w = 40, value_x = 3 + label_w + 1, value_w = c.w >= 100 ? 22 : 20, right_x = value_x + value_w + 1;
    int right_w = c.w - 1 - right_x;
    for (int r = a->form_scroll; r < rows && r - a->form_scroll < visible; r++) {
        int y = 2 + r - a->form_scroll;
        bool sel = r == f->row;
        cv_style st = sel ? ST_SEL : 0;
        char label[160], value[160], range[80] = "";
        int vw = value_w;
        if (r == 0) {
            snprintf(label, sizeof label, "Game");
            snprintf(value, sizeof value, "< %s >", f->game_titles[f->game]);
            vw = c.w - value_x - 2;
        } else if (r == f->nfields + 1) {
            snprintf(label, sizeof label, "Private room (not listed; join by code)");
            snprintf(value, sizeof value, "%s", f->is_private ? "on" : "off");
        } else {
            const form_field *fl = &f->fields[r - 1];
            bool changed = fl->value != fl->def || fl->typing[0];
            snprintf(label, sizeof label, "%s", fl->label);
            form_value_text(fl, value, sizeof value);
            if (fl->kind == FORM_CHOICE) {
                vw = c.w - value_x - 2 - (changed ? 9 : 0);
                char words[160];
                choice_fit(&c, value, vw, words, sizeof words);
                snprintf(value, sizeof value, "%s", words);
                if (changed)
                    snprintf(range, sizeof range, "changed");
            } else {
                form_range_text(fl, range, sizeof range);
                if (changed) {
                    size_t n = strlen(range);
                    snprintf(range + n, sizeof range - n, "%schanged", n ? ", " : "");
                    if (cv_text_width(&c, range) > right_w)
                        snprintf(range, sizeof range, "changed");
                }
                if (cv_text_width(&c, range) > right_w)
                    range[0] = 0; /* the help says it */
            }
        }
        cv_fill(c, y, 1, 1, c.w - 2, st, L' ');
        cv_text(c, y, 1, st, sel ? ">" : " ");
        cv_text_fit(c, y, 3, label_w, st, label);
        int shown = cv_text_fit(c, y, value_x, vw, st | CV_BOLD, value);
        if (range[0])
            cv_text(c, y, value_x + shown + 1 > right_x ? value_x + shown + 1 : right_x, st | CV_DIM, range);
    }
    char help[900];
    if (f->row == 0) {
        snprintf(help, sizeof help, "Left/Right chooses the game; its options follow.");
    } else if (f->row == f->nfields + 1) {
        snprintf(help, sizeof help, "A private room is not listed in the lobby: share its code or link. (On the "
                 "command line: private.)");
    } else {
        /* the whole value, the help, the range, and the words :create takes */
        const form_field *fl = &f->fields[f->row - 1];
        char range[80], typed[120], value[160] = "";
        form_range_text(fl, range, sizeof range);
        form_typed_text(fl, typed, sizeof typed);
        if (fl->kind == FORM_CHOICE)
            form_value_text(fl, value, sizeof value);
        snprintf(help, sizeof help, "%s%s%s (%s%son the command line: %s)", value, value[0] ? ". " : "", fl->help,
                 range, range[0] ? "; " : "", typed);
    }
    /* the help takes the rows the options leave, four at the least */
    int shown = rows - a->form_scroll < visible ? rows - a->form_scroll : visible;
    draw_form_help(a, c, 2 + shown + 1, help);
}

/* ---- the room (before the game) ---- */

/* The room's options in words, as the create form labels them: all of
 * them when they fit in rows lines of width (those changed from their
 * defaults first); else only the changed ones, then that the others are
 * at their defaults (a default never reads as a choice). */
static void options_text(const app *a, canvas c, int width, int rows, char *buf, size_t len)
{
    const json_t *options = json_object_get(a->st.room, "options");
    const json_t *game = store_game(&a->st, store_game_id(&a->st));
    char items[32][160];
    bool changed[32];
    int n = 0, nchanged = 0;
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)options, key, v) {
        if (n < 32 && (json_is_integer(v) || json_is_boolean(v) || json_is_string(v))) {
            changed[n] = form_option_words(game, key, v, items[n], sizeof items[n]);
            nchanged += changed[n];
            n++;
        }
    }
    for (int all = 1; all >= 0; all--) {
        size_t used = 0;
        buf[0] = 0;
        for (int pass = 0; pass < 1 + all; pass++) {
            for (int i = 0; i < n; i++) {
                if (changed[i] == (pass == 0))
                    used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? "; " : "",
                                             items[i]);
            }
        }
        if (!all && nchanged < n)
            snprintf(buf + used, used < len ? len - used : 0, "%s",
                     used ? "; the other options at their defaults" : "Every option at its default");
        if (used < len && rows_of(c, width, buf) <= rows)
            return;
    }
}

/* How many teams the room's seats are on (RoboBall's teams; 0 when each
 * plays for themselves). */
static int seat_teams(const json_t *room)
{
    int teams = 0;
    const json_t *seat;
    size_t i;
    json_array_foreach(json_object_get(room, "seats"), i, seat) {
        const json_t *team = json_object_get(seat, "team");
        if (json_is_integer(team) && json_integer_value(team) + 1 > teams)
            teams = (int)json_integer_value(team) + 1;
    }
    return teams;
}

static void draw_seats(const app *a, canvas c, int y, bool selectable)
{
    int n = store_seat_count(&a->st);
    int mine = store_my_seat(&a->st);
    const char *host = json_string_value(json_object_get(a->st.room, "host"));
    /* the name, then what to know about the seat in the rest */
    int name_w = c.w >= 60 ? 24 : 16, notes_x = 6 + name_w + 1;
    for (int i = 0; i < n && y + i < c.h; i++) {
        const json_t *seat = json_array_get(json_object_get(a->st.room, "seats"), (size_t)i);
        const json_t *player = json_object_get(seat, "player");
        bool sel = selectable && i == a->seat_sel;
        cv_style st = sel ? ST_SEL : 0;
        cv_fill(c, y + i, 1, 1, c.w - 2, st, L' ');
        cv_text(c, y + i, 1, st, sel ? ">" : " ");
        cv_seat_mark(c, y + i, 3, i);
        char name[100];
        bool taken = names_seat(a->st.room, i, name, sizeof name);
        cv_text_fit(c, y + i, 6, name_w, st | (taken ? CV_BOLD : CV_DIM), taken ? name : "empty");
        const char *notes[6];
        int k = 0;
        char team[16];
        if (json_is_integer(json_object_get(seat, "team"))) {
            snprintf(team, sizeof team, "T%d", (int)json_integer_value(json_object_get(seat, "team")) + 1);
            notes[k++] = team;
        }
        const char *pid = json_string_value(json_object_get(player, "id"));
        if (i == mine)
            notes[k++] = "you";
        if (pid && host && strcmp(pid, host) == 0)
            notes[k++] = "host";
        if (json_is_object(player) && !json_is_true(json_object_get(seat, "connected")))
            notes[k++] = "away";
        if (json_is_object(player) && json_is_string(json_object_get(seat, "bot")))
            notes[k++] = "a bot plays for them";
        if (!taken && selectable)
            notes[k++] = store_is_host(&a->st) ? "t to sit, b for a bot" : "t to sit";
        char text[160] = "";
        for (int j = 0; j < k; j++) {
            strncat(text, j ? ", " : "", sizeof text - strlen(text) - 1);
            strncat(text, notes[j], sizeof text - strlen(text) - 1);
        }
        cv_text_fit(c, y + i, notes_x, c.w - notes_x - 1, st | CV_DIM, text);
        char command[16];
        snprintf(command, sizeof command, "sit %d", i + 1);
        if (!taken)
            cv_click_at(c, y + i, 1, c.w - 2, command);
    }
}

static void draw_room(const app *a, canvas body)
{
    /* the last row is left for a sentence too long for the status line */
    canvas c = cv_sub(body, 0, 0, body.h - 1, body.w);
    int chat_w = c.w >= 100 ? 44 : 30;
    canvas left = cv_sub(c, 0, 0, c.h, c.w - chat_w - 1);
    int width = left.w - 2;
    const char *title = json_string_value(json_object_get(a->st.room, "title"));
    const char *status = store_room_status(&a->st);
    cv_textf(left, 0, 1, ST_TITLE, "Room %s", a->st.room_code);
    cv_text_fit(left, 0, 12, left.w - 13, CV_BOLD, title ? title : "");
    const char *what = status && strcmp(status, "lobby") == 0 ? "Waiting for players; the host starts the game."
                       : "The game is starting...";
    int y = 1 + cv_wrap(left, 1, 1, width, 2, CV_DIM, what);
    char link[800];
    url_share_link(&a->opts.server, a->st.public_url, a->st.room_code, link, sizeof link);
    cv_textf(left, y++, 1, 0, "Invite: code %s", a->st.room_code);
    cv_text_fit(left, y++, 3, left.w - 4, CV_FG(CV_CYAN), link);
    const char *help = store_is_host(&a->st)
                           ? "You are the host: Up/Down picks a seat, b seats a bot (again: a harder one), k "
                             "removes it, s starts."
                       : store_my_seat(&a->st) >= 0 ? "The host seats bots and starts the game."
                       : app_key_state(a) & KM_SEAT_FREE
                           ? "You are watching: Up/Down picks an empty seat, t takes it. The host starts the game."
                           : "Every seat is taken, so you are watching. To play, ask the host to free a seat "
                             "(k removes a bot); then t takes it.";
    int seats = store_seat_count(&a->st), help_rows = rows_of(left, width, help);
    /* the options get the rows the seats, the help and the blank lines leave */
    int rows = left.h - y - 1 - seats - help_rows - 2;
    char options[1200];
    options_text(a, left, width, rows > 1 ? rows : 1, options, sizeof options);
    y += cv_wrap(left, y, 1, width, rows > 1 ? rows : 1, CV_DIM, options);
    if (y + 1 + seats + help_rows + 1 < left.h)
        y++;
    int lo = (int)json_integer_value(json_object_get(a->st.room, "min_players"));
    int hi = (int)json_integer_value(json_object_get(a->st.room, "max_players"));
    int watching = (int)json_integer_value(json_object_get(a->st.room, "spectators"));
    char head[80];
    int w = lo == hi ? snprintf(head, sizeof head, "Seats (%d players", lo)
                     : snprintf(head, sizeof head, "Seats (%d to %d players", lo, hi);
    int teams = seat_teams(a->st.room);
    for (int t = 0; t < teams && w > 0 && (size_t)w < sizeof head; t++)
        w += snprintf(head + w, sizeof head - (size_t)w, "%sT%d%s", t ? " " : "; ", t + 1,
                      t == teams - 1 ? ": the teams" : "");
    if (w > 0 && (size_t)w < sizeof head)
        w += snprintf(head + w, sizeof head - (size_t)w, ")");
    if (watching > 0 && w > 0 && (size_t)w < sizeof head)
        snprintf(head + w, sizeof head - (size_t)w, "; %d watching", watching);
    cv_text_fit(left, y, 1, width, ST_TITLE, head);
    draw_seats(a, left, y + 1, true);
    y += 1 + seats;
    if (y + help_rows < left.h)
        y++;
    cv_wrap(left, y, 1, width, help_rows, store_is_host(&a->st) ? 0 : CV_DIM, help);
    draw_log(a, cv_sub(c, 0, c.w - chat_w, c.h, chat_w), "Chat (/ to talk)");
}

/* ---- the table: the frame around a game ---- */

/* Whose move it is, for the turn bar: one name, two names, or the first
 * and how many more ("Ada and others" read wrong beside one bot). */
static void whose_turn(const json_t *room, const int *seats, int n, char *buf, size_t len)
{
    char first[100], second[100];
    names_seat(room, seats[0], first, sizeof first);
    if (n == 1) {
        snprintf(buf, len, "%s", first);
    } else if (n == 2) {
        names_seat(room, seats[1], second, sizeof second);
        snprintf(buf, len, "%s and %s", first, second);
    } else {
        snprintf(buf, len, "%s and %d others", first, n - 1);
    }
}

static void draw_turn_bar(const app *a, canvas c)
{
    table tbl, *t = &tbl;
    app_read_table(a, t);
    char text[460] = "";
    int seats[8];
    int nseats = -1;
    if (a->st.result) {
        char summary[400];
        const char *s = json_string_value(json_object_get(a->st.result, "summary"));
        names_humanize(a->st.room, s ? s : "The game is over", summary, sizeof summary);
        snprintf(text, sizeof text, "Game over: %s", summary);
        cv_text_fit(c, 0, 1, c.w - 2, CV_BOLD | CV_FG(CV_GREEN), text);
        return;
    }
    if (a->ui->status)
        nseats = a->ui->status(a->ui_self, t, text, sizeof text, seats);
    int x = 1;
    if (nseats >= 0) {
        bool mine = false;
        for (int i = 0; i < nseats; i++)
            mine = mine || seats[i] == a->st.seat;
        char who[300] = "";
        if (mine && a->st.seat >= 0) {
            snprintf(who, sizeof who, "Your turn: ");
        } else if (nseats > 0) {
            char names[220];
            whose_turn(a->st.room, seats, nseats, names, sizeof names);
            snprintf(who, sizeof who, "Waiting for %s: ", names);
        }
        x += cv_text(c, 0, x, mine ? CV_BOLD | CV_FG(CV_GREEN) : CV_BOLD, who);
    }
    int64_t left = store_ms_left(&a->st, app_now());
    if (a->ui->countdown && !a->ui->countdown(a->ui_self, t))
        left = -1;
    int right = 0;
    bool held = a->ui && a->ui->clock_held && a->ui->clock_held(a->ui_self, t);
    if (left >= 0 && !held) {
        char clock[32];
        table_clock_text(left, clock, sizeof clock);
        right = (int)strlen(clock) + 3;
        cv_text(c, 0, c.w - right, left < 10000 ? ST_ERR : CV_BOLD, clock);
    }
    cv_text_fit(c, 0, x, c.w - x - right - 2, 0, text);
}

static void draw_table(const app *a, canvas c)
{
    draw_turn_bar(a, cv_sub(c, 0, 0, 1, c.w));
    bool side = c.w >= 110;
    int side_w = side ? 34 : 0;
    canvas board = cv_sub(c, 1, 0, c.h - 1, c.w - side_w);
    if (a->ui && a->ui->draw) {
        table t;
        app_read_table(a, &t);
        a->ui->draw(a->ui_self, &t, board);
    }
    if (side) {
        canvas s = cv_sub(c, 1, c.w - side_w, c.h - 1, side_w);
        int n = store_seat_count(&a->st);
        cv_text(s, 0, 1, ST_TITLE, "Players");
        for (int i = 0; i < n && i < 8; i++) {
            char name[100];
            names_seat(a->st.room, i, name, sizeof name);
            const json_t *seat = json_array_get(json_object_get(a->st.room, "seats"), (size_t)i);
            bool away = json_is_object(json_object_get(seat, "player")) && !json_is_true(json_object_get(seat, "connected"));
            cv_seat_mark(s, 1 + i, 1, i);
            int x = 4 + cv_text_fit(s, 1 + i, 4, side_w - 12, i == a->st.seat ? CV_BOLD : 0, name);
            if (i == a->st.seat)
                cv_text(s, 1 + i, x + 1, CV_DIM, "(you)");
            else if (away)
                cv_text(s, 1 + i, x + 1, ST_WARN, "away");
        }
        draw_log(a, cv_sub(s, n + 2, 0, s.h - n - 2, side_w), "Chat and log (/ to talk)");
    } else if (a->log_open) {
        int w = c.w / 2 > 40 ? c.w / 2 : 40;
        canvas box = cv_sub(c, 1, c.w - w, c.h - 1, w);
        cv_fill(box, 0, 0, box.h, box.w, 0, L' ');
        draw_log(a, box, "Chat and log (Tab closes)");
    }
}

/* ---- a replay: the frame around a finished game's renderer ---- */

/* The replay's log, newest at the bottom. */
static void draw_replay_log(const app *a, canvas c, const char *title)
{
    const replay_view *r = &a->rp;
    cv_box(c, 0, 0, c.h, c.w, ST_DIM, title);
    canvas in = cv_sub(c, 1, 1, c.h - 2, c.w - 2);
    int row = in.h;
    int skip = a->log_scroll;
    for (int i = r->log_n - 1; i >= 0 && row > 0; i--) {
        canvas probe = cv_sub(in, in.h, 0, 0, in.w);
        int rows = cv_wrap(probe, 0, 0, in.w, 6, CV_DIM, r->log[i].text);
        if (rows < 1)
            rows = 1;
        if (skip > 0) {
            skip--;
            continue;
        }
        row -= rows;
        cv_wrap(in, row, 0, in.w, rows, i == r->log_n - 1 ? 0 : CV_DIM, r->log[i].text);
    }
    if (r->log_n == 0)
        cv_wrap(in, 0, 0, in.w, in.h, CV_DIM, "Moves show up here as the replay goes.");
}

/* Line 0: which game, where in it, whose eyes, playing; line 1: whose
 * move it is then, or the end, and the latest sentence of the log. */
static void draw_replay_bar(const app *a, canvas c)
{
    const replay_view *r = &a->rp;
    char seen[100], where[300];
    replay_seen_by(r, seen, sizeof seen);
    const char *mark = replay_mark_at(r, r->seq);
    if (r->seq == 0)
        snprintf(where, sizeof where, "start (%lld inputs)", r->inputs);
    else
        snprintf(where, sizeof where, "input %lld/%lld", r->seq, r->inputs);
    int right = r->playing ? 14 : 0;
    /* The whole line, or, in a narrow terminal, without the game's title
     * (its board says it) and then as "Game N": where and whose eyes stay. */
    char line[600];
    for (int form = 0; form < 3; form++) {
        const char *sep = mark ? " · " : "", *at = mark ? mark : "";
        if (form == 0)
            snprintf(line, sizeof line, "Replay of game %lld, %s: %s%s%s · seen by %s", r->game,
                     replay_title(r), where, sep, at, seen);
        else if (form == 1)
            snprintf(line, sizeof line, "Replay of game %lld: %s%s%s · seen by %s", r->game, where,
                     sep, at, seen);
        else
            snprintf(line, sizeof line, "Game %lld: %s%s%s · seen by %s", r->game, where, sep, at, seen);
        if (cv_text_width(&c, line) <= c.w - 2 - right)
            break;
    }
    cv_text_fit(c, 0, 1, c.w - 2 - right, CV_BOLD, line);
    if (r->playing) {
        char playing[24];
        snprintf(playing, sizeof playing, "> playing %s", replay_speed_name(r));
        cv_text(c, 0, c.w - right, ST_OK, playing);
    }
    char text[460] = "";
    const json_t *result = replay_result(r);
    if (result) {
        char summary[400];
        const char *s = json_string_value(json_object_get(result, "summary"));
        names_humanize(r->room, s ? s : "the game is over", summary, sizeof summary);
        snprintf(text, sizeof text, "The end: %s", summary);
        cv_text_fit(c, 1, 1, c.w - 2, CV_BOLD | CV_FG(CV_GREEN), text);
        return;
    }
    int seats[8], nseats = -1;
    table t;
    app_read_replay(a, &t);
    if (a->rp_ui && a->rp_ui->status)
        nseats = a->rp_ui->status(a->rp_self, &t, text, sizeof text, seats);
    int x = 1;
    if (nseats > 0) {
        char names[220], who[240];
        whose_turn(r->room, seats, nseats, names, sizeof names);
        snprintf(who, sizeof who, "%s to play: ", names);
        x += cv_text(c, 1, x, CV_BOLD, who);
    }
    cv_text_fit(c, 1, x, c.w - x - 1, 0, nseats >= 0 ? text : r->seq ? "" : "The game as it was dealt.");
}

static void draw_replay(const app *a, canvas c)
{
    const replay_view *r = &a->rp;
    if (!r->header) {
        char text[120];
        snprintf(text, sizeof text, "Opening the replay of game %lld...", r->game);
        cv_text(c, 1, 2, CV_BOLD, text);
        cv_text(c, 3, 2, CV_DIM, "q closes it.");
        return;
    }
    draw_replay_bar(a, cv_sub(c, 0, 0, 2, c.w));
    bool side = c.w >= 110;
    int side_w = side ? 34 : 0;
    canvas board = cv_sub(c, 2, 0, c.h - 2, c.w - side_w);
    if (a->rp_ui && a->rp_ui->draw) {
        table t;
        app_read_replay(a, &t);
        a->rp_ui->draw(a->rp_self, &t, board);
    }
    if (side) {
        canvas s = cv_sub(c, 2, c.w - side_w, c.h - 2, side_w);
        int n = (int)json_array_size(json_object_get(r->room, "seats"));
        cv_text(s, 0, 1, ST_TITLE, "Players");
        for (int i = 0; i < n && i < 8; i++) {
            char name[100];
            names_seat(r->room, i, name, sizeof name);
            cv_seat_mark(s, 1 + i, 1, i);
            cv_text_fit(s, 1 + i, 4, side_w - 6, i == r->seat ? CV_BOLD : 0, name);
        }
        draw_replay_log(a, cv_sub(s, n + 2, 0, s.h - n - 2, side_w), "Game log");
    } else if (a->rp_log_open) {
        int w = c.w / 2 > 40 ? c.w / 2 : 40;
        canvas box = cv_sub(c, 2, c.w - w, c.h - 2, w);
        cv_fill(box, 0, 0, box.h, box.w, 0, L' ');
        draw_replay_log(a, box, "Game log (Tab closes)");
    }
}

/* ---- overlays ---- */

static void help_line(canvas c, int *y, int scroll, cv_style st, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Columns of UTF-8 text n bytes long (the help is narrow characters). */
static int text_columns(const char *text, size_t n)
{
    int cols = 0;
    for (size_t i = 0; i < n; i++)
        cols += ((unsigned char)text[i] & 0xC0) != 0x80;
    return cols;
}

/* Where a help line's description starts: past its indent, its key or
 * usage, and the gap of two spaces or more after that (0: no gap). */
static size_t help_hang(const char *text)
{
    size_t i = strspn(text, " ");
    const char *gap = strstr(text + i, "  ");
    return gap ? (size_t)(gap - text) + strspn(gap, " ") : 0;
}

/* One line of the help, wrapped at spaces to the width: the rows after the
 * first start under its description, so nothing is cut at 80 columns. */
static void help_line(canvas c, int *y, int scroll, cv_style st, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    size_t hang = help_hang(text);
    if (hang * 2 > (size_t)c.w)
        hang = 4;
    const char *rest = text;
    for (bool first = true; first || *rest; first = false) {
        int indent = first ? 0 : (int)hang, room = c.w - indent;
        size_t n = strlen(rest);
        if (room > 0 && text_columns(rest, n) > room) {
            size_t cut = 0;
            for (size_t i = 0; i < n && text_columns(rest, i) <= room; i++)
                if (rest[i] == ' ' && i > 0)
                    cut = i;
            n = cut ? cut : n;
        }
        int row = *y - scroll;
        if (row >= 0 && row < c.h) {
            char piece[600];
            snprintf(piece, sizeof piece, "%.*s", (int)n, rest);
            cv_text_fit(c, row, indent, c.w - indent, st, piece);
        }
        (*y)++;
        rest += n;
        rest += strspn(rest, " ");
    }
}

/* The help's lines from line sc on, in c (nothing is drawn in a canvas of
 * no rows); returns how many lines there are. */
static int help_text(const app *a, canvas in, int sc)
{
    int y = 0;
    km_screen screen = app_screen(a);
    table t;
    app_read_table(a, &t);
    help_line(in, &y, sc, ST_TITLE, "Keys here");
    if (screen == KM_TABLE && a->ui && a->ui->hints) {
        game_hint hints[24];
        int n = a->ui->hints(a->ui_self, &t, hints, 24);
        for (int i = 0; i < n; i++)
            help_line(in, &y, sc, 0, "  %-12s %s", hints[i].key, hints[i].what);
    }
    const km_entry *entries[48];
    int n = keymap_entries(screen, app_key_state(a), entries, 48);
    for (int i = 0; i < n; i++) {
        char key[24];
        keymap_entry_keys(entries[i], key, sizeof key);
        const char *what = entries[i]->label;
        const cmd_spec *spec = cmd_find(entries[i]->command[0] ? entries[i]->command : "x");
        if (!what && spec)
            what = spec->help;
        if (!what)
            what = entries[i]->prompt ? "type a command" : entries[i]->command;
        help_line(in, &y, sc, 0, "  %-12s %s%s", key, what, entries[i]->prompt ? " (type, then Enter)" : "");
    }
    help_line(in, &y, sc, 0, " ");
    if (a->ui && a->ui->commands_help) {
        help_line(in, &y, sc, ST_TITLE, "Game commands (type : first)");
        for (int i = 0; a->ui->commands_help[i]; i++)
            help_line(in, &y, sc, 0, "  %s", a->ui->commands_help[i]);
        const char *const *more = a->ui->more_help ? a->ui->more_help(a->ui_self, &t) : NULL;
        for (int i = 0; more && more[i]; i++)
            help_line(in, &y, sc, 0, "  %s", more[i]);
        help_line(in, &y, sc, 0, " ");
    }
    help_line(in, &y, sc, ST_TITLE, "Commands (type : first; seats count from 1)");
    for (const cmd_spec *s = cmd_specs; s->name; s++)
        help_line(in, &y, sc, 0, "  %-34s %s", s->usage, s->help);
    return y;
}

/* The help's box in the body c, and the part of it its lines go in. */
static canvas help_box(canvas c, canvas *in)
{
    canvas box = cv_sub(c, 1, 2, c.h - 2, c.w - 4);
    *in = cv_sub(box, 1, 2, box.h - 2, box.w - 4);
    return box;
}

static void draw_help(const app *a, canvas c)
{
    canvas in, box = help_box(c, &in);
    cv_fill(box, 0, 0, box.h, box.w, 0, L' ');
    cv_box(box, 0, 0, box.h, box.w, CV_BOLD, "Keys and commands (Up/Down scroll, any other key closes)");
    help_text(a, in, a->help_scroll);
}

/* ---- what players have done: :history and :ratings ---- */

/* A result row's seat: the player's name or "Bot (level)". */
static void row_seat_name(const json_t *row, int seat, char *out, size_t len)
{
    size_t i;
    const json_t *p;
    json_array_foreach(json_object_get(row, "players"), i, p) {
        if (json_integer_value(json_object_get(p, "seat")) != seat)
            continue;
        const char *name = json_string_value(json_object_get(p, "name"));
        const char *bot = json_string_value(json_object_get(p, "bot"));
        if (name)
            snprintf(out, len, "%s", name);
        else
            snprintf(out, len, "Bot (%s)", bot ? bot : "?");
        return;
    }
    snprintf(out, len, "Seat %d", seat + 1);
}

/* "Bob wins", "a draw" */
static void row_outcome(const json_t *row, char *out, size_t len)
{
    const json_t *winners = json_object_get(json_object_get(row, "result"), "winners");
    if (!json_array_size(winners)) {
        snprintf(out, len, "a draw");
        return;
    }
    char name[100];
    row_seat_name(row, (int)json_integer_value(json_array_get(winners, 0)), name, sizeof name);
    snprintf(out, len, "%s %s", name, json_array_size(winners) > 1 ? "and others win" : "wins");
}

/* "1504 -> 1527 (+23)", or why the game rated nobody. */
static void row_rating(const json_t *row, const char *player, char *out, size_t len)
{
    const json_t *rating = json_object_get(row, "rating");
    size_t i;
    const json_t *s;
    json_array_foreach(json_object_get(rating, "seats"), i, s) {
        const char *id = json_string_value(json_object_get(s, "id"));
        if (id && player && strcmp(id, player) == 0) {
            long long before = json_integer_value(json_object_get(s, "before"));
            long long after = json_integer_value(json_object_get(s, "after"));
            snprintf(out, len, "%lld -> %lld (%s%lld)", before, after, after >= before ? "+" : "",
                     after - before);
            return;
        }
    }
    const char *why = json_string_value(json_object_get(rating, "why"));
    snprintf(out, len, "%s", why && strcmp(why, "seeded") == 0 ? "not rated (seeded)" : "not rated");
}

static const char *game_title(const app *a, const char *id)
{
    const char *title = json_string_value(json_object_get(store_game(&a->st, id), "title"));
    return title ? title : id ? id : "?";
}

static void history_lines(const app *a, canvas in)
{
    const json_t *h = a->st.history;
    const char *player = json_string_value(json_object_get(json_object_get(h, "player"), "id"));
    int y = 0;
    size_t i;
    const json_t *g;
    json_array_foreach(json_object_get(h, "games"), i, g) {
        const json_t *rating = json_object_get(g, "rating");
        char line[300], rated[80] = "no rating yet";
        if (json_is_integer(rating))
            snprintf(rated, sizeof rated, "rating %lld%s", (long long)json_integer_value(rating),
                     json_is_true(json_object_get(g, "provisional")) ? " (provisional)" : "");
        snprintf(line, sizeof line, "%s: played %lld, won %lld, %s",
                 json_string_value(json_object_get(g, "title")),
                 (long long)json_integer_value(json_object_get(g, "played")),
                 (long long)json_integer_value(json_object_get(g, "won")), rated);
        help_line(in, &y, 0, 0, "%s", line);
    }
    if (!json_array_size(json_object_get(h, "games")))
        help_line(in, &y, 0, CV_DIM, "No finished games yet.");
    help_line(in, &y, 0, 0, " ");
    help_line(in, &y, 0, ST_TITLE, "Last games (Up/Down choose, Enter replays)");
    int rows = in.h - y, n = (int)json_array_size(json_object_get(h, "recent"));
    int first = a->records_sel >= rows ? a->records_sel - rows + 1 : 0;
    for (int k = first; k < n && y < in.h; k++) {
        const json_t *row = json_array_get(json_object_get(h, "recent"), (size_t)k);
        time_t at = (time_t)(json_integer_value(json_object_get(row, "finished_at")) / 1000);
        char when[32], outcome[120], rating[80];
        strftime(when, sizeof when, "%b %d %H:%M", localtime(&at));
        row_outcome(row, outcome, sizeof outcome);
        row_rating(row, player, rating, sizeof rating);
        help_line(in, &y, 0, k == a->records_sel ? ST_SEL : 0, "%c #%-4lld %-13.13s %s %-17.17s %s",
                  k == a->records_sel ? '>' : ' ',
                  (long long)json_integer_value(json_object_get(row, "id")),
                  game_title(a, json_string_value(json_object_get(row, "game"))), when, outcome,
                  rating);
    }
    if (!n)
        help_line(in, &y, 0, CV_DIM, "  none to show");
}

static void ratings_lines(const app *a, canvas in)
{
    const json_t *r = a->st.ratings;
    int y = 0;
    help_line(in, &y, 0, ST_TITLE, " #   Player                    Rating            Rated games");
    int n = (int)json_array_size(json_object_get(r, "players"));
    for (int k = a->records_sel; k < n && y < in.h - 2; k++) {
        const json_t *p = json_array_get(json_object_get(r, "players"), (size_t)k);
        const char *id = json_string_value(json_object_get(p, "id"));
        bool me = id && strcmp(id, a->st.my_id) == 0;
        char rating[40];
        snprintf(rating, sizeof rating, "%lld %s", (long long)json_integer_value(json_object_get(p, "rating")),
                 json_is_true(json_object_get(p, "provisional")) ? "provisional" : "");
        help_line(in, &y, 0, me ? CV_BOLD : 0, "%3lld  %-24.24s  %-17s %lld%s",
                  (long long)json_integer_value(json_object_get(p, "rank")),
                  json_string_value(json_object_get(p, "name")), rating,
                  (long long)json_integer_value(json_object_get(p, "rated")), me ? "  (you)" : "");
    }
    if (!n)
        help_line(in, &y, 0, CV_DIM, "Nobody has a rating in this game yet.");
    char bots[200] = "";
    size_t used = 0, i;
    const json_t *b;
    json_array_foreach(json_object_get(r, "bots"), i, b) {
        used += (size_t)snprintf(bots + used, sizeof bots - used, "%s%s %lld", i ? ", " : "",
                                 json_string_value(json_object_get(b, "level")),
                                 (long long)json_integer_value(json_object_get(b, "rating")));
        if (used >= sizeof bots)
            break;
    }
    y = in.h - 1;
    help_line(in, &y, 0, CV_DIM, "Bots play at fixed ratings: %s.", bots);
}

static void draw_records(const app *a, canvas c)
{
    canvas in, box = help_box(c, &in);
    cv_fill(box, 0, 0, box.h, box.w, 0, L' ');
    char title[200];
    if (a->records == RECORDS_HISTORY) {
        const json_t *p = json_object_get(a->st.history, "player");
        const char *name = json_string_value(json_object_get(p, "name"));
        const char *id = json_string_value(json_object_get(p, "id"));
        if (id && strcmp(id, a->st.my_id) == 0)
            snprintf(title, sizeof title, "Your games, %s (Esc closes)", name ? name : "?");
        else
            snprintf(title, sizeof title, "%s's games (Esc closes)", name ? name : "?");
        cv_box(box, 0, 0, box.h, box.w, CV_BOLD, title);
        history_lines(a, in);
    } else {
        snprintf(title, sizeof title, "%s: leaderboard (Up/Down scroll, Esc closes)",
                 json_string_value(json_object_get(a->st.ratings, "title")));
        cv_box(box, 0, 0, box.h, box.w, CV_BOLD, title);
        ratings_lines(a, in);
    }
}

static void draw_confirm(const app *a, canvas c)
{
    int w = c.w > 70 ? 64 : c.w - 4, h = 7;
    canvas box = cv_sub(c, c.h / 2 - h / 2, (c.w - w) / 2, h, w);
    cv_fill(box, 0, 0, h, w, 0, L' ');
    cv_box(box, 0, 0, h, w, CV_BOLD | CV_FG(CV_YELLOW), "Are you sure?");
    cv_wrap(box, 1, 2, w - 4, 3, 0, a->confirm_text);
    int x = 2;
    footer_item(box, h - 2, &x, w, "y", "yes", NULL);
    footer_item(box, h - 2, &x, w, "n", "no", NULL);
}

static void draw_too_small(const app *a, canvas c)
{
    char text[300];
    snprintf(text, sizeof text,
             "This window is %dx%d; botpit-tui needs at least %dx%d. Make it bigger (q quits).",
             a->w, a->h, APP_MIN_W, APP_MIN_H);
    cv_wrap(c, c.h / 2 - 1, 1, c.w - 2, c.h, CV_BOLD, text);
}

/* The body: everything between the header and the status line. */
static int body_h(int h)
{
    return h - 3;
}

int screens_form_rows(int h)
{
    return form_visible(body_h(h));
}

int screens_help_lines(const app *a)
{
    canvas none = {0};
    return help_text(a, none, 0);
}

int screens_help_rows(int h)
{
    return body_h(h) - 4;
}

void screens_draw(const app *a, cv_grid *g)
{
    canvas root = cv_root(g);
    if (a->h < APP_MIN_H || a->w < APP_MIN_W) {
        draw_too_small(a, root);
        return;
    }
    draw_header(a, cv_sub(root, 0, 0, 1, root.w));
    canvas body = cv_sub(root, 1, 0, body_h(root.h), root.w);
    switch (app_screen(a)) {
    case KM_NAME: draw_name(a, body); break;
    case KM_LOBBY: draw_lobby(a, body); break;
    case KM_CREATE: draw_create(a, body); break;
    case KM_ROOM: draw_room(a, body); break;
    case KM_TABLE: draw_table(a, body); break;
    case KM_REPLAY: draw_replay(a, body); break;
    case KM_SCREENS: break;
    }
    draw_status(a, root, root.h - 2);
    if (app_screen(a) != KM_NAME)
        draw_footer(a, root, root.h - 1);
    else
        cv_text(root, root.h - 1, 1, CV_DIM, "Enter: play   Esc: quit");
    if (a->help_open)
        draw_help(a, body);
    if (a->records != RECORDS_NONE)
        draw_records(a, body);
    if (a->confirm_text[0])
        draw_confirm(a, body);
}
