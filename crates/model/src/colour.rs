//! Colours: the [`Palette`] of a puzzle, [`ColourId`] to name one of its entries, and
//! [`ColourSet`] for the colours a cell may still take.
//!
//! Entry 0 of every palette is the background (white on paper, `.` in text). A black-and-white
//! puzzle's palette is [`Palette::black_and_white`]: the background and black (`#`). A colour
//! puzzle adds up to [`MAX_COLOURS`] colours; that bound keeps a cell's set of possible colours
//! in one machine word ([`ColourSet`], a `u64`), which is what lets the colour line solver work
//! one word per cell.

use std::fmt;

/// The most colours a palette holds besides the background. webpbn's own editor allows far
/// fewer; 32 leaves room for any puzzle we have met and keeps [`ColourSet`] in one word.
pub const MAX_COLOURS: usize = 32;

/// The four half cells of a triangle puzzle (`crate::triangle`), in palette order, with their
/// characters.
pub const TRIANGLES: [(ColourId, char); 4] = [
    (ColourId(2), '◢'),
    (ColourId(3), '◤'),
    (ColourId(4), '◥'),
    (ColourId(5), '◣'),
];

/// An RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rgb {
    /// Red, 0-255.
    pub r: u8,
    /// Green, 0-255.
    pub g: u8,
    /// Blue, 0-255.
    pub b: u8,
}

impl Rgb {
    /// White, the usual background.
    pub const WHITE: Rgb = Rgb::new(0xff, 0xff, 0xff);
    /// Black, the one colour of a black-and-white puzzle.
    pub const BLACK: Rgb = Rgb::new(0, 0, 0);

    /// A colour from its three components.
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }

    /// Reads `rrggbb` or `rgb` (the short form of webpbn and CSS), with or without a leading
    /// `#`, in either case.
    pub fn parse_hex(text: &str) -> Option<Rgb> {
        let hex = text.trim();
        let hex = hex.strip_prefix('#').unwrap_or(hex);
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let digit = |i: usize| u8::from_str_radix(&hex[i..i + 1], 16).ok();
        match hex.len() {
            3 => Some(Rgb::new(digit(0)? * 17, digit(1)? * 17, digit(2)? * 17)),
            6 => Some(Rgb::new(
                u8::from_str_radix(&hex[0..2], 16).ok()?,
                u8::from_str_radix(&hex[2..4], 16).ok()?,
                u8::from_str_radix(&hex[4..6], 16).ok()?,
            )),
            _ => None,
        }
    }

    /// Perceived brightness, 0 (black) to 255 (white), by the Rec. 601 weights: what decides
    /// whether text drawn over this colour should be dark or light.
    pub fn luma(self) -> u8 {
        let y = 0.299 * f64::from(self.r) + 0.587 * f64::from(self.g) + 0.114 * f64::from(self.b);
        y.round().clamp(0.0, 255.0) as u8
    }
}

impl fmt::Display for Rgb {
    /// `#rrggbb`, lowercase.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// One entry of a palette.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Colour {
    /// The name files use for it (`black`, `red`, `c`): unique within the palette.
    pub name: String,
    /// How to draw it.
    pub rgb: Rgb,
    /// The character that shows it in text pictures and in JSON solution rows: unique within
    /// the palette, printable, not a space, and never `?` (which means "unknown").
    pub symbol: char,
}

impl Colour {
    /// A colour from its parts.
    pub fn new(name: impl Into<String>, rgb: Rgb, symbol: char) -> Colour {
        Colour {
            name: name.into(),
            rgb,
            symbol,
        }
    }
}

/// An entry of a palette, by position: 0 is the background.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct ColourId(u8);

impl ColourId {
    /// The background: an empty cell.
    pub const BACKGROUND: ColourId = ColourId(0);
    /// The first colour: black in a black-and-white puzzle.
    pub const BLACK: ColourId = ColourId(1);

    /// The entry at `index`, if a palette can have that many entries.
    pub const fn new(index: usize) -> Option<ColourId> {
        if index <= MAX_COLOURS {
            Some(ColourId(index as u8))
        } else {
            None
        }
    }

