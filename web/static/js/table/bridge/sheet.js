// sheet: the bridge score sheet: a line per board at duplicate (at a
// casual table, each compared with par and with the bots' table under
// it, and the running totals of IMPs), the classic score pad at rubber
// bridge, the four deals of a Chicago.

import { h } from '../../dom.js';
import { t, tn, seatName, has } from '../../i18n.js';
import { sideOf } from '../../cards.js';
import { contractText, resultMark } from './contract.js';
import { compares, earlierAnalyses } from '../dealanalysis.js';
import { sheetLine, totalLine } from './compare.js';

// sheet draws the sheet of the table's scoring (protocol.BridgeSheet).
export function sheet(c) {
  const sh = c.table.sheet || {};
  if (sh.scoring === 'rubber') return rubberPad(c, sh);
  if (sh.scoring === 'chicago') return chicagoSheet(c, sh);
  return duplicateSheet(c, sh);
}

// duplicateSheet has a line per board: the contract, the result as
// players write it ("4♠ South", "=", "+1", "−2") and the points; at a
// table that compares its deals, each line's comparison under it and the
// totals of IMPs at the foot.
function duplicateSheet(c, sh) {
  const cmp = compares(c);
  if (cmp) earlierAnalyses(c);
  const tb = h('table', { class: 'sheet-table' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('contract.label')),
      h('th', { scope: 'col' }, t('history.result')), h('th', { scope: 'col' }, t('side.NS')), h('th', { scope: 'col' }, t('side.EW')))));
  const body = h('tbody');
  const lines = sh.lines || [];
  lines.forEach((l, i) => {
    const pts = l.points || {};
    const passed = l.contract === 'Pass';
    body.appendChild(h('tr', {},
      h('td', {}, String(l.board)),
      h('td', {}, passed ? t('contract.passedOut') : contractText(l.contract) + ' ' + (l.declarer ? seatName(l.declarer) : '')),
      h('td', { 'data-testid': 'sheet-result', title: passed ? '' : tn('contract.tricks', l.tricks) }, passed ? '' : resultMark(l.contract, l.tricks)),
      h('td', {}, pts.NS ? String(pts.NS) : ''),
      h('td', {}, pts.EW ? String(pts.EW) : '')));
    if (cmp) {
      // The current deal's analysis is awaited until its wait gives up,
      // an earlier deal's while the earlier analyses are being fetched.
      const no = i + 1;
      const waiting = no === c.table.deal ? !c.ui.analysisGaveUp[no] : !!c.ui.earlierAsked && !c.ui.earlierDone;
      const cl = sheetLine(c.ui.analysis[no], waiting, 5);
      if (cl) body.appendChild(cl);
    }
  });
  const tot = sh.totals || {};
  body.appendChild(h('tr', { class: 'total' }, h('th', { scope: 'row', colspan: '3' }, t('belote.total')),
    h('td', {}, String(tot.NS || 0)), h('td', {}, String(tot.EW || 0))));
  if (cmp) {
    const tl = totalLine(lines.map((l, i) => c.ui.analysis[i + 1]), 5);
    if (tl) body.appendChild(tl);
  }
  tb.appendChild(body);
  return tb;
}

// padSides returns the pad's two columns: the player's side first (We,
// They), North-South first for a spectator.
function padSides(c) {
  if (c.seat) {
    const we = sideOf(c.seat);
    return [[we, t('side.we')], [we === 'NS' ? 'EW' : 'NS', t('side.they')]];
  }
  return [['NS', t('side.NS')], ['EW', t('side.EW')]];
}

// padKind names the kind of a pad entry ("slam bonus" is pad.kind.slamBonus).
function padKind(kind) {
  const key = 'pad.kind.' + String(kind || '').replace(/ (\w)/g, (_, x) => x.toUpperCase());
  return has(key) ? t(key) : String(kind || '');
}

function padEntry(e) {
  return h('li', { class: 'pad-entry', title: padKind(e.kind), 'aria-label': padKind(e.kind) + t('punct.colon') + e.points, dataset: { kind: e.kind, deal: String(e.deal) } }, String(e.points));
}

