//! Puzzles on demand: a fresh puzzle of a chosen size, difficulty and palette, with a unique
//! solution, proved. (Not to be confused with [`nonogram_core::generate`], which draws random clues
//! for benchmarks and promises nothing about them.)
//!
//! [`generate`] draws a picture ([`Style`]: blurred noise by default, optionally mirrored, or
//! plain noise), then changes it one cell at a time until its own clues have it as their only
//! solution and rate as asked ([`Level`]). The rating is the explainer's ([`nonogram_core::explain`]),
//! the one `nonogram explain` prints:
//!
//! - **easy**: line solving alone completes the grid;
//! - **medium**: line solving stalls, and line solving with single-cell probes completes it;
//! - **hard**: line solving with probes stalls too, and the clues still have one solution (a
//!   person must search: assume a value and follow it far).
//!
//! Line solving and probing only ever deduce what every solution shares, and their fixpoint is
//! the same in whatever order the lines and cells are taken (every deduction stays valid as
//! the grid fills). So "line solving completes the grid" can be asked of the fast fixpoint
//! ([`deduce`]) instead of the explainer's sweeps, and "probing completes it" is settled at the
//! explainer's first guess, if it comes; a test holds both to the whole explanation's rating.
//! Every puzzle returned is then proved unique by the [`Solver`] and rated by a whole
//! explanation, whatever the search along the way believed.
//!
//! # How a picture is changed
//!
//! Each picture is judged by what its clues leave undecided: the cells line solving leaves
//! unknown (for easy), the cells line solving with probes leaves unknown (medium), or, for
//! hard and any, the cells where the solutions differ from the picture (up to
//! 16 of them found by the solver; fewer solutions is closer). A move tries
//! flipping a few of those cells (a filled cell to the background; an empty one to black, or
//! in colour to a neighbour's colour) and keeps the flip that leaves the least undecided: a
//! greedy descent guided by where the ambiguity is, which takes a few moves for easy and
//! medium and a few dozen for hard. A picture that is too easy (line-solvable while medium is
//! asked, or solved by probing while hard is) has nothing undecided: its flips go to the edges
//! of its shapes, to bring ambiguity in, and any flip that is not too easy is taken over it.
//! When the descent stops improving (a dozen moves), a fresh picture is drawn. A mirrored
//! picture is flipped in mirrored pairs, so it stays mirrored.
//!
//! Hard puzzles are rare among pictures: of 1,200 random 15×15 to 30×30 pictures at densities
//! 0.5 to 0.7, none whose clues had one solution needed search. They come from clues with
//! several solutions, made unique one flip at a time without letting probing through, and
//! from pictures with many short runs: hard requests start at a lower density
//! ([`Level::density`]) and from ragged shapes (`Level::texture`).
//!
//! # Reproducible
//!
//! The same configuration and seed give the same puzzles in this version: the pictures and
//! the choice of flips come from the project's own [`Rng`], every solve runs on one thread
//! in an order that does not depend on timing, and the time limit only ever ends a
//! generation (with [`GenerateError::TimeLimit`]), never changes what it returns. Puzzle `i`
//! of a seed has a stream of its own, so puzzle 3 is the same whether 3 or 300 are asked for.
//!
//! # When a request cannot be met
//!
//! Not every request has an answer: no 5×5 puzzle that needs search was found in three
//! minutes of this search (and none may exist), and a density of 5% leaves too little to
//! reveal. The generator cannot tell in advance, so the time limit
//! ([`GeneratorConfig::timeout`], 30 s by default) bounds every request, and running out says
//! so ([`GenerateError::TimeLimit`], with how many pictures were tried) rather than looping.

mod error;
mod picture;
mod request;

pub use error::{smallest_side, GenerateError};
pub use request::{Level, Style, MAX_SIDE};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use nonogram_core::model::{Cells, ColourId, Palette, Picture, Puzzle, MAX_COLOURS};

