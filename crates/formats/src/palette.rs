//! Building the [`Palette`] of a colour puzzle from what a file declares, and reading the colour
//! values files write.
//!
//! Every colour format names its colours and says how to draw them, but each in its own way:
//! webpbn XML gives a name, a character and hex RGB; Olšák's `.g` a clue character, a display
//! character and an X11 colour name or `#rrggbb`; nonogrid and pynogram a name, a CSS colour name,
//! an RGB triplet or hex, and a display character; `.non` only a letter and hex RGB. The
//! [`PaletteBuilder`] collects what a reader finds, in the file's order, and makes the palette
//! valid at the end:
//!
//! - names are kept as the file gives them and must be unique (a reader decides what a name is
//!   when its format has none);
//! - each colour's character is the first of the characters the file suggests for it that can
//!   stand for a cell (printable, not a space, not `?`) and is not taken by an earlier colour;
//!   a colour left without one gets, in this order, the first letter of its name, then the first
//!   free one of `a`–`z`, `A`–`Z`, `0`–`9` and a few punctuation marks. Characters the file
//!   gives are handed out before any fallback, so a fallback never takes a character the file
//!   meant for a later colour;
//! - the background is always drawn `.`, whatever the file says (text pictures and partial grids
//!   of every format then agree on it).
//!
//! At most [`MAX_COLOURS`] colours fit besides the background; the one past that is refused
//! where it is declared.

use nonogram_model::{Colour, ColourId, Palette, Rgb, MAX_COLOURS};

use crate::error::{ParseError, Pos};
use crate::scan;

/// The background's character in every palette a reader builds.
pub(crate) const BACKGROUND_SYMBOL: char = '.';

/// Characters tried, in order, for a colour whose file gives none that is free.
const FALLBACK_SYMBOLS: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#*%&@+=~^$!";

/// A colour as a reader found it.
#[derive(Clone, Debug)]
struct Entry {
    name: String,
    rgb: Rgb,
    /// The characters the file suggests, best first.
    symbols: Vec<char>,
}

/// The colours of one puzzle as they are read; see the module documentation.
#[derive(Clone, Debug)]
pub(crate) struct PaletteBuilder {
    background: Entry,
    colours: Vec<Entry>,
}

impl Default for PaletteBuilder {
    fn default() -> PaletteBuilder {
        PaletteBuilder::new("white", Rgb::WHITE)
    }
}

impl PaletteBuilder {
    /// A builder with this background and no colour yet.
    pub(crate) fn new(name: &str, rgb: Rgb) -> PaletteBuilder {
        PaletteBuilder {
            background: Entry {
                name: name.to_owned(),
                rgb,
                symbols: Vec::new(),
            },
            colours: Vec::new(),
        }
    }

    /// Replaces the background's name and colour; a name that is not usable (see
    /// [`check_name`]) is an error at `pos`.
    pub(crate) fn set_background(
        &mut self,
        name: &str,
        rgb: Rgb,
        pos: Pos,
    ) -> Result<(), ParseError> {
        check_name(name, pos)?;
        self.background.name = name.to_owned();
        self.background.rgb = rgb;
        Ok(())
    }

    /// Adds a colour; `symbols` are the characters the file suggests for it, best first. A name
    /// already taken (by a colour or the background) or a colour past [`MAX_COLOURS`] is an
    /// error at `pos`.
    pub(crate) fn add(
        &mut self,
        name: &str,
        rgb: Rgb,
        symbols: &[char],
        pos: Pos,
    ) -> Result<ColourId, ParseError> {
        check_name(name, pos)?;
        if self.find(name).is_some() {
            return Err(ParseError::syntax(
                pos,
                format!("colour {} is declared twice", scan::quote(name)),
            ));
        }
        if self.colours.len() == MAX_COLOURS {
            return Err(ParseError::syntax(
                pos,
                format!("more than {MAX_COLOURS} colours besides the background; at most {MAX_COLOURS} are supported"),
            ));
        }
        self.colours.push(Entry {
            name: name.to_owned(),
            rgb,
            symbols: symbols.to_vec(),
        });
        Ok(ColourId::new(self.colours.len()).expect("at most MAX_COLOURS colours"))
    }

