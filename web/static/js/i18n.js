// i18n: the message catalog. The server serves one catalog per language at
// /api/i18n/{lang} (protocol.Catalog: a flat JSON object key → text, with
// the English text of any message the language lacks); every text the UI
// shows comes from it. The UI draws nothing before a catalog is loaded
// (app.js), so no text is kept here.

import { api, ApiError } from './api.js';

export const LANGS = ['en', 'fr', 'de', 'hi', 'ko'];

let messages = {};
let current = 'en';

// lang returns the language in use.
export function lang() { return current; }

// t returns the text of key with {name} placeholders filled from params.
// In Korean, the particle after a placeholder ("{seat}이(가)", "{call}은")
// agrees with the last sound of what fills it.
export function t(key, params) {
  let s = messages[key];
  if (typeof s !== 'string') s = key;
  // French elides "de" before a vowel: "Main d'Est", "Carré d'as".
  if (params && current === 'fr') {
    s = s.replace(FR_DE, (m, pre, d, k) => k in params && FR_VOWEL.test(String(params[k])) ? pre + d + "'{" + k + '}' : m);
  }
  if (params) {
    s = s.replace(PLACEHOLDER, (m, k, particle) => {
      if (!(k in params)) return m;
      const v = String(params[k]);
      return v + (particle ? (current === 'ko' ? koParticle(v, particle) : particle) : '');
    });
  }
  return s;
}

// PLACEHOLDER is a placeholder with the Korean particle after it, if any:
// a pair written for either sound ("이(가)") or a single one followed by a
// space, punctuation or the end.
const PLACEHOLDER = /\{(\w+)\}((?:은|는|이|가|을|를|과|와)\((?:은|는|이|가|을|를|과|와)\)|(?:은|는|이|가|을|를|과|와)(?=[\s.,!?:;)]|$))?/g;

