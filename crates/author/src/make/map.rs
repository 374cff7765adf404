//! The disambiguation map: for a picture whose clues leave cells undecided, which one-cell
//! change of the picture would decide the most of them, cell by cell and colour by colour. An
//! author follows it to a picture whose clues have it as their only solution, and easy.
//!
//! *Undecided* means what line solving (the fixpoint of every row and column solved alone,
//! [`deduce_within`]) leaves unknown in the grid of the picture's own clues: the cells a person
//! solving line by line cannot settle. Every cell where two solutions differ is among them, so
//! a picture with none is unique, and line-solvable ("easy"); a non-unique picture always has
//! some. Line solving rather than a full search because it is what makes the map cheap enough
//! to redraw after every edit (every change of every cell is judged by one line solve of its
//! own clues, a fraction of a millisecond on 30×30) and because it is the measure an author
//! aiming at "easy" needs; the solver still gives the verdict on uniqueness
//! ([`super::check_picture`]).
//!
//! For each cell and each colour of the palette it does not have (in black and white: the
//! other one), the picture with that one change gets its own clues, and line solving on them
//! leaves some cells undecided; the change's score is how many fewer than before (it may be
//! negative: a change can make things worse). The map lists the changes that decide more, best
//! first. A change that leaves nothing undecided makes the picture unique and line-solvable.

use std::sync::atomic::{AtomicBool, Ordering};

use web_time::Instant;

use nonogram_core::model::{Cells, ColourId, Picture, Puzzle};

use nonogram_core::solve::deduce_within;

/// One change of the picture, and the cells line solving leaves undecided after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapChange {
    /// The cell's row, from 0.
    pub row: usize,
    /// The cell's column, from 0.
    pub col: usize,
    /// The colour it is changed to (the background, or a colour of the palette).
    pub colour: ColourId,
    /// Cells line solving leaves undecided in the changed picture's clues.
    pub undecided_after: usize,
    /// How many fewer undecided cells than before the change: the map's score.
    pub score: usize,
}

/// The map of one picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Map {
    /// The cells line solving leaves undecided in the picture's own clues, row by row.
    pub undecided: Vec<(usize, usize)>,
    /// Every change that decides more cells than the picture has decided, best first (then
    /// by row, column and colour): the changes whose score is above 0.
    pub changes: Vec<MapChange>,
    /// Whether every change of every cell was judged; false when the deadline or a
    /// cancellation came first, and then `changes` covers the cells judged: those in the rows
    /// and columns of undecided cells first, then the others, row by row.
    pub complete: bool,
}

impl Map {
    /// Only the undecided cells of `puzzle`'s own grid, no changes judged (`complete` says
    /// whether line solving reached its fixpoint by `deadline`).
    pub fn undecided_only(puzzle: &Puzzle, deadline: Option<Instant>) -> Map {
        let deduction = deduce_within(puzzle, deadline);
        Map {
            undecided: unknown_cells(&deduction.grid),
            changes: Vec::new(),
            complete: !deduction.stopped,
        }
    }
}

/// The disambiguation map of `picture` in `puzzle`'s palette (the puzzle is the picture's
/// own), judged until `deadline`, or until `cancel` is raised.
pub fn disambiguation_map(
    puzzle: &Puzzle,
    picture: &Picture,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Map {
    let palette = puzzle.palette();
    let before = deduce_within(puzzle, deadline);
    let undecided = unknown_cells(&before.grid);
    let mut map = Map {
        undecided,
        changes: Vec::new(),
        complete: !before.stopped,
    };
    if map.undecided.is_empty() || before.stopped {
        return map;
    }
    let stop = || {
        cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || deadline.is_some_and(|d| Instant::now() >= d)
    };
    let (w, h) = (picture.width(), picture.height());
    // The cells in a row or column that holds an undecided cell first (they change the clues
    // of the lines where doubt is), then the others: a map cut short by the deadline has
    // judged the likeliest changes.
    let mut near_rows = vec![false; h];
    let mut near_cols = vec![false; w];
    for &(r, c) in &map.undecided {
        near_rows[r] = true;
        near_cols[c] = true;
    }
    let near = |&(r, c): &(usize, usize)| near_rows[r] || near_cols[c];
    let all = (0..h).flat_map(|r| (0..w).map(move |c| (r, c)));
    let order: Vec<(usize, usize)> = all
        .clone()
        .filter(near)
        .chain(all.filter(|cell| !near(cell)))
        .collect();
    let mut changed = picture.clone();
    'cells: for (row, col) in order {
        {
            let current = picture.colour(row, col);
            for index in 0..palette.len() {
                let Some(colour) = ColourId::new(index).filter(|&c| c != current) else {
                    continue;
                };
                if stop() {
                    map.complete = false;
                    break 'cells;
                }
                changed.set_colour(row, col, colour);
                let after = match Puzzle::from_coloured_picture(palette.clone(), &changed) {
                    Ok(p) => deduce_within(&p, deadline),
                    // Not reachable for a colour of the palette; a change that cannot be
                    // judged is left out rather than guessed at.
                    Err(_) => continue,
                };
                changed.set_colour(row, col, current);
                if after.stopped {
                    map.complete = false;
                    break 'cells;
                }
                let undecided_after = after.grid.unknown_count();
                if undecided_after < map.undecided.len() {
                    map.changes.push(MapChange {
                        row,
                        col,
                        colour,
                        undecided_after,
                        score: map.undecided.len() - undecided_after,
                    });
                }
            }
        }
    }
    map.changes.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then((a.row, a.col, a.colour.index()).cmp(&(b.row, b.col, b.colour.index())))
    });
    map
}

