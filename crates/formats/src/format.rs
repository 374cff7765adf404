//! The one table of formats: each format's name, aliases, file extensions, description and
//! abilities. [`Format::ALL`], [`Format::from_name`], [`Format::extension`],
//! [`Format::is_writable`], the detection by extension and the list in `docs/formats.md` all
//! come from [`TABLE`], so adding a format is adding a row (and its reader).

use std::fmt;

/// A puzzle file format. [`Format::info`] tells everything about one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// Steve Simpson's `.non`, with the nonogram-db extensions (colours, `====` bundles).
    Non,
    /// Jakub Wilk's `.nin`: `W H`, then row lines and column lines.
    Nin,
    /// Olšák's `.g`: sections opened by `:` lines, optional colour declarations.
    G,
    /// Olšák's `.mk`: `H W`, row lines, `#`, column lines.
    Mk,
    /// The `.cwd` of QNonograms and Sukhoy's solver: `H`, `W` on their own lines, rows, a blank
    /// line, columns.
    Cwd,
    /// webpbn's XML (`<puzzleset>`), as read by pbnsolve.
    Xml,
    /// The TAAI/TCGA/ICGA tournament text: `$N` headers, columns first, many puzzles a file.
    Tournament,
    /// The R `nonogram` package's puzzle string: `rows-columns`, `:` between lines.
    String,
    /// The Gecode example's spec array: `width, height`, then counted clues.
    Gecode,
    /// A JSON object with `rows` and `columns` arrays, and a `palette` for colour puzzles.
    Json,
    /// A picture of `#` and `.`: the clues are derived from it.
    Picture,
    /// nonogrid's TOML: `[clues]` with `rows` and `columns` strings, `[colors]` with `defs`.
    Toml,
    /// pynogram's INI: `[clues]` with `rows` and `columns` on continued lines, `[colors]`.
    Ini,
    /// gnonograms' `.gno`: `[Dimensions]`, `[Row clues]`, `[Column clues]`, `[Solution grid]`.
    Gno,
    /// Simon Tatham's Pattern game ids: `WxH:` then the column and row clues.
    Tatham,
}

/// What [`Format::info`] tells about a format: one row of [`TABLE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatInfo {
    /// The format.
    pub format: Format,
    /// The short name used on the command line.
    pub name: &'static str,
    /// Other names [`Format::from_name`] accepts.
    pub aliases: &'static [&'static str],
    /// File name extensions (without the dot, lowercase) that suggest the format, the usual one
    /// first.
    pub extensions: &'static [&'static str],
    /// One line for people: what the format is.
    pub description: &'static str,
    /// Whether [`crate::write()`] writes the format.
    pub writable: bool,
    /// Whether the format can describe colour puzzles (more than one colour of block); a writable
    /// one writes them too.
    pub colour: bool,
    /// Whether one file may hold several puzzles ([`crate::write_all`] writes them).
    pub many: bool,
    /// Whether the format has a documented way to state given cells
    /// ([`nonogram_model::Puzzle::givens`]); a writable one writes them, the others refuse a
    /// puzzle that has some.
    pub givens: bool,
}

