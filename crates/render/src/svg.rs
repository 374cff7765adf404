//! Puzzle sheets as SVG: a blank sheet to print, a solution, or a partial grid with its unknown
//! cells hatched; in a colour puzzle's colours, with the cells where solutions differ marked
//! and the cells the puzzle gives dotted (in `<g id="givens">`; see [`SheetOptions`] for how
//! colours, marks and givens look).
//!
//! The XML is written by hand: the document is a handful of element kinds, and a dependency
//! would add nothing but weight. Every piece of text that comes from a file (the title) goes
//! through [`escape`]; clue numbers are digits by construction. Clues are real `<text>` elements,
//! so the sheet stays searchable and sharp at any zoom.

use std::fmt::Write as _;

use nonogram_model::{Puzzle, Rgb};

use crate::sheet::{cell_paint, half_corners, light_digits_on, Layout, Paint, SheetOptions};
use crate::Cells;

/// Draws puzzle sheets as SVG documents.
#[derive(Clone, Debug, Default)]
pub struct SvgRenderer {
    options: SheetOptions,
}

impl SvgRenderer {
    /// A renderer with these options.
    pub fn new(options: SheetOptions) -> SvgRenderer {
        SvgRenderer { options }
    }

    /// A complete SVG document of `cells` with `puzzle`'s clues (which the size of `cells`
    /// decides, as for the text renderer).
    pub fn render(&self, puzzle: &Puzzle, cells: &dyn Cells) -> String {
        self.render_marked(puzzle, cells, &[])
    }