    /// Replaces the RGB of an entry (the background for [`ColourId::BACKGROUND`]).
    pub(crate) fn set_rgb(&mut self, id: ColourId, rgb: Rgb) {
        match id.index() {
            0 => self.background.rgb = rgb,
            i => self.colours[i - 1].rgb = rgb,
        }
    }

    /// The entry of this name, the background included.
    pub(crate) fn find(&self, name: &str) -> Option<ColourId> {
        if self.background.name == name {
            return Some(ColourId::BACKGROUND);
        }
        let i = self.colours.iter().position(|c| c.name == name)?;
        ColourId::new(i + 1)
    }

    /// How many colours there are besides the background.
    pub(crate) fn len(&self) -> usize {
        self.colours.len()
    }

    /// The palette, with black (named `name`, drawn `symbol`) added if there is no colour yet:
    /// what a file without a single block makes, an empty black-and-white puzzle.
    pub(crate) fn build_or_add(mut self, name: &str, symbol: char) -> Palette {
        if self.colours.is_empty() {
            self.colours.push(Entry {
                name: name.to_owned(),
                rgb: Rgb::BLACK,
                symbols: vec![symbol],
            });
        }
        self.build()
    }

    /// The palette, with a character for every colour.
    pub(crate) fn build(self) -> Palette {
        let mut taken: Vec<char> = vec![BACKGROUND_SYMBOL];
        let mut chosen: Vec<Option<char>> = Vec::with_capacity(self.colours.len());
        for entry in &self.colours {
            let pick = entry
                .symbols
                .iter()
                .copied()
                .find(|&c| usable(c) && !taken.contains(&c));
            if let Some(c) = pick {
                taken.push(c);
            }
            chosen.push(pick);
        }
        for (entry, slot) in self.colours.iter().zip(&mut chosen) {
            if slot.is_some() {
                continue;
            }
            let first = entry
                .name
                .chars()
                .next()
                .filter(char::is_ascii_alphanumeric);
            let pick = first
                .into_iter()
                .chain(FALLBACK_SYMBOLS.chars())
                .find(|c| !taken.contains(c))
                .expect("more fallback characters than colours");
            taken.push(pick);
            *slot = Some(pick);
        }
        let background = Colour::new(self.background.name, self.background.rgb, BACKGROUND_SYMBOL);
        let colours = self
            .colours
            .into_iter()
            .zip(chosen)
            .map(|(e, c)| Colour::new(e.name, e.rgb, c.expect("every colour has a character")))
            .collect();
        // Names were checked on `add`, characters chosen unique and usable above.
        Palette::new(background, colours).expect("a builder makes valid palettes")
    }
}

/// A colour's name from a file (every one reaches the builder through `add` or
/// `set_background`) must be usable ([`nonogram_model::usable_name`]: no control
/// character, no U+FFFE or U+FFFF): an error at `pos` if it is not.
fn check_name(name: &str, pos: Pos) -> Result<(), ParseError> {
    match nonogram_model::usable_name(name) {
        false => Err(ParseError::syntax(
            pos,
            format!(
                "the colour name {} holds a control character or a noncharacter",
                scan::quote(name)
            ),
        )),
        true => Ok(()),
    }
}

/// Whether a character can stand for a colour in text.
pub(crate) fn usable(c: char) -> bool {
    !c.is_whitespace() && !c.is_control() && c != '?' && c != BACKGROUND_SYMBOL
}

/// Which table of colour names a format means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Names {
    /// CSS (SVG) colour names: nonogrid, pynogram.
    Css,
    /// X11's `rgb.txt`, as XPM files use: Olšák's `.g`.
    X11,
}

