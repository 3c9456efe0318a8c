// sata: the sans-atout and tout-atout box of the belote forms (the New
// game window, a belote duplicate): coinche only, off unless ticked
// (docs/belote-coinche-sa-ta.md), and once ticked the line of what the
// bids change under the rule set chosen.

import { h } from './dom.js';
import { t } from './i18n.js';

// sataChoice returns the box (the input in its field) and its line, kept
// in step with the mode and rules selects: id is the input's id, check its
// test id, testid the prefix of the field's and the line's ("-field",
// "-rules").
export function sataChoice({ id, check, testid, mode, rules, checked }) {
  const input = h('input', { id, type: 'checkbox', 'data-testid': check, checked: !!checked });
  const box = h('div', { class: 'field check', 'data-testid': testid + '-field' }, input, h('label', { for: id }, t('lobby.sata')));
  const line = h('p', { class: 'muted', 'data-testid': testid + '-rules', 'aria-live': 'polite' });
  const sync = () => {
    box.hidden = mode.value !== 'coinche';
    line.hidden = mode.value !== 'coinche' || !input.checked;
    line.textContent = t(rules.value === 'official' ? 'lobby.sata.official' : 'lobby.sata.maison');
  };
  for (const el of [mode, rules, input]) el.addEventListener('change', sync);
  sync();
  return { input, box, line };
}
