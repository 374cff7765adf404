// The API: one function per operation, answered by `nonogram serve` over HTTP, or, on a static
// host, by the WebAssembly build of the same library in Web Workers. The page never knows
// which: both give the same JSON (a test holds them to it), and both throw an `ApiError` with
// the same sentence for the same mistake.
//
// Which one is written in the page itself: `<meta name="nonogram-backend" content="server">`,
// which `scripts/build-web` turns into `wasm` for the static site.
//
// In the browser each request runs in a worker of its own, so the page never freezes; a
// cancelled request's worker is terminated on the spot (a fresh one takes its place on the next
// request), and one that overruns its time limit by more than GRACE_MS too, as the server's
// watchdog would answer 504. Time limits themselves are the solver's own, inside the worker.

const meta = document.querySelector('meta[name="nonogram-backend"]');

/** Whether the answers come from WebAssembly in this browser (else from the local server). */
export const inBrowser = meta !== null && meta.content === "wasm";

/** An answer that is an error: `status` as HTTP numbers it, `message` one sentence. */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

function aborted() {
  return new DOMException("the request was cancelled", "AbortError");
}

// The server ---------------------------------------------------------------------------------

async function viaServer(operation, body, { signal, query, raw }) {
  const init = { method: body === undefined ? "GET" : "POST", signal };
  if (body !== undefined) {
    if (body instanceof Blob || body instanceof ArrayBuffer) {
      init.body = body;
      init.headers = { "content-type": "application/octet-stream" };
    } else {
      init.body = JSON.stringify(body);
      init.headers = { "content-type": "application/json" };
    }
  }
  const search = query ? `?${new URLSearchParams(query)}` : "";
  const response = await fetch(`api/${operation}${search}`, init);
  const type = response.headers.get("content-type") || "";
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    if (type.includes("json")) message = (await response.json()).error || message;
    throw new ApiError(message, response.status);
  }
  return raw ? response.blob() : response.json();
}

// The workers --------------------------------------------------------------------------------

/** How long past its time limit a request may run before its worker is stopped. */
const GRACE_MS = 2000;
/** Workers at a time until `info` says how many (its `limits.jobs`). */
let poolSize = 2;
/** The time limit of requests that give none, until `info` says it (`limits.max_time_s`). */
let maxTime = 600;

let compiled = null;
/** The WebAssembly module, compiled once for every worker. */
function wasmModule() {
  if (!compiled) {
    compiled = fetch(new URL("../wasm/nonogram_wasm_bg.wasm", import.meta.url))
      .then((response) => {
        if (!response.ok) throw new ApiError(`cannot load the solver (${response.status})`, 503);
        return response.arrayBuffer();
      })
      .then((bytes) => WebAssembly.compile(bytes));
    compiled.catch(() => { compiled = null; });
  }
  return compiled;
}

/** A worker with the library loaded, answering one request at a time. */
class Solver {
  constructor(module) {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.pending = null;
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event) => {
        if (event.data.ready) resolve();
        else if (event.data.failed) reject(new ApiError(event.data.failed, 503));
        else this.settle(event.data);
      };
      this.worker.onerror = (event) => {
        event.preventDefault();
        const error = new ApiError(`the solver stopped: ${event.message || "an error"}`, 500);
        reject(error);
        this.fail(error);
      };
    });
    this.worker.postMessage({ module });
  }

  /** Answers `operation` with `body` (bytes), resolving to {status, media, body}. */
  run(operation, body, query) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage({ operation, body, query }, [body.buffer]);
    });
  }

  settle(data) {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    if (data.crashed) {
      // A panic leaves the instance unusable: this worker is not reused.
      this.dead = true;
      pending.reject(new ApiError(`the solver failed (a bug: please report it with the puzzle): ${data.crashed}`, 500));
    } else {
      pending.resolve(data);
    }
  }

  fail(error) {
    this.dead = true;
    if (this.pending) this.pending.reject(error);
    this.pending = null;
  }

  stop() {
    this.worker.terminate();
    this.fail(aborted());
  }
}

const idle = [];
let busy = 0;
const waiting = [];

