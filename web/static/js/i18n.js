// i18n: the message catalog. The server serves one catalog per language at
// /api/i18n/{lang} (a flat JSON object key → text, possibly nested under
// "messages"); the English texts below are only the fallback for a key the
// catalog lacks, so the UI never shows a bare key.

import { api } from './api.js';

export const LANGS = ['en', 'fr', 'de', 'hi', 'ko'];

// EN is the fallback catalog: the English texts of the keys the UI uses,
// for when the server's catalog cannot be loaded (generated from
// i18n/locales/en.json; 'table.deal' is not in the catalog yet).
const EN = {
  'a11y.called': "{seat}: {call}",
  'a11y.hand': "Your hand",
  'a11y.handOf': "Hand of {seat}",
  'a11y.menu': "Main menu",
  'a11y.played': "{seat} played the {card}",
  'a11y.score': "{side}: {n} points",
  'a11y.skip': "Skip to the table",
  'a11y.trick': "Cards on the table",
  'account.guest': "Guest",
  'account.password': "Password",
  'account.signIn': "Sign in",
  'account.signOut': "Sign out",
  'account.signUp': "Sign up",
  'account.signedInAs': "Signed in as {name}",
  'account.username': "Username",
  'analysis.beloteCost.one': "{card} cost {n} point",
  'analysis.beloteCost.other': "{card} cost {n} points",
  'analysis.beloteCostly': "Cards that cost points",
  'analysis.beloteFinal': "As played",
  'analysis.beloteNoMistake': "No card cost points",
  'analysis.beloteStart': "With all cards open, when the play began",
  'analysis.computing': "Analysing…",
  'analysis.cost.one': "{card} cost {n} trick",
  'analysis.cost.other': "{card} cost {n} tricks",
  'analysis.costly': "Cards that cost a trick",
  'analysis.ddTable': "Double-dummy table",
  'analysis.ddTricks': "Tricks each player takes as declarer, with all cards seen",
  'analysis.noMistake': "No card cost a trick",
  'analysis.par': "Par",
  'analysis.parScore': "Par: {score} ({contracts})",
  'ann.belote': "Belote",
  'ann.carre': "Carré",
  'ann.carreOf': "Carré of {rank}",
  'ann.cent': "Cent",
  'ann.cinquante': "Cinquante",
  'ann.declared': "{seat} announces: {ann}",
  'ann.label': "Announcements",
  'ann.none': "No announcement",
  'ann.rebelote': "Rebelote",
  'ann.tie': "Equal announcements: nobody scores them",
  'ann.tierce': "Tierce",
  'ann.won': "{side} scores the announcements: {n} points",
  'belote.allPassed': "Everybody passed: new deal",
  'belote.bid': "{value} {suit}",
  'belote.capot': "Capot",
  'belote.cardPoints': "Card points",
  'belote.coinche': "Coinche",
  'belote.coinched': "Coinched (×2)",
  'belote.contract': "Contract",
  'belote.failed': "Contract failed",
  'belote.litige': "Tie: {n} points held in reserve",
  'belote.made': "Contract made",
  'belote.nameSuit': "Trump: {suit}",
  'belote.pass': "Pass",
  'belote.round2': "Second round: name another trump suit or pass",
  'belote.surcoinche': "Surcoinche",
  'belote.surcoinched': "Surcoinched (×4)",
  'belote.take': "Take",
  'belote.total': "Total",
  'belote.turned': "Turned card",
  'bot.easy': "Easy",
  'bot.medium': "Medium",
  'bot.name': "Bot ({level})",
  'bot.strong': "Strong",
  'call.alert': "Alert",
  'call.bid': "{level}{strain}",
  'call.double': "Double",
  'call.explain': "Explanation of a call",
  'call.explain.none': "No explanation available.",
  'call.explainOf': "What does {call} by {seat} mean?",
  'call.hcp': "{min}–{max} HCP",
  'call.pass': "Pass",
  'call.redouble': "Redouble",
  'card.2': "two of {suit}",
  'card.3': "three of {suit}",
  'card.4': "four of {suit}",
  'card.5': "five of {suit}",
  'card.6': "six of {suit}",
  'card.7': "seven of {suit}",
  'card.8': "eight of {suit}",
  'card.9': "nine of {suit}",
  'card.A': "ace of {suit}",
  'card.J': "jack of {suit}",
  'card.K': "king of {suit}",
  'card.Q': "queen of {suit}",
  'card.T': "ten of {suit}",
  'card.suit.C': "clubs",
  'card.suit.D': "diamonds",
  'card.suit.H': "hearts",
  'card.suit.S': "spades",
  'common.loading': "Loading…",
  'common.ok': "OK",
  'contract.by': "{contract} by {seat}",
  'contract.declarer': "Declarer",
  'contract.dummy': "Dummy",
  'contract.label': "Contract",
  'contract.passedOut': "Passed out",
  'contract.tricks': "Tricks",
  'contract.tricks.one': "{n} trick",
  'contract.tricks.other': "{n} tricks",
  'err.generic': "Something went wrong. Please try again.",
  'err.network': "Network error: check your connection",
  'err.notYourTurn': "It is not your turn",
  'error.bad_request': "The request was not understood.",
  'error.busy': "The table is busy, try again.",
  'error.closed': "The table is closed.",
  'error.credentials': "Wrong username or password.",
  'error.csrf': "The page is out of date: reload it.",
  'error.forbidden': "That is not allowed at this table.",
  'error.illegal': "That is not allowed now.",
  'error.internal': "Something went wrong on the server; nothing changed.",
  'error.not_found': "No such table.",
  'error.not_seated': "You have no seat at this table.",
  'error.over': "The match is over.",
  'error.rate_limited': "Too many requests: slow down.",
  'error.seat': "You do not play that seat.",
  'error.stale': "The table has moved on: your screen was out of date.",
  'error.timeout': "That took too long: try again later.",
  'error.turn': "It is not your turn.",
  'error.unauthorized': "Sign in first.",
  'error.username': "That username is taken.",
  'game.belote': "Belote",
  'game.bridge': "Bridge",
  'history.date': "Date",
  'history.export': "Export",
  'history.myGames': "My games",
  'history.noGames': "You have not played any game yet",
  'history.replay': "Replay",
  'history.result': "Result",
  'history.step': "Step {n} of {total}",
  'history.stepBack': "Step back",
  'history.stepForward': "Step forward",
  'history.toEnd': "Go to end",
  'history.toStart': "Go to start",
  'lang.choose': "Language",
  'lobby.announcements': "Announcements",
  'lobby.bots': "Computer players",
  'lobby.game': "Game",
  'lobby.mode': "Mode",
  'lobby.noTables': "No open table. Start a new game!",
  'lobby.openTables': "Open tables",
  'lobby.rules': "Rules",
  'lobby.scoring': "Scoring",
  'lobby.start': "Start",
  'lobby.target': "Target score",
  'lobby.title': "New game",
  'mode.classic': "With trump",
  'mode.coinche': "Coinche",
  'mode.label': "Mode",
  'mode.notrump': "No trump",
  'rules.maison': "Maison",
  'rules.official': "Official",
  'rank.2': "two",
  'rank.3': "three",
  'rank.4': "four",
  'rank.5': "five",
  'rank.6': "six",
  'rank.7': "seven",
  'rank.8': "eight",
  'rank.9': "nine",
  'rank.A': "ace",
  'rank.J': "jack",
  'rank.K': "king",
  'rank.Q': "queen",
  'rank.T': "ten",
  'result.score': "Score",
  'rules.belote': "Belote rules",
  'rules.bridge': "Bridge rules",
  'rules.label': "Rules",
  'rules.menu': "Rules",
  'scoring.chicago': "Chicago",
  'scoring.duplicate': "Duplicate",
  'scoring.rubber': "Rubber",
  'seat.E': "East",
  'seat.N': "North",
  'seat.S': "South",
  'seat.W': "West",
  'seat.dealer': "Dealer",
  'seat.partner': "Partner",
  'seat.you': "You",
  'side.EW': "East-West",
  'side.NS': "North-South",
  'side.they': "They",
  'side.we': "We",
  'strain.C': "♣",
  'strain.D': "♦",
  'strain.H': "♥",
  'strain.NT': "NT",
  'strain.NT.name': "No trump",
  'strain.S': "♠",
  'strain.trump': "Trump",
  'suit.C': "Clubs",
  'suit.C.plural': "clubs",
  'suit.D': "Diamonds",
  'suit.D.plural': "diamonds",
  'suit.H': "Hearts",
  'suit.H.plural': "hearts",
  'suit.S': "Spades",
  'suit.S.plural': "spades",
  'table.bidding': "Bidding",
  'table.biddingBox': "Bidding box",
  'table.board': "Board {n}",
  'table.claim': "Claim",
  'table.connectionLost': "Connection lost",
  'table.deal': "Deal {n}",
  'table.dealOver': "Deal over",
  'table.dealer': "Dealer: {seat}",
  'table.gameOver': "Game over",
  'table.hint': "Hint",
  'table.lastTrick': "Last trick",
  'table.leave': "Leave the table",
  'table.nextDeal': "Next deal",
  'table.play': "Play",
  'table.reconnecting': "Reconnecting…",
  'table.scoreSheet': "Score sheet",
  'table.trickN': "Trick {n}",
  'table.undo': "Undo",
  'table.waitingFor': "Waiting for {seat}…",
  'table.winner': "{side} win the game",
  'table.yourTurn': "Your turn",
  'vul.All': "All vulnerable",
  'vul.EW': "East-West vulnerable",
  'vul.NS': "North-South vulnerable",
  'vul.None': "None vulnerable",
  'vul.label': "Vulnerability",
  'vul.no': "Not vulnerable",
  'vul.yes': "Vulnerable",
  'tour.boards': "Boards",
  'tour.boardsPlayed': "Boards played",
  'tour.create': "Create a tournament",
  'tour.ends': "Ends: {date}",
  'tour.entries': "Players: {n}",
  'tour.frequency': "Frequency table",
  'tour.hidden': "Play this board to see how the others did.",
  'tour.hours': "Duration (hours)",
  'tour.name': "Name",
  'tour.none': "No tournament yet: create one!",
  'tour.over': "Finished",
  'tour.player': "Player",
  'tour.rank': "Rank",
  'tour.ranking': "Ranking",
  'tour.records': "Hand records",
  'tour.scoring.butler': "Butler",
  'tour.scoring.imp': "IMPs across the field",
  'tour.scoring.mp': "Matchpoints",
  'tour.tables': "Tables",
  'tour.title': "Tournaments",
  'tour.yours': "Your result",
  'call.name.C.one': "{n} Club",
  'call.name.C.other': "{n} Clubs",
  'call.name.D.one': "{n} Diamond",
  'call.name.D.other': "{n} Diamonds",
  'call.name.H.one': "{n} Heart",
  'call.name.H.other': "{n} Hearts",
  'call.name.S.one': "{n} Spade",
  'call.name.S.other': "{n} Spades",
  'call.name.NT.one': "{n} No Trump",
  'call.name.NT.other': "{n} No Trump",
  'rank.short.A': "A",
  'rank.short.K': "K",
  'rank.short.Q': "Q",
  'rank.short.J': "J",
  'conv.title': "Bidding conventions",
  'conv.auction': "Auction so far",
  'conv.call': "Call",
  'conv.shows': "Meaning",
  'conv.opening': "Opening",
};

let messages = {};
let current = 'en';

// lang returns the language in use.
export function lang() { return current; }

// t returns the text of key with {name} placeholders filled from params.
// In Korean, the particle after a placeholder ("{seat}이(가)", "{call}은")
// agrees with the last sound of what fills it.
export function t(key, params) {
  let s = messages[key];
  if (typeof s !== 'string') s = EN[key];
  if (typeof s !== 'string') s = key;
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

// has reports whether the catalog or the fallback knows key.
export function has(key) { return typeof messages[key] === 'string' || typeof EN[key] === 'string'; }

// hasCatalog reports whether the server's catalog (not the English
// fallback) knows key: for a newer key, so that no English shows in another
// language.
export function hasCatalog(key) { return typeof messages[key] === 'string'; }

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

// load fetches the catalog of l and makes it current.
export async function load(l) {
  if (!LANGS.includes(l)) l = 'en';
  try {
    // protocol.Catalog: every message of l by key.
    messages = await api.get('/api/i18n/' + l);
  } catch (e) {
    messages = {};
  }
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
