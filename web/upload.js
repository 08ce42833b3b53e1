// upload.js: a scenario of the player's own on the start page: its .toml
// file and the files it names beside it (special rules .lua), sent with
// the new game and checked by the server as it checks a house module.

import { el } from './dom.js';

// ownScenario is the value of the scenario list's entry for an upload.
export const ownScenario = '(upload)';

// uploadField is the file input for an uploaded scenario; read() gives
// the game's upload ({file, files}) or throws a message.
export function uploadField() {
  const input = el('input', { type: 'file', accept: '.toml,.lua', multiple: true, id: 'upload' });
  const label = el('label', { class: 'upload', hidden: true }, ['Your scenario (.toml, and its .lua) ', input]);
  async function read() {
    const files = {};
    let main = '';
    for (const f of input.files) {
      files[f.name] = await f.text();
      if (!main && f.name.endsWith('.toml')) main = f.name;
    }
    if (!main) throw new Error('Choose your scenario\'s .toml file (and its special rules .lua, if it has them).');
    return { file: main, files };
  }
  return { label, read };
}
