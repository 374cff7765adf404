//! Colour explanations: the explainer's steps (`crate::explain::step`) are already in colour
//! terms, a cell's palette entries narrowed, so they are the colour kind's steps as they are;
//! what is particular to colour is replaying them on its grid.

use super::grid::ColourGrid;
use crate::explain::step::ColourStep;
use crate::kind::Contradiction;

impl ColourStep {
    /// Narrows `grid` by the step's cells (replaying an explanation).
    pub fn apply(&self, grid: &mut ColourGrid) -> Result<(), Contradiction> {
        for (r, c, set) in self.cells() {
            grid.narrow(r, c, set)?;
        }
        Ok(())
    }
}
