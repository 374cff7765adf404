// A Web Worker that answers the page's requests with the WebAssembly build of the library
// (`nonogram-wasm`, bound by wasm-bindgen): the transport that HTTP is under `nonogram serve`.
// The page sends the compiled module once, then one request at a time; it terminates the worker
// to cancel one.

import init, { call } from "../wasm/nonogram_wasm.js";

let ready = null;

self.onmessage = async (event) => {
  const data = event.data;
  if (data.module) {
    ready = init({ module_or_path: data.module })
      .then(() => self.postMessage({ ready: true }))
      .catch((error) => self.postMessage({ failed: `cannot start the solver: ${error}` }));
    return;
  }
  await ready;
  try {
    const reply = call(data.operation, data.body, data.query ?? undefined);
    const body = reply.body;
    const answer = { status: reply.status, media: reply.media, body };
    reply.free();
    self.postMessage(answer, [body.buffer]);
  } catch (error) {
    self.postMessage({ crashed: String(error) });
  }
};
