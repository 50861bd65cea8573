// Worker client: promise-based request/response by id.
//
//   const engine = new EngineClient(new URL("./engine-worker.js", import.meta.url));
//   engine.onProgress = ({step, done, total}) => …;
//   await engine.ready;               // rejects with Error(message) on a fatal load error
//   const response = await engine.request({op: "games"});
//
// Responses are the bridge's JSON, unchanged (errors come back as {error: {code, message}}).

export class EngineClient {
  constructor(url) {
    this.nextId = 1;
    this.pending = new Map();
    this.onProgress = null;
    this.worker = new Worker(url, { type: "module", name: "engine" });
    this.ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this.ready.catch(() => {});
    this.worker.onmessage = (event) => this._receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this._fail(event.message || "the engine worker failed to start");
    };
  }

  _receive(message) {
    if (!message) return;
    if (message.type === "progress") {
      if (this.onProgress) this.onProgress(message);
      if (message.step === "ready") this._resolveReady();
      return;
    }
    if (message.type === "fatal") {
      this._fail(message.message);
      return;
    }
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    entry.resolve(message.response);
  }

  _fail(text) {
    const error = new Error(text);
    this._rejectReady(error);
    for (const entry of this.pending.values()) entry.resolve({ error: { code: "internal", message: text } });
    this.pending.clear();
  }

  request(request) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ id, request });
    });
  }
}
