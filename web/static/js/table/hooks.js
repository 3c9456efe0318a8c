// hooks: what the browser tests may set in window.__atoutTest before they
// open a table: `sent` (a list that gets every message the table sends),
// `analysisWait` (a shorter wait for a deal's analysis, in milliseconds);
// the table then adds `inject` (feed it a message as if from the server)
// and `last` (the last state).

export function testHooks() {
  const x = typeof window !== 'undefined' ? window.__atoutTest : null;
  return x && typeof x === 'object' ? x : null;
}
