// gamesum: a game told in one line, for the lobby's open tables and the
// history: its settings, and its result (the contracts and their results
// in bridge, the score in belote). The shapes read are
// protocol.GameSummary and its result (a protocol.BridgeSheet or
// BeloteSheet, {"abandoned":true} for a game its owner closed), and the
// deal results of a protocol.GameRecord (a BoardLine or a belote line).

import { api } from './api.js';
import { t, sideName, seatName } from './i18n.js';
import { contractText, resultMark } from './table/bridge/contract.js';

// settingsText: "Bridge · Rubber", "Belote · Coinche · Official".
export function settingsText(g) {
  const s = g.settings || {};
  const parts = [t('game.' + g.game)];
  if (g.game === 'bridge') parts.push(t('scoring.' + (s.scoring || 'duplicate')));
  else parts.push(t('mode.' + (s.mode || 'classic')), t('rules.' + (s.rules || 'maison')));
  return parts.join(' · ');
}

// seatsText: "North: you · East: Bot …".
export function seatsText(g) {
  const seats = ['N', 'E', 'S', 'W'];
  return (g.seats || []).map((st, i) => seatName(seats[i]) + t('punct.colon') + (st.you ? t('seat.you') : st.bot ? t('bot.name', { level: t('bot.' + st.bot) }) : (st.name || '—'))).join(' · ');
}

// bridgeResult: "4♠X South +1", "3NT North −2", or passed out.
export function bridgeResult(l) {
  if (!l || !l.contract || l.contract === 'Pass') return t('contract.passedOut');
  return contractText(l.contract) + ' ' + (l.declarer ? seatName(l.declarer) : '') + ' ' + resultMark(l.contract, l.tricks);
}

function scoreOf(tot) {
  return sideName('NS') + ' ' + ((tot && tot.NS) || 0) + ' · ' + sideName('EW') + ' ' + ((tot && tot.EW) || 0);
}

// resultText tells a game's result from its lines (deal results in order)
// and totals: the contracts and their results in bridge (the last three),
// then the score.
export function resultText(kind, lines, totals) {
  lines = (lines || []).filter(Boolean);
  if (kind === 'bridge') {
    let tot = totals;
    if (!tot) {
      tot = { NS: 0, EW: 0 };
      for (const l of lines) { tot.NS += (l.points && l.points.NS) || 0; tot.EW += (l.points && l.points.EW) || 0; }
    }
    const shown = lines.slice(-3).map(bridgeResult);
    if (lines.length > 3) shown.unshift('…');
    return (shown.length ? shown.join(', ') + ' — ' : '') + scoreOf(tot);
  }
  const last = lines[lines.length - 1];
  return scoreOf(totals || (last && last.total) || null);
}

// summaryText is the result of a game of the list: a finished game's from
// its stored result; an open game's from its record (fetched), said to be
// in progress.
export async function summaryText(g) {
  const r = g.result;
  if (g.status === 'finished') {
    if (!r || typeof r !== 'object') return t('table.gameOver');
    if (r.abandoned) return t('history.abandoned');
    return resultText(g.game, r.lines, r.totals);
  }
  let rec = null;
  try { rec = await api.get('/api/games/' + encodeURIComponent(g.id)); } catch (e) { /* nothing to show */ }
  const lines = rec ? (rec.deals || []).map((d) => d.result) : [];
  return t('history.inProgress') + (rec ? t('punct.colon') + resultText(g.game, lines, null) : '');
}
