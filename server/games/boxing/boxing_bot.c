/*
 * boxing_bot.c: robots that box by themselves.
 *
 * A bot sees what its seat sees: its own layout, the cells, the letters hit
 * and the record of revealed orders (it reads the game only through the
 * accessors of boxing_game.h, which hand out nothing secret of other seats).
 *
 * From the record it models each enemy: where it may stand after moving,
 * which directions its working lasers may face, how far they reach, and what
 * each of its letters is worth hitting. Then it scores every cell it can
 * reach, with and without the booster: the chance of having the enemy in its
 * best cone, less the chance of standing in the enemy's.
 *
 *   easy:   a random sensible layout, random moves, fires the laser that
 *           faces the enemy now, hits any letter not yet destroyed.
 *   normal: models only what it has seen: lasers seen firing (and an even
 *           guess for the rest), the enemy standing still; known lasers first.
 *   hard:   samples enemy layouts consistent with everything revealed (paths
 *           need working engines, boosts a working booster, a shot in the
 *           cone hit exactly when within reach, the enemy still fighting),
 *           and from them predicts its moves, its cones and its letters.
 */
#include "boxing_bot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "boxing_game.h"
#include "boxing_json.h"
#include "boxing_rules.h"

enum { LEVEL_EASY, LEVEL_NORMAL, LEVEL_HARD };
enum { HARD_SAMPLES = 240, HARD_TRIES = 2400 };

typedef struct self_model {
    int seat, size, cell;
    const boxing_layout *layout;
    uint16_t destroyed;
    boxing_powers p;
} self_model;

typedef struct enemy_model {
    int seat, cell;
    uint16_t destroyed;
    double pos[BOXING_MAX_CELLS]; /* where it may stand after moving; sums to 1 */
    double gun[BOXING_DIRS];      /* chance a working laser faces each direction */
    int reach;                    /* the reach assumed for its shots */
    double value[BOXING_LETTERS]; /* worth of hitting each letter */
} enemy_model;

/* What the record says about one enemy. */
typedef struct sighting {
    int8_t slot_letter[BOXING_SLOTS]; /* letters seen firing, at their slots */
    uint8_t seen_dirs;                /* directions it moved in */
} sighting;

static int king_distance(int size, int a, int b)
{
    return abs(a % size - b % size) > abs(a / size - b / size) ? abs(a % size - b % size)
                                                              : abs(a / size - b / size);
}

static bool on_ring(int size, int x, int y)
{
    return x >= 0 && y >= 0 && x < size && y < size;
}

/* ---- layouts ---- */

json_t *boxing_bot_layout(int level, bool free_centre, rng *r)
{
    (void)level;
    (void)free_centre; /* the booster stays in the centre: centre guns and engines face nowhere */
    boxing_layout l;
    boxing_layout_from_template(&l, &boxing_templates[rng_below(r, (uint32_t)boxing_template_count)], r);
    json_t *form = boxing_layout_to_json(&l);
    json_t *action = json_pack("{s:s, s:O, s:O, s:O}", "kind", "layout", "grid",
                               json_object_get(form, "grid"), "lasers",
                               json_object_get(form, "lasers"), "booster",
                               json_object_get(form, "booster"));
    json_decref(form);
    return action;
}

/* ---- reading the record ---- */

static void sight(const game *g, int e, sighting *s)
{
    memset(s->slot_letter, -1, sizeof s->slot_letter);
    s->seen_dirs = 0;
    for (int i = 0; i < boxing_record_count(g); i++) {
        const boxing_record *rec = boxing_record_at(g, i);
        if (!rec->present[e])
            continue;
        const boxing_orders *o = &rec->orders[e];
        for (int k = 0; k < o->steps; k++)
            s->seen_dirs |= (uint8_t)(1u << o->path[k]);
        if (rec->fire_dir[e] >= 0)
            s->slot_letter[boxing_dirs[rec->fire_dir[e]].slot] = o->fire;
    }
}

