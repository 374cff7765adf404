// Small helpers for the page's elements and its messages.

/** The element with id `id`. */
export const $ = (id) => document.getElementById(id);

/** A new `tag` element with these attributes (`class` sets the class name). */
export function el(tag, attributes = {}) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  return node;
}

/** Shows `message` in the error box for a while (an empty message hides it). */
export function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
  if (message) setTimeout(() => { if (box.textContent === message) box.hidden = true; }, 8000);
}

/** Whether `error` is a cancelled request rather than a failed one. */
export function isAbort(error) {
  return error && error.name === "AbortError";
}

/** The verdict box: `kind` is its colour (good, warn, bad, working, error). */
export function setVerdict(kind, text) {
  const box = $("verdict");
  box.className = `verdict ${kind}`;
  box.textContent = text;
}

/** The sentence under the verdict. */
export function setSentence(text) {
  $("sentence").textContent = text;
}

export function formatMs(ms) {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function clamp(n, lo, hi) {
  return Math.max(lo, Math.min(hi, Math.round(n)));
}