    /// The position in the palette.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is the background.
    pub const fn is_background(self) -> bool {
        self.0 == 0
    }
}

/// A set of palette entries: the colours a cell may still take. Bit `i` is entry `i`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct ColourSet(u64);

impl ColourSet {
    /// No colour at all: a contradiction.
    pub const EMPTY: ColourSet = ColourSet(0);

    /// The set of the given bits.
    pub const fn from_bits(bits: u64) -> ColourSet {
        ColourSet(bits)
    }

    /// The bits of the set.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding `colour` alone.
    pub const fn single(colour: ColourId) -> ColourSet {
        ColourSet(1 << colour.0)
    }

    /// Every entry of a palette of `len` entries.
    pub const fn all(len: usize) -> ColourSet {
        if len >= 64 {
            ColourSet(u64::MAX)
        } else {
            ColourSet((1 << len) - 1)
        }
    }

    /// Whether `colour` is in the set.
    pub const fn contains(self, colour: ColourId) -> bool {
        self.0 >> colour.0 & 1 != 0
    }

    /// The set with `colour` added.
    #[must_use]
    pub const fn with(self, colour: ColourId) -> ColourSet {
        ColourSet(self.0 | 1 << colour.0)
    }

    /// The set with `colour` taken out.
    #[must_use]
    pub const fn without(self, colour: ColourId) -> ColourSet {
        ColourSet(self.0 & !(1 << colour.0))
    }

    /// The colours in both sets.
    #[must_use]
    pub const fn and(self, other: ColourSet) -> ColourSet {
        ColourSet(self.0 & other.0)
    }

    /// The colours in either set.
    #[must_use]
    pub const fn or(self, other: ColourSet) -> ColourSet {
        ColourSet(self.0 | other.0)
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many colours the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether every colour here is also in `other`.
    pub const fn is_subset(self, other: ColourSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The one colour of a set of one.
    pub const fn only(self) -> Option<ColourId> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(ColourId(self.0.trailing_zeros() as u8))
        } else {
            None
        }
    }

    /// The colours, lowest entry first.
    pub fn iter(self) -> impl Iterator<Item = ColourId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Some(ColourId(i as u8))
        })
    }
}

impl fmt::Debug for ColourSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(ColourId::index))
            .finish()
    }
}

/// Why a list of colours is not a palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PaletteError {
    /// More than [`MAX_COLOURS`] colours besides the background.
    TooMany(usize),
    /// Two entries with one name.
    DuplicateName(String),
    /// Two entries with one character.
    DuplicateSymbol(char),
    /// A character that cannot stand for a cell in text (a space, a control character, `?`).
    BadSymbol(char),
    /// A name with a control character (printed to a terminal it would be a command, and XML
    /// cannot hold most of them) or a noncharacter U+FFFE or U+FFFF (XML cannot hold those).
    BadName(String),
}

/// Whether `name` may name a colour: no control character, and not U+FFFE or U+FFFF (see
/// [`PaletteError::BadName`]).
pub fn usable_name(name: &str) -> bool {
    !name
        .chars()
        .any(|c| c.is_control() || matches!(c, '\u{fffe}' | '\u{ffff}'))
}

impl fmt::Display for PaletteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PaletteError::TooMany(n) => write!(
                f,
                "{n} colours besides the background; at most {MAX_COLOURS} are supported"
            ),
            PaletteError::DuplicateName(name) => write!(f, "two colours are named '{name}'"),
            PaletteError::DuplicateSymbol(c) => {
                write!(f, "two colours are drawn with the character '{c}'")
            }
            PaletteError::BadSymbol(c) => write!(
                f,
                "{c:?} cannot stand for a colour in text (it must be printable, not a space and \
                 not '?')"
            ),
            PaletteError::BadName(name) => write!(
                f,
                "the colour name {name:?} holds a control character or a noncharacter"
            ),
        }
    }
}

impl std::error::Error for PaletteError {}