/* Does this layout of enemy e explain everything the record shows? */
static bool explains(const game *g, int e, const boxing_layout *l)
{
    int size = boxing_size(g);
    for (int i = 0; i < boxing_record_count(g); i++) {
        const boxing_record *rec = boxing_record_at(g, i);
        if (!rec->present[e])
            continue;
        const boxing_orders *o = &rec->orders[e];
        boxing_powers p;
        boxing_powers_of(l, rec->destroyed_before[e], &p);
        if (boxing_knocked_out(l, rec->destroyed_before[e]))
            return false;
        if (o->steps > boxing_max_steps(&p, o->boost) || (o->boost && !p.booster))
            return false;
        for (int k = 0; k < o->steps; k++) {
            if (!(p.dirs & (1u << o->path[k])))
                return false;
        }
        if (o->fire >= 0 && rec->in_wedge[e]) {
            int t = o->target_robot;
            bool within = king_distance(size, rec->to[e], rec->to[t]) <= boxing_reach(&p, o->boost);
            if (within != rec->hit[e])
                return false;
        }
    }
    return !boxing_alive(g, e) || !boxing_knocked_out(l, boxing_destroyed(g, e));
}

/* Draws a layout that agrees with the sighting: known guns fixed, seen engine
 * directions engines, the booster in the centre unless the centre is free. */
static bool draw_layout(const sighting *s, bool free_centre, rng *r, boxing_layout *l)
{
    int fixed_part[BOXING_SLOTS], need[3] = {BOXING_LASERS, BOXING_ENGINES, 1};
    uint16_t letters_used = 0;
    for (int slot = 0; slot < BOXING_SLOTS; slot++) {
        fixed_part[slot] = -1;
        if (s->slot_letter[slot] >= 0) {
            fixed_part[slot] = BOXING_LASER;
            letters_used |= (uint16_t)(1u << s->slot_letter[slot]);
        } else if (boxing_slot_dir[slot] >= 0 && (s->seen_dirs & (1u << boxing_slot_dir[slot]))) {
            fixed_part[slot] = BOXING_ENGINE;
        } else if (slot == BOXING_CENTRE && !free_centre) {
            fixed_part[slot] = BOXING_BOOSTER;
        }
        if (fixed_part[slot] >= 0 && --need[fixed_part[slot]] < 0)
            return false;
    }
    int parts[BOXING_SLOTS], np = 0, letters[BOXING_LETTERS], nl = 0;
    for (int part = 0; part < 3; part++) {
        for (int k = 0; k < need[part]; k++)
            parts[np++] = part;
    }
    for (int letter = 0; letter < BOXING_LETTERS; letter++) {
        if (!(letters_used & (1u << letter)))
            letters[nl++] = letter;
    }
    rng_shuffle_ints(r, parts, np);
    rng_shuffle_ints(r, letters, nl);
    int pi = 0, li = 0;
    for (int slot = 0; slot < BOXING_SLOTS; slot++) {
        if (fixed_part[slot] >= 0) {
            l->part[slot] = (uint8_t)fixed_part[slot];
        } else {
            if (pi >= np)
                return false;
            l->part[slot] = (uint8_t)parts[pi++];
        }
        l->letter[slot] = (uint8_t)(s->slot_letter[slot] >= 0 ? s->slot_letter[slot] : letters[li++]);
    }
    return true;
}

/* ---- modelling an enemy ---- */

/* The cells a robot can reach from `cell` with steps in `dirs`, at most
 * `steps` of them, not through or onto `blocked` cells; dist[c] = -1 if not. */
static void reachable(int size, int cell, uint8_t dirs, int steps, const bool *blocked, int *dist,
                      int *parent)
{
    int queue[BOXING_MAX_CELLS], head = 0, tail = 0;
    for (int c = 0; c < size * size; c++)
        dist[c] = -1;
    dist[cell] = 0;
    queue[tail++] = cell;
    while (head < tail) {
        int c = queue[head++];
        if (dist[c] >= steps)
            continue;
        for (int d = 0; d < BOXING_DIRS; d++) {
            if (!(dirs & (1u << d)))
                continue;
            int x = c % size + boxing_dirs[d].dx, y = c / size + boxing_dirs[d].dy;
            int n = y * size + x;
            if (!on_ring(size, x, y) || dist[n] >= 0 || (blocked && blocked[n]))
                continue;
            dist[n] = dist[c] + 1;
            if (parent)
                parent[n] = c * BOXING_DIRS + d;
            queue[tail++] = n;
        }
    }
}

