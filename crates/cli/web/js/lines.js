// What a player's line says about its clue, for Play's feedback: whether the line is done (its
// filled cells are exactly the clue's runs) and whether it can still be finished at all.
//
// A line is an array of palette indexes (0 the background, which a cross is; 1.. the colours;
// UNKNOWN, any), a clue an array of runs {length, colour}, in a triangle puzzle with `start`
// and `end` caps (the half cells glued to the run, counted in its length). Runs of one colour
// need a cell of background between them; runs of different colours may touch (colour
// nonograms' rule), and so may a cap and anything (triangle puzzles' rule).
// Both questions are asked of the two lines through each changed cell, so they must be cheap:
// `fits` is the textbook dynamic programme over (cell, run), O(cells × runs) with the run
// lengths checked through prefix counts, well under a millisecond for 30 cells.

import { UNKNOWN } from "./board.js";

/** The runs the line's coloured cells make, unknown cells read as background. */
export function runsOf(line) {
  const runs = [];
  let last = 0;
  for (const v of line) {
    if (v > 0 && v === last) runs[runs.length - 1].length += 1;
    else if (v > 0) runs.push({ length: 1, colour: v });
    last = v > 0 ? v : 0;
  }
  return runs;
}

/** Whether a clue has caps: a triangle puzzle's half cells glued to a run's ends. */
function capped(clue) {
  return clue.some((run) => run.start !== undefined || run.end !== undefined);
}

/**
 * The cells run `run` is, in order: its start cap, its body of its colour, its end cap (a run's
 * length counts its caps).
 */
function runCells(run) {
  const caps = (run.start !== undefined ? 1 : 0) + (run.end !== undefined ? 1 : 0);
  const cells = new Array(Math.max(0, run.length - caps)).fill(run.colour);
  if (run.start !== undefined) cells.unshift(run.start);
  if (run.end !== undefined) cells.push(run.end);
  return cells;
}

/**
 * Whether runs `a` and `b` (in this order) need a cell of background between them: when the
 * cells that would touch are both of their runs' bodies, of one colour. A triangle puzzle's
 * caps may touch anything, two equal ones included (`1/ 1/` may be `◤◤`); a colour puzzle's
 * runs of different colours may touch.
 */
function needsGap(a, b) {
  const bodyLast = a.end === undefined && (a.start === undefined || a.length > 1);
  const bodyFirst = b.start === undefined && (b.end === undefined || b.length > 1);
  return bodyLast && bodyFirst && a.colour === b.colour;
}

/** Whether the line's coloured cells are exactly the clue (unknown cells read as background). */
export function done(line, clue) {
  // A triangle line is not read back as runs (`##◤` is both `3/` and `2 1/`): its cells, the
  // unknown ones empty, must fit the clue.
  if (capped(clue)) return fits(line.map((v) => (v === UNKNOWN ? 0 : v)), clue);
  const runs = runsOf(line);
  return runs.length === clue.length
    && runs.every((run, k) => run.length === clue[k].length && run.colour === clue[k].colour);
}

/**
 * Whether some way of setting the line's unknown cells gives exactly the clue: false when the
 * player's cells already contradict it.
 */
export function fits(line, clue) {
  const n = line.length;
  const k = clue.length;
  // blocked[c][i]: cells before i that cannot take colour c, counted; a run of colour c fits
  // over [i, i + length) when none of them can't.
  const cannot = new Map();
  const blocked = (colour) => {
    let counts = cannot.get(colour);
    if (!counts) {
      counts = new Int32Array(n + 1);
      for (let i = 0; i < n; i++) {
        counts[i + 1] = counts[i] + (line[i] === UNKNOWN || line[i] === colour ? 0 : 1);
      }
      cannot.set(colour, counts);
    }
    return counts;
  };
  const background = blocked(0);
  // ok[j][i]: runs j.. can be placed in cells i.. (cell i free to start one), the rest
  // background. Filled from the end.
  const ok = Array.from({ length: k + 1 }, () => new Uint8Array(n + 2));
  for (let i = n; i >= 0; i--) ok[k][i] = background[n] - background[i] === 0 ? 1 : 0;
  for (let j = k - 1; j >= 0; j--) {
    const { length, colour } = clue[j];
    const counts = blocked(colour);
    // A capped run: its caps' cells each checked apart, its body through the counts.
    const cells = runCells(clue[j]);
    const head = clue[j].start !== undefined ? 1 : 0;
    const tail = clue[j].end !== undefined ? 1 : 0;
    const takes = (i, v) => line[i] === UNKNOWN || line[i] === v;
    const matches = (i) => counts[i + length - tail] - counts[i + head] === 0
      && (!head || takes(i, cells[0])) && (!tail || takes(i + length - 1, cells[length - 1]));
    const next = clue[j + 1];
    // Two runs whose touching cells are one colour (caps apart) need a cell of background.
    const gap = next && needsGap(clue[j], next) ? 1 : 0;
    for (let i = n; i >= 0; i--) {
      let can = 0;
      // Cell i is background, and the runs start later.
      if (i < n && background[i + 1] - background[i] === 0 && ok[j][i + 1]) can = 1;
      // Run j starts at i.
      const end = i + length;
      if (!can && end <= n && matches(i)) {
        if (gap === 0) can = ok[j + 1][end];
        else can = end < n && background[end + 1] - background[end] === 0 && ok[j + 1][end + 1] ? 1 : 0;
      }
      ok[j][i] = can;
    }
  }
  return ok[0][0] === 1;
}