/// The colours of a puzzle: entry 0 is the background, then up to [`MAX_COLOURS`] colours.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Palette {
    entries: Vec<Colour>,
    /// Whether this is [`Palette::triangles`]: entries 2 to 5 are the half cells of a
    /// triangle puzzle, whose clues may cap their runs with them.
    triangles: bool,
}

impl Default for Palette {
    fn default() -> Palette {
        Palette::black_and_white()
    }
}

impl Palette {
    /// White background (`.`) and black (`#`): the palette of every black-and-white puzzle.
    pub fn black_and_white() -> Palette {
        Palette {
            entries: vec![
                Colour::new("white", Rgb::WHITE, '.'),
                Colour::new("black", Rgb::BLACK, '#'),
            ],
            triangles: false,
        }
    }

    /// The palette of a triangle puzzle ([`crate::triangle`]): the background (`.`), black
    /// (`#`), and the four half-black cells, named by their black corner: `lower-right` (`◢`),
    /// `upper-left` (`◤`), `upper-right` (`◥`) and `lower-left` (`◣`), in that order. Their
    /// RGB is grey, the mean of their halves, for drawings that cannot cut a cell.
    pub fn triangles() -> Palette {
        let half = |name: &str, symbol: char| Colour::new(name, Rgb::new(0x80, 0x80, 0x80), symbol);
        Palette {
            entries: vec![
                Colour::new("white", Rgb::WHITE, '.'),
                Colour::new("black", Rgb::BLACK, '#'),
                half("lower-right", '◢'),
                half("upper-left", '◤'),
                half("upper-right", '◥'),
                half("lower-left", '◣'),
            ],
            triangles: true,
        }
    }

    /// Whether this is the palette of a triangle puzzle, [`Palette::triangles`].
    pub fn is_triangles(&self) -> bool {
        self.triangles
    }

    /// A palette of `background` and `colours`, checked: at most [`MAX_COLOURS`] colours,
    /// names and characters unique, names without control characters, characters usable in
    /// text.
    pub fn new(background: Colour, colours: Vec<Colour>) -> Result<Palette, PaletteError> {
        if colours.len() > MAX_COLOURS {
            return Err(PaletteError::TooMany(colours.len()));
        }
        let mut entries = Vec::with_capacity(colours.len() + 1);
        entries.push(background);
        entries.extend(colours);
        for (i, entry) in entries.iter().enumerate() {
            let c = entry.symbol;
            if c.is_whitespace() || c.is_control() || c == '?' {
                return Err(PaletteError::BadSymbol(c));
            }
            if !usable_name(&entry.name) {
                return Err(PaletteError::BadName(entry.name.clone()));
            }
            for other in &entries[..i] {
                if other.name == entry.name {
                    return Err(PaletteError::DuplicateName(entry.name.clone()));
                }
                if other.symbol == c {
                    return Err(PaletteError::DuplicateSymbol(c));
                }
            }
        }
        Ok(Palette {
            entries,
            triangles: false,
        })
    }

    /// Entries, background included.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Never true: a palette always has its background. (Here for the `len` convention.)
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether the puzzle has one colour besides the background. Such a puzzle is solved by the
    /// black-and-white engines, whatever its one colour is called.
    pub fn is_black_and_white(&self) -> bool {
        self.entries.len() == 2
    }

    /// The background entry.
    pub fn background(&self) -> &Colour {
        &self.entries[0]
    }

    /// The entry `id`, if the palette has it.
    pub fn get(&self, id: ColourId) -> Option<&Colour> {
        self.entries.get(id.index())
    }

    /// The entry `id`. Panics if the palette has no such entry; ids that come from a validated
    /// puzzle always exist.
    pub fn colour(&self, id: ColourId) -> &Colour {
        &self.entries[id.index()]
    }

    /// Every entry with its id, background first.
    pub fn entries(&self) -> impl Iterator<Item = (ColourId, &Colour)> {
        self.entries
            .iter()
            .enumerate()
            .map(|(i, c)| (ColourId(i as u8), c))
    }

