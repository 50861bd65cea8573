// @ts-check
// One request to a worker, its answer or a thrown error: EngineError for the engine's
// refusals (said in the player's language, i18n/reasons.js), Cancelled for a request that
// was abandoned (EngineClient.cancel()). Every controller that asks the engine uses it.

import { explain } from "../i18n/reasons.js";

// The engine's refusals, said in the player's language (reasons.js).
export class EngineError extends Error {
  /** @param {Nibble.BridgeError} error */
  constructor(error) {
    super(explain(error));
    this.code = error.code;
    this.error = error;
  }
}

export class Cancelled extends Error {}

/**
 * One request; throws EngineError for a refusal and Cancelled when it was abandoned.
 * @template {Nibble.BridgeRequest} R
 * @param {{request: import("./engine-client.js").EngineClient["request"]}} engine an engine client, or the computer's lane
 * @param {R} request
 * @param {{timeoutMs?: number}} [options]
 * @returns {Promise<Nibble.BridgeAnswers[R["op"]]>}
 */
export async function call(engine, request, options) {
  const response = await engine.request(request, options);
  if (response?.cancelled) throw new Cancelled();
  if (response && response.error) throw new EngineError(response.error);
  return /** @type {Nibble.BridgeAnswers[R["op"]]} */ (response); // neither cancelled nor refused
}
