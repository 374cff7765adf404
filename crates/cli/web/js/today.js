// Today's puzzle: one a day, the same for everyone that day, generated from the date.
//
// The seed is the visitor's local date as the number YYYYMMDD, and the generator gives the same
// puzzle for the same seed on any machine (one thread, integer arithmetic: docs/generate.md),
// so the static site, in any browser, and `nonogram serve` agree, and `nonogram generate
// --size 15x15 --difficulty medium --seed 20261126` prints that Thursday's puzzle.
//
// The week has a rhythm, small and easy early, larger and harder later, a colour puzzle on
// Fridays. Every size and difficulty here was generated for each date of 2026 and 2027 in
// the WebAssembly build: the slowest day took 0.39 s (docs/web.md has the figures), so
// today's puzzle is ready within a second of opening the page even on the worst day. Hard
// puzzles are left out: one can take seconds to find.

/** The puzzle of each day of the week, Sunday first (as Date.getDay counts). */
export const WEEK = [
  { width: 20, height: 20, difficulty: "medium", colours: 1 },
  { width: 10, height: 10, difficulty: "easy", colours: 1 },
  { width: 15, height: 15, difficulty: "easy", colours: 1 },
  { width: 10, height: 10, difficulty: "medium", colours: 1 },
  { width: 15, height: 15, difficulty: "medium", colours: 1 },
  { width: 15, height: 15, difficulty: "easy", colours: 2 },
  { width: 20, height: 20, difficulty: "easy", colours: 1 },
];

/** `date`'s day in the visitor's time zone, as YYYY-MM-DD. */
export function dayOf(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The generate request for `date`'s puzzle, and its day. */
export function puzzleOfDay(date) {
  const seed = date.getFullYear() * 10000 + (date.getMonth() + 1) * 100 + date.getDate();
  return { day: dayOf(date), request: { ...WEEK[date.getDay()], seed } };
}

/** What Play calls the puzzle of `day` (YYYY-MM-DD): today's, or the day's date. */
export function dayLabel(day, now = new Date()) {
  if (day === dayOf(now)) return "Today's puzzle";
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(y, m - 1, d);
  if (Number.isNaN(date.getTime())) return "A puzzle of the day";
  // The year only when it is not this one: the label stays one line on a phone.
  const options = { weekday: "long", day: "numeric", month: "long" };
  if (date.getFullYear() !== now.getFullYear()) options.year = "numeric";
  const words = date.toLocaleDateString(undefined, options);
  return `Puzzle of ${words}`;
}