/// The RGB value of a colour as files write it: `rrggbb` or `rgb` hex (with or without `#`), an
/// RGB triplet `r, g, b` (optionally in parentheses or as `rgb(r, g, b)`), or a colour name
/// (ignoring case, spaces and the difference between `gray` and `grey`).
pub(crate) fn colour_value(text: &str, names: Names) -> Option<Rgb> {
    let text = text.trim();
    if let Some(rgb) = Rgb::parse_hex(text) {
        // A bare three-letter word such as `bad` or `fed` is a colour name only if the table
        // knows it; hex wins otherwise, as in nonogrid.
        if text.starts_with('#') || by_name(text, names).is_none() {
            return Some(rgb);
        }
    }
    if let Some(rgb) = triplet(text) {
        return Some(rgb);
    }
    by_name(text, names)
}

fn triplet(text: &str) -> Option<Rgb> {
    let inner = text
        .strip_prefix("rgb")
        .unwrap_or(text)
        .trim()
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(text);
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    let [r, g, b] = parts[..] else { return None };
    Some(Rgb::new(r.parse().ok()?, g.parse().ok()?, b.parse().ok()?))
}

fn by_name(name: &str, names: Names) -> Option<Rgb> {
    let key: String = name
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    let lookup = |table: &[(&str, [u8; 3])]| {
        table
            .binary_search_by(|(n, _)| (*n).cmp(key.as_str()))
            .ok()
            .map(|i| {
                let [r, g, b] = table[i].1;
                Rgb::new(r, g, b)
            })
    };
    if names == Names::X11 {
        if let Some(rgb) = lookup(X11_DIFFERENCES) {
            return Some(rgb);
        }
    }
    lookup(NAMED)
}

