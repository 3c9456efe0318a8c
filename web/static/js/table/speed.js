// speed: how fast the bots play. The player's choice is kept in the
// browser and follows him from table to table.

import { h } from '../dom.js';
import { t } from '../i18n.js';

const SPEEDS = ['slow', 'normal', 'fast', 'instant'];

// storedSpeed is the speed the player chose last, '' if none.
export function storedSpeed() {
  try { const s = localStorage.getItem('atout.speed'); return SPEEDS.includes(s) ? s : ''; } catch (e) { return ''; }
}

// followSpeed asks, once per table, for the player's speed when the table
// plays at another one.
export function followSpeed(c) {
  const want = storedSpeed();
  if (!c.ui.speedSent && c.seat && want && c.table.speed && want !== c.table.speed) {
    c.ui.speedSent = true;
    c.send({ type: 'speed', speed: want });
  }
}

// speedSelect chooses how fast the bots play; the choice is kept for the
// next tables.
export function speedSelect(c) {
  const sel = h('select', {
    'data-testid': 'speed-select', 'aria-label': t('table.speed'),
    onchange: () => {
      try { localStorage.setItem('atout.speed', sel.value); } catch (e) { /* not kept */ }
      c.send({ type: 'speed', speed: sel.value });
    },
  });
  for (const s of SPEEDS) sel.appendChild(h('option', { value: s, selected: s === (c.table.speed || 'normal') }, t('table.speed.' + s)));
  return h('label', { class: 'speed' }, t('table.speed'), ' ', sel);
}

// playOutButton has the bots play the deal out at once.
export function playOutButton(c) {
  return h('button', { type: 'button', 'data-testid': 'playout-btn', onclick: () => c.send({ type: 'speed', speed: 'playout' }) }, t('table.playOut'));
}