/// The cells of a partial grid that may still take more than one colour, row by row.
fn unknown_cells(grid: &nonogram_core::model::PartialGrid) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            if grid.get(r, c).only().is_none() {
                out.push((r, c));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::generate::{colour_palette, random_colour_picture, Rng};

    fn undecided(picture: &Picture, palette: &nonogram_core::model::Palette) -> usize {
        let puzzle = Puzzle::from_coloured_picture(palette.clone(), picture).unwrap();
        deduce_within(&puzzle, None).grid.unknown_count()
    }

    /// Every change the map lists decides exactly as many cells as its score says (checked by
    /// line solving the changed picture's clues again), the list is ranked, and no change
    /// left out would have scored above 0.
    fn check(picture: &Picture, palette: &nonogram_core::model::Palette) -> Map {
        let puzzle = Puzzle::from_coloured_picture(palette.clone(), picture).unwrap();
        let map = disambiguation_map(&puzzle, picture, None, None);
        assert!(map.complete);
        let before = undecided(picture, palette);
        assert_eq!(map.undecided.len(), before);
        for pair in map.changes.windows(2) {
            assert!(pair[0].score >= pair[1].score);
        }
        for r in 0..picture.height() {
            for c in 0..picture.width() {
                for k in 0..palette.len() {
                    let colour = ColourId::new(k).unwrap();
                    if colour == picture.colour(r, c) {
                        continue;
                    }
                    let mut changed = picture.clone();
                    changed.set_colour(r, c, colour);
                    let after = undecided(&changed, palette);
                    let listed = map
                        .changes
                        .iter()
                        .find(|m| (m.row, m.col, m.colour) == (r, c, colour));
                    match listed {
                        Some(m) => {
                            assert_eq!(m.undecided_after, after);
                            assert_eq!(m.score, before - after);
                        }
                        None => assert!(after >= before, "({r},{c}) -> {k} left out"),
                    }
                }
            }
        }
        map
    }

    #[test]
    fn the_two_diagonals_are_decided_by_one_change() {
        let picture = Picture::from_strings(&["#.", ".#"]).unwrap();
        let map = check(&picture, &nonogram_core::model::Palette::black_and_white());
        assert_eq!(map.undecided.len(), 4);
        // Emptying either filled cell, or filling either empty one, decides everything.
        assert_eq!(map.changes.len(), 4);
        assert!(map.changes.iter().all(|m| m.undecided_after == 0));
    }

    #[test]
    fn a_line_solvable_picture_has_an_empty_map() {
        let picture = Picture::from_strings(&["###", "#.#", "###"]).unwrap();
        let puzzle = Puzzle::from_picture(&picture);
        let map = disambiguation_map(&puzzle, &picture, None, None);
        assert!(map.undecided.is_empty() && map.changes.is_empty() && map.complete);
    }

    #[test]
    fn scores_are_what_line_solving_says_on_random_pictures() {
        let mut rng = Rng::new(7);
        for i in 0..40 {
            let colours = 1 + i % 3;
            let (w, h) = (3 + i % 5, 3 + (i / 2) % 5);
            let palette = if colours == 1 {
                nonogram_core::model::Palette::black_and_white()
            } else {
                colour_palette(colours)
            };
            let picture = random_colour_picture(&mut rng, w, h, colours, 0.5);
            check(&picture, &palette);
        }
    }

    #[test]
    fn a_raised_flag_stops_it_and_says_so() {
        let picture = Picture::from_strings(&["#..#", ".##.", ".##.", "#..#"]).unwrap();
        let puzzle = Puzzle::from_picture(&picture);
        let map = disambiguation_map(&puzzle, &picture, None, Some(&AtomicBool::new(true)));
        assert!(!map.complete);
    }
}
