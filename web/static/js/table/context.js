// context: what every part of the table screen draws from, built afresh
// from the last state message at each redraw, and the game's own module.

import { seatsOf } from './seats.js';
import * as bridgeUI from './bridge/game.js';
import * as beloteUI from './belote/game.js';

// context is the drawing context of the table tbl: the state's parts, the
// screen's own state (ui), the actions (act, send) and the redraw.
export function context(tbl) {
  const m = tbl.msg;
  return { msg: m, view: m.view, seat: m.seat, table: m.table, game: m.table.game, ui: tbl.ui, act: tbl.act, send: tbl.send, redraw: tbl.render, seats: seatsOf(m.table) };
}

// gameUI is the module that draws what only the context's game has: the
// hands, the auction or the belote bidding, the trick, the score sheet...
export function gameUI(c) { return c.game === 'belote' ? beloteUI : bridgeUI; }
