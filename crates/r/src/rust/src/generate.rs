//! `generate_puzzle`: a new puzzle of a size, a difficulty and a palette, proved unique and
//! rated as `explain` rates it (`nonogram generate`), from the library's `generator` module.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use extendr_api::prelude::*;

use nonogram_author::generator::{
    clock_seed, generate_cancellable, GenerateError, GeneratorConfig, Level, Style,
};

use crate::args;
use crate::fail::{answer, Fail, Kind};
use crate::run::interruptible;
use crate::values::{self, named};

/// A generated puzzle: the puzzle, its solution, level, rating, seed, index, pictures drawn
/// and time.
/// @noRd
#[extendr]
#[allow(clippy::too_many_arguments)]
fn rs_generate(
    width: Robj,
    height: Robj,
    difficulty: Robj,
    colours: Robj,
    density: Robj,
    style: Robj,
    seed: Robj,
    index: Robj,
    timeout: Robj,
) -> Robj {
    answer(|| {
        let side = nonogram_author::generator::MAX_SIDE as f64;
        let width = args::whole(&width, "width", 1.0, side, " cells")? as usize;
        let height = args::whole(&height, "height", 1.0, side, " cells")? as usize;
        let most = nonogram_core::model::MAX_COLOURS as f64;
        let colours =
            args::whole(&colours, "colours", 1.0, most, " (1 is black and white)")? as usize;
        let density = if density.is_null() {
            None
        } else {
            Some(args::number(&density, "density")?)
        };
        let difficulty = args::string(&difficulty, "difficulty")?;
        let level = Level::from_name(&difficulty).ok_or_else(|| {
            Fail::value(format!(
                "unknown difficulty '{difficulty}' (use easy, medium, hard or any)"
            ))
        })?;
        let style_name = args::string(&style, "style")?;
        let style = Style::from_name(&style_name).ok_or_else(|| {
            Fail::value(format!(
                "unknown style '{style_name}' (use smooth, symmetric or noise)"
            ))
        })?;
        let seed = if seed.is_null() {
            clock_seed()
        } else {
            args::seed(&seed, "seed")?
        };
        let index = args::seed(&index, "index")?;
        let config = GeneratorConfig {
            width,
            height,
            level,
            colours,
            density,
            style,
            seed,
            timeout: args::seconds(&timeout, "timeout")?,
        };
        config.validate().map_err(|e| Fail::value(e.to_string()))?;
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let generated = interruptible(&cancel, move || {
            generate_cancellable(&config, index, Some(&flag))
        })?
        .map_err(|e| match e {
            e @ GenerateError::TimeLimit { .. } => Fail::new(
                Kind::Timeout,
                format!(
                    "{e}; small grids seldom need probing or search: try a larger size, another \
                     difficulty or density, or a longer timeout"
                ),
            ),
            e => Fail::value(e.to_string()),
        })?;
        Ok(named(vec![
            ("puzzle", values::puzzle_robj(&generated.puzzle)),
            ("solution", values::picture_matrix(&generated.picture)),
            ("level", generated.level.name().into()),
            ("rating", generated.difficulty.to_string().into()),
            ("seed", (seed as f64).into()),
            ("index", (index as f64).into()),
            ("pictures", values::count(generated.pictures)),
            ("elapsed", generated.elapsed.as_secs_f64().into()),
        ]))
    })
}

extendr_module! {
    mod generate;
    fn rs_generate;
}