/* Spreads the enemy's next cell over what it can reach, staying put likelier. */
static void spread_positions(enemy_model *m, int size, uint8_t dirs, int steps)
{
    int dist[BOXING_MAX_CELLS];
    reachable(size, m->cell, dirs, steps, NULL, dist, NULL);
    double total = 0;
    int count = 0;
    for (int c = 0; c < size * size; c++)
        count += dist[c] > 0;
    for (int c = 0; c < size * size; c++) {
        m->pos[c] = dist[c] > 0 ? 1.0 : dist[c] == 0 ? 1.0 + 0.25 * count : 0.0;
        total += m->pos[c];
    }
    for (int c = 0; c < size * size; c++)
        m->pos[c] /= total;
}

/* What everyone knows plus an even guess: the normal bot's model. */
static void model_seen(const game *g, const sighting *s, enemy_model *m)
{
    int known = 0, candidates = 0, unknown_letters = 0, unknown_hit = 0, known_hit = 0;
    uint16_t known_lasers = 0;
    for (int slot = 0; slot < BOXING_SLOTS; slot++) {
        int letter = s->slot_letter[slot];
        int dir = boxing_slot_dir[slot];
        if (letter >= 0) {
            known++;
            known_lasers |= (uint16_t)(1u << letter);
            bool dead = m->destroyed & (1u << letter);
            known_hit += dead;
            m->gun[dir] = dead ? 0.0 : 1.0;
        } else if (dir >= 0 && !(s->seen_dirs & (1u << dir))) {
            candidates++;
        }
    }
    for (int letter = 0; letter < BOXING_LETTERS; letter++) {
        if (known_lasers & (1u << letter))
            continue;
        unknown_letters++;
        unknown_hit += (m->destroyed >> letter) & 1;
    }
    double unknown_guns = BOXING_LASERS - known;
    double alive_share = unknown_letters ? 1.0 - (double)unknown_hit / unknown_letters : 0.0;
    for (int slot = 0; slot < BOXING_SLOTS; slot++) {
        int dir = boxing_slot_dir[slot];
        if (dir >= 0 && s->slot_letter[slot] < 0 && !(s->seen_dirs & (1u << dir)) && candidates)
            m->gun[dir] = fmin(1.0, unknown_guns / candidates) * alive_share;
    }
    double lasers = (BOXING_LASERS - known_hit) - unknown_guns * (1.0 - alive_share);
    m->reach = (int)ceil(lasers * 2);
    for (int letter = 0; letter < BOXING_LETTERS; letter++) {
        if (m->destroyed & (1u << letter))
            m->value[letter] = 0;
        else
            m->value[letter] = (known_lasers & (1u << letter)) ? 1.0 : 0.5;
    }
    for (int c = 0; c < boxing_size(g) * boxing_size(g); c++)
        m->pos[c] = c == m->cell;
}

/* Raised by the room when the call's time is spent. */
static bool cancelled(const volatile int *cancel)
{
    return cancel && *cancel;
}

/* The hard bot's model: averages over layouts that explain the record, as
 * many as it drew before *cancel was raised. */
