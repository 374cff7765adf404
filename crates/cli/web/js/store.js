// What the page keeps in this browser (localStorage): each puzzle played, with the player's
// cells, undo steps, time and mistakes, under a key made from its clues (share.js's
// `puzzleKey`); which one was played last; today's puzzle; and the Checks chosen.
//
// One record a puzzle, written whole after every move: a 30×30 game's record is a few
// kilobytes, written in well under a millisecond. A record holds the puzzle itself as the
// text a link carries (clues, no solution), so that the list of puzzles can reopen any of them
// without its file. When the browser's quota is reached, the records played longest ago go
// first, solved ones before unfinished ones. Where the browser keeps nothing (storage turned
// off), the page works the same and forgets on reload: `kept` says so.

const PREFIX = "nonogram.play.";
const CURRENT = "nonogram.current";
/** The most puzzles kept: the list stays short enough to read, the storage small. */
const MAX_RECORDS = 100;

/** localStorage, or a stand-in that keeps nothing past this page when it is not allowed. */
const storage = (() => {
  try {
    const s = window.localStorage;
    s.setItem("nonogram.probe", "1");
    s.removeItem("nonogram.probe");
    return s;
  } catch {
    const memory = new Map();
    return {
      length: 0,
      key: () => null,
      getItem: (k) => (memory.has(k) ? memory.get(k) : null),
      setItem: (k, v) => memory.set(k, String(v)),
      removeItem: (k) => memory.delete(k),
      memory,
    };
  }
})();

/** Whether progress outlives the page (false where the browser keeps nothing). */
export const kept = !storage.memory;

/** The value stored as JSON under `name`, or `fallback`. */
export function readJSON(name, fallback = null) {
  try {
    const text = storage.getItem(name);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

/** Stores `value` as JSON under `name`, making room when the quota is reached; whether it did. */
export function writeJSON(name, value) {
  const text = JSON.stringify(value);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      storage.setItem(name, text);
      return true;
    } catch {
      if (!evictOne(name)) return false;
    }
  }
  return false;
}

/** A puzzle's record, or null (a record that is not one, from an older page, is ignored). */
export function readRecord(key) {
  const record = readJSON(PREFIX + key);
  const ok = record && typeof record === "object" && typeof record.puzzle === "string"
    && Array.isArray(record.grid) && record.grid.every((row) => typeof row === "string");
  return ok ? record : null;
}

/** Keeps a puzzle's record (and, past MAX_RECORDS, forgets the one played longest ago). */
export function writeRecord(key, record) {
  const fresh = readJSON(PREFIX + key) === null;
  const written = writeJSON(PREFIX + key, record);
  if (written && fresh) {
    const all = keys();
    if (all.length > MAX_RECORDS) evictOne(PREFIX + key);
  }
  return written;
}

/** Forgets a puzzle's record. */
export function forget(key) {
  storage.removeItem(PREFIX + key);
  if (readJSON(CURRENT) === key) storage.removeItem(CURRENT);
}

/** Every record kept, the latest played first: [{key, record}]. */
export function records() {
  return keys()
    .map((key) => ({ key, record: readRecord(key) }))
    .filter((entry) => entry.record)
    .sort((a, b) => (b.record.updated || 0) - (a.record.updated || 0));
}

/** The key of the puzzle played last, or null. */
export function currentKey() {
  const key = readJSON(CURRENT);
  return typeof key === "string" ? key : null;
}

export function setCurrentKey(key) {
  writeJSON(CURRENT, key);
}

function keys() {
  const out = [];
  for (let i = 0; i < storage.length; i++) {
    const name = storage.key(i);
    if (name && name.startsWith(PREFIX)) out.push(name.slice(PREFIX.length));
  }
  if (storage.memory) {
    for (const name of storage.memory.keys()) if (name.startsWith(PREFIX)) out.push(name.slice(PREFIX.length));
  }
  return out;
}

/** Forgets the record played longest ago (a solved one first), never `keep`; whether one went. */
function evictOne(keep) {
  const victims = keys()
    .filter((key) => PREFIX + key !== keep)
    .map((key) => ({ key, record: readJSON(PREFIX + key) || {} }))
    .sort((a, b) => (Number(Boolean(b.record.solved)) - Number(Boolean(a.record.solved)))
      || ((a.record.updated || 0) - (b.record.updated || 0)));
  if (!victims.length) return false;
  storage.removeItem(PREFIX + victims[0].key);
  return true;
}
