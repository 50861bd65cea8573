// @ts-check
// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", steps 1-8), for the puzzle
// rating: the player is rated, a puzzle is an opponent whose rating never moves (its
// deviation fixed at PUZZLE_RD). Pure functions, no dependencies: tests run them in Node.

/** @typedef {{rating: number, rd: number, vol: number}} Glicko */
/** @typedef {{rating: number, rd: number, score: number}} Game one result: 1 win, 0 loss, 0.5 draw */

export const START = Object.freeze({ rating: 1500, rd: 350, vol: 0.06 });
export const PUZZLE_RD = 80; // a puzzle's fixed deviation (its rating never moves)
export const TAU = 0.75; // the volatility's constraint: higher lets a rating run faster after surprises
export const RD_MAX = 350; // a newcomer's deviation: never less certain than knowing nothing
export const RD_MIN = 45; // never so certain that a run of results hardly moves the rating

const SCALE = 173.7178; // 400 / ln 10: Glicko's scale to Glicko-2's
const EPSILON = 0.000001; // the paper's convergence tolerance for the volatility
const MAX_STEPS = 100; // the iterations converge in a few dozen; a bound in case of bad input

const clampRd = (/** @type {number} */ rd) => Math.min(RD_MAX, Math.max(RD_MIN, rd));

/** The paper's g(φ): an opponent's uncertain rating counts for less.
 * @param {number} phi */
const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/** The expected score against an opponent (μj, φj).
 * @param {number} mu @param {number} muj @param {number} phij */
const expected = (mu, muj, phij) => 1 / (1 + Math.exp(-g(phij) * (mu - muj)));

/** Step 5: the new volatility σ', by the Illinois algorithm (regula falsi that halves
 * the kept end's value, so it never stalls on one side).
 * @param {number} sigma @param {number} phi @param {number} v @param {number} delta @param {number} tau */
function newVolatility(sigma, phi, v, delta, tau) {
  const a = Math.log(sigma * sigma);
  const phi2 = phi * phi;
  const f = (/** @type {number} */ x) => {
    const ex = Math.exp(x);
    const d = phi2 + v + ex;
    return (ex * (delta * delta - phi2 - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi2 + v) {
    B = Math.log(delta * delta - phi2 - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0 && k < MAX_STEPS) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let step = 0; Math.abs(B - A) > EPSILON && step < MAX_STEPS; step++) {
    /** @type {number} */
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2; // Illinois: the end that stays has its value halved
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** A rating period of `games` ([{rating, rd, score}] with score 1 win / 0 loss / 0.5) → the
 * new Glicko (a new object; rd never above 350, never below 45; an empty list only widens
 * rd as the paper's step 6 says).
 * @param {Glicko} player
 * @param {readonly Game[]} games
 * @param {number} [tau]
 * @returns {Glicko} */
export function update(player, games, tau = TAU) {
  // step 2: onto the Glicko-2 scale
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (!games.length) {
    // no games: only the uncertainty grows, by the volatility (step 6); rating and σ stay
    return { rating: player.rating, rd: clampRd(SCALE * Math.sqrt(phi * phi + sigma * sigma)), vol: sigma };
  }
  // steps 3 and 4: the estimated variance v from the games alone, and the improvement Δ
  let inverseV = 0;
  let sum = 0; // Σ g(φj)(sj − E)
  for (const game of games) {
    const muj = (game.rating - 1500) / SCALE;
    const phij = game.rd / SCALE;
    const gj = g(phij);
    const e = expected(mu, muj, phij);
    inverseV += gj * gj * e * (1 - e);
    sum += gj * (game.score - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  // step 5
  const vol = newVolatility(sigma, phi, v, delta, tau);
  // steps 6 and 7: the pre-period deviation, then the new deviation and rating
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  // step 8: back onto the Glicko scale
  return { rating: SCALE * muNew + 1500, rd: clampRd(SCALE * phiNew), vol };
}
