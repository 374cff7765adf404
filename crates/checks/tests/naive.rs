//! The enumerating oracle of colour and triangle lines held to the clues it enumerates: every
//! line it lists reads back as its clue, and the counts are the ones worked out by hand.

use nonogram_core::colour::naive;
use nonogram_core::model::triangle;
use nonogram_core::{Axis, Clue, ColourId, Run};

fn c(i: usize) -> ColourId {
    ColourId::new(i).unwrap()
}

#[test]
fn enumerates_exactly_the_lines_of_a_colour_clue() {
    // 1 red, 1 red, 2 green in 6 cells: the reds need a gap, red and green may touch.
    let clue = Clue::coloured([Run::new(1, c(1)), Run::new(1, c(1)), Run::new(2, c(2))]);
    let lines = naive::lines(&clue, 6);
    for line in &lines {
        assert_eq!(Clue::from_colours(line.iter().copied()), clue, "{line:?}");
    }
    // The shape needs 5 cells; the one spare cell goes before, between the reds, between
    // red and green, or after.
    assert_eq!(lines.len(), 4);
    assert_eq!(naive::lines(&Clue::empty(), 3).len(), 1);
    assert!(naive::lines(&clue, 4).is_empty());
}

#[test]
fn enumerates_exactly_the_lines_of_a_triangle_clue() {
    // A row of ◢ and ◣ cells read as clues: every line enumerated reads back as its clue.
    let (start, end) = (triangle::LOWER_RIGHT, triangle::LOWER_LEFT);
    let clue = triangle::clue_of_line(Axis::Row, &[start, c(1), end, start, end]);
    let lines = naive::lines(&clue, 6);
    assert!(!lines.is_empty());
    for line in &lines {
        assert_eq!(triangle::clue_of_line(Axis::Row, line), clue, "{line:?}");
    }
}