// rubberPad draws the classic rubber bridge score pad (protocol.BridgeSheet's
// pad): the bonuses, overtricks, penalties and honours above the line, the
// first nearest to it; the trick points below, game by game, with a line
// under each game won; the totals and the games won.
function rubberPad(c, sh) {
  const sides = padSides(c);
  const pad = sh.pad || [];
  const col = (side, list) => h('td', { class: 'pad-col' }, h('ol', { class: 'pad-list' }, list.filter((e) => e.side === side).map(padEntry)));
  const above = pad.filter((e) => !e.below);
  const tb = h('table', { class: 'pad rubber-pad', 'data-testid': 'rubber-pad' },
    h('thead', {}, h('tr', {}, sides.map(([side, name]) => h('th', { scope: 'col', dataset: { side } }, name)))));
  // Above the line: the latest at the top.
  tb.appendChild(h('tbody', { class: 'pad-above', 'data-testid': 'pad-above', 'aria-label': t('pad.above') },
    h('tr', {}, sides.map(([side]) => col(side, above.slice().reverse())))));
  const games = Math.max(0, ...pad.filter((e) => e.below).map((e) => e.game || 1));
  for (let g = 1; g <= games; g++) {
    const below = pad.filter((e) => e.below && (e.game || 1) === g);
    const sum = (side) => below.filter((e) => e.side === side).reduce((a, e) => a + e.points, 0);
    const won = g < games || sum('NS') >= 100 || sum('EW') >= 100;
    tb.appendChild(h('tbody', { class: 'pad-below' + (won ? ' game-won' : ''), 'data-testid': 'pad-game', 'aria-label': t('pad.game', { n: g }) },
      h('tr', {}, sides.map(([side]) => col(side, below)))));
  }
  const tot = sh.totals || {};
  const gw = sh.games || {};
  tb.appendChild(h('tfoot', {},
    h('tr', { class: 'total', 'data-testid': 'pad-total' }, sides.map(([side]) => h('td', { dataset: { side } }, String(tot[side] || 0)))),
    h('tr', { class: 'games', 'data-testid': 'pad-games' }, sides.map(([side]) => h('td', { dataset: { side } }, t('pad.games') + t('punct.colon') + (gw[side] || 0))))));
  return tb;
}

// chicagoSheet draws the four deals of a Chicago: the dealer and the
// vulnerability of each (deal 1 nobody, 2 and 3 the dealer's side, 4
// both; bridge/scoring/chicago.go), the contract and what each side scored,
// and the totals. A passed-out deal is dealt again by the same dealer.
function chicagoSheet(c, sh) {
  const sides = padSides(c);
  const played = (sh.lines || []).filter((l) => l.contract && l.contract !== 'Pass');
  const tb = h('table', { class: 'sheet-table chicago', 'data-testid': 'chicago-sheet' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('sheet.deal')), h('th', { scope: 'col' }, t('sheet.dealer')), h('th', { scope: 'col' }, t('vul.label')),
      h('th', { scope: 'col' }, t('contract.label')),
      sides.map(([side, name]) => h('th', { scope: 'col', dataset: { side } }, name)))));
  const body = h('tbody');
  for (let n = 1; n <= 4; n++) body.appendChild(chicagoDeal(n, played[n - 1], sides));
  const tot = sh.totals || {};
  body.appendChild(h('tr', { class: 'total', 'data-testid': 'chicago-total' }, h('th', { scope: 'row', colspan: '4' }, t('belote.total')),
    sides.map(([side]) => h('td', { dataset: { side } }, String(tot[side] || 0)))));
  tb.appendChild(body);
  return tb;
}

// chicagoDeal is deal n of a Chicago, played as line l (none yet: empty).
function chicagoDeal(n, l, sides) {
  const dealer = ['N', 'E', 'S', 'W'][(n - 1) % 4];
  const vul = n === 1 ? 'None' : n === 4 ? 'All' : sideOf(dealer);
  const pts = (l && l.points) || {};
  return h('tr', { 'data-testid': 'chicago-deal', dataset: { vul, dealer } },
    h('td', {}, String(n)), h('td', {}, seatName(dealer)), h('td', {}, t('vul.' + vul)),
    h('td', {}, l ? contractText(l.contract) + ' ' + seatName(l.declarer) + ' · ' + tn('contract.tricks', l.tricks) : ''),
    sides.map(([side]) => h('td', { dataset: { side } }, l ? String(pts[side] || 0) : '')));
}