/// Colour names and their RGB values, sorted by name: the CSS (SVG 1.1) named colours and the
/// few more of X11's `rgb.txt`. Where the two disagree (`gray`, `grey`, `green`, `maroon`,
/// `purple`) the CSS value is here and X11's is in [`X11_DIFFERENCES`].
const NAMED: &[(&str, [u8; 3])] = &[
    ("aliceblue", [240, 248, 255]),
    ("antiquewhite", [250, 235, 215]),
    ("aqua", [0, 255, 255]),
    ("aquamarine", [127, 255, 212]),
    ("azure", [240, 255, 255]),
    ("beige", [245, 245, 220]),
    ("bisque", [255, 228, 196]),
    ("black", [0, 0, 0]),
    ("blanchedalmond", [255, 235, 205]),
    ("blue", [0, 0, 255]),
    ("blueviolet", [138, 43, 226]),
    ("brown", [165, 42, 42]),
    ("burlywood", [222, 184, 135]),
    ("cadetblue", [95, 158, 160]),
    ("chartreuse", [127, 255, 0]),
    ("chocolate", [210, 105, 30]),
    ("coral", [255, 127, 80]),
    ("cornflowerblue", [100, 149, 237]),
    ("cornsilk", [255, 248, 220]),
    ("crimson", [220, 20, 60]),
    ("cyan", [0, 255, 255]),
    ("darkblue", [0, 0, 139]),
    ("darkcyan", [0, 139, 139]),
    ("darkgoldenrod", [184, 134, 11]),
    ("darkgray", [169, 169, 169]),
    ("darkgreen", [0, 100, 0]),
    ("darkgrey", [169, 169, 169]),
    ("darkkhaki", [189, 183, 107]),
    ("darkmagenta", [139, 0, 139]),
    ("darkolivegreen", [85, 107, 47]),
    ("darkorange", [255, 140, 0]),
    ("darkorchid", [153, 50, 204]),
    ("darkred", [139, 0, 0]),
    ("darksalmon", [233, 150, 122]),
    ("darkseagreen", [143, 188, 143]),
    ("darkslateblue", [72, 61, 139]),
    ("darkslategray", [47, 79, 79]),
    ("darkslategrey", [47, 79, 79]),
    ("darkturquoise", [0, 206, 209]),
    ("darkviolet", [148, 0, 211]),
    ("deeppink", [255, 20, 147]),
    ("deepskyblue", [0, 191, 255]),
    ("dimgray", [105, 105, 105]),
    ("dimgrey", [105, 105, 105]),
    ("dodgerblue", [30, 144, 255]),
    ("firebrick", [178, 34, 34]),
    ("floralwhite", [255, 250, 240]),
    ("forestgreen", [34, 139, 34]),
    ("fuchsia", [255, 0, 255]),
    ("gainsboro", [220, 220, 220]),
    ("ghostwhite", [248, 248, 255]),
    ("gold", [255, 215, 0]),
    ("goldenrod", [218, 165, 32]),
    ("gray", [128, 128, 128]),
    ("green", [0, 128, 0]),
    ("greenyellow", [173, 255, 47]),
    ("grey", [128, 128, 128]),
    ("honeydew", [240, 255, 240]),
    ("hotpink", [255, 105, 180]),
    ("indianred", [205, 92, 92]),
    ("indigo", [75, 0, 130]),
    ("ivory", [255, 255, 240]),
    ("khaki", [240, 230, 140]),
    ("lavender", [230, 230, 250]),
    ("lavenderblush", [255, 240, 245]),
    ("lawngreen", [124, 252, 0]),
    ("lemonchiffon", [255, 250, 205]),
    ("lightblue", [173, 216, 230]),
    ("lightcoral", [240, 128, 128]),
    ("lightcyan", [224, 255, 255]),
    ("lightgoldenrod", [238, 221, 130]),
    ("lightgoldenrodyellow", [250, 250, 210]),
    ("lightgray", [211, 211, 211]),
    ("lightgreen", [144, 238, 144]),
    ("lightgrey", [211, 211, 211]),
    ("lightpink", [255, 182, 193]),
    ("lightsalmon", [255, 160, 122]),
    ("lightseagreen", [32, 178, 170]),
    ("lightskyblue", [135, 206, 250]),
    ("lightslateblue", [132, 112, 255]),
    ("lightslategray", [119, 136, 153]),
    ("lightslategrey", [119, 136, 153]),
    ("lightsteelblue", [176, 196, 222]),
    ("lightyellow", [255, 255, 224]),
    ("lime", [0, 255, 0]),
    ("limegreen", [50, 205, 50]),
    ("linen", [250, 240, 230]),
    ("magenta", [255, 0, 255]),
    ("maroon", [128, 0, 0]),
    ("mediumaquamarine", [102, 205, 170]),
    ("mediumblue", [0, 0, 205]),
    ("mediumorchid", [186, 85, 211]),
    ("mediumpurple", [147, 112, 219]),
    ("mediumseagreen", [60, 179, 113]),
    ("mediumslateblue", [123, 104, 238]),
    ("mediumspringgreen", [0, 250, 154]),
    ("mediumturquoise", [72, 209, 204]),
    ("mediumvioletred", [199, 21, 133]),
    ("midnightblue", [25, 25, 112]),
    ("mintcream", [245, 255, 250]),
    ("mistyrose", [255, 228, 225]),
    ("moccasin", [255, 228, 181]),
    ("navajowhite", [255, 222, 173]),
    ("navy", [0, 0, 128]),
    ("navyblue", [0, 0, 128]),
    ("oldlace", [253, 245, 230]),
    ("olive", [128, 128, 0]),
    ("olivedrab", [107, 142, 35]),
    ("orange", [255, 165, 0]),
    ("orangered", [255, 69, 0]),
    ("orchid", [218, 112, 214]),
    ("palegoldenrod", [238, 232, 170]),
    ("palegreen", [152, 251, 152]),
    ("paleturquoise", [175, 238, 238]),
    ("palevioletred", [219, 112, 147]),
    ("papayawhip", [255, 239, 213]),
    ("peachpuff", [255, 218, 185]),
    ("peru", [205, 133, 63]),
    ("pink", [255, 192, 203]),
    ("plum", [221, 160, 221]),
    ("powderblue", [176, 224, 230]),
    ("purple", [128, 0, 128]),
    ("rebeccapurple", [102, 51, 153]),
    ("red", [255, 0, 0]),
    ("rosybrown", [188, 143, 143]),
    ("royalblue", [65, 105, 225]),
    ("saddlebrown", [139, 69, 19]),
    ("salmon", [250, 128, 114]),
    ("sandybrown", [244, 164, 96]),
    ("seagreen", [46, 139, 87]),
    ("seashell", [255, 245, 238]),
    ("sienna", [160, 82, 45]),
    ("silver", [192, 192, 192]),
    ("skyblue", [135, 206, 235]),
    ("slateblue", [106, 90, 205]),
    ("slategray", [112, 128, 144]),
    ("slategrey", [112, 128, 144]),
    ("snow", [255, 250, 250]),
    ("springgreen", [0, 255, 127]),
    ("steelblue", [70, 130, 180]),
    ("tan", [210, 180, 140]),
    ("teal", [0, 128, 128]),
    ("thistle", [216, 191, 216]),
    ("tomato", [255, 99, 71]),
    ("turquoise", [64, 224, 208]),
    ("violet", [238, 130, 238]),
    ("violetred", [208, 32, 144]),
    ("wheat", [245, 222, 179]),
    ("white", [255, 255, 255]),
    ("whitesmoke", [245, 245, 245]),
    ("yellow", [255, 255, 0]),
    ("yellowgreen", [154, 205, 50]),
];