/// Every format, in the order of the enum.
pub const TABLE: &[FormatInfo] = &[
    FormatInfo {
        format: Format::Non,
        name: "non",
        aliases: &["nonpack", "simpson", "nonogram-db"],
        extensions: &["non", "nonpack"],
        description: "Steve Simpson's `.non`, with the nonogram-db extensions: colours (`color a #ff0000`, clues `3a,1b`) and `====` between the puzzles of a bundle",
        writable: true,
        colour: true,
        many: true,
        givens: false,
    },
    FormatInfo {
        format: Format::Nin,
        name: "nin",
        aliases: &["wilk"],
        extensions: &["nin"],
        description: "Jakub Wilk's `.nin`: `W H`, then row and column lines",
        writable: true,
        colour: false,
        many: false,
        givens: false,
    },
    FormatInfo {
        format: Format::G,
        name: "g",
        aliases: &["olsak"],
        extensions: &["g"],
        description: "Olšák's `.g`, with its colour declarations (`#d`) and glued triangles; written for black-and-white and triangle puzzles",
        writable: true,
        colour: true,
        many: false,
        givens: false,
    },
    FormatInfo {
        format: Format::Mk,
        name: "mk",
        aliases: &[],
        extensions: &["mk"],
        description: "Olšák's `.mk`: `H W`, row lines, `#`, column lines",
        writable: false,
        colour: false,
        many: false,
        givens: false,
    },
    FormatInfo {
        format: Format::Cwd,
        name: "cwd",
        aliases: &[],
        extensions: &["cwd"],
        description: "`.cwd` of QNonograms and Sukhoy's solver",
        writable: false,
        colour: false,
        many: false,
        givens: false,
    },
    FormatInfo {
        format: Format::Xml,
        name: "xml",
        aliases: &["webpbn", "pbn"],
        extensions: &["xml", "pbn"],
        description: "webpbn's XML puzzle sets, with their `<color>` palettes",
        writable: true,
        colour: true,
        many: true,
        givens: false,
    },
    FormatInfo {
        format: Format::Tournament,
        name: "tournament",
        aliases: &["taai", "tcga", "icga"],
        extensions: &["txt"],
        description: "TAAI/TCGA/ICGA tournament text, many puzzles a file, columns first",
        writable: false,
        colour: false,
        many: true,
        givens: false,
    },
    FormatInfo {
        format: Format::String,
        name: "string",
        aliases: &["r", "rstring"],
        extensions: &["txt"],
        description: "the R `nonogram` package's puzzle strings, one a line",
        writable: true,
        colour: false,
        many: true,
        givens: false,
    },
    FormatInfo {
        format: Format::Gecode,
        name: "gecode",
        aliases: &["spec"],
        extensions: &["txt"],
        description: "the Gecode example's spec array",
        writable: true,
        colour: false,
        many: false,
        givens: false,
    },
    FormatInfo {
        format: Format::Json,
        name: "json",
        aliases: &[],
        extensions: &["json"],
        description: "an object with `rows` and `columns` arrays (and a `palette` for colour puzzles, `givens` for given cells), or an array of them",
        writable: true,
        colour: true,
        many: true,
        givens: true,
    },
    FormatInfo {
        format: Format::Picture,
        name: "picture",
        aliases: &["pic", "image"],
        extensions: &["txt"],
        description: "a picture of `#` and `.` (and `◢◤◥◣` for a triangle puzzle); the clues are derived from it (writing needs a goal picture)",
        writable: true,
        colour: false,
        many: false,
        givens: false,
    },
    FormatInfo {
        format: Format::Toml,
        name: "toml",
        aliases: &["nonogrid"],
        extensions: &["toml"],
        description: "nonogrid's TOML: `[clues]` `rows` and `columns`, `[colors]` `defs`",
        writable: false,
        colour: true,
        many: false,
        givens: false,
    },
    FormatInfo {
        format: Format::Ini,
        name: "ini",
        aliases: &["pynogram"],
        extensions: &["ini"],
        description: "pynogram's INI: `[clues]` `rows` and `columns`, `[colors]`",
        writable: false,
        colour: true,
        many: false,
        givens: false,
    },
    FormatInfo {
        format: Format::Gno,
        name: "gno",
        aliases: &["gnonograms"],
        extensions: &["gno"],
        description: "gnonograms' `.gno`: `[Dimensions]`, `[Row clues]`, `[Column clues]`, `[Solution grid]`",
        writable: false,
        colour: false,
        many: false,
        givens: false,
    },
    FormatInfo {
        format: Format::Tatham,
        name: "tatham",
        aliases: &["pattern", "sgt"],
        extensions: &[],
        description: "Simon Tatham's Pattern game ids (`10x10:2/3.1/…`, given cells after a `,`), one a line",
        writable: true,
        colour: false,
        many: true,
        givens: true,
    },
];

/// [`Format::ALL`], built from [`TABLE`] at compile time.
const ALL: [Format; TABLE.len()] = {
    let mut all = [Format::Non; TABLE.len()];
    let mut i = 0;
    while i < TABLE.len() {
        all[i] = TABLE[i].format;
        i += 1;
    }
    all
};

impl Format {
    /// Every format, in the order of the enum (and of [`TABLE`]).
    pub const ALL: &'static [Format] = &ALL;

