// seats: the felt: the four seats around the table, each with its label
// (seat, player, bot level, away, the game's tags, whose turn) and what the
// game shows there (a hand, card backs), and the centre (the trick, the
// auction) from the game's module.

import { h } from '../dom.js';
import { t, seatName } from '../i18n.js';
import { nextSeat, prevSeat, partnerSeat } from '../cards.js';

// seatsOf returns the table's seats (protocol.TableInfo's seats, N, E, S,
// W) by seat: {N:{seat,name,bot,human,connected,you},...}.
export function seatsOf(table) {
  const out = {};
  for (const s of table.seats) out[s.seat] = s;
  return out;
}

// positions places the seats: the player at the bottom; someone without
// a seat watches with South at the bottom.
export function positions(c) {
  const me = c.seat || 'S';
  return { bottom: me, left: nextSeat(me), top: partnerSeat(me), right: prevSeat(me) };
}

// felt draws the seats at their positions pos and the centre.
export function felt(c, mod, pos) {
  const el = h('div', { class: 'felt', 'data-testid': 'felt' });
  for (const [p, s] of Object.entries(pos)) {
    const turn = mod.turnOf(c) === s;
    el.appendChild(h('div', {
      class: 'seat pos-' + p + (turn ? ' turn' : ''),
      'data-testid': 'seat-' + s, dataset: { seat: s },
      role: 'region', 'aria-label': seatName(s),
    }, seatLabel(c, mod, s, pos.bottom, turn), mod.seatContent(c, s, p)));
  }
  el.appendChild(h('div', { class: 'center', 'data-testid': 'trick-area', role: 'region', 'aria-label': t('a11y.trick') }, mod.center(c, pos)));
  return el;
}

// seatLabel names seat s and who sits there; me is the seat at the bottom.
function seatLabel(c, mod, s, me, turn) {
  const info = c.seats[s] || {};
  const waiting = t('table.waitingFor', { seat: seatName(s) });
  return h('div', { class: 'seat-label' },
    h('span', { class: 'seat-name' }, seatName(s)),
    ' ',
    h('span', { class: 'player' }, s === c.seat ? t('seat.you') : (info.name || '')),
    info.bot ? h('span', { class: 'tag' }, t('bot.name', { level: t('bot.' + info.bot) })) : null,
    info.human && info.connected === false && s !== me ? h('span', { class: 'tag away' }, t('table.connectionLost')) : null,
    mod.seatTags(c, s),
    turn ? h('span', { class: 'turn-dot', 'aria-label': waiting, title: waiting }) : null);
}
