//! The steps of explanations in colour terms ([`ColourStep`]), which are what the one
//! explainer (`crate::explain`) makes for both kinds of puzzle: line steps that decide cells or
//! rule colours out of them, probes of every colour a cell may take, guesses from a solution.
//! [`crate::explain::ColourExplainer`] gives them as they are, with colours named by the
//! palette; [`crate::explain::Explainer`] words them for black and white.

mod step;

pub use step::{
    colour_name, ColourContradictionStep, ColourGuessStep, ColourLineStep, ColourProbeStep,
    ColourStep,
};

#[cfg(test)]
mod tests;
