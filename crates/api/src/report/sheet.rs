//! Reports as drawings: SVG or PNG sheets of the first solution (or of deduction's partial
//! grid), through `nonogram_render`.

use nonogram_core::{Cells, Puzzle};
use nonogram_render::{PngError, PngRenderer, SheetOptions, SvgRenderer};

use crate::report::Report;

/// An image format for sheets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetKind {
    /// Scalable vector graphics, text.
    Svg,
    /// A PNG image, binary.
    Png,
}

impl SheetKind {
    /// The kind a file extension (lowercase) names.
    pub fn from_extension(ext: Option<&str>) -> Option<SheetKind> {
        match ext? {
            "svg" => Some(SheetKind::Svg),
            "png" => Some(SheetKind::Png),
            _ => None,
        }
    }

    /// Its media type: `image/svg+xml` or `image/png`.
    pub fn media(self) -> &'static str {
        match self {
            SheetKind::Svg => "image/svg+xml",
            SheetKind::Png => "image/png",
        }
    }

    /// `svg` or `png`.
    pub fn name(self) -> &'static str {
        match self {
            SheetKind::Svg => "svg",
            SheetKind::Png => "png",
        }
    }
}

/// Draws `cells` with `puzzle`'s clues, the cells at `marked` (where solutions differ)
/// framed in red.
pub fn draw(
    puzzle: &Puzzle,
    cells: &dyn Cells,
    marked: &[(usize, usize)],
    kind: SheetKind,
    options: SheetOptions,
) -> Result<Vec<u8>, PngError> {
    match kind {
        SheetKind::Svg => Ok(SvgRenderer::new(options)
            .render_marked(puzzle, cells, marked)
            .into_bytes()),
        SheetKind::Png => PngRenderer::new(options).render_marked(puzzle, cells, marked),
    }
}

/// Draws the first grid of `report`, the cells where its solutions differ marked; `None` when
/// it has none (no solution was found, or deduction met a contradiction).
pub fn draw_report(
    report: &Report<'_>,
    kind: SheetKind,
    options: SheetOptions,
) -> Result<Option<Vec<u8>>, PngError> {
    let grids = report.grids();
    let Some(first) = grids.first() else {
        return Ok(None);
    };
    draw(report.puzzle, first, &report.marked_cells(), kind, options).map(Some)
}
