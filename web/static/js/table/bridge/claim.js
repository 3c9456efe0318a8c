// claim: the claim form. It asks the claimer for his side's total of
// tricks: declarer's side claims declarer's total, a defender the
// defenders' (a concession of the rest). The default is what is obvious
// from his cards (tricks won and top cards), never the most he could
// claim. The form names the result (the contract made or down, and the
// score but at rubber bridge) before anything is sent, and a defender who
// gives declarer tricks is asked once more: "Concede 3 tricks?".

import { h } from '../../dom.js';
import { t, tn, seatName, sideName } from '../../i18n.js';
import { sideOf } from '../../cards.js';
import { contractText } from './contract.js';

// claimButton opens and closes the claim form.
export function claimButton(c) {
  return h('button', {
    type: 'button', 'data-testid': 'claim-btn', 'aria-expanded': c.ui.claimOpen ? 'true' : 'false',
    onclick: () => { c.ui.claimOpen = !c.ui.claimOpen; c.ui.concedeAsk = null; c.redraw(); },
  }, t('table.claim'));
}

// claimForm is the form, or the defender's second question.
export function claimForm(c) {
  const f = claimFacts(c);
  const ask = c.ui.concedeAsk;
  if (!f.declaring && ask && ask.n === c.msg.n && ask.ours === f.pick) return concedeAsk(c, f);
  const ui = c.ui;
  const label = t(f.declaring ? 'table.claimOurs' : 'table.claimDefence');
  const sel = h('select', {
    'data-testid': 'claim-select', 'aria-label': label,
    onchange: () => { ui.claimPick = { n: c.msg.n, ours: Number(sel.value) }; c.redraw(); },
  });
  for (let i = f.lo; i <= f.hi; i++) sel.appendChild(h('option', { value: String(i), selected: i === f.pick }, String(i)));
  return h('form', {
    class: 'claim-form', 'data-testid': 'claim-form',
    onsubmit: (ev) => {
      ev.preventDefault();
      const ours = Number(sel.value);
      // A defender who gives tricks away says so twice.
      if (!f.declaring && 13 - ours - c.view.claim.min > 0) {
        ui.claimPick = { n: c.msg.n, ours };
        ui.concedeAsk = { n: c.msg.n, ours };
        c.redraw();
        return;
      }
      sendClaim(c, f, ours);
    },
  }, h('label', {}, label, ' ', sel), ' ',
  claimResult(c, f.declTotal(f.pick)),
  h('button', { type: 'submit', 'data-testid': 'claim-confirm' }, t(f.declaring ? 'table.claim' : 'table.concede')));
}

// claimFacts are what the form offers: whether the player's side
// declares, the lowest and highest totals of his side, the total chosen,
// and declTotal(ours), declarer's total when his side takes ours.
function claimFacts(c) {
  const v = c.view;
  const ui = c.ui;
  const declaring = sideOf(c.seat) === sideOf(v.declarer);
  // The server counts declarer's tricks; a defender's side takes the rest.
  const lo = declaring ? v.claim.min : 13 - v.claim.max;
  const hi = declaring ? v.claim.max : 13 - v.claim.min;
  const sure = Math.min(hi, Math.max(lo, Number(v.claim.sure) || lo));
  // The total chosen holds through redraws of the same position.
  const pick = ui.claimPick && ui.claimPick.n === c.msg.n && ui.claimPick.ours >= lo && ui.claimPick.ours <= hi ? ui.claimPick.ours : sure;
  return { declaring, lo, hi, pick, declTotal: (ours) => (declaring ? ours : 13 - ours) };
}

function sendClaim(c, f, ours) {
  c.ui.claimOpen = false;
  c.ui.claimPick = null;
  c.ui.concedeAsk = null;
  c.send({ type: 'claim', tricks: f.declTotal(ours) });
}

// concedeAsk asks a defender once more before he gives declarer tricks.
function concedeAsk(c, f) {
  const conceded = 13 - f.pick - c.view.claim.min;
  return h('div', { class: 'claim-form concede-ask', role: 'alertdialog', 'data-testid': 'concede-ask', 'aria-labelledby': 'concede-q' },
    h('span', { id: 'concede-q' }, t('table.concedeAsk', { tricks: tn('contract.tricks', conceded) })), ' ',
    claimResult(c, f.declTotal(f.pick)),
    h('button', { type: 'button', class: 'primary', 'data-testid': 'concede-yes', onclick: () => sendClaim(c, f, f.pick) }, t('table.concedeYes')),
    h('button', { type: 'button', 'data-testid': 'concede-no', onclick: () => { c.ui.concedeAsk = null; c.redraw(); } }, t('common.cancel')));
}

// claimResult names what a claim of total tricks for declarer gives: "4♠+1
// by South · North-South: +650 points" (the viewer's side's score; at
// rubber bridge, where the points depend on the rubber, the result alone).
function claimResult(c, total) {
  const v = c.view;
  const m = String(v.contract || '').match(/^(\d)/);
  const diff = m ? total - 6 - Number(m[1]) : 0;
  const made = diff === 0 ? '=' : (diff > 0 ? '+' : '') + diff;
  let text = t('contract.by', { contract: contractText(v.contract) + made, seat: seatName(v.declarer) });
  const scores = v.claim.scores || [];
  const sc = (c.table.settings && c.table.settings.scoring) || (c.table.sheet && c.table.sheet.scoring) || 'duplicate';
  const decl = scores[total - v.claim.min];
  if (sc !== 'rubber' && Number.isFinite(decl)) {
    const we = sideOf(c.seat);
    const pts = we === sideOf(v.declarer) ? decl : -decl;
    text += ' · ' + t('a11y.score', { side: sideName(we), n: (pts > 0 ? '+' : '') + pts });
  }
  return h('output', { class: 'claim-result', 'data-testid': 'claim-result', 'aria-live': 'polite' }, t('table.claimResult', { result: text }));
}