use nonogram_core::explain::{ColourExplainer, ColourStep, Difficulty, Explainer, Step};
use nonogram_core::generate::{colour_palette, Rng};
use nonogram_core::solve::{deduce_within, search_within_work, Budgeted};
use nonogram_core::{Config, Engine, Solver, Status, Stop};

/// What to generate. Build it with struct update syntax from [`GeneratorConfig::default`].
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratorConfig {
    /// Cells per row, 1 to [`MAX_SIDE`]. Default: 20.
    pub width: usize,
    /// Rows, 1 to [`MAX_SIDE`]. Default: 20.
    pub height: usize,
    /// The difficulty. Default: [`Level::Easy`].
    pub level: Level,
    /// Colours besides the background: 1 is black and white; 2 to
    /// [`MAX_COLOURS`](nonogram_core::model::MAX_COLOURS) make a colour puzzle in
    /// [`colour_palette`]`(colours)` that uses every one of them. Default: 1.
    pub colours: usize,
    /// The share of cells filled in the starting pictures, strictly between 0 and 1 (the
    /// flips that make a picture unique move it a little); `None` for the level's own
    /// ([`Level::density`]). Default: `None`.
    pub density: Option<f64>,
    /// The starting pictures. Default: [`Style::Smooth`].
    pub style: Style,
    /// The seed: the same seed gives the same puzzles. Default: 0.
    pub seed: u64,
    /// The time one puzzle may take, all attempts together; `None` for no limit. Default:
    /// 30 s.
    pub timeout: Option<Duration>,
}

impl Default for GeneratorConfig {
    fn default() -> GeneratorConfig {
        GeneratorConfig {
            width: 20,
            height: 20,
            level: Level::Easy,
            colours: 1,
            density: None,
            style: Style::Smooth,
            seed: 0,
            timeout: Some(Duration::from_secs(30)),
        }
    }
}

