// ws: the table's WebSocket, reconnecting with exponential backoff. The
// server sends a fresh `state` on every (re)connection, so the client only
// has to redraw from it: no local replay of missed messages is needed.

import { lang } from './i18n.js';

export class TableSocket {
  // onMessage(msg) gets every decoded message; onStatus(connected) the
  // connection changes.
  constructor(tableID, onMessage, onStatus) {
    this.tableID = tableID;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.delay = 250;
    this.closed = false;
    this.ws = null;
    this.timer = 0;
    this.pinger = 0;
    this.queue = [];
    // direct: the table's own server, when the server first reached said
    // to connect there (a `redirect` message); dropped when that
    // connection fails or ends, so that the next one asks again.
    this.direct = null;
    this.relay = false;
    this.connect();
  }

  url() {
    if (this.direct) return this.direct;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    // The page's language: the server words the calls' meanings in it.
    // relay: a redirect this page cannot follow came before; the first
    // server then serves the connection itself (via).
    const via = this.relay ? '&via=1' : '';
    return proto + '//' + location.host + '/ws/' + encodeURIComponent(this.tableID) + '?lang=' + encodeURIComponent(lang()) + via;
  }

  connect() {
    if (this.closed) return;
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (e) {
      this.retry();
      return;
    }
    this.ws = ws;
    let redirected = false;
    let opened = false;
    let flushed = false;
    this.ready = false; // a message came that was not a redirect
    ws.onopen = () => {
      opened = true;
      this.delay = 250;
      this.onStatus(true);
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: 'ping' }), 25000);
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === 'redirect') {
        const target = this.directURL(msg.url);
        if (target && !this.direct) {
          this.direct = target;
        } else {
          this.direct = null;
          this.relay = true;
        }
        redirected = true;
        return;
      }
      if (!flushed) {
        // what was sent while away goes to the server that serves this
        // connection, not to one that redirects it
        flushed = true;
        if (this.ws === ws) this.ready = true;
        const q = this.queue;
        this.queue = [];
        for (const m of q) ws.send(JSON.stringify(m));
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      clearInterval(this.pinger);
      if (this.ws === ws) {
        this.ws = null;
        this.ready = false;
      }
      if (this.closed) return;
      if (redirected) {
        // the table's own server, at once
        this.connect();
        return;
      }
      // a direct connection that ended: the table may have moved, ask
      // the first server again; one that never opened (the page may not
      // reach that server): the first server relays from now on
      if (this.direct && !opened) this.relay = true;
      this.direct = null;
      this.onStatus(false);
      this.retry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  // directURL is a redirect's URL as a WebSocket URL of this page's
  // scheme (a path: on the page's host), or null if it is not one.
  directURL(u) {
    let t;
    try { t = new URL(u, location.href); } catch (e) { return null; }
    if (t.protocol === 'http:') t.protocol = 'ws:';
    if (t.protocol === 'https:') t.protocol = 'wss:';
    if (t.protocol !== 'ws:' && t.protocol !== 'wss:') return null;
    // the page's own host only: its cookies and its content security
    // policy (connect-src 'self') reach no other
    if (t.host !== location.host) return null;
    if (location.protocol === 'https:' && t.protocol !== 'wss:') return null;
    return t.toString();
  }

  retry() {
    clearTimeout(this.timer);
    const jitter = Math.random() * this.delay * 0.3;
    this.timer = setTimeout(() => this.connect(), this.delay + jitter);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  // send writes msg now, or queues it (pings are dropped) until the socket opens.
  send(msg) {
    if (this.ready && this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
    } else if (msg.type !== 'ping') {
      this.queue.push(msg);
    }
  }

  get connected() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  // reconnect drops the connection and opens a new one at once (the page
  // changed language: the server words the next states in the new one,
  // which the URL names).
  reconnect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close();
    }
    this.delay = 250;
    this.direct = null; // the first server words the redirect in the new language
    this.connect();
  }

  // close stops for good (leaving the table).
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