    /// Like [`SvgRenderer::render`], but frames the cells at `marked` (`(row, col)`, 0-based)
    /// in red, lined in white (in `<g id="marks">`): used to show where two solutions of the
    /// same puzzle differ. Positions outside the grid are ignored.
    pub fn render_marked(
        &self,
        puzzle: &Puzzle,
        cells: &dyn Cells,
        marked: &[(usize, usize)],
    ) -> String {
        let o = &self.options;
        let layout = Layout::new(puzzle, cells, o);
        let (w, h, cell) = (layout.width(), layout.height(), layout.cell);
        let mut svg = String::new();
        let _ = writeln!(svg, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
        );
        if let Some(title) = &puzzle.metadata.title {
            let _ = writeln!(svg, "<title>{}</title>", escape(title));
        }
        let hatch = cell / 4;
        let _ = writeln!(
            svg,
            r##"<defs><pattern id="unknown" width="{hatch}" height="{hatch}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="{hatch}" height="{hatch}" fill="#e0e0e0"/><line x1="0" y1="0" x2="0" y2="{hatch}" stroke="#808080" stroke-width="1"/></pattern></defs>"##
        );
        let _ = writeln!(svg, r#"<rect width="{w}" height="{h}" fill="white"/>"#);

        // Cells: only filled and unknown ones (and a background other than white) need drawing
        // on the white sheet.
        let _ = writeln!(svg, r#"<g id="cells">"#);
        for r in 0..layout.rows {
            for c in 0..layout.cols {
                let (x, y) = layout.cell_origin(r, c);
                let fill = match cell_paint(puzzle, cells, r, c, o.style) {
                    Paint::Fill(rgb) => colour(rgb),
                    Paint::Hatch => "url(#unknown)".to_string(),
                    Paint::Nothing => continue,
                    Paint::Half(id) => {
                        let points: Vec<String> = half_corners(id)
                            .iter()
                            .map(|&(dx, dy)| format!("{},{}", x + dx * cell, y + dy * cell))
                            .collect();
                        let _ = writeln!(
                            svg,
                            r#"<polygon points="{}" fill="{}"/>"#,
                            points.join(" "),
                            colour(Rgb::BLACK)
                        );
                        continue;
                    }
                };
                let _ = writeln!(
                    svg,
                    r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>"#
                );
            }
        }
        let _ = writeln!(svg, "</g>");

        let marks = layout.marks(marked);
        if !marks.is_empty() {
            // Strokes are centred on the outline: place each so that it covers whole pixels,
            // as the PNG's frames do.
            let (inset, t) = layout.mark_frame();
            let red = f64::from(inset) + f64::from(t) / 2.0;
            let red_side = f64::from(cell) - 2.0 * red;
            let white = red + f64::from(t);
            let white_side = f64::from(cell) - 2.0 * white;
            let _ = writeln!(svg, r#"<g id="marks" fill="none">"#);
            for (r, c) in marks {
                let (x, y) = layout.cell_origin(r, c);
                let (x, y) = (f64::from(x), f64::from(y));
                let _ = writeln!(
                    svg,
                    r#"<rect x="{}" y="{}" width="{red_side}" height="{red_side}" stroke="red" stroke-width="{t}"/>"#,
                    x + red,
                    y + red
                );
                if white_side > 0.0 {
                    let _ = writeln!(
                        svg,
                        r#"<rect x="{}" y="{}" width="{white_side}" height="{white_side}" stroke="white" stroke-width="{t}"/>"#,
                        x + white,
                        y + white
                    );
                }
            }
            let _ = writeln!(svg, "</g>");
        }

        let dots = layout.given_dots(puzzle, cells, o.style);
        if !dots.is_empty() {
            let (offset, side) = layout.given_dot();
            let _ = writeln!(svg, r#"<g id="givens">"#);
            for (r, c, ink) in dots {
                let (x, y) = layout.cell_origin(r, c);
                let _ = writeln!(
                    svg,
                    r#"<rect x="{}" y="{}" width="{side}" height="{side}" fill="{}"/>"#,
                    x + offset,
                    y + offset,
                    colour(ink)
                );
            }
            let _ = writeln!(svg, "</g>");
        }

        // Grid lines, thin, with thicker guides every few cells.
        let (gx, gy) = layout.grid_origin();
        let (gw, gh) = (layout.cols as u32 * cell, layout.rows as u32 * cell);
        let _ = writeln!(svg, r##"<g id="grid" stroke="#404040">"##);
        for i in 0..=layout.cols {
            let x = gx + i as u32 * cell;
            let width = if layout.is_guide(i, layout.cols, o.guide_every) {
                2
            } else {
                1
            };
            let _ = writeln!(
                svg,
                r#"<line x1="{x}" y1="{gy}" x2="{x}" y2="{}" stroke-width="{width}"/>"#,
                gy + gh
            );
        }
        for i in 0..=layout.rows {
            let y = gy + i as u32 * cell;
            let width = if layout.is_guide(i, layout.rows, o.guide_every) {
                2
            } else {
                1
            };
            let _ = writeln!(
                svg,
                r#"<line x1="{gx}" y1="{y}" x2="{}" y2="{y}" stroke-width="{width}"/>"#,
                gx + gw
            );
        }
        let _ = writeln!(svg, "</g>");

        if o.clues {
            let slots = layout.clue_slots();
            if slots.iter().any(|s| s.number.colour.is_some()) {
                // A colour puzzle's clue squares, framed like the grid, inset by one pixel so
                // that neighbouring squares of one colour stay apart.
                let _ = writeln!(
                    svg,
                    r##"<g id="clue-colours" stroke="#404040" stroke-width="1">"##
                );
                for slot in &slots {
                    if let Some(rgb) = slot.number.colour {
                        let _ = writeln!(
                            svg,
                            r#"<rect x="{}.5" y="{}.5" width="{side}" height="{side}" fill="{}"/>"#,
                            slot.x + 1,
                            slot.y + 1,
                            colour(rgb),
                            side = cell - 3,
                        );
                    }
                }
                let _ = writeln!(svg, "</g>");
            }
            let size = cell * 3 / 5;
            let _ = writeln!(
                svg,
                r#"<g id="clues" font-family="sans-serif" font-size="{size}" text-anchor="middle" dominant-baseline="central">"#
            );
            for slot in &slots {
                let ink = match slot.number.colour {
                    Some(rgb) if light_digits_on(rgb) => r#" fill="white""#,
                    _ => "",
                };
                let (x, y, w, h) = slot.digits_box(cell);
                let _ = writeln!(
                    svg,
                    r#"<text x="{}" y="{}"{ink}>{}</text>"#,
                    x + w / 2,
                    y + h / 2,
                    escape(&slot.number.text)
                );
            }
            let _ = writeln!(svg, "</g>");
            let caps: Vec<_> = slots.iter().flat_map(|s| s.caps(cell)).collect();
            if !caps.is_empty() {
                // A triangle puzzle's caps: each a small half cell beside its number.
                let _ = writeln!(svg, r#"<g id="clue-caps">"#);
                for (id, x, y, side) in caps {
                    let points: Vec<String> = half_corners(id)
                        .iter()
                        .map(|&(dx, dy)| format!("{},{}", x + dx * side, y + dy * side))
                        .collect();
                    let _ = writeln!(svg, r#"<polygon points="{}"/>"#, points.join(" "));
                }
                let _ = writeln!(svg, "</g>");
            }
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// A matrix plot of lines (the R package's `create_matrix_plot`): one row of squares per line,
/// filled cells dark and empty ones light, with a gap between rows. `note`, if any, is written
/// above the plot (for example to say that the set was cut short). `cell` is the side of a
/// square in pixels (clamped to 2..=100).
pub fn matrix_plot(lines: &[Vec<bool>], cell: u32, note: Option<&str>) -> String {
    let cell = cell.clamp(2, 100);
    let gap = (cell / 3).max(1);
    let cols = lines.iter().map(Vec::len).max().unwrap_or(0) as u32;
    let margin = cell;
    let note_height = if note.is_some() { cell * 2 } else { 0 };
    let w = margin * 2 + cols * cell;
    let h = margin * 2 + note_height + lines.len() as u32 * (cell + gap);
    let mut svg = String::new();
    let _ = writeln!(svg, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(svg, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    if let Some(note) = note {
        let _ = writeln!(
            svg,
            r#"<text x="{margin}" y="{}" font-family="sans-serif" font-size="{}">{}</text>"#,
            margin + cell,
            cell,
            escape(note)
        );
    }
    let _ = writeln!(
        svg,
        r##"<g id="patterns" stroke="#ffffff" stroke-width="0.5">"##
    );
    for (r, line) in lines.iter().enumerate() {
        let y = margin + note_height + r as u32 * (cell + gap);
        for (c, &filled) in line.iter().enumerate() {
            let x = margin + c as u32 * cell;
            let fill = if filled { "#202020" } else { "#e8e8e8" };
            let _ = writeln!(
                svg,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>"#
            );
        }
    }
    let _ = writeln!(svg, "</g>");
    svg.push_str("</svg>\n");
    svg
}

/// A colour as SVG writes it: the keywords `black` and `white` (as black-and-white sheets always
/// wrote them), `#rrggbb` otherwise.
fn colour(rgb: Rgb) -> String {
    match rgb {
        Rgb::BLACK => "black".to_string(),
        Rgb::WHITE => "white".to_string(),
        rgb => rgb.to_string(),
    }
}

/// Escapes text for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than tab and newlines are not allowed in XML 1.0 at all.
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::CellStyle;
    use nonogram_model::{Cell, CellRows, Picture};

    fn smallex() -> (Puzzle, Picture) {
        let picture =
            Picture::from_strings(&["..###", "##.#.", ".###.", ".##..", "###.."]).unwrap();
        (Puzzle::from_picture(&picture), picture)
    }

    fn texts(doc: &roxmltree::Document<'_>) -> Vec<String> {
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| n.text().unwrap_or_default().to_string())
            .collect()
    }

    #[test]
    fn a_solution_parses_and_holds_its_clues_and_cells() {
        let (mut puzzle, picture) = smallex();
        puzzle.metadata.title = Some("<ducks & \"geese\">".into());
        let svg = SvgRenderer::default().render(&puzzle, &picture);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        // Margin 10, two clue slots of 20 on each side, five cells of 20.
        assert_eq!(root.attribute("width"), Some("160"));
        assert_eq!(root.attribute("height"), Some("160"));
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), Some("<ducks & \"geese\">"));
        // Row clues 3 / 2 1 / 3 / 2 / 3, then column clues 1 1 / 4 / 1 3 / 3 / 1.
        let numbers = texts(&doc);
        assert_eq!(
            numbers,
            ["3", "2", "1", "3", "2", "3", "1", "1", "4", "1", "3", "3", "1"]
        );
        let filled = doc
            .descendants()
            .filter(|n| n.attribute("fill") == Some("black"))
            .count();
        assert_eq!(filled, 14);
    }

    #[test]
    fn blank_sheets_and_partial_grids() {
        let (puzzle, picture) = smallex();
        let blank = SvgRenderer::new(SheetOptions {
            style: CellStyle::Blank,
            ..SheetOptions::default()
        })
        .render(&puzzle, &picture);
        let doc = roxmltree::Document::parse(&blank).unwrap();
        assert_eq!(
            doc.descendants()
                .filter(|n| n.attribute("fill") == Some("black"))
                .count(),
            0
        );
        assert_eq!(texts(&doc).len(), 13);

        let mut grid = CellRows::unknown(5, 5);
        grid.set(0, 2, Cell::Filled);
        grid.set(0, 0, Cell::Empty);
        let partial = SvgRenderer::default().render(&puzzle, &grid);
        let doc = roxmltree::Document::parse(&partial).unwrap();
        let hatched = doc
            .descendants()
            .filter(|n| n.attribute("fill") == Some("url(#unknown)"))
            .count();
        assert_eq!(hatched, 23);
    }

    #[test]
    fn matrix_plots_have_one_square_per_cell() {
        let lines = vec![vec![true, false, true], vec![false, true, true]];
        let svg = matrix_plot(&lines, 10, Some("first 2 of 3 patterns"));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let squares = doc.descendants().filter(|n| n.has_tag_name("rect")).count();
        assert_eq!(squares, 1 + 6);
        assert_eq!(texts(&doc), ["first 2 of 3 patterns"]);
    }

    #[test]
    fn escaping() {
        assert_eq!(
            escape("a<b>&'\"\u{1}"),
            "a&lt;b&gt;&amp;&apos;&quot;\u{fffd}"
        );
    }
}