impl GeneratorConfig {
    /// Checks the configuration: what [`generate`] refuses before it starts.
    pub fn validate(&self) -> Result<(), GenerateError> {
        let (width, height) = (self.width, self.height);
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(GenerateError::Size { width, height });
        }
        if self.colours == 0 || self.colours > MAX_COLOURS || self.colours > width * height {
            return Err(GenerateError::Colours {
                colours: self.colours,
                cells: width * height,
            });
        }
        if let Some(d) = self.density.filter(|d| !(*d > 0.0 && *d < 1.0)) {
            return Err(GenerateError::Density(d));
        }
        Ok(())
    }

    /// The palette of the puzzles: black and white, or [`colour_palette`]`(colours)`.
    pub fn palette(&self) -> Palette {
        if self.colours < 2 {
            Palette::black_and_white()
        } else {
            colour_palette(self.colours)
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle, titled with its size, rating and seed, its picture as the goal.
    pub puzzle: Puzzle,
    /// Its solution, the only one.
    pub picture: Picture,
    /// The explainer's rating of the puzzle, as `nonogram explain` prints it.
    pub difficulty: Difficulty,
    /// The rating's level: easy, medium or hard.
    pub level: Level,
    /// How many pictures were drawn (the last one led to this puzzle).
    pub pictures: usize,
    /// How many pictures were judged: those drawn, and every flip tried.
    pub judged: usize,
    /// The time taken.
    pub elapsed: Duration,
}

/// Generates puzzle number `index` (from 0) of `config`'s seed.
pub fn generate(config: &GeneratorConfig, index: u64) -> Result<Generated, GenerateError> {
    generate_cancellable(config, index, None)
}

/// Like [`generate`], and also stops as soon as `cancel` (if any) becomes true, with
/// [`GenerateError::Cancelled`]. Solves stop at once; an explanation under way notices at its
/// next step.
pub fn generate_cancellable(
    config: &GeneratorConfig,
    index: u64,
    cancel: Option<&AtomicBool>,
) -> Result<Generated, GenerateError> {
    config.validate()?;
    let start = Instant::now();
    let mut search = Search {
        config,
        palette: config.palette(),
        deadline: config.timeout.and_then(|t| start.checked_add(t)),
        cancel,
        pictures: 0,
        judged: 0,
    };
    let mut rng = stream(config.seed, index);
    let result = search.run(&mut rng);
    let (pictures, judged) = (search.pictures, search.judged);
    match result {
        Ok((picture, difficulty, level)) => {
            let mut puzzle = search.puzzle(&picture);
            let (w, h) = (config.width, config.height);
            let which = match index {
                0 => format!("seed {}", config.seed),
                i => format!("seed {}, puzzle {}", config.seed, i + 1),
            };
            puzzle.metadata.title = Some(format!("{level} {w}x{h} ({which})"));
            puzzle.metadata.goal = Some(picture.clone());
            Ok(Generated {
                puzzle,
                picture,
                difficulty,
                level,
                pictures,
                judged,
                elapsed: start.elapsed(),
            })
        }
        Err(Interrupt::Cancelled) => Err(GenerateError::Cancelled),
        Err(Interrupt::TimeLimit) => Err(GenerateError::TimeLimit {
            level: config.level,
            width: config.width,
            height: config.height,
            colours: config.colours,
            limit: config.timeout.unwrap_or(Duration::MAX),
            pictures,
            judged,
        }),
    }
}

/// A seed from the clock, for a request that gives none (`nonogram generate` without `--seed`):
/// it is in each puzzle's title, so the puzzle can be made again. Reads the browser's clock in
/// WebAssembly, where std's panics.
pub fn clock_seed() -> u64 {
    let now = web_time::SystemTime::now()
        .duration_since(web_time::SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    // Nanoseconds fit in 64 bits until the year 2554; the seconds keep it moving after that.
    (now.as_nanos() as u64) ^ now.as_secs().rotate_left(32)
}

/// The random stream of puzzle `index` of `seed`: both mixed through SplitMix64's output
/// function, so that neighbouring seeds and indexes start far apart in the sequence.
fn stream(seed: u64, index: u64) -> Rng {
    let mix = |x: u64| Rng::new(x).next_u64();
    Rng::new(mix(seed) ^ mix(index ^ 0x5851_F42D_4C95_7F2D))
}

/// Flips tried per move (the move keeps the best): more for hard, where most flips make the
/// puzzle too easy.
fn candidates(level: Level) -> usize {
    if level == Level::Hard {
        8
    } else {
        4
    }
}

/// Moves without a new best before a fresh picture is drawn.
const PATIENCE: usize = 12;

/// The most solutions counted when judging a picture whose clues have several: fewer is
/// closer to unique.
const SOLUTIONS_COUNTED: usize = 16;

/// The most probes and decisions the probing search may take to judge a colour picture (see
/// `Search::colour_solutions`): a few times what a picture worth improving takes. Judging the
/// pictures of 20×20 and 25×25 hard colour requests took 200 to 7,000 probes each (a picture
/// near unique takes least); the ones that took more, a million probes and a second or more
/// each on 30×30, were wide open, and no closer to a puzzle for it. Of seeds 1 to 6 of hard
/// 30×30 requests, within 30 s on a loaded 2-core machine: without a bound 1 in 3 colours and
/// 3 in 2 were answered; at 200,000, 4 and 4; at 50,000, 5 and 6; at 20,000, 3 in 3 colours
/// (too tight: it rejects pictures that would have become puzzles).
const JUDGING_WORK: u64 = 50_000;

/// Why a generation stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Interrupt {
    TimeLimit,
    Cancelled,
}

/// A flip considered: how far from done it leaves the picture, its undecided cells, and the
/// flipped picture.
type Move = ((usize, usize), Vec<(usize, usize)>, Picture);

/// What judging a picture found.
enum Verdict {
    /// Its clues are unique and rated as asked.
    Done,
    /// Not yet: `cells` are undecided (unknown after line solving, or after line solving
    /// with probes, or where solutions differ), and the clues have `solutions` solutions (up
    /// to [`SOLUTIONS_COUNTED`]; 0 when they were not counted). Fewer solutions, then fewer
    /// cells, is closer.
    Undecided {
        solutions: usize,
        cells: Vec<(usize, usize)>,
    },
    /// It cannot become what is asked by flipping undecided cells (it is too easy, or lost a
    /// colour).
    Reject,
}

impl Verdict {
    /// How far from done an undecided picture is (smaller is closer).
    fn distance(solutions: usize, cells: &[(usize, usize)]) -> (usize, usize) {
        (solutions, cells.len())
    }
}

/// Where line solving with probes stops, as far as the explainer goes before its first guess.
enum Closure {
    /// It completes the grid.
    Complete,
    /// It stalls with these cells unknown.
    Stalled(Vec<(usize, usize)>),
}

/// One puzzle's generation: the configuration, the clock and the counters.
struct Search<'a> {
    config: &'a GeneratorConfig,
    palette: Palette,
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    pictures: usize,
    judged: usize,
}

