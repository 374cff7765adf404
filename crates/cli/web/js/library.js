// Where Play's puzzles come from, besides the examples and the player's files: today's puzzle,
// a link, and the puzzles kept in this browser (in progress and solved); the puzzle the page
// opens on; and the page's address, which carries the puzzle open so that copying it shares it.

import { api } from "./api.js";
import { $, clockText, el, setSentence, showError } from "./dom.js";
import { setMode } from "./modes.js";
import { fragmentOf, maxFragment, puzzleKey, shareText, textOfFragment } from "./share.js";
import { loadSource, onLoad, readSource, state } from "./state.js";
import { currentKey, forget, kept, readJSON, readRecord, records, writeJSON } from "./store.js";
import { dayLabel, puzzleOfDay } from "./today.js";

/** Which day's puzzle was made last, and its key: {day, key}. */
const TODAY_KEY = "nonogram.today";

/** The most bytes of puzzle a link may carry: the API's own limit on a request. */
function maxBytes() {
  return state.info ? state.info.limits.max_body_bytes : 1024 * 1024;
}

/** Loads `source` (as loadSource takes it) and plays it; whether it loaded. */
async function play(source, failure) {
  const loaded = await loadSource(source, failure);
  if (loaded && state.mode !== "play") setMode("play");
  return loaded;
}

/**
 * Today's puzzle: the one kept, when the player has begun it, else generated from the date
 * (today.js) in this browser or by the server, which give the same puzzle.
 */
export async function openToday(now = new Date()) {
  const { day, request } = puzzleOfDay(now);
  const made = readJSON(TODAY_KEY);
  if (made && made.day === day && readRecord(made.key)) return openRecord(made.key);
  const button = $("today");
  button.disabled = true;
  setSentence("Making today's puzzle…");
  try {
    const answer = await api.generate({ ...request, timeout: 30 });
    const loaded = await play({
      text: answer.text,
      format: answer.format,
      index: 0,
      attribution: `today's puzzle, generated on this page: ${answer.difficulty}`,
      day,
      difficulty: answer.difficulty,
    }, "No puzzle today");
    if (loaded) writeJSON(TODAY_KEY, { day, key: puzzleKey(state.puzzle) });
    return loaded;
  } catch (error) {
    setSentence("");
    showError(`No puzzle today: ${error.message}`);
    return false;
  } finally {
    button.disabled = false;
  }
}

/** Plays the puzzle kept under `key`, where the player left it. */
export async function openRecord(key) {
  const record = readRecord(key);
  if (!record) {
    showError("That puzzle is no longer kept in this browser.");
    showLibrary();
    return false;
  }
  return play(recordSource(record), "Cannot open the kept puzzle");
}

/** What loadSource takes to open a kept puzzle. */
function recordSource(record) {
  return {
    text: record.puzzle,
    format: "json",
    index: 0,
    attribution: record.attribution || "",
    day: record.day || undefined,
    difficulty: record.difficulty || undefined,
  };
}

// Links ---------------------------------------------------------------------------------------

/** The fragment the address shows for the puzzle open ("" when it is too large for a link). */
let shownFragment = null;

/** The link that opens `puzzle` (as parse gives it), or null when it is too large for one. */
function linkTo(puzzle) {
  const fragment = fragmentOf(shareText(puzzle));
  if (fragment.length > maxFragment(maxBytes())) return null;
  return { fragment, url: `${location.origin}${location.pathname}${location.search}#${fragment}` };
}

// Whenever a puzzle loads, the address carries it (replacing the entry: Back leaves the page,
// as before).
onLoad(() => {
  const link = linkTo(state.puzzle);
  shownFragment = link ? link.fragment : "";
  if (location.hash.slice(1) !== shownFragment) {
    history.replaceState(history.state, "", link ? link.url : `${location.pathname}${location.search}`);
  }
  $("share-box").hidden = true;
});

/**
 * Plays the puzzle of the address's fragment. Throws an Error, its message one sentence, when
 * the fragment is not a puzzle or its puzzle does not read; resolves to false when there is
 * none.
 */
