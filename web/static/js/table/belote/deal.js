// deal: the belote deal of the state (its view's `deal`) and its cards:
// the seats in the order of the view's lists, the order of the ranks in a
// plain suit and in trumps, the trump of the contract.

import { sortCards } from '../../cards.js';

export const SEATS = ['N', 'E', 'S', 'W'];
const PLAIN = 'ATKQJ987';
const TRUMP = 'J9ATKQ87';

export const isCard = (a) => /^[SHDC][AKQJT987]$/.test(a);

// deal is the deal of the context, null before the first.
export function deal(c) { return (c.view && c.view.deal) || null; }

// trumpOf is the trump suit of deal d's contract, '' without one.
export function trumpOf(d) { return d && d.contract && d.contract.trump !== 'NT' ? d.contract.trump : ''; }

// sortHand sorts cards by suit, trumps in their own order.
export function sortHand(cards, d) { return sortCards(cards || [], PLAIN, trumpOf(d), TRUMP); }
