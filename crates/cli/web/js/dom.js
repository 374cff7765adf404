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

/** When the error box was last filled (performance.now()), or null while it is empty. */
let errorShownAt = null;

/**
 * Shows `message` in the error box, one line, as text (never as HTML: a message may quote a
 * link's or a file's content); an empty message hides it. It stays until the next action
 * succeeds (see `succeeded`), or for a while.
 */
export function showError(message) {
  const box = $("error");
  const line = String(message || "").replace(/\s+/g, " ").trim();
  box.textContent = line;
  box.hidden = !line;
  errorShownAt = line ? performance.now() : null;
  if (line) setTimeout(() => { if (box.textContent === line) hideError(); }, 12000);
}

function hideError() {
  $("error").hidden = true;
  $("error").textContent = "";
  errorShownAt = null;
}

/**
 * An action begun at `since` (performance.now()) succeeded: an error shown before it began is
 * out of date, so it goes. One shown while the action ran stays: it is about something else.
 */
export function succeeded(since) {
  if (errorShownAt !== null && errorShownAt <= since) hideError();
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

/** `ms` as a clock shows it: 4:07, or 1:02:09. */
export function clockText(ms) {
  const s = Math.floor(ms / 1000);
  const pad = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  return h ? `${h}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}` : `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function clamp(n, lo, hi) {
  return Math.max(lo, Math.min(hi, Math.round(n)));
}
