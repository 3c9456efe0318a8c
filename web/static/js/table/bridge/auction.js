// auction: the auction table, in the centre during the auction and beside
// the table during the play. Every call is a button: hovering, focusing or
// clicking it shows its meaning below the table (a click pins it); its
// accessible name says who made it and what it means.

import { h } from '../../dom.js';
import { t, seatName, callName, callShort } from '../../i18n.js';
import { sideOf } from '../../cards.js';
import { meaningOf, meaningText } from './meaning.js';

const COLS = ['W', 'N', 'E', 'S'];

// seatOfCall is the seat that made call i of an auction dealt by dealer.
export function seatOfCall(dealer, i) {
  const seats = ['N', 'E', 'S', 'W'];
  return seats[(seats.indexOf(dealer) + i) % 4];
}

// side is the auction beside the table once the play has begun.
export function side(c) {
  if (c.view.phase === 'auction') return null;
  return h('section', { class: 'auction-side', 'aria-label': t('table.bidding') }, auctionTable(c, 'small'));
}

// auctionTable draws the auction with the class cls and the box that
// explains a call.
export function auctionTable(c, cls) {
  const v = c.view;
  const auction = v.auction || [];
  const table = h('table', { class: 'auction ' + (cls || ''), 'data-testid': 'auction' },
    h('caption', {}, t('table.bidding')),
    h('thead', {}, h('tr', {}, COLS.map((s) => h('th', { scope: 'col', class: v.vul && (v.vul === 'All' || v.vul === sideOf(s)) ? 'vul' : '' }, seatName(s))))));
  const box = h('p', { class: 'explain', id: 'call-explain', 'data-testid': 'explanation', 'aria-live': 'polite', hidden: true });
  const show = explainer(c, box);
  table.appendChild(auctionBody(c, (i) => callButton(c, table, show, i)));
  const wrap = h('div', { class: 'auction-wrap' }, table, box);
  if (c.ui.explain !== undefined && c.ui.explain < auction.length) show(c.ui.explain);
  return wrap;
}

// explainer returns show(i): box explains call i, or nothing when i is
// not a call of the auction.
function explainer(c, box) {
  const v = c.view;
  const auction = v.auction || [];
  return (i) => {
    if (i === undefined || i === null || i >= auction.length) {
      box.hidden = true;
      box.textContent = '';
      return;
    }
    const seat = seatOfCall(v.dealer, i);
    box.hidden = false;
    box.textContent = '';
    box.append(h('strong', {}, t('call.explainOf', { call: callShort(auction[i]), seat: seatName(seat) })), ' ',
      meaningText(meaningOf(c.msg, i)));
  };
}

// auctionBody lays the calls out in rows of four from West, each cell
// drawn by cell(i), with "?" for the call awaited.
function auctionBody(c, cell) {
  const v = c.view;
  const body = h('tbody');
  let row = h('tr');
  let col = COLS.indexOf(v.dealer);
  for (let i = 0; i < col; i++) row.appendChild(h('td'));
  (v.auction || []).forEach((call, i) => {
    row.appendChild(h('td', {}, cell(i)));
    col++;
    if (col === 4) { body.appendChild(row); row = h('tr'); col = 0; }
  });
  if (v.phase === 'auction' && v.turn) row.appendChild(h('td', { class: 'next' }, '?'));
  if (row.childNodes.length) body.appendChild(row);
  return body;
}

// callButton is call i of the auction; show explains a call.
function callButton(c, table, show, i) {
  const v = c.view;
  const call = v.auction[i];
  const m = meaningOf(c.msg, i);
  const label = t('a11y.called', { seat: seatName(seatOfCall(v.dealer, i)), call: callName(call) }) + '. ' + meaningText(m);
  return h('button', {
    type: 'button', class: 'call-cell call-' + call.replace(/^\d/, '') + (m ? ' explained' : ''), 'aria-label': label,
    'aria-controls': 'call-explain', 'aria-pressed': c.ui.explain === i ? 'true' : 'false',
    dataset: { idx: String(i), testid: 'auction-call' },
    onclick: () => {
      c.ui.explain = c.ui.explain === i ? undefined : i;
      for (const b of table.querySelectorAll('.call-cell')) b.setAttribute('aria-pressed', b.dataset.idx === String(c.ui.explain) ? 'true' : 'false');
      show(c.ui.explain === undefined ? i : c.ui.explain);
    },
    onmouseenter: () => show(i),
    onmouseleave: () => show(c.ui.explain),
    onfocus: () => show(i),
    onblur: () => show(c.ui.explain),
  }, callShort(call));
}