/// X11's values for the names where they differ from CSS (Olšák's `.g` files name X11 colours).
const X11_DIFFERENCES: &[(&str, [u8; 3])] = &[
    ("gray", [190, 190, 190]),
    ("green", [0, 255, 0]),
    ("grey", [190, 190, 190]),
    ("maroon", [176, 48, 96]),
    ("purple", [160, 32, 240]),
];

/// A palette as a program describes it (the Python package's `palette=`): the background's
/// name and colour, then each colour's name, colour and the character asked for, if any. Names
/// are kept and must be usable and unique; a character asked for must be able to stand for a
/// cell and be free, else it is an error (never silently replaced); the other colours get
/// characters by the rules of [`PaletteBuilder`]. Errors are one sentence.
pub fn build_palette(
    background: (&str, Rgb),
    colours: &[(&str, Rgb, Option<char>)],
) -> Result<Palette, String> {
    let mut builder = PaletteBuilder::new(background.0, background.1);
    check_name(background.0, Pos::START).map_err(|e| e.kind().to_string())?;
    for &(name, rgb, symbol) in colours {
        if let Some(c) = symbol {
            if !usable(c) {
                return Err(format!(
                    "{c:?} cannot stand for colour '{name}' (a character must be printable, \
                     not a space, '?' or the background's '.')"
                ));
            }
        }
        let symbols: Vec<char> = symbol.into_iter().collect();
        builder
            .add(name, rgb, &symbols, Pos::START)
            .map_err(|e| e.kind().to_string())?;
    }
    let palette = builder.build();
    for (&(name, _, symbol), (_, entry)) in colours.iter().zip(palette.colours()) {
        if let Some(c) = symbol.filter(|&c| c != entry.symbol) {
            return Err(format!(
                "colour '{name}' asks for the character '{c}', which an earlier colour has"
            ));
        }
    }
    Ok(palette)
}