async function openFragment(fragment) {
  let text;
  try {
    text = textOfFragment(fragment, maxBytes());
  } catch (error) {
    throw new Error(`This link does not open: ${error.message}.`);
  }
  if (text === null) return false;
  // The address of a puzzle kept here (a reload, a bookmark): the game as it was kept, with
  // its day and where it came from.
  const mine = records().find((entry) => entry.record.puzzle === text);
  const source = mine
    ? recordSource(mine.record)
    : { text, format: "json", index: 0, attribution: "opened from a link" };
  try {
    await readSource(source);
  } catch (error) {
    throw new Error(`This link's puzzle does not open: ${error.message}`);
  }
  if (state.mode !== "play") setMode("play");
  return true;
}

// A link pasted into this page's address bar changes only its fragment: open it. A bad one is
// said, and the puzzle open stays (and the address goes back to it).
window.addEventListener("hashchange", async () => {
  const fragment = location.hash.slice(1);
  if (fragment === shownFragment) return;
  try {
    await openFragment(fragment);
  } catch (error) {
    showError(error.message);
    if (state.puzzle) {
      const link = linkTo(state.puzzle);
      history.replaceState(history.state, "", link ? link.url : `${location.pathname}${location.search}`);
    }
  }
});

/**
 * The puzzle the page opens on: the link's, else the one the player was playing (unfinished),
 * else today's. A link that does not open is said once the page has a puzzle to show.
 */
export async function openFirst() {
  let linkError = null;
  try {
    if (await openFragment(location.hash.slice(1))) return;
  } catch (error) {
    linkError = error.message;
  }
  const key = currentKey();
  const record = key ? readRecord(key) : null;
  if (!(record && !record.solved && (await openRecord(key)))) await openToday();
  if (linkError) showError(linkError);
}

/** Shows the link to the puzzle open, and copies it (or offers the phone's share sheet). */
export async function share() {
  if (!state.puzzle) return showError("Open a puzzle first.");
  const link = linkTo(state.puzzle);
  if (!link) return showError(`This puzzle is too large for a link (over ${maxBytes()} bytes).`);
  const box = $("share-box");
  const field = $("share-link");
  const note = $("share-note");
  box.hidden = false;
  field.value = link.url;
  note.textContent = "Anyone who opens this link plays this puzzle: its clues, never its solution.";
  const title = state.puzzle.title || "a nonogram";
  try {
    if (navigator.share && matchMedia("(pointer: coarse)").matches) {
      await navigator.share({ title, url: link.url });
      return;
    }
  } catch {
    // Dismissed, or not allowed here: the link is shown to copy.
  }
  try {
    await navigator.clipboard.writeText(link.url);
    note.textContent = "Link copied. Anyone who opens it plays this puzzle: its clues, never its solution.";
  } catch {
    field.focus();
    field.select();
  }
}

// The list of puzzles kept -------------------------------------------------------------------

/** Lists the puzzles kept in this browser, the latest played first, each to reopen or forget. */
export function showLibrary() {
  const list = $("puzzle-list");
  list.replaceChildren();
  const all = records();
  const empty = $("library-empty");
  empty.hidden = all.length > 0;
  empty.textContent = kept
    ? "None yet: the puzzles you play are kept here, in this browser."
    : "This browser does not let the page keep anything: progress is lost on reload.";
  for (const { key, record } of all) {
    const name = record.day ? dayLabel(record.day) : record.title || "untitled";
    const item = el("li", { class: record.solved ? "solved" : "" });
    const open = el("button", { type: "button", class: "open" });
    const title = el("span", { class: "name" });
    title.textContent = name;
    const what = el("span", { class: "what" });
    const size = `${record.width}×${record.height}`;
    what.textContent = record.solved
      ? `${size} · solved in ${clockText(record.elapsedMs || 0)}`
      : `${size} · ${Math.round((record.decided || 0) * 100)}% · ${clockText(record.elapsedMs || 0)}`;
    open.append(title, what);
    open.addEventListener("click", () => openRecord(key));
    const drop = el("button", { type: "button", class: "forget", "aria-label": `Forget ${name}` });
    drop.textContent = "✕";
    drop.addEventListener("click", () => {
      forget(key);
      showLibrary();
    });
    item.append(open, drop);
    list.append(item);
  }
}

// The list, when open, follows the game, a second behind (it reads every record kept).
let listing = null;
document.addEventListener("nonogram:saved", () => {
  if (!$("library").open || listing) return;
  listing = setTimeout(() => {
    listing = null;
    showLibrary();
  }, 1000);
});
