// links.js: the game links this browser has opened, kept in its local
// storage for the start page (come back days later).

const key = 'gpw-games';

// remembered returns the links by token: {title, role, seen}.
export function remembered() {
  try { return JSON.parse(localStorage.getItem(key) || '{}'); } catch { return {}; }
}

// remember keeps a link.
export function remember(token, title, role) {
  const games = remembered();
  games[token] = { title, role, seen: new Date().toISOString() };
  localStorage.setItem(key, JSON.stringify(games));
}