static bool model_sampled(const game *g, const sighting *s, enemy_model *m, rng *r,
                          const volatile int *cancel)
{
    int accepted = 0;
    double gun[BOXING_DIRS] = {0}, engine[BOXING_DIRS] = {0}, lasers = 0, engines = 0, booster = 0;
    double value[BOXING_LETTERS] = {0};
    boxing_layout l;
    for (int tries = 0; tries < HARD_TRIES && accepted < HARD_SAMPLES && !cancelled(cancel);
         tries++) {
        if (!draw_layout(s, boxing_free_centre(g), r, &l) || !explains(g, m->seat, &l))
            continue;
        accepted++;
        boxing_powers p;
        boxing_powers_of(&l, m->destroyed, &p);
        for (int d = 0; d < BOXING_DIRS; d++) {
            int slot = boxing_dirs[d].slot;
            bool working = !(m->destroyed & (1u << l.letter[slot]));
            gun[d] += working && l.part[slot] == BOXING_LASER;
            engine[d] += working && l.part[slot] == BOXING_ENGINE;
        }
        lasers += p.lasers;
        engines += p.engines;
        booster += p.booster;
        for (int slot = 0; slot < BOXING_SLOTS; slot++) {
            int letter = l.letter[slot];
            if (m->destroyed & (1u << letter))
                continue;
            if (l.part[slot] == BOXING_LASER)
                value[letter] += 1.0 / p.lasers + 0.25;
            else if (l.part[slot] == BOXING_ENGINE)
                value[letter] += 1.0 / p.engines;
            else
                value[letter] += 0.05;
        }
    }
    if (!accepted)
        return false;
    uint8_t dirs = 0;
    for (int d = 0; d < BOXING_DIRS; d++) {
        m->gun[d] = gun[d] / accepted;
        if (engine[d] / accepted >= 0.5)
            dirs |= (uint8_t)(1u << d);
    }
    for (int letter = 0; letter < BOXING_LETTERS; letter++)
        m->value[letter] = value[letter] / accepted;
    bool boosts = booster / accepted >= 0.5;
    m->reach = (int)ceil(lasers / accepted * (boosts ? 2 : 1));
    int steps = (int)lround(engines / accepted) * (boosts ? 2 : 1);
    spread_positions(m, boxing_size(g), dirs, steps);
    return true;
}

static void model_enemy(const game *g, int e, int level, rng *r, enemy_model *m,
                        const volatile int *cancel)
{
    memset(m, 0, sizeof *m);
    m->seat = e;
    m->cell = boxing_cell(g, e);
    m->destroyed = boxing_destroyed(g, e);
    sighting s;
    sight(g, e, &s);
    if (level < LEVEL_HARD || !model_sampled(g, &s, m, r, cancel))
        model_seen(g, &s, m);
}

/* ---- choosing orders ---- */

/* Chance that a gun facing `dir` from `cell`, reaching `reach`, has the enemy in its cone. */
static double hit_chance(int size, const enemy_model *m, int dir, int cell, int reach)
{
    double p = 0;
    int x0 = cell % size, y0 = cell / size;
    for (int q = 0; q < size * size; q++) {
        if (m->pos[q] > 0 && boxing_cone_contains(dir, q % size - x0, q / size - y0, reach))
            p += m->pos[q];
    }
    return p;
}

/* Danger of standing on each cell: the enemy's likeliest gun that covers it,
 * over where the enemy may stand. */
static void danger_map(int size, const enemy_model *m, double *danger)
{
    for (int c = 0; c < size * size; c++) {
        double sum = 0;
        for (int q = 0; q < size * size; q++) {
            if (m->pos[q] <= 0)
                continue;
            double best = 0;
            for (int d = 0; d < BOXING_DIRS; d++) {
                if (m->gun[d] > best &&
                    boxing_cone_contains(d, c % size - q % size, c / size - q / size, m->reach))
                    best = m->gun[d];
            }
            sum += m->pos[q] * best;
        }
        danger[c] += sum;
    }
}

typedef struct plan {
    int cell, boost, gun, enemy; /* gun: letter, -1 for none */
    double score;
} plan;

/* The best gun and enemy to shoot at from `cell` with this reach. */
static void best_shot(const self_model *me, const enemy_model *em, int ne, int cell, int reach,
                      plan *out)
{
    out->gun = -1;
    out->enemy = 0;
    double best = -1;
    for (int letter = 0; letter < BOXING_LETTERS; letter++) {
        if (!(me->p.guns & (1u << letter)))
            continue;
        int dir = boxing_slot_dir[boxing_layout_slot_of(me->layout, letter)];
        for (int i = 0; i < ne; i++) {
            double worth = 0;
            for (int k = 0; k < BOXING_LETTERS; k++)
                worth = fmax(worth, em[i].value[k]);
            double v = hit_chance(me->size, &em[i], dir, cell, reach) * (0.2 + worth);
            if (v > best) {
                best = v;
                out->gun = letter;
                out->enemy = i;
            }
        }
    }
    out->score = best < 0 ? 0 : best;
}

