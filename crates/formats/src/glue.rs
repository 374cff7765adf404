//! The glued triangles of *Malované křížovky* in Olšák's `.g` (`noty.g`, `brontik.g`): the
//! declarations of the half cells that cap runs, the caps of a block such as `/4\`, and the
//! writer of `.g` files, which writes black-and-white and triangle puzzles.
//!
//! A glue declaration is a triangle declaration whose comment starts with two of `<` and `>`:
//! the first says which end of a row's run the character caps when it is written on that side
//! of the number (`<` the left, `>` the right), the second the same for a column's run (`<`
//! the top). One character may be declared twice, once for each end (`/` before a number is
//! `◢`, after it `◤`). The XPM word says which half is black (`white/black` is `◢`: the halves
//! in the order the diagonal leaves them, left to right); the rules of the puzzle are
//! `nonogram_model::triangle`'s.

use nonogram_model::triangle::{self, End};
use nonogram_model::{Axis, ColourId, Puzzle, Rgb};

use crate::error::{ParseError, ParseErrorKind, Pos};

/// One glue declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Glue {
    /// The character written beside a number.
    pub inchar: char,
    /// The half cell it stands for.
    pub cell: ColourId,
}

/// Whether a declaration's comment makes it a glue declaration.
pub(crate) fn is_glue(comment: &str) -> bool {
    ["<<", ">>", "<>", "><"]
        .iter()
        .any(|g| comment.starts_with(g))
}

/// Reads a glue declaration: `inchar`, its XPM `word` (at `word_pos`) and the `comment` that
/// starts with its ends (at `at`). `colour` reads an XPM colour word.
pub(crate) fn declare(
    inchar: char,
    word: &str,
    comment: &str,
    (at, word_pos): (Pos, Pos),
    colour: impl Fn(&str) -> Option<Rgb>,
) -> Result<Glue, ParseError> {
    let Some((first, second)) = word.split_once(['/', '\\']) else {
        return Err(ParseError::syntax(
            word_pos,
            format!(
                "a glued triangle needs a word with `/` or `\\` between its halves, found `{word}`"
            ),
        ));
    };
    let slash = word.contains('/');
    let (a, b) = (colour(first), colour(second));
    let half = |rgb: Option<Rgb>| match rgb {
        Some(Rgb::WHITE) => Some(false),
        Some(Rgb::BLACK) => Some(true),
        _ => None,
    };
    let cell =
        match (half(a), half(b), slash) {
            (Some(false), Some(true), true) => triangle::LOWER_RIGHT,
            (Some(true), Some(false), true) => triangle::UPPER_LEFT,
            (Some(false), Some(true), false) => triangle::UPPER_RIGHT,
            (Some(true), Some(false), false) => triangle::LOWER_LEFT,
            _ => return Err(ParseError::at(
                word_pos,
                ParseErrorKind::Unsupported(
                    "glued triangles other than half white, half black (colour triangle puzzles)",
                ),
            )),
        };
    let mut ends = comment.chars();
    for axis in [Axis::Row, Axis::Column] {
        let end = match ends.next() {
            Some('<') => End::Start,
            _ => End::End,
        };
        if triangle::end_capped(cell, axis) != Some(end) {
            let (name, side) = match (axis, end) {
                (Axis::Row, End::Start) => ("row", "left"),
                (Axis::Row, End::End) => ("row", "right"),
                (Axis::Column, End::Start) => ("column", "top"),
                (Axis::Column, End::End) => ("column", "bottom"),
            };
            return Err(ParseError::syntax(
                at,
                format!(
                    "the glued triangle `{inchar}` ({word}) is declared to cap the {side} end of a \
                     {name}'s block, but its black half faces away from it"
                ),
            ));
        }
    }
    Ok(Glue { inchar, cell })
}

/// The cap that `text` (the characters before or after a number) makes at `end` of a run of a
/// line of `axis`, among `glue`; `None` when `text` is not one glue character for that end.
pub(crate) fn cap(glue: &[Glue], axis: Axis, end: End, text: &str) -> Option<ColourId> {
    let mut chars = text.chars();
    let c = chars.next().filter(|_| chars.next().is_none())?;
    glue.iter()
        .find(|g| g.inchar == c && triangle::end_capped(g.cell, axis) == Some(end))
        .map(|g| g.cell)
}

/// The declarations the writer gives a triangle puzzle: the four half cells as `noty.g`
/// declares them.
const DECLARATIONS: &str = "#d
  1:*   black
  /:a   white/black  <<  lower-right
  /:b   black/white  >>  upper-left
  \\:c   white\\black  <>  upper-right
  \\:d   black\\white  ><  lower-left
";

/// Writes a black-and-white or triangle puzzle as `.g` (colour puzzles are refused before).
pub(crate) fn write(puzzle: &Puzzle) -> String {
    let mut out = String::from("Written by nonogram (Olšák's .g)\n");
    if puzzle.is_triangles() {
        out.push_str(DECLARATIONS);
    }
    for (axis, heading) in [(Axis::Row, ": rows\n"), (Axis::Column, ": columns\n")] {
        out.push_str(heading);
        for clue in puzzle.clues(axis) {
            if clue.is_empty() {
                out.push_str("0\n");
                continue;
            }
            out.push_str(&triangle::run_notations(clue).join(" "));
            out.push('\n');
        }
    }
    out.push_str(": end\n");
    out
}