    /// Everything [`TABLE`] says about this format.
    pub fn info(self) -> &'static FormatInfo {
        // The table lists the formats in the order of the enum (a test checks it).
        &TABLE[self as usize]
    }

    /// The short name used on the command line.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The other names [`Format::from_name`] accepts.
    pub fn aliases(self) -> &'static [&'static str] {
        self.info().aliases
    }

    /// The file name extensions that suggest this format, the usual one first (none for
    /// Tatham's game ids, which live in any text file).
    pub fn extensions(self) -> &'static [&'static str] {
        self.info().extensions
    }

    /// One line for people: what the format is.
    pub fn description(self) -> &'static str {
        self.info().description
    }

    /// The format with this name or alias, ignoring case and surrounding blanks.
    pub fn from_name(name: &str) -> Option<Format> {
        let name = name.trim().to_ascii_lowercase();
        TABLE
            .iter()
            .find(|i| i.name == name || i.aliases.contains(&name.as_str()))
            .map(|i| i.format)
    }

    /// Whether [`crate::write()`] supports this format. The picture format also needs a goal
    /// picture in the puzzle's metadata.
    pub fn is_writable(self) -> bool {
        self.info().writable
    }

    /// Whether the format can describe colour puzzles; the writable ones among them write
    /// colour puzzles too, the others refuse them.
    pub fn can_hold_colour(self) -> bool {
        self.info().colour
    }

    /// Whether [`crate::write()`] writes colour puzzles in this format: the writable formats
    /// that hold colours, but `.g`, which is written for black-and-white and triangle puzzles
    /// only.
    pub fn writes_colour(self) -> bool {
        self.is_writable() && self.can_hold_colour() && self != Format::G
    }

    /// Whether the format holds triangle puzzles (`nonogram_model::triangle`): `.g`, whose
    /// glued triangles they are, JSON, and text pictures drawing `◢◤◥◣`.
    pub fn can_hold_triangles(self) -> bool {
        matches!(self, Format::G | Format::Json | Format::Picture)
    }

    /// Whether one file of this format may hold several puzzles.
    pub fn can_hold_many(self) -> bool {
        self.info().many
    }

    /// Whether the format can state given cells; the writable ones among them write them,
    /// and the others refuse a puzzle that has some ([`crate::WriteErrorKind::Givens`]).
    pub fn can_hold_givens(self) -> bool {
        self.info().givens
    }

    /// Whether a puzzle written in this format carries its solution (the goal picture of its
    /// metadata, when it has one): `.non` (`goal`), XML (`<solution>`), JSON (`goal`), and
    /// the picture format, whose text is nothing but the solution. The others write clues
    /// only.
    pub fn writes_solution(self) -> bool {
        matches!(
            self,
            Format::Non | Format::Xml | Format::Json | Format::Picture
        )
    }

    /// The usual file name extension, without the dot (`txt` for the formats that have none of
    /// their own: [`detect`](fn@crate::detect) tells them apart by their content).
    pub fn extension(self) -> &'static str {
        self.extensions().first().copied().unwrap_or("txt")
    }

    /// The format a file name's extension suggests, when only one format claims it.
    pub(crate) fn from_extension(ext: &str) -> Option<Format> {
        let ext = ext.to_ascii_lowercase();
        let mut claims = TABLE
            .iter()
            .filter(|i| i.extensions.contains(&ext.as_str()));
        let first = claims.next()?;
        claims.next().is_none().then_some(first.format)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that names no format, or (for writing) one that cannot be written. Its message
/// lists the names that would do, so that the command line, the API and Python say the same.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatNameError {
    /// No format has this name or alias.
    #[error("unknown format '{name}' ({} formats: {})", if *.writing { "writable" } else { "known" }, if *.writing { names(Format::is_writable) } else { names(|_| true) })]
    Unknown {
        /// The name given.
        name: String,
        /// Whether a format to write was asked for.
        writing: bool,
    },
    /// The format is read but never written.
    #[error(
        "format '{name}' can be read but not written (writable formats: {})",
        names(Format::is_writable)
    )]
    ReadOnly {
        /// The name given.
        name: String,
    },
}

impl Format {
    /// The format named `name` (or one of its aliases), to read.
    pub fn named(name: &str) -> Result<Format, FormatNameError> {
        Format::from_name(name).ok_or_else(|| FormatNameError::Unknown {
            name: name.to_string(),
            writing: false,
        })
    }

