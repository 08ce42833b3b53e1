// setup.js: the designer's setup mode of the board. In a game's setup
// step the designer places each unit, and places it again to move it,
// anywhere in its table's area (the server's legal actions say where);
// this panel then downloads the scenario with the position as its setup:
// [[setup]] tables of fixed hexes, which gpw check reads back.

import { el } from './dom.js';

// setupTools is the panel of the setup mode for the game at base
// (/api/g/TOKEN).
export function setupTools(base) {
  const note = el('p', { class: 'hint', id: 'setup-export-note' });
  const button = el('button', {
    id: 'setup-export',
    title: 'the scenario file with each placed unit on a fixed hex ([[setup]] hexes), for gpw check and gpw serve --scenarios',
    onclick: async () => {
      note.textContent = '';
      const res = await fetch(`${base}/setup.toml`);
      if (!res.ok) {
        let msg = `${res.status}`;
        try { msg = (await res.json()).error || msg; } catch { /* not JSON */ }
        note.textContent = msg;
        return;
      }
      const name = (res.headers.get('Content-Disposition') || '').match(/filename="([^"]+)"/);
      const url = URL.createObjectURL(await res.blob());
      const a = el('a', { href: url, download: name ? name[1] : 'setup.toml' });
      document.body.append(a);
      a.click();
      a.remove();
      URL.revokeObjectURL(url);
      note.textContent = 'Downloaded: check it with gpw check, then play or serve it.';
    },
  }, 'export the setup as TOML');
  return el('div', { class: 'setup-tools', id: 'setup-tools' }, [
    el('h3', {}, 'Setup mode'),
    el('p', { class: 'hint' }, 'Place a unit again to move it within its area. Export writes the scenario with this position as its setup.'),
    button, note]);
}
