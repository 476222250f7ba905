/* form.c: the create-a-room form. */
#include "form.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "keymap.h"

static void copy(char *dst, size_t len, const json_t *v)
{
    snprintf(dst, len, "%s", json_is_string(v) ? json_string_value(v) : "");
}

static void read_field(form_field *fl, const json_t *o)
{
    memset(fl, 0, sizeof *fl);
    copy(fl->name, sizeof fl->name, json_object_get(o, "name"));
    copy(fl->label, sizeof fl->label, json_object_get(o, "label"));
    if (!fl->label[0])
        copy(fl->label, sizeof fl->label, json_object_get(o, "name"));
    copy(fl->help, sizeof fl->help, json_object_get(o, "help"));
    const char *type = json_string_value(json_object_get(o, "type"));
    const json_t *def = json_object_get(o, "default");
    if (type && strcmp(type, "bool") == 0) {
        fl->kind = FORM_BOOL;
        fl->def = json_is_true(def);
        fl->max = 1;
    } else if (type && strcmp(type, "choice") == 0) {
        fl->kind = FORM_CHOICE;
        size_t i;
        const json_t *c;
        const json_t *labels = json_object_get(o, "choice_labels");
        json_array_foreach(json_object_get(o, "choices"), i, c) {
            if (fl->nchoices >= FORM_MAX_CHOICES)
                break;
            copy(fl->choices[fl->nchoices], sizeof fl->choices[0], c);
            /* the words for each choice: a list beside the choices, or by choice */
            const json_t *label = json_is_array(labels) ? json_array_get(labels, i)
                                                        : json_object_get(labels, json_string_value(c));
            copy(fl->choice_labels[fl->nchoices], sizeof fl->choice_labels[0], label);
            if (json_is_string(def) && strcmp(json_string_value(def), json_string_value(c)) == 0)
                fl->def = fl->nchoices;
            fl->nchoices++;
        }
        fl->max = fl->nchoices - 1;
    } else {
        fl->kind = FORM_INT;
        fl->min = json_integer_value(json_object_get(o, "min"));
        fl->max = json_is_integer(json_object_get(o, "max")) ? json_integer_value(json_object_get(o, "max"))
                                                             : 1000000000;
        fl->def = json_integer_value(def);
    }
    fl->value = fl->def;
}

int form_build(form *f, const json_t *games, const char *game_id, char *why, size_t why_len)
{
    memset(f, 0, sizeof *f);
    if (!json_is_array(games) || json_array_size(games) == 0) {
        snprintf(why, why_len, "The server has not listed its games yet; try again in a moment.");
        return -1;
    }
    size_t i;
    const json_t *g;
    const json_t *chosen = NULL;
    json_array_foreach(games, i, g) {
        if (f->ngames >= FORM_MAX_GAMES)
            break;
        copy(f->game_ids[f->ngames], sizeof f->game_ids[0], json_object_get(g, "id"));
        copy(f->game_titles[f->ngames], sizeof f->game_titles[0], json_object_get(g, "title"));
        if (!chosen && (!game_id || strcasecmp(game_id, f->game_ids[f->ngames]) == 0)) {
            chosen = g;
            f->game = f->ngames;
        }
        f->ngames++;
    }
    const json_t *o;
    json_array_foreach(json_object_get(chosen ? chosen : json_array_get(games, 0), "options"), i, o) {
        if (f->nfields >= FORM_MAX_FIELDS)
            break;
        read_field(&f->fields[f->nfields++], o);
    }
    if (chosen)
        return 0;
    char list[400] = "";
    for (int k = 0; k < f->ngames; k++) {
        strncat(list, k == 0 ? "" : k == f->ngames - 1 ? " and " : ", ", sizeof list - strlen(list) - 1);
        strncat(list, f->game_ids[k], sizeof list - strlen(list) - 1);
    }
    snprintf(why, why_len, "There is no game \"%.40s\" here; the games are %s. Left/Right on the first row "
             "chooses one.", game_id, list);
    return -1;
}

int form_rows(const form *f)
{
    return f->nfields + 2;
}

static form_field *selected_field(form *f)
{
    return f->row >= 1 && f->row <= f->nfields ? &f->fields[f->row - 1] : NULL;
}

static long long clamp(const form_field *fl, long long v)
{
    return v < fl->min ? fl->min : v > fl->max ? fl->max : v;
}

/* Ends typing on fl; returns -1 when the number had to be clamped. */
static int commit_field(form_field *fl)
{
    if (!fl->typing[0])
        return 0;
    long long v = strtoll(fl->typing, NULL, 10);
    fl->typing[0] = 0;
    fl->value = clamp(fl, v);
    return fl->value == v ? 0 : -1;
}

int form_commit(form *f, char *why, size_t why_len)
{
    int rc = 0;
    for (int i = 0; i < f->nfields; i++) {
        form_field *fl = &f->fields[i];
        if (commit_field(fl) < 0) {
            char range[80];
            form_range_text(fl, range, sizeof range);
            snprintf(why, why_len, "%s is %s: it is %lld now", fl->label, range, fl->value);
            rc = -1;
        }
    }
    return rc;
}

