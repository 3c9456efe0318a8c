// legal: what the player may do now, from the state's `legal`: the cards
// he may play, the calls he may make.

export const isCard = (a) => /^[SHDC][AKQJT2-9]$/.test(a);

export function legalSet(c) { return new Set((c.view.legal || []).filter(isCard)); }
export function legalCalls(c) { return new Set((c.view.legal || []).filter((a) => !isCard(a))); }
