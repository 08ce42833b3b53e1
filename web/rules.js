// rules.js: the start page's choice of rules: the scenario's variants,
// the server's built-in house modules (GET /api/rules), a module of the
// player's own.

// houseFile is the value of the rules list's entry for a .lua file sent.
export const houseFile = 'house';

/**
 * ruleOptions lists the rules a game of a scenario may be played under,
 * as [value, label] pairs: its variants ('' the scenario's own), then the
 * built-in house modules (house/frost), then a house module's file.
 * @param {string[]} variants
 * @param {string[]} house
 * @returns {[string, string][]}
 */
export function ruleOptions(variants, house) {
  /** @type {[string, string][]} */
  const out = (variants && variants.length ? variants : ['']).map((v) => [v, v || 'the scenario\'s own']);
  for (const h of house || []) out.push([h, `${h.replace(/^house\//, '')} (a house rule of this server)`]);
  out.push([houseFile, 'a house module (.lua file)…']);
  return out;
}
