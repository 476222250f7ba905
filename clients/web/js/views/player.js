// player.js: a player's page (#/player/<id>): their record and rating in
// each game, their last games (each with what it did to their rating and a
// link to its replay), and on your own page the way to carry your identity
// to another device. The server decides what the viewer may see: a private
// game only to those who played it.

import { h, fill } from '../dom.js';
import { ratingsPath, replayPath } from '../router.js';
import { signed } from './rating-line.js';
import { createLinkPanel } from './link.js';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A result row's seat names: the player's name, or the bot's level. */
function seatNames(row) {
  const bots = row.players.filter((p) => !p.id && p.bot);
  return (seat) => {
    const p = row.players.find((x) => x.seat === seat);
    if (!p) return `Seat ${seat + 1}`;
    if (p.name) return p.name;
    return bots.length > 1 ? `Bot ${seat + 1} (${p.bot})` : `Bot (${p.bot})`;
  };
}

/** "Ada wins", "Ada and Bob share the win", "A draw". */
function outcome(row, nameOf) {
  const winners = row.result?.winners || [];
  if (!winners.length) return 'A draw';
  const names = winners.map(nameOf);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)} share the win` : `${names[0]} wins`;
}

export function createPlayerScreen(app) {
  const { store } = app;
  let id = null;
  let asked = null; // the id and identity we last asked about

  const heading = h('h1', { tabindex: '-1' }, 'Player');
  const lede = h('p.lede');
  const games = h('div.player-games', { 'aria-live': 'polite' });
  const recent = h('div.player-recent');
  const link = createLinkPanel(app);
  const element = h('section.screen.player-screen', {},
    h('p.crumbs', {}, h('a', { href: '#/' }, '← All games')),
    heading, lede,
    h('section.block', { 'aria-labelledby': 'player-games-title' },
      h('h2#player-games-title', {}, 'Games and ratings'), games),
    h('section.block', { 'aria-labelledby': 'player-recent-title' },
      h('h2#player-recent-title', {}, 'Last games'), recent),
    link.element);

  function renderGames(body) {
    if (!body.games.length) {
      fill(games, h('p.empty', {}, 'No finished games yet.'));
      return;
    }
    fill(games, h('table.records', {},
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, 'Game'), h('th', { scope: 'col' }, 'Played'), h('th', { scope: 'col' }, 'Won'),
        h('th', { scope: 'col' }, 'Rating'), h('th', { scope: 'col' }, 'Rated games'))),
      h('tbody', {}, body.games.map((g) => h('tr', { dataset: { game: g.game } },
        h('th', { scope: 'row' }, h('a', { href: ratingsPath(g.game), title: `${g.title}: the leaderboard` }, g.title)),
        h('td', {}, String(g.played)),
        h('td', {}, String(g.won)),
        h('td.rating', {}, g.rating === null ? h('span.muted', { title: 'Rated once two people play a game' }, 'not rated yet')
          : [String(g.rating), g.provisional ? h('span.tag.provisional', { title: `Fewer than 5 rated games: the rating is still settling (±${g.rd})` }, 'provisional') : h('span.muted', {}, ` ±${g.rd}`)]),
        h('td', {}, String(g.rated)))))));
  }

  function renderRecent(body) {
    if (!body.recent.length) {
      fill(recent, h('p.empty', {}, id === store.me?.id ? 'Your finished games will be listed here.' : 'No games to show.'));
      return;
    }
    fill(recent, h('ul.recent', {}, body.recent.map((row) => {
      const nameOf = seatNames(row);
      const mine = row.rating?.seats?.find((s) => s.id === id);
      const change = mine ? mine.after - mine.before : null;
      const title = body.games.find((g) => g.game === row.game)?.title || store.game(row.game)?.title || row.game;
      return h('li.recent-row', { dataset: { result: String(row.id) } },
        h('div.recent-what', {},
          h('strong', {}, title),
          h('span.muted', {}, ` · ${when.format(new Date(row.finished_at))}`),
          row.private ? h('span.tag', { title: 'Only its players see this game' }, 'private') : null),
        h('div.recent-how', {},
          h('span', {}, `${outcome(row, nameOf)}. `),
          h('span.muted', {}, `With ${row.players.filter((p) => p.id !== id).map((p) => nameOf(p.seat)).join(', ') || 'nobody'}.`)),
        h('div.recent-rating', {},
          mine ? [h('span', {}, `Rating ${mine.before} → ${mine.after} `),
            h(`span.rating-change${change > 0 ? '.up' : change < 0 ? '.down' : ''}`, {}, `(${signed(change)})`)]
            : h('span.muted', {}, row.rating?.why === 'seeded' ? 'Not rated (seeded)' : 'Not rated')),
        h('a.btn.small', { href: replayPath(row.id), 'aria-label': `Replay: ${title}, ${when.format(new Date(row.finished_at))}` }, 'Replay'));
    })));
  }

  async function load() {
    if (!id || store.conn.status !== 'online') return;
    const key = `${id}|${store.me?.id}`;
    if (asked === key) return;
    asked = key;
    games.setAttribute('aria-busy', 'true');
    const body = await app.run('history', { player: id });
    games.removeAttribute('aria-busy');
    if (asked !== key) return;
    if (!body) {
      heading.textContent = 'No such player';
      fill(lede, 'This server has no player with that id. A player’s page is linked from their name in a game’s result or on a leaderboard.');
      fill(games);
      fill(recent);
      return;
    }
    const own = body.player.id === store.me?.id;
    heading.textContent = own ? `${body.player.name} (you)` : body.player.name;
    fill(lede, own
      ? 'Your games, your rating in each, and your last games. Others see only the public ones. '
      : `${body.player.name}’s games and ratings. `, h('a', { href: '/rules/ratings/' }, 'How ratings work'), '.');
    renderGames(body);
    renderRecent(body);
  }

  store.subscribe((what) => {
    if (what.has('conn') || what.has('me')) {
      link.element.hidden = !id || id !== store.me?.id;
      load();
    }
  });

  return {
    element,
    setId(next) {
      if (next !== id) asked = null;
      id = next;
      link.element.hidden = id !== store.me?.id;
    },
    shown() {
      asked = null;
      load();
    },
  };
}

