//! The ANSI escapes of colour text: the fixed ones (clues, unknown and marked cells) from the
//! basic sixteen-colour set, which every terminal that claims colour at all understands, and the
//! foreground of a colour puzzle's own colours, 24-bit where the terminal allows (the caller
//! decides: [`crate::TextRendererBuilder::true_colour`]) and the nearest basic colour otherwise.

use std::fmt::Write as _;

use nonogram_model::Rgb;

pub(crate) const MARK_COLOUR: &str = "\x1b[1;31m";
pub(crate) const UNKNOWN_COLOUR: &str = "\x1b[2m";
pub(crate) const CLUE_COLOUR: &str = "\x1b[36m";
pub(crate) const RESET: &str = "\x1b[0m";

/// The chromatic basic colours with xterm's default RGB values, and their SGR codes. Black,
/// white and the greys are left out on purpose: on a dark terminal black text vanishes, on a
/// light one white text does, so greyish colours keep the terminal's own foreground, which is
/// readable by construction.
const BASIC: [(u8, Rgb); 12] = [
    (31, Rgb::new(205, 0, 0)),
    (32, Rgb::new(0, 205, 0)),
    (33, Rgb::new(205, 205, 0)),
    (34, Rgb::new(0, 0, 238)),
    (35, Rgb::new(205, 0, 205)),
    (36, Rgb::new(0, 205, 205)),
    (91, Rgb::new(255, 0, 0)),
    (92, Rgb::new(0, 255, 0)),
    (93, Rgb::new(255, 255, 0)),
    (94, Rgb::new(92, 92, 255)),
    (95, Rgb::new(255, 0, 255)),
    (96, Rgb::new(0, 255, 255)),
];

/// Colours whose channels spread less than this are greys: drawn in the terminal's foreground.
const GREY_SPREAD: u8 = 48;

/// The escape that draws text in `rgb`: `ESC[38;2;R;G;Bm` with `true_colour`, otherwise the
/// nearest chromatic basic colour, or `None` (the terminal's foreground) for a grey.
pub(crate) fn foreground(rgb: Rgb, true_colour: bool) -> Option<String> {
    if true_colour {
        return Some(format!("\x1b[38;2;{};{};{}m", rgb.r, rgb.g, rgb.b));
    }
    let max = rgb.r.max(rgb.g).max(rgb.b);
    let min = rgb.r.min(rgb.g).min(rgb.b);
    if max - min < GREY_SPREAD {
        return None;
    }
    let distance = |other: Rgb| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(rgb.r, other.r) + d(rgb.g, other.g) + d(rgb.b, other.b)
    };
    let (code, _) = BASIC.iter().min_by_key(|(_, basic)| distance(*basic))?;
    Some(format!("\x1b[{code}m"))
}

/// Appends `text`, wrapped in `escape` and a reset when there is one.
pub(crate) fn paint(out: &mut String, escape: Option<&str>, text: &str) {
    match escape {
        Some(code) => {
            let _ = write!(out, "{code}{text}{RESET}");
        }
        None => out.push_str(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn foregrounds() {
        let orange = Rgb::new(255, 128, 0);
        assert_eq!(
            foreground(orange, true).as_deref(),
            Some("\x1b[38;2;255;128;0m")
        );
        assert_eq!(
            foreground(Rgb::new(250, 10, 10), false).as_deref(),
            Some("\x1b[91m")
        );
        assert_eq!(
            foreground(Rgb::new(0, 100, 0), false).as_deref(),
            Some("\x1b[32m")
        );
        for grey in [Rgb::BLACK, Rgb::WHITE, Rgb::new(128, 128, 140)] {
            assert_eq!(foreground(grey, false), None, "{grey}");
        }
    }
}
