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

/// The least contrast (WCAG's ratio of relative luminances) a 24-bit colour keeps against
/// black: a colour darker than that vanishes on a dark terminal (black cells and clues drawn
/// black on black). 3:1 is WCAG's minimum for graphics; red (5.3:1) and a dark green (4:1) pass
/// as they are, black becomes a dark grey, navy a lighter blue.
const MIN_CONTRAST_ON_BLACK: f64 = 3.0;

/// The escape that draws text in `rgb`: `ESC[38;2;R;G;Bm` with `true_colour` (a colour too dark
/// to show on a dark terminal lightened just enough, see [`MIN_CONTRAST_ON_BLACK`]), otherwise
/// the nearest chromatic basic colour, or `None` (the terminal's foreground) for a grey.
pub(crate) fn foreground(rgb: Rgb, true_colour: bool) -> Option<String> {
    if true_colour {
        let rgb = visible(rgb);
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

/// `rgb`, mixed with just enough white to keep [`MIN_CONTRAST_ON_BLACK`] against black: its
/// hue stays, only darkness goes. Light colours are left as they are: the terminal's own
/// background is dark more often than not, and white on a light one is the palette's choice.
fn visible(rgb: Rgb) -> Rgb {
    // Contrast against black is (L + 0.05) / 0.05.
    let least = MIN_CONTRAST_ON_BLACK * 0.05 - 0.05;
    if luminance(rgb) >= least {
        return rgb;
    }
    let mix = |t: f64| {
        let channel = |c: u8| {
            let c = f64::from(c);
            (c + (255.0 - c) * t).round().clamp(0.0, 255.0) as u8
        };
        Rgb::new(channel(rgb.r), channel(rgb.g), channel(rgb.b))
    };
    // The luminance grows with the share of white: halve the interval to the least share
    // that reaches the bound (white itself does).
    let (mut low, mut high) = (0.0, 1.0);
    for _ in 0..24 {
        let mid = (low + high) / 2.0;
        if luminance(mix(mid)) >= least {
            high = mid;
        } else {
            low = mid;
        }
    }
    mix(high)
}

/// WCAG's relative luminance of an sRGB colour, from 0 (black) to 1 (white).
fn luminance(rgb: Rgb) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(rgb.r) + 0.7152 * linear(rgb.g) + 0.0722 * linear(rgb.b)
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

    /// On a 24-bit terminal black was drawn black, invisible on a dark background: it is drawn
    /// dark grey now, and a dark colour keeps its hue, lighter; colours that show are kept.
    #[test]
    fn true_colours_show_on_a_dark_background() {
        let contrast = |rgb: Rgb| (luminance(rgb) + 0.05) / 0.05;
        let grey = visible(Rgb::BLACK);
        assert!(grey.r == grey.g && grey.g == grey.b, "{grey}");
        assert!((80..100).contains(&grey.r), "{grey}");
        assert_eq!(
            foreground(Rgb::BLACK, true),
            Some(format!("\x1b[38;2;{0};{0};{0}m", grey.r))
        );
        for dark in [
            Rgb::BLACK,
            Rgb::new(0, 0, 128),
            Rgb::new(0, 0, 255),
            Rgb::new(60, 0, 0),
        ] {
            let shown = visible(dark);
            let c = contrast(shown);
            assert!((3.0..3.2).contains(&c), "{dark} -> {shown}: {c}");
        }
        let navy = visible(Rgb::new(0, 0, 128));
        assert!(navy.b > navy.r && navy.r == navy.g, "{navy}");
        for shows in [
            Rgb::new(255, 0, 0),
            Rgb::new(0, 128, 0),
            Rgb::new(255, 255, 0),
            Rgb::WHITE,
            Rgb::new(49, 106, 178),
        ] {
            assert_eq!(visible(shows), shows);
        }
    }
}