    /// The format named `name`, to write: refused when it is unknown or read-only.
    pub fn named_writable(name: &str) -> Result<Format, FormatNameError> {
        match Format::from_name(name) {
            Some(format) if format.is_writable() => Ok(format),
            Some(_) => Err(FormatNameError::ReadOnly {
                name: name.to_string(),
            }),
            None => Err(FormatNameError::Unknown {
                name: name.to_string(),
                writing: true,
            }),
        }
    }
}

/// The names of the formats that pass `keep`, comma-separated, in [`TABLE`]'s order.
pub fn names(keep: impl Fn(Format) -> bool) -> String {
    let names: Vec<&str> = Format::ALL
        .iter()
        .copied()
        .filter(|&f| keep(f))
        .map(Format::name)
        .collect();
    names.join(", ")
}

/// The writable formats that store given cells, by name: `json or tatham`.
pub(crate) fn givens_formats() -> String {
    let names: Vec<&str> = TABLE
        .iter()
        .filter(|i| i.writable && i.givens)
        .map(|i| i.name)
        .collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => "no format".to_string(),
    }
}

/// The formats as a Markdown table: the list in `docs/formats.md` is this, verbatim (a test
/// checks).
pub fn markdown_table() -> String {
    let mut out = String::from(
        "| name (aliases) | what | extensions | read | write | colour | givens | many a file |\n\
         |---|---|---|:-:|:-:|:-:|:-:|:-:|\n",
    );
    let yes = |b: bool| if b { "yes" } else { "" };
    for i in TABLE {
        let mut name = format!("`{}`", i.name);
        if !i.aliases.is_empty() {
            let aliases: Vec<String> = i.aliases.iter().map(|a| format!("`{a}`")).collect();
            name = format!("{name} ({})", aliases.join(", "));
        }
        let exts: Vec<String> = i.extensions.iter().map(|e| format!("`.{e}`")).collect();
        out.push_str(&format!(
            "| {name} | {} | {} | yes | {} | {} | {} | {} |\n",
            i.description,
            exts.join(" "),
            yes(i.writable),
            yes(i.colour),
            yes(i.givens),
            yes(i.many)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name is looked up as `from_name` does; what is refused says why and lists the names
    /// that would do (every format to read, only the writable ones to write).
    #[test]
    fn a_wrong_format_name_lists_the_names_that_would_do() {
        assert_eq!(Format::named(" WebPBN "), Ok(Format::Xml));
        assert_eq!(Format::named_writable("non"), Ok(Format::Non));
        let unknown = Format::named("bmp").unwrap_err().to_string();
        assert!(unknown.starts_with("unknown format 'bmp' (known formats: non, nin, g, "));
        assert!(unknown.contains(", g, "), "{unknown}");
        let mk = Format::named("mk").expect("mk is read");
        assert!(!mk.is_writable());
        let read_only = Format::named_writable("mk").unwrap_err().to_string();
        assert!(read_only.starts_with("format 'mk' can be read but not written (writable"));
        assert!(!read_only.contains(", mk,"), "{read_only}");
        let to_write = Format::named_writable("bmp").unwrap_err().to_string();
        assert!(to_write.starts_with("unknown format 'bmp' (writable formats: non, "));
    }

    #[test]
    fn the_table_follows_the_enum() {
        for (i, info) in TABLE.iter().enumerate() {
            assert_eq!(info.format as usize, i, "{}", info.name);
            assert_eq!(info.format.info(), info);
        }
        let mut names: Vec<&str> = TABLE
            .iter()
            .flat_map(|i| std::iter::once(i.name).chain(i.aliases.iter().copied()))
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name or alias is used twice");
        for name in names {
            assert_eq!(name, name.to_ascii_lowercase());
        }
    }

    #[test]
    fn extensions_claimed_by_one_format() {
        assert_eq!(Format::from_extension("NON"), Some(Format::Non));
        assert_eq!(Format::from_extension("gno"), Some(Format::Gno));
        assert_eq!(Format::from_extension("toml"), Some(Format::Toml));
        // Many formats are plain text files: the extension says nothing.
        assert_eq!(Format::from_extension("txt"), None);
        assert_eq!(Format::from_extension("bmp"), None);
        assert_eq!(Format::Tatham.extension(), "txt");
    }
}
