// api: JSON over HTTP with the double-submit CSRF token.

// ApiError carries the HTTP status and the server's error: code, message
// (translated by the server, may be empty) and detail (English, for logs).
// Show it with errorText(e) from i18n.js.
export class ApiError extends Error {
  constructor(status, code, message, body) {
    super(message || '');
    this.status = status;
    this.code = code || '';
    this.body = body;
  }
}

// errorOf reads an error body: the API's protocol.ErrorResponse
// {"error":{"code","detail","message"}}, or the plain text of an answer
// that is not the API's (a proxy's, the router's 404).
function errorOf(data) {
  if (data && typeof data === 'object' && data.error) return data.error;
  return { code: '', message: typeof data === 'string' ? data.trim() : '', detail: '' };
}

function cookie(name) {
  const m = document.cookie.match(new RegExp('(?:^|;\\s*)' + name + '=([^;]*)'));
  return m ? decodeURIComponent(m[1]) : '';
}

async function request(method, path, body) {
  const opts = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (method !== 'GET') {
    opts.headers['X-CSRF-Token'] = cookie('atout_csrf');
    if (body !== undefined) {
      opts.headers['Content-Type'] = 'application/json';
      opts.body = JSON.stringify(body);
    }
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch (e) {
    throw new ApiError(0, 'network', '');
  }
  const type = res.headers.get('Content-Type') || '';
  let data = null;
  if (type.includes('json')) {
    try { data = await res.json(); } catch (e) { data = null; }
  } else {
    data = await res.text();
  }
  if (!res.ok) {
    const e = errorOf(data);
    if (e.detail) console.warn('atout: ' + method + ' ' + path + ': ' + e.code + ': ' + e.detail);
    throw new ApiError(res.status, e.code, e.message, data);
  }
  return data;
}

export const api = {
  get: (path) => request('GET', path),
  post: (path, body) => request('POST', path, body === undefined ? {} : body),
  put: (path, body) => request('PUT', path, body === undefined ? {} : body),
  del: (path) => request('DELETE', path),
  del: (path) => request('DELETE', path),
  // text fetches a non-JSON resource (a rules page, an export).
  text: async (path) => {
    const res = await fetch(path, { credentials: 'same-origin' });
    if (!res.ok) {
      const body = await res.text();
      let data = body;
      try { data = JSON.parse(body); } catch (e) { /* plain text */ }
      const err = errorOf(data);
      throw new ApiError(res.status, err.code, err.message, data);
    }
    return res.text();
  },
  // ensureCSRF makes sure the CSRF cookie exists (GET /api/me sets it).
  csrf: () => cookie('atout_csrf'),
};