/** A ready worker: an idle one, a new one, or the next to come free. */
async function acquire() {
  while (idle.length === 0 && busy >= poolSize) {
    await new Promise((resolve) => waiting.push(resolve));
  }
  busy += 1;
  const solver = idle.pop();
  if (solver) return solver;
  try {
    const fresh = new Solver(await wasmModule());
    await fresh.ready;
    return fresh;
  } catch (error) {
    release(null);
    throw error;
  }
}

function release(solver) {
  busy -= 1;
  if (solver && !solver.dead) idle.push(solver);
  const next = waiting.shift();
  if (next) next();
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function viaWorker(operation, body, { signal, query, raw, limitS }) {
  if (signal && signal.aborted) throw aborted();
  let bytes;
  if (body === undefined) bytes = new Uint8Array(0);
  else if (body instanceof Blob) bytes = new Uint8Array(await body.arrayBuffer());
  else bytes = encoder.encode(JSON.stringify(body));
  const queryBytes = query ? encoder.encode(JSON.stringify(query)) : null;
  const solver = await acquire();
  let timer = null;
  let onAbort = null;
  try {
    const answer = await new Promise((resolve, reject) => {
      solver.run(operation, bytes, queryBytes).then(resolve, reject);
      onAbort = () => { solver.stop(); reject(aborted()); };
      if (signal) signal.addEventListener("abort", onAbort);
      const seconds = Math.min(limitS ?? maxTime, maxTime);
      timer = setTimeout(() => {
        solver.stop();
        reject(new ApiError(`the request took longer than its time limit of ${seconds} s`, 504));
      }, seconds * 1000 + GRACE_MS);
    });
    const type = answer.media;
    if (answer.status !== 200) {
      const message = JSON.parse(decoder.decode(answer.body)).error;
      throw new ApiError(message, answer.status);
    }
    if (raw) return new Blob([answer.body], { type });
    return JSON.parse(decoder.decode(answer.body));
  } finally {
    clearTimeout(timer);
    if (signal && onAbort) signal.removeEventListener("abort", onAbort);
    release(solver);
  }
}

// One function per operation ---------------------------------------------------------------------

/** Told of every answer that is not an error, with the time its request was sent. */
let answered = () => {};

/**
 * Sets the function told of every successful answer (`since`: performance.now() when its
 * request was sent): the page clears an error that the success makes out of date.
 */
export function whenAnswered(listener) {
  answered = listener;
}

/**
 * Sends `operation` its `body` (a request object, or a Blob for `picture`); resolves to the
 * JSON answer (a Blob with `raw`), or throws an ApiError, or an AbortError once `signal` aborts.
 */
async function call(operation, body, options = {}) {
  const since = performance.now();
  let answer;
  if (!inBrowser) {
    answer = await viaServer(operation, body, options);
  } else {
    const limitS = body && typeof body.timeout === "number" ? body.timeout : undefined;
    answer = await viaWorker(operation, body, { ...options, limitS });
  }
  answered(since);
  return answer;
}

export const api = {
  /** The version, the limits, the formats and the engines. */
  async info() {
    const info = await call("info");
    poolSize = Math.max(1, info.limits.jobs);
    maxTime = info.limits.max_time_s;
    return info;
  },
  /** The shipped puzzles. */
  examples: () => call("examples"),
  /** A puzzle file as the page draws it. */
  parse: (request, options) => call("parse", request, options),
  /** A solve: the record `nonogram solve --output json` prints. */
  solve: (request, options) => call("solve", request, options),
  /** Line solving alone. */
  deduce: (request, options) => call("deduce", request, options),
  /** Every step of an explanation. */
  explain: (request, options) => call("explain", request, options),
  /** The next step, or the mistake, from the player's grid. */
  hint: (request, options) => call("hint", request, options),
  /** A drawing's verdict. */
  make: (request, options) => call("make", request, options),
  /** A picture to paint on, from an image or a text file: `query` says how to read it. */
  picture: (file, query, options) => call("picture", file, { ...options, query }),
  /** A puzzle in another format. */
  convert: (request, options) => call("convert", request, options),
  /** A new puzzle, unique, of a size, difficulty and palette. */
  generate: (request, options) => call("generate", request, options),
  /** A drawing (SVG or PNG), as a Blob. */
  render: (request, options) => call("render", request, { ...options, raw: true }),
};
