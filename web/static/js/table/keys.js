// keys: the table's keyboard. The game's module gives the shortcuts
// (a call, a card, the arrow keys to the hand); typing in a field is left
// alone.

import { context, gameUI } from './context.js';

// keyHandler returns the keydown listener of table tbl.
export function keyHandler(tbl) {
  return (ev) => {
    if (!tbl.msg || !tbl.msg.view || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tag = (ev.target && ev.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const c = context(tbl);
    const mod = gameUI(c);
    if (mod.keydown && mod.keydown(c, ev, tbl.root)) ev.preventDefault();
  };
}