/// The RGB value of a colour written as `#rrggbb` or `#rgb` hex, an `r, g, b` triplet
/// (optionally as `rgb(r, g, b)`) or a CSS colour name.
pub fn parse_colour(text: &str) -> Option<Rgb> {
    colour_value(text, Names::Css)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_values() {
        let cases: &[(&str, Names, Option<Rgb>)] = &[
            ("316AB2", Names::Css, Some(Rgb::new(0x31, 0x6a, 0xb2))),
            ("#fff", Names::Css, Some(Rgb::WHITE)),
            ("f80", Names::Css, Some(Rgb::new(0xff, 0x88, 0))),
            ("200, 16,0  ", Names::Css, Some(Rgb::new(200, 16, 0))),
            ("(0, 255, 0)", Names::Css, Some(Rgb::new(0, 255, 0))),
            ("rgb(1,2,3)", Names::Css, Some(Rgb::new(1, 2, 3))),
            ("Blue", Names::Css, Some(Rgb::new(0, 0, 255))),
            ("dark olive green", Names::Css, Some(Rgb::new(85, 107, 47))),
            ("green", Names::Css, Some(Rgb::new(0, 128, 0))),
            ("green", Names::X11, Some(Rgb::new(0, 255, 0))),
            ("teal", Names::X11, Some(Rgb::new(0, 128, 128))),
            ("tan", Names::Css, Some(Rgb::new(210, 180, 140))),
            ("bad", Names::Css, Some(Rgb::new(0xbb, 0xaa, 0xdd))),
            ("no such colour", Names::Css, None),
            ("1, 2", Names::Css, None),
            ("300, 2, 3", Names::Css, None),
        ];
        for &(text, names, want) in cases {
            assert_eq!(colour_value(text, names), want, "{text:?}");
        }
        assert!(NAMED.windows(2).all(|w| w[0].0 < w[1].0), "NAMED is sorted");
        assert!(X11_DIFFERENCES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn symbols_are_chosen_without_stealing() {
        let mut b = PaletteBuilder::default();
        let p = Pos::START;
        // `black` wants `.` (the background's), so it falls back; `blue` wants `b`, which
        // `black`'s fallback must not take first.
        b.add("black", Rgb::BLACK, &['.'], p).unwrap();
        b.add("blue", Rgb::new(0, 0, 255), &['b'], p).unwrap();
        b.add("red", Rgb::new(255, 0, 0), &[' ', '?', 'r'], p)
            .unwrap();
        b.add("rose", Rgb::new(255, 0, 128), &[], p).unwrap();
        assert_eq!(b.find("blue"), ColourId::new(2));
        assert_eq!(b.find("white"), Some(ColourId::BACKGROUND));
        let e = b.add("red", Rgb::BLACK, &[], Pos::new(3, 4)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, column 4: colour `red` is declared twice"
        );
        let palette = b.build();
        let symbols: Vec<char> = palette.entries().map(|(_, c)| c.symbol).collect();
        assert_eq!(symbols, ['.', 'a', 'b', 'r', 'c']);
    }

    #[test]
    fn too_many_colours() {
        let mut b = PaletteBuilder::default();
        for i in 0..MAX_COLOURS {
            b.add(&format!("c{i}"), Rgb::BLACK, &[], Pos::START)
                .unwrap();
        }
        let e = b
            .add("one more", Rgb::BLACK, &[], Pos::new(9, 1))
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 9, column 1: more than 32 colours"),
            "{e}"
        );
        assert_eq!(b.build().len(), MAX_COLOURS + 1);
    }

    #[test]
    fn palettes_built_by_programs_keep_what_was_asked_or_refuse() {
        let red = Rgb::new(255, 0, 0);
        let palette = build_palette(
            ("white", Rgb::WHITE),
            &[("red", red, None), ("rose", red, Some('r'))],
        )
        .unwrap();
        let symbols: Vec<char> = palette.entries().map(|(_, c)| c.symbol).collect();
        // The character asked for is handed out before the fallbacks.
        assert_eq!(symbols, ['.', 'a', 'r']);
        assert!(build_palette(("white", Rgb::WHITE), &[("red", red, Some('?'))]).is_err());
        let taken = build_palette(
            ("white", Rgb::WHITE),
            &[("red", red, Some('r')), ("rose", red, Some('r'))],
        );
        assert!(taken.unwrap_err().contains("earlier colour"));
        let twice = build_palette(
            ("white", Rgb::WHITE),
            &[("red", red, None), ("red", red, None)],
        );
        assert!(twice.unwrap_err().contains("declared twice"));
        assert_eq!(parse_colour("rgb(1, 2, 3)"), Some(Rgb::new(1, 2, 3)));
        assert_eq!(parse_colour("Red"), Some(red));
        assert_eq!(parse_colour("nonsense"), None);
    }
}