void form_move(form *f, int delta)
{
    form_field *fl = selected_field(f);
    if (fl)
        commit_field(fl);
    int rows = form_rows(f);
    f->row = ((f->row + delta) % rows + rows) % rows;
}

void form_change(form *f, int delta, const json_t *games)
{
    if (f->row == 0) {
        if (f->ngames == 0)
            return;
        int g = ((f->game + delta) % f->ngames + f->ngames) % f->ngames;
        char id[48], why[200];
        snprintf(id, sizeof id, "%s", f->game_ids[g]);
        bool priv = f->is_private;
        if (form_build(f, games, id, why, sizeof why) == 0)
            f->is_private = priv;
        return;
    }
    if (f->row == f->nfields + 1) {
        f->is_private = !f->is_private;
        return;
    }
    form_field *fl = selected_field(f);
    commit_field(fl);
    if (fl->kind == FORM_INT) {
        /* big ranges move in bigger steps */
        long long span = fl->max - fl->min, step = span > 1000 ? 10 : 1;
        if (span >= 100 && fl->value % 5 == 0 && span <= 1000)
            step = 5;
        fl->value = clamp(fl, fl->value + delta * step);
    } else if (fl->kind == FORM_BOOL) {
        fl->value = !fl->value;
    } else if (fl->nchoices > 0) {
        fl->value = ((fl->value + delta) % fl->nchoices + fl->nchoices) % fl->nchoices;
    }
}

bool form_type(form *f, int key)
{
    form_field *fl = selected_field(f);
    if (!fl || fl->kind != FORM_INT)
        return false;
    size_t n = strlen(fl->typing);
    if (key == K_BACKSPACE) {
        if (n == 0)
            snprintf(fl->typing, sizeof fl->typing, "%lld", fl->value);
        n = strlen(fl->typing);
        fl->typing[n - 1] = 0;
        if (!fl->typing[0] || strcmp(fl->typing, "-") == 0)
            snprintf(fl->typing, sizeof fl->typing, "0");
        return true;
    }
    bool digit = key >= '0' && key <= '9', minus = key == '-' && fl->min < 0;
    if (!digit && !minus)
        return false;
    if (minus) {
        snprintf(fl->typing, sizeof fl->typing, "-");
        return true;
    }
    if (strcmp(fl->typing, "0") == 0)
        n = 0;
    if (n + 1 < sizeof fl->typing && n < 12) {
        fl->typing[n] = (char)key;
        fl->typing[n + 1] = 0;
    }
    return true;
}

void form_range_text(const form_field *fl, char *buf, size_t len)
{
    buf[0] = 0;
    if (fl->kind == FORM_INT && fl->max - fl->min >= 1000000)
        snprintf(buf, len, "%lld or more", fl->min);
    else if (fl->kind == FORM_INT)
        snprintf(buf, len, "%lld to %lld", fl->min, fl->max);
    else if (fl->kind == FORM_CHOICE)
        snprintf(buf, len, "%d choices", fl->nchoices);
}

void form_typed_text(const form_field *fl, char *buf, size_t len)
{
    long long v = fl->typing[0] ? strtoll(fl->typing, NULL, 10) : fl->value;
    if (fl->kind == FORM_INT)
        snprintf(buf, len, "%s=%lld", fl->name, v);
    else if (fl->kind == FORM_BOOL)
        snprintf(buf, len, "%s=%s", fl->name, v ? "on" : "off");
    else if (v >= 0 && v < fl->nchoices)
        snprintf(buf, len, "%s=%s", fl->name, fl->choices[v]);
    else
        snprintf(buf, len, "%s", fl->name);
}

/* The choices as typed: "AB or ABC", "a, b or c". */
static void choice_list(const form_field *fl, char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; i < fl->nchoices; i++) {
        strncat(buf, i == 0 ? "" : i == fl->nchoices - 1 ? " or " : ", ", len - strlen(buf) - 1);
        strncat(buf, fl->choices[i], len - strlen(buf) - 1);
    }
}

/* Sets fl from a typed value; a number out of range stays typed (the form
 * shows what was asked). Returns -1 with a sentence in why. */
