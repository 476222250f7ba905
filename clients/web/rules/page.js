// page.js: a rules page opened on its own (/rules/<game id>). The text is
// already in the page; this draws its diagrams with the game's own board
// code and points back to the lobby. The same text also opens in a dialog
// over the game (js/views/rules-dialog.js), which draws it the same way.

import { drawDiagrams } from '../js/rules.js';

const article = document.querySelector('.rules-text');
const game = document.body.dataset.game;
if (article && game) drawDiagrams(article, game);