impl Search<'_> {
    /// Draws pictures and improves each until one answers the request: the picture, its
    /// rating and level.
    fn run(&mut self, rng: &mut Rng) -> Result<(Picture, Difficulty, Level), Interrupt> {
        let c = self.config;
        loop {
            self.check()?;
            self.pictures += 1;
            let density = c.density.unwrap_or(c.level.density());
            let (size, texture) = ((c.width, c.height), c.level.texture());
            let colours = (c.colours, picture::Colouring::for_level(c.level));
            let picture = picture::draw(rng, size, density, c.style, colours, texture);
            let Some(picture) = self.descend(rng, picture)? else {
                continue;
            };
            if let Some((difficulty, level)) = self.confirm(&picture)? {
                return Ok((picture, difficulty, level));
            }
        }
    }

    /// Flips undecided cells, keeping the best of a few flips each move, until the picture
    /// answers the request; `None` when it stalls.
    fn descend(
        &mut self,
        rng: &mut Rng,
        mut picture: Picture,
    ) -> Result<Option<Picture>, Interrupt> {
        let (mut best, mut undecided) = match self.judge(&picture)? {
            Verdict::Done => return Ok(Some(picture)),
            Verdict::Reject => return Ok(None),
            Verdict::Undecided { solutions, cells } => {
                (Verdict::distance(solutions, &cells), cells)
            }
        };
        let mut since_best = 0;
        while since_best < PATIENCE {
            // The best flip: its distance, its undecided cells, the picture.
            let mut next: Option<Move> = None;
            for cell in sample(rng, &undecided, candidates(self.config.level)) {
                let flipped = self.flip(rng, &picture, cell);
                match self.judge(&flipped)? {
                    Verdict::Done => return Ok(Some(flipped)),
                    Verdict::Reject => {}
                    Verdict::Undecided { solutions, cells } => {
                        let distance = Verdict::distance(solutions, &cells);
                        if next.as_ref().is_none_or(|(d, _, _)| distance < *d) {
                            next = Some((distance, cells, flipped));
                        }
                    }
                }
            }
            let Some((distance, cells, flipped)) = next else {
                return Ok(None);
            };
            if distance < best {
                best = distance;
                since_best = 0;
            } else {
                since_best += 1;
            }
            (undecided, picture) = (cells, flipped);
        }
        Ok(None)
    }

    /// Judges a picture against the request.
    fn judge(&mut self, picture: &Picture) -> Result<Verdict, Interrupt> {
        self.check()?;
        self.judged += 1;
        if self.config.colours >= 2 && !uses_every_colour(picture, self.config.colours) {
            return Ok(Verdict::Reject);
        }
        let puzzle = self.puzzle(picture);
        let line = self.line_unknown(&puzzle)?;
        let uncounted = |cells| Verdict::Undecided {
            solutions: 0,
            cells,
        };
        // Too easy: nothing is undecided, so the flips go to the edges of the shapes, to
        // bring ambiguity in; any picture that is not too easy is closer than this one.
        let too_easy = || Verdict::Undecided {
            solutions: SOLUTIONS_COUNTED + 1,
            cells: edges(picture),
        };
        let verdict = match self.config.level {
            _ if line.is_empty() && self.config.level.accepts(Level::Easy) => Verdict::Done,
            Level::Easy => uncounted(line),
            _ if line.is_empty() => too_easy(),
            Level::Medium => match self.closure(&puzzle)? {
                Closure::Complete => Verdict::Done,
                Closure::Stalled(unknown) => uncounted(unknown),
            },
            Level::Hard => match self.solutions(&puzzle, picture)? {
                Some(undecided) => undecided,
                None => match self.closure(&puzzle)? {
                    Closure::Complete => too_easy(),
                    Closure::Stalled(_) => Verdict::Done,
                },
            },
            Level::Any => self.solutions(&puzzle, picture)?.unwrap_or(Verdict::Done),
        };
        Ok(verdict)
    }

    /// The proof and the rating of a picture the search accepted: the solver must find it
    /// the only solution, and the whole explanation must rate it as asked. `None` if either
    /// disagrees (which would be a bug in the search's shortcuts; the tests hold them to it).
    fn confirm(&mut self, picture: &Picture) -> Result<Option<(Difficulty, Level)>, Interrupt> {
        let puzzle = self.puzzle(picture);
        let outcome = self.solve(&puzzle, Engine::Auto, 2)?;
        if outcome.status != Status::Unique || outcome.solutions.first() != Some(picture) {
            return Ok(None);
        }
        let difficulty = self.rate(&puzzle)?;
        Ok(Level::of(difficulty)
            .filter(|&level| self.config.level.accepts(level))
            .map(|level| (difficulty, level)))
    }

    /// The puzzle of a picture, in the request's palette.
    fn puzzle(&self, picture: &Picture) -> Puzzle {
        if self.config.colours < 2 {
            Puzzle::from_picture(picture)
        } else {
            Puzzle::from_coloured_picture(self.palette.clone(), picture)
                .expect("the pictures use the palette's colours")
        }
    }

    /// Stops at the deadline or when cancelled.
    fn check(&self) -> Result<(), Interrupt> {
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            Err(Interrupt::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Err(Interrupt::TimeLimit)
        } else {
            Ok(())
        }
    }

    /// The interrupt behind a run that stopped early.
    fn interrupted(&self) -> Interrupt {
        match self.check() {
            Err(why) => why,
            // A limit hit between its last poll and ours: it can only be the clock.
            Ok(()) => Interrupt::TimeLimit,
        }
    }

    /// The cells line solving leaves unknown.
    fn line_unknown(&self, puzzle: &Puzzle) -> Result<Vec<(usize, usize)>, Interrupt> {
        let deduction = deduce_within(puzzle, self.deadline);
        if deduction.stopped {
            return Err(self.interrupted());
        }
        Ok(unknown_cells(&deduction.grid))
    }

    /// Where line solving with probes stops: the explainer's steps up to its first guess.
    fn closure(&self, puzzle: &Puzzle) -> Result<Closure, Interrupt> {
        let stalled = |grid: &dyn Cells, row, col| {
            let mut unknown = unknown_cells(grid);
            // The guess decided this cell; before it, it was unknown.
            unknown.push((row, col));
            Closure::Stalled(unknown)
        };
        if puzzle.is_black_and_white() {
            let mut explainer = Explainer::new(puzzle).with_deadline(self.deadline);
            while let Some(step) = explainer.next() {
                self.check()?;
                if let Step::Guess(g) = step {
                    return Ok(stalled(explainer.grid(), g.row, g.col));
                }
            }
            if explainer.stopped() {
                return Err(self.interrupted());
            }
        } else {
            let mut explainer = ColourExplainer::new(puzzle).with_deadline(self.deadline);
            while let Some(step) = explainer.next() {
                self.check()?;
                if let ColourStep::Guess(g) = step {
                    return Ok(stalled(explainer.grid(), g.row, g.col));
                }
            }
            if explainer.stopped() {
                return Err(self.interrupted());
            }
        }
        Ok(Closure::Complete)
    }

    /// The whole explanation's rating.
    fn rate(&self, puzzle: &Puzzle) -> Result<Difficulty, Interrupt> {
        let (stopped, difficulty) = if puzzle.is_black_and_white() {
            let mut explainer = Explainer::new(puzzle).with_deadline(self.deadline);
            while explainer.next().is_some() {
                self.check()?;
            }
            (explainer.stopped(), explainer.difficulty())
        } else {
            let mut explainer = ColourExplainer::new(puzzle).with_deadline(self.deadline);
            while explainer.next().is_some() {
                self.check()?;
            }
            (explainer.stopped(), explainer.difficulty())
        };
        if stopped {
            return Err(self.interrupted());
        }
        Ok(difficulty)
    }

    /// How many solutions the clues have (up to [`SOLUTIONS_COUNTED`]) and where they differ
    /// from the picture, or `None` if the picture is the only one; [`Verdict::Reject`] for a
    /// colour picture whose clues are too open to enumerate within [`JUDGING_WORK`].
    fn solutions(&self, puzzle: &Puzzle, picture: &Picture) -> Result<Option<Verdict>, Interrupt> {
        let found = if puzzle.is_black_and_white() {
            // The learner alone on one thread: which solutions it finds (hence where the
            // flips go) is the same from run to run.
            let outcome = self.solve(puzzle, Engine::Learn, SOLUTIONS_COUNTED)?;
            if outcome.status != Status::Multiple {
                return Ok(None);
            }
            outcome.solutions
        } else {
            match self.colour_solutions(puzzle)? {
                Some(found) if found.len() < 2 => return Ok(None),
                Some(found) => found,
                None => return Ok(Some(Verdict::Reject)),
            }
        };
        let mut differ = vec![false; picture.width() * picture.height()];
        for solution in &found {
            for (r, c) in solution.differences(picture) {
                differ[r * picture.width() + c] = true;
            }
        }
        let cells = (0..differ.len())
            .filter(|&i| differ[i])
            .map(|i| (i / picture.width(), i % picture.width()))
            .collect();
        Ok(Some(Verdict::Undecided {
            solutions: found.len(),
            cells,
        }))
    }

    /// Up to [`SOLUTIONS_COUNTED`] solutions of a colour puzzle, all of them if there are
    /// fewer, by the probing search alone on one thread (so the same ones every run); `None`
    /// when that takes more than [`JUDGING_WORK`] probes and decisions.
    ///
    /// Not the learner, as for black and white: the colour learner has no guidance, and
    /// enumerating 16 solutions of an ambiguous 25×25 colour picture took it up to 1.8 s (a
    /// median of 0.1 s), where the probing search, which records every solution a probe
    /// completes, took at most 0.2 s. But the search has its own outliers on open pictures
    /// (8 and 12 s for one picture each of 30×30 in 3 colours), so it runs on a budget of
    /// work: a picture whose clues take more is far from unique, and is rejected. The budget
    /// counts work, not time, so that a picture is judged alike on every machine.
    fn colour_solutions(&self, puzzle: &Puzzle) -> Result<Option<Vec<Picture>>, Interrupt> {
        match search_within_work(
            puzzle,
            SOLUTIONS_COUNTED,
            JUDGING_WORK,
            self.deadline,
            self.cancel,
        ) {
            Budgeted::Stopped => Err(self.interrupted()),
            // No solution: the clues of a picture have it as one, so this would be a bug
            // elsewhere; the picture is rejected.
            Budgeted::Solutions(found) if found.is_empty() => Ok(None),
            Budgeted::Solutions(found) => Ok(Some(found)),
            Budgeted::OverBudget => Ok(None),
        }
    }

    /// Solves for up to `solutions` solutions on one thread, within the deadline.
    fn solve(
        &self,
        puzzle: &Puzzle,
        engine: Engine,
        solutions: usize,
    ) -> Result<nonogram_core::Outcome, Interrupt> {
        let config = Config {
            max_solutions: solutions,
            threads: 1,
            engine,
            timeout: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            ..Config::default()
        };
        let never = AtomicBool::new(false);
        let outcome =
            Solver::new(config).solve_cancellable(puzzle, &[], self.cancel.unwrap_or(&never));
        match outcome.stop {
            Stop::TimeLimit | Stop::Cancelled | Stop::MemoryLimit => Err(self.interrupted()),
            Stop::Finished | Stop::SolutionLimit => Ok(outcome),
        }
    }

    /// The picture with `cell` changed (and its mirror image, for a symmetric picture): a
    /// filled cell to the background; an empty one to black, or in colour to the colour of a
    /// neighbour (the first coloured one of the four, in a random order), else a random one.
    fn flip(&self, rng: &mut Rng, picture: &Picture, (row, col): (usize, usize)) -> Picture {
        let (w, h) = (picture.width(), picture.height());
        let current = picture.colour(row, col);
        let colour = if !current.is_background() {
            ColourId::BACKGROUND
        } else if self.config.colours < 2 {
            ColourId::BLACK
        } else {
            let mut around = Vec::with_capacity(4);
            if row > 0 {
                around.push(picture.colour(row - 1, col));
            }
            if row + 1 < h {
                around.push(picture.colour(row + 1, col));
            }
            if col > 0 {
                around.push(picture.colour(row, col - 1));
            }
            if col + 1 < w {
                around.push(picture.colour(row, col + 1));
            }
            let start = rng.range(0, 3);
            (0..around.len())
                .map(|i| around[(start + i) % around.len()])
                .find(|c| !c.is_background())
                .unwrap_or_else(|| {
                    ColourId::new(rng.range(1, self.config.colours)).unwrap_or(ColourId::BLACK)
                })
        };
        let mut flipped = picture.clone();
        flipped.set_colour(row, col, colour);
        if self.config.style == Style::Symmetric {
            flipped.set_colour(row, w - 1 - col, colour);
        }
        flipped
    }
}

