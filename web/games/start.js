// @ts-check
// A seeded start drawn before the engine is up (shell/start.js, paintStart), for a game
// whose start does not depend on the seed (an empty board, or pegs and tokens set out
// as the rules place them): the start the build drew of the same board (starts.json), when every
// other option of the link is the one the build drew it with. tests/test_start_paint.py
// checks it against the engine.

/**
 * @param {Record<string, unknown>} options the link's options, defaults filled
 * @param {{options: Record<string, unknown>, view: Record<string, any>}} start
 * @returns {Record<string, any> | null}
 */
export function startAsBuilt(options, start) {
  const seed = options.seed;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed) || seed < 0) return null;
  const same = Object.entries(start.options || {}).every(([name, value]) => options[name] === value);
  return same ? structuredClone(start.view) : null;
}
