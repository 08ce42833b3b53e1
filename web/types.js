// types.js: the shapes of the server's answers (docs/serve.md), for the
// JSDoc type checks (tsc --checkJs). Nothing runs here.

/**
 * @typedef {{id: string, side: string, nation?: string, kind?: string, size?: string,
 *   attack?: number, defense?: number, mp?: number, printed?: string, hex?: string,
 *   reduced?: boolean, supplied?: boolean, moved?: boolean, attacked?: boolean,
 *   awaiting?: boolean, hidden?: boolean}} Unit
 * A unit as the view lists it; a hidden one (an enemy the side may not
 * see whole) has no kind nor strength.
 */

/** @typedef {{label: string, symbol?: string, value?: any}} Mark */

/**
 * @typedef {{command: string, side: string, path?: string[], zoc?: number}} Option
 * @typedef {{kind: string, side: string, text: string, options: Option[]}} Decision
 * @typedef {{hex: string, defender: string, attackers: string[], from: string[]}} Target
 * @typedef {{unit: string, area?: string, cost?: number}} Placing
 * @typedef {{line: string, hexes?: string[], units?: string[], text?: string}} Use
 * @typedef {{word: string, help?: string, uses?: Use[]}} ModuleWord
 * @typedef {{side: string, kind: string, move?: string[], rail?: Object<string, string[]>,
 *   attack?: Target[], place?: Placing[], rebuild?: Placing[], areas?: Object<string, string[]>,
 *   decision?: Decision, module?: ModuleWord[], end: boolean, warning?: string}} Actions
 */

/**
 * @typedef {{n: number, text: string, event: Object<string, any>}} LogLine
 * @typedef {{id: string, title: string, scenario: string, rules: string, mode: string,
 *   computer?: string, commitment: string, secret?: string, over: boolean, entries: number,
 *   victory?: string}} GameInfo
 * @typedef {{turn: string, last: string, phase: string, kind: string, weather?: string,
 *   turn_weather?: string, setup?: string, over?: boolean, points?: number}} Status
 * @typedef {{text: string}} Standing
 * @typedef {{game: GameInfo, role: string, version: number, status: Status, acting: string,
 *   you_act: boolean, computer_acting?: boolean, units: Unit[], control: Object<string, string>,
 *   standing: Standing[], hex_marks?: Object<string, Mark[]>, unit_marks?: Object<string, Mark[]>,
 *   log_from: number, log_epoch: number, log_total: number, log: LogLine[], actions?: Actions,
 *   undo: boolean, step?: number}} View
 */

/**
 * @typedef {{width: number, height: number, hex_px: number, corner: number[][],
 *   hexes: Array<[string, number, number]>, places: Object<string, string>,
 *   kinds: Object<string, string>}} Geometry
 * @typedef {{k: number, x: number, y: number}} Zoom
 * A zoom maps a map point p to the screen point p*k + (x, y), in CSS pixels.
 */

export {};