/// The cells of a grid that may still take more than one colour, row by row.
fn unknown_cells(grid: &dyn Cells) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            if grid.options(r, c).len() > 1 {
                out.push((r, c));
            }
        }
    }
    out
}

/// The cells with a neighbour (of the four) of another colour, row by row: where a flip
/// changes a shape's outline rather than adding a speck.
fn edges(picture: &Picture) -> Vec<(usize, usize)> {
    let (w, h) = (picture.width(), picture.height());
    let mut out = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let here = picture.colour(r, c);
            let differs = (r > 0 && picture.colour(r - 1, c) != here)
                || (r + 1 < h && picture.colour(r + 1, c) != here)
                || (c > 0 && picture.colour(r, c - 1) != here)
                || (c + 1 < w && picture.colour(r, c + 1) != here);
            if differs {
                out.push((r, c));
            }
        }
    }
    out
}

/// Whether every colour `1..=colours` appears in the picture.
fn uses_every_colour(picture: &Picture, colours: usize) -> bool {
    let mut seen = vec![false; colours + 1];
    for c in picture.cells() {
        if let Some(s) = seen.get_mut(c.index()) {
            *s = true;
        }
    }
    seen[1..].iter().all(|&s| s)
}

/// Up to `k` distinct items of `items`, drawn without replacement (a partial Fisher-Yates
/// shuffle of a copy).
fn sample<T: Copy>(rng: &mut Rng, items: &[T], k: usize) -> Vec<T> {
    let mut pool = items.to_vec();
    let k = k.min(pool.len());
    for i in 0..k {
        let j = rng.range(i, pool.len() - 1);
        pool.swap(i, j);
    }
    pool.truncate(k);
    pool
}

#[cfg(test)]
mod tests;