    /// The colours, without the background.
    pub fn colours(&self) -> impl Iterator<Item = (ColourId, &Colour)> {
        self.entries().skip(1)
    }

    /// The entry of this name (names compare exactly).
    pub fn find(&self, name: &str) -> Option<ColourId> {
        self.entries
            .iter()
            .position(|c| c.name == name)
            .map(|i| ColourId(i as u8))
    }

    /// The entry drawn with this character.
    pub fn by_symbol(&self, symbol: char) -> Option<ColourId> {
        self.entries
            .iter()
            .position(|c| c.symbol == symbol)
            .map(|i| ColourId(i as u8))
    }

    /// Every entry, as a set.
    pub fn all(&self) -> ColourSet {
        ColourSet::all(self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_colours() {
        assert_eq!(Rgb::parse_hex("#FF8000"), Some(Rgb::new(255, 128, 0)));
        assert_eq!(Rgb::parse_hex("f80"), Some(Rgb::new(255, 136, 0)));
        assert_eq!(Rgb::new(1, 2, 255).to_string(), "#0102ff");
        for bad in ["", "#12", "12345", "gg0000", "+12345", "ä1"] {
            assert_eq!(Rgb::parse_hex(bad), None, "{bad}");
        }
    }

    #[test]
    fn sets() {
        let s = ColourSet::single(ColourId::BLACK).with(ColourId::new(3).unwrap());
        assert_eq!(s.len(), 2);
        assert!(s.contains(ColourId::BLACK) && !s.contains(ColourId::BACKGROUND));
        assert_eq!(s.iter().map(ColourId::index).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(s.only(), None);
        assert_eq!(
            s.without(ColourId::BLACK).only().map(ColourId::index),
            Some(3)
        );
        assert_eq!(ColourSet::all(3).bits(), 0b111);
        assert_eq!(ColourSet::all(64).bits(), u64::MAX);
        assert!(ColourSet::EMPTY.is_subset(s) && !s.is_subset(ColourSet::all(2)));
        assert_eq!(ColourId::new(MAX_COLOURS + 1), None);
    }

    #[test]
    fn palettes_are_checked() {
        let bg = || Colour::new("white", Rgb::WHITE, '.');
        let red = Colour::new("red", Rgb::new(255, 0, 0), 'r');
        let p = Palette::new(bg(), vec![red.clone()]).unwrap();
        assert!(p.is_black_and_white());
        assert_eq!(p.find("red"), Some(ColourId::BLACK));
        assert_eq!(p.by_symbol('.'), Some(ColourId::BACKGROUND));
        assert_eq!(
            Palette::new(bg(), vec![red.clone(), red.clone()]),
            Err(PaletteError::DuplicateName("red".into()))
        );
        let mut blue = red.clone();
        blue.name = "blue".into();
        assert_eq!(
            Palette::new(bg(), vec![red.clone(), blue]),
            Err(PaletteError::DuplicateSymbol('r'))
        );
        let mut q = red.clone();
        q.symbol = '?';
        assert_eq!(
            Palette::new(bg(), vec![q]),
            Err(PaletteError::BadSymbol('?'))
        );
        // An escape in a name (the fuzzer's: XML wrote it as U+FFFD, and a terminal would run
        // it); a name may hold any other character.
        let escape = Colour::new("b\u{1b}[2J", Rgb::BLACK, 'b');
        assert_eq!(
            Palette::new(bg(), vec![escape]),
            Err(PaletteError::BadName("b\u{1b}[2J".into()))
        );
        assert!(Palette::new(bg(), vec![Colour::new("bleu ciel é", Rgb::BLACK, 'b')]).is_ok());
        assert!(!usable_name("a\u{fffe}") && !usable_name("a\u{85}") && usable_name("a b"));
        let many: Vec<Colour> = (0..=MAX_COLOURS)
            .map(|i| Colour::new(format!("c{i}"), Rgb::BLACK, char::from(b'A' + i as u8)))
            .collect();
        assert_eq!(
            Palette::new(bg(), many),
            Err(PaletteError::TooMany(MAX_COLOURS + 1))
        );
    }
}
