// meaning: what a bridge call means, from the state's `explanations` (one
// protocol.Explanation per call): the server's words in the user's
// language, else the structured form worded with the catalog, and the HCP
// range. Used by the table and the replay.

import { t, suitSymbol, has, lang } from '../../i18n.js';

// meaningOf returns the meaning of call i of the auction from the state's
// `explanations`: an array of protocol.Explanation, one per call so far.
// It gives {text, hcp} or null; an entry for another call than the
// auction's is ignored.
export function meaningOf(msg, i) {
  const e = msg && msg.explanations && msg.explanations[i];
  if (!e) return null;
  const auction = (msg.view && msg.view.auction) || [];
  if (e.call && auction[i] && e.call !== auction[i]) return null;
  // The English description is the system's own wording; in every other
  // language the meaning is worded from its structured form.
  let text = e.text;
  // The server words every call in each language from the bidder's own
  // knowledge (what `atout bid` says); a language it has no words for gets
  // the structured form, worded here.
  const words = e.words && typeof e.words === 'object' ? e.words[lang()] : '';
  if (lang() !== 'en' && words) return { text: String(words), hcp: '' };
  const worded = structuredMeaning(e);
  if (worded && lang() !== 'en') text = worded;
  let hcp = '';
  const lo = Number(e.minHCP), hi = Number(e.maxHCP);
  // The range, unless the text gives it already or it says nothing.
  if (Number.isFinite(lo) && Number.isFinite(hi) && hi < 37 && hi >= lo && !/HCP/.test(text)) {
    hcp = t('call.hcp', { min: lo, max: hi });
  }
  if (!text && !hcp) return null;
  return { text, hcp };
}

// structuredMeaning words a meaning from its structured fields (suit
// lengths, balanced, how forcing, conventional) with the catalog; the HCP
// range is added by meaningOf. It returns '' when there is nothing to say.
function structuredMeaning(e) {
  const parts = lengths(e);
  if (e.balanced && has('call.balanced')) parts.push(t('call.balanced'));
  if (e.artificial && has('call.artificial')) parts.push(t('call.artificial'));
  const f = Number(e.force);
  if (Number.isInteger(f) && f > 0 && has('call.force.' + f)) parts.push(t('call.force.' + f));
  return parts.join(', ');
}

// lengths words the suit lengths of a meaning, spades first, as hands are
// written: "5+♠", "4♥", "2–3♦", "≤1♣".
function lengths(e) {
  const parts = [];
  if (!Array.isArray(e.minLen) || !Array.isArray(e.maxLen)) return parts;
  for (const s of [3, 2, 1, 0]) {
    const lo = Number(e.minLen[s]), hi = Number(e.maxLen[s]);
    const sym = suitSymbol('CDHS'[s]);
    if (lo > 0 && hi >= 13) parts.push(`${lo}+${sym}`);
    else if (lo > 0 && hi === lo) parts.push(`${lo}${sym}`);
    else if (lo > 0) parts.push(`${lo}–${hi}${sym}`);
    else if (hi < 13) parts.push(`≤${hi}${sym}`);
  }
  return parts;
}

// meaningText is the meaning as one line ("1NT opening: 15-17 HCP, balanced").
export function meaningText(m) {
  if (!m) return t('call.explain.none');
  return [m.text, m.hcp].filter(Boolean).join(' · ');
}
