// links.js: what this browser keeps in its local storage: the game links
// it has opened, for the start page (come back days later), and the
// board's settings.

const key = 'gpw-games';

// remembered returns the links by token: {title, role, seen}.
export function remembered() {
  try { return JSON.parse(localStorage.getItem(key) || '{}'); } catch { return {}; }
}

// remember keeps a link.
export function remember(token, title, role) {
  const games = remembered();
  games[token] = { title, role, seen: new Date().toISOString() };
  try { localStorage.setItem(key, JSON.stringify(games)); } catch { /* a browser that keeps nothing */ }
}

/** A setting kept in the browser ('' where storage is refused). @param {string} k */
const setting = (k) => { try { return localStorage.getItem(k) || ''; } catch { return ''; } };
/** @param {string} k @param {string} v */
const keep = (k, v) => { try { localStorage.setItem(k, v); } catch { /* not kept */ } };

/** Settings kept in the browser. */
export const settings = {
  get confirmEnd() { return setting('gpw-confirm-end') !== 'off'; },
  set confirmEnd(on) { keep('gpw-confirm-end', on ? 'on' : 'off'); },
  get notify() { return setting('gpw-notify') === 'on'; },
  set notify(on) { keep('gpw-notify', on ? 'on' : 'off'); },
};