static int nearest_enemy_distance(const self_model *me, const enemy_model *em, int ne, int cell)
{
    int best = 1000;
    for (int i = 0; i < ne; i++) {
        int d = king_distance(me->size, cell, em[i].cell);
        best = d < best ? d : best;
    }
    return best;
}

/* Scores every reachable cell under one booster choice, until *cancel is
 * raised; keeps the best plan. */
static void consider(const self_model *me, const enemy_model *em, int ne, const double *danger,
                     const bool *blocked, int boost, double caution, rng *r, plan *best,
                     int *best_parent, const volatile int *cancel)
{
    int steps = boxing_max_steps(&me->p, boost), reach = boxing_reach(&me->p, boost);
    int dist[BOXING_MAX_CELLS], parent[BOXING_MAX_CELLS];
    reachable(me->size, me->cell, me->p.dirs, steps, blocked, dist, parent);
    int want = reach > 2 ? reach / 2 + 1 : 1;
    for (int c = 0; c < me->size * me->size && !cancelled(cancel); c++) {
        if (dist[c] < 0)
            continue;
        plan p;
        best_shot(me, em, ne, c, reach, &p);
        int gap = nearest_enemy_distance(me, em, ne, c);
        p.score -= caution * danger[c];
        p.score -= 0.01 * abs(gap - want);           /* close in when nothing is in sight */
        p.score -= 0.001 * dist[c];                  /* no wandering for nothing */
        p.score += 0.0005 * (double)rng_below(r, 8); /* break ties unpredictably */
        if (p.score > best->score) {
            p.cell = c;
            p.boost = boost;
            *best = p;
            memcpy(best_parent, parent, sizeof parent);
        }
    }
}

static json_t *orders_action(const self_model *me, const enemy_model *em, const plan *pl,
                             const int *parent, int target_letter)
{
    boxing_orders o;
    boxing_orders_idle(&o);
    int8_t back[BOXING_MAX_STEPS];
    int n = 0;
    for (int c = pl->cell; c != me->cell && n < BOXING_MAX_STEPS; c = parent[c] / BOXING_DIRS)
        back[n++] = (int8_t)(parent[c] % BOXING_DIRS);
    for (int k = 0; k < n; k++)
        o.path[k] = back[n - 1 - k];
    o.steps = n;
    o.boost = (uint8_t)pl->boost;
    if (pl->gun >= 0) {
        o.fire = (int8_t)pl->gun;
        o.target = (int8_t)target_letter;
        o.target_robot = (int8_t)em[pl->enemy].seat;
    } else if (o.boost == BOXING_BOOST_SHOOT) {
        o.boost = BOXING_BOOST_NONE;
    }
    json_t *a = boxing_orders_to_json(&o);
    json_object_set_new(a, "kind", json_string("orders"));
    return a;
}

static int best_letter(const enemy_model *m, rng *r, bool random_pick)
{
    int best = -1;
    double v = -1;
    for (int letter = 0; letter < BOXING_LETTERS; letter++) {
        double x = random_pick ? (m->destroyed & (1u << letter) ? 0 : 1 + rng_below(r, 100))
                               : m->value[letter] + 1e-6 * rng_below(r, 100);
        if (x > v) {
            v = x;
            best = letter;
        }
    }
    return best;
}