static int set_value(form_field *fl, const char *value, char *why, size_t why_len)
{
    char range[80];
    form_range_text(fl, range, sizeof range);
    if (fl->kind == FORM_INT) {
        char *end;
        long long v = strtoll(value, &end, 10);
        if (!*value || *end) {
            snprintf(why, why_len, "%s takes a whole number (%s), not \"%.20s\".", fl->label, range, value);
            return -1;
        }
        if (v < fl->min || v > fl->max) {
            snprintf(fl->typing, sizeof fl->typing, "%lld", v);
            if (strlen(fl->typing) > 12)
                fl->typing[0] = 0;
            snprintf(why, why_len, "%s is %s, not %lld.", fl->label, range, v);
            return -1;
        }
        fl->value = v;
    } else if (fl->kind == FORM_BOOL) {
        int found = -1;
        static const char *const yes[] = {"true", "on", "yes", "1"}, *const no[] = {"false", "off", "no", "0"};
        for (int i = 0; i < 4; i++) {
            if (strcasecmp(value, yes[i]) == 0)
                found = 1;
            if (strcasecmp(value, no[i]) == 0)
                found = 0;
        }
        if (found < 0) {
            snprintf(why, why_len, "%s is on or off, not \"%.20s\".", fl->label, value);
            return -1;
        }
        fl->value = found;
    } else {
        for (int i = 0; i < fl->nchoices; i++) {
            if (strcasecmp(value, fl->choices[i]) == 0) {
                fl->value = i;
                return 0;
            }
        }
        char list[300];
        choice_list(fl, list, sizeof list);
        snprintf(why, why_len, "%s is %s, not \"%.20s\".", fl->label, list, value);
        return -1;
    }
    return 0;
}

int form_set(form *f, const char *word, char *why, size_t why_len)
{
    if (strcasecmp(word, "private") == 0) {
        f->is_private = true;
        return 0;
    }
    const char *eq = strchr(word, '=');
    if (!eq) {
        snprintf(why, why_len, "Options are typed NAME=VALUE (or \"private\"), not \"%.40s\"; each row's help "
                 "below gives its NAME.", word);
        return -1;
    }
    size_t n = (size_t)(eq - word);
    for (int i = 0; i < f->nfields; i++) {
        form_field *fl = &f->fields[i];
        if (strlen(fl->name) == n && strncasecmp(fl->name, word, n) == 0) {
            if (set_value(fl, eq + 1, why, why_len) == 0)
                return 0;
            f->row = i + 1; /* its help says the rest */
            size_t used = strlen(why);
            snprintf(why + used, why_len - used, " Change it here, then Enter creates the room.");
            return -1;
        }
    }
    snprintf(why, why_len, "%s has no option \"%.*s\". Its options are the rows below, by their labels; "
             "each row's help gives the NAME=VALUE to type.", f->game_titles[f->game], (int)(n < 40 ? n : 40), word);
    return -1;
}

json_t *form_options(const form *f)
{
    json_t *o = json_object();
    for (int i = 0; i < f->nfields; i++) {
        const form_field *fl = &f->fields[i];
        long long v = fl->value;
        if (fl->typing[0])
            v = clamp(fl, strtoll(fl->typing, NULL, 10));
        if (v == fl->def)
            continue;
        if (fl->kind == FORM_INT)
            json_object_set_new(o, fl->name, json_integer(v));
        else if (fl->kind == FORM_BOOL)
            json_object_set_new(o, fl->name, json_boolean(v));
        else
            json_object_set_new(o, fl->name, json_string(fl->choices[v]));
    }
    return o;
}

const char *form_game(const form *f)
{
    return f->ngames ? f->game_ids[f->game] : "";
}

void form_value_text(const form_field *fl, char *buf, size_t len)
{
    if (fl->typing[0])
        snprintf(buf, len, "%s", fl->typing);
    else if (fl->kind == FORM_INT)
        snprintf(buf, len, "%lld", fl->value);
    else if (fl->kind == FORM_BOOL)
        snprintf(buf, len, "%s", fl->value ? "on" : "off");
    else if (fl->value < 0 || fl->value >= fl->nchoices)
        snprintf(buf, len, "?");
    else
        snprintf(buf, len, "%s", fl->choice_labels[fl->value][0] ? fl->choice_labels[fl->value] : fl->choices[fl->value]);
}

bool form_option_words(const json_t *game, const char *name, const json_t *value, char *buf, size_t len)
{
    size_t i;
    const json_t *o;
    json_array_foreach(json_object_get(game, "options"), i, o) {
        if (strcmp(json_string_value(json_object_get(o, "name")) ? json_string_value(json_object_get(o, "name")) : "",
                   name) != 0)
            continue;
        form_field fl;
        read_field(&fl, o);
        if (fl.kind == FORM_INT && json_is_integer(value))
            fl.value = json_integer_value(value);
        else if (fl.kind == FORM_BOOL && json_is_boolean(value))
            fl.value = json_is_true(value);
        else if (fl.kind == FORM_CHOICE && json_is_string(value)) {
            for (int k = 0; k < fl.nchoices; k++) {
                if (strcmp(fl.choices[k], json_string_value(value)) == 0)
                    fl.value = k;
            }
        }
        char text[80];
        form_value_text(&fl, text, sizeof text);
        snprintf(buf, len, "%s: %s", fl.label, text);
        return fl.value != fl.def;
    }
    char text[80] = "";
    if (json_is_integer(value))
        snprintf(text, sizeof text, "%lld", (long long)json_integer_value(value));
    else if (json_is_boolean(value))
        snprintf(text, sizeof text, "%s", json_is_true(value) ? "on" : "off");
    else if (json_is_string(value))
        snprintf(text, sizeof text, "%s", json_string_value(value));
    snprintf(buf, len, "%s: %s", name, text);
    return true;
}
