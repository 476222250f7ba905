// ratings.js: a game's leaderboard (#/ratings/<game>): its rated players,
// the established ones first, each by rating; the provisional ones marked;
// the bots' fixed ratings to measure against; the other games' boards.

import { h, fill } from '../dom.js';
import { playerPath, ratingsPath } from '../router.js';

export function createRatingsScreen(app) {
  const { store } = app;
  let game = null;
  let asked = null;

  const heading = h('h1', { tabindex: '-1' }, 'Leaderboard');
  const lede = h('p.lede');
  const board = h('div.board', { 'aria-live': 'polite' });
  const bots = h('p.help.board-bots');
  const others = h('nav.board-games', { 'aria-label': 'Other games' });
  const element = h('section.screen.ratings-screen', {},
    h('p.crumbs', {}, h('a', { href: '#/' }, '← All games')),
    heading, lede, others, board, bots);

  function renderOthers() {
    fill(others, store.games.map((g) => (g.id === game
      ? h('span.board-game.current', { 'aria-current': 'page' }, g.title)
      : h('a.board-game', { href: ratingsPath(g.id) }, g.title))));
  }

  function render(body) {
    heading.textContent = `${body.title}: leaderboard`;
    fill(lede, `Ratings of the players of ${body.title}, from every rated game (two people or more). `,
      `A rating is provisional until its player has ${body.established} rated games. `,
      h('a', { href: '/rules/ratings/' }, 'How ratings work'), '.');
    if (!body.players.length) {
      fill(board, h('p.empty', {}, `Nobody has a rating in ${body.title} yet: play a game with someone else to be the first.`));
    } else {
      fill(board, h('table.records.leaderboard', {},
        h('caption.visually-hidden', {}, `${body.title} leaderboard`),
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Rating'),
          h('th', { scope: 'col' }, 'Rated games'))),
        h('tbody', {}, body.players.map((p) => h(`tr${p.id === store.me?.id ? '.is-me' : ''}${p.provisional ? '.provisional' : ''}`, { dataset: { player: p.id } },
          h('td', {}, String(p.rank)),
          h('th', { scope: 'row' }, h('a', { href: playerPath(p.id) }, p.name),
            p.id === store.me?.id ? h('span.tag.you', {}, 'you') : null),
          h('td.rating', {}, String(p.rating), ' ',
            p.provisional ? h('span.tag.provisional', { title: `Fewer than ${body.established} rated games (±${p.rd})` }, 'provisional')
              : h('span.muted', {}, `±${p.rd}`)),
          h('td', {}, String(p.rated)))))));
    }
    fill(bots, body.bots.length ? ['Bots play at fixed ratings: ',
      body.bots.map((b) => `${b.level} ${b.rating}`).join(', '), '. Beating one counts in a rated game.'] : null);
  }

  async function load() {
    if (!game || store.conn.status !== 'online') return;
    if (asked === game) return;
    asked = game;
    board.setAttribute('aria-busy', 'true');
    const body = await app.run('ratings', { game });
    board.removeAttribute('aria-busy');
    if (asked !== game) return;
    if (!body) {
      heading.textContent = 'No such game';
      fill(lede, 'This server has no game by that name; pick one below.');
      fill(board);
      fill(bots);
      return;
    }
    render(body);
  }

  store.subscribe((what) => {
    if (what.has('games')) renderOthers();
    if (what.has('conn')) load();
  });

  return {
    element,
    setGame(next) {
      if (next !== game) asked = null;
      game = next;
      renderOthers();
    },
    shown() {
      asked = null;
      load();
    },
  };
}