/* Easy: a random reachable cell, the gun facing the enemy now. */
static void plan_easy(const self_model *me, const enemy_model *em, int ne, const bool *blocked,
                      rng *r, plan *pl, int *parent)
{
    int boost = me->p.booster ? (int)rng_below(r, 3) : BOXING_BOOST_NONE;
    int steps = boxing_max_steps(&me->p, boost);
    int dist[BOXING_MAX_CELLS], cells[BOXING_MAX_CELLS], n = 0;
    reachable(me->size, me->cell, me->p.dirs, steps, blocked, dist, parent);
    for (int c = 0; c < me->size * me->size; c++) {
        if (dist[c] >= 0)
            cells[n++] = c;
    }
    pl->cell = cells[rng_below(r, (uint32_t)n)];
    pl->boost = boost;
    pl->enemy = (int)rng_below(r, (uint32_t)ne);
    pl->gun = -1;
    int guns[BOXING_LETTERS], ng = 0;
    for (int letter = 0; letter < BOXING_LETTERS; letter++) {
        if (!(me->p.guns & (1u << letter)))
            continue;
        guns[ng++] = letter;
        int dir = boxing_slot_dir[boxing_layout_slot_of(me->layout, letter)];
        int t = em[pl->enemy].cell;
        if (boxing_cone_contains(dir, t % me->size - pl->cell % me->size,
                                 t / me->size - pl->cell / me->size, BOXING_UNLIMITED))
            pl->gun = letter;
    }
    if (pl->gun < 0 && ng)
        pl->gun = guns[rng_below(r, (uint32_t)ng)];
}

static json_t *bot_orders(const game *g, int seat, int level, rng *r, const volatile int *cancel)
{
    self_model me = {.seat = seat, .size = boxing_size(g), .cell = boxing_cell(g, seat),
                     .layout = boxing_own_layout(g, seat), .destroyed = boxing_destroyed(g, seat)};
    boxing_powers_of(me.layout, me.destroyed, &me.p);
    /* the enemy models and the danger map (about 10 KB) live on the heap */
    enemy_model *em = calloc(BOXING_MAX_SEATS, sizeof *em);
    double *danger = calloc(BOXING_MAX_CELLS, sizeof *danger);
    bool blocked[BOXING_MAX_CELLS] = {false};
    int parent[BOXING_MAX_CELLS];
    if (!em || !danger) {
        free(em);
        free(danger);
        return NULL;
    }
    int ne = 0;
    for (int e = 0; e < boxing_seats(g); e++) {
        if (e == seat || !boxing_alive(g, e))
            continue;
        model_enemy(g, e, level, r, &em[ne], cancel);
        blocked[em[ne].cell] = true;
        if (level > LEVEL_EASY)
            danger_map(me.size, &em[ne], danger);
        ne++;
    }
    plan pl = {.cell = me.cell, .boost = BOXING_BOOST_NONE, .gun = -1, .enemy = 0, .score = -1e9};
    if (level == LEVEL_EASY) {
        plan_easy(&me, em, ne, blocked, r, &pl, parent);
    } else {
        double caution = level == LEVEL_HARD ? 0.9 : 0.6;
        consider(&me, em, ne, danger, blocked, BOXING_BOOST_NONE, caution, r, &pl, parent, cancel);
        if (me.p.booster) {
            consider(&me, em, ne, danger, blocked, BOXING_BOOST_MOVE, caution, r, &pl, parent,
                     cancel);
            consider(&me, em, ne, danger, blocked, BOXING_BOOST_SHOOT, caution, r, &pl, parent,
                     cancel);
        }
    }
    int target = pl.gun >= 0 ? best_letter(&em[pl.enemy], r, level == LEVEL_EASY) : -1;
    json_t *action = orders_action(&me, em, &pl, parent, target);
    free(em);
    free(danger);
    return action;
}

json_t *boxing_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                   int64_t *wake_ms, const volatile int *cancel)
{
    (void)now_ms;
    (void)wake_ms;
    if (seat < 0 || seat >= boxing_seats(g))
        return NULL;
    rng r;
    rng_seed(&r, salt ^ rng_mix((uint64_t)seat + 1));
    switch (boxing_phase_of(g)) {
    case BOXING_PHASE_LAYOUT:
        if (boxing_layout_in(g, seat))
            return NULL;
        return boxing_bot_layout(level, boxing_free_centre(g), &r);
    case BOXING_PHASE_ORDERS:
        if (!boxing_alive(g, seat) || boxing_orders_in(g, seat))
            return NULL;
        return bot_orders(g, seat, level, &r, cancel);
    default:
        return NULL;
    }
}