// FR_DE is "de" before a placeholder; FR_VOWEL a word that elides it
// (a vowel; "huit" and the other words of an aspirated h do not).
const FR_DE = /(^|[^\p{L}'])([dD])e \{(\w+)\}/gu;
const FR_VOWEL = /^[aeiouyàâäéèêëîïôöûü]/i;

// The Korean particles by the sound they follow: after a final consonant
// (batchim), after a vowel.
const KO_PAIRS = [['은', '는'], ['이', '가'], ['을', '를'], ['과', '와']];

// koParticle returns the particle p (or pair "이(가)") that agrees with the
// last sound of word.
export function koParticle(word, p) {
  const pair = KO_PAIRS.find(([a, b]) => p.startsWith(a) || p.startsWith(b));
  if (!pair) return p;
  const b = koFinal(word);
  if (b === null) return p.length > 1 ? p : pair[0] + '(' + pair[1] + ')';
  return b ? pair[0] : pair[1];
}

// koFinal reports whether word, read in Korean, ends with a consonant
// (batchim): a Hangul syllable by its code, a digit or a Latin letter by
// its Korean reading (일, 삼, 엘, 엠, 엔, 알 ...); null when unknown.
export function koFinal(word) {
  const w = String(word).replace(/[\s.,!?:;()'"♠♥♦♣]+$/u, '');
  const c = w.slice(-1);
  if (!c) return null;
  const code = c.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 !== 0;
  if (/[0-9]/.test(c)) return '013678'.includes(c);
  if (/[A-Za-z]/.test(c)) return 'lmnrLMNR'.includes(c);
  return null;
}

// has reports whether the catalog knows key.
export function has(key) { return typeof messages[key] === 'string'; }

// errorText is the text of a protocol error {code, message}: the server's
// message as is (it is already translated), else the catalog's
// error.<code>, else a generic message.
export function errorText(err) {
  const e = err || {};
  if (typeof e.message === 'string' && e.message.trim()) return e.message;
  if (e.code === 'network') return t('err.network');
  if (e.code && has('error.' + e.code)) return t('error.' + e.code);
  return t('err.generic');
}

// pickLang chooses the language: the account's or cookie's choice, else the
// browser's, else English.
export function pickLang(stored) {
  if (stored && LANGS.includes(stored)) return stored;
  const m = document.cookie.match(/(?:^|;\s*)atout_lang=([a-z]{2})/);
  if (m && LANGS.includes(m[1])) return m[1];
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

// load fetches the catalog of l and makes it current. When it cannot be
// loaded, it throws (an ApiError) and the catalog in use stays.
export async function load(l) {
  if (!LANGS.includes(l)) l = 'en';
  // protocol.Catalog: every message of l by key.
  const m = await api.get('/api/i18n/' + l);
  if (!m || typeof m !== 'object' || Array.isArray(m)) throw new ApiError(0, 'network', '');
  messages = m;
  current = l;
  document.documentElement.lang = l;
  document.cookie = 'atout_lang=' + l + '; path=/; max-age=31536000; samesite=lax';
  applyStatic(document);
}

// applyStatic fills the elements marked data-i18n (text) and
// data-i18n-aria (aria-label) under root.
export function applyStatic(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
}

// tn picks the ".one" or ".other" form of a counted message and fills {n}.
export function tn(key, n, params) {
  const p = Object.assign({ n }, params || {});
  const form = n === 1 && has(key + '.one') ? '.one' : '.other';
  return has(key + form) ? t(key + form, p) : t(key, p);
}

// Card and call names.

export function suitSymbol(s) { return { S: '♠', H: '♥', D: '♦', C: '♣' }[s] || (s === 'NT' ? t('strain.NT') : s === 'AT' ? t('strain.AT') : s); }

// rankText is the rank as printed on a card face, as the players of the
// language write it: "10" for T, and A K Q J in English and Korean, A R D V
// in French, A K D B in German, इ बा बे गु in Hindi (rank.short.*).
export function rankText(r) {
  if (r === 'T') return '10';
  return r && r.length === 1 && 'AKQJ'.includes(r) ? t('rank.short.' + r) : r;
}

// cardName is the spoken name of a card "SA": "ace of spades".
export function cardName(c) {
  return t('card.' + c[1], { suit: t('card.suit.' + c[0]) });
}

// withDouble writes a contract's double or redouble ("X", "XX") after its
// printed strain: a strain written in letters ("NT", "SA") keeps a narrow
// space before it, so that "1NT X" does not read as one word "NTX".
export function withDouble(strain, x) {
  if (!x) return strain;
  return strain + (/\p{L}$/u.test(strain) ? '\u202f' : '') + x;
}

// strainName is a bridge strain's name ("spades", "No trump").
export function strainName(s) { return s === 'NT' ? t('strain.NT.name') : t('suit.' + s + '.plural'); }

// callName is the spoken name of a bridge call, as the players of the
// language say it: "1 Spade", "2 Hearts", "1 Pique", "3 SA", "1 Pik".
export function callName(c) {
  switch (c) {
    case 'P': return t('call.pass');
    case 'X': return t('call.double');
    case 'XX': return t('call.redouble');
  }
  const level = parseInt(c[0], 10);
  return t('call.name.' + c.slice(1) + (level === 1 ? '.one' : '.other'), { n: level });
}

// callShort is the compact printed form of a call ("1♠", "Pass", "X").
export function callShort(c) {
  if (c === 'P') return t('call.pass');
  if (c === 'X' || c === 'XX') return c;
  return t('call.bid', { level: c[0], strain: t('strain.' + c.slice(1)) });
}

// seatName is "North"...; sideName "North-South".
export function seatName(s) { return t('seat.' + s); }
export function sideName(s) { return t('side.' + s); }

// beloteActionName names a belote call ("take", "100H", "capotS", "coinche", "H") or card.
export function beloteActionName(a) {
  switch (a) {
    case 'pass': return t('belote.pass');
    case 'take': return t('belote.take');
    case 'coinche': return t('belote.coinche');
    case 'surcoinche': return t('belote.surcoinche');
  }
  if (/^[SHDC]$/.test(a)) return t('belote.nameSuit', { suit: suitSymbol(a) });
  let m = a.match(/^capot([SHDC]|NT|AT)$/);
  if (m) return t('belote.bid', { value: t('belote.capot'), suit: suitSymbol(m[1]) });
  m = a.match(/^(\d+)([SHDC]|NT|AT)$/);
  if (m) return t('belote.bid', { value: m[1], suit: suitSymbol(m[2]) });
  if (/^[SHDC][AKQJT987]$/.test(a)) return cardName(a);
  return a;
}
