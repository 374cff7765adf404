//! Pattern sets of a clue: counts, enumeration, common cells (filled in by the patterns work).
