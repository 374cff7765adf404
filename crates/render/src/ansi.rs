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

/// The least and the most luminance (Rec. 709, 0 to 255) a 24-bit colour is drawn with: a
/// colour darker than the least would vanish on a dark terminal (black cells and clues drawn
/// black on black), one lighter than the most on a light terminal. Between the two, text shows
/// on either; the bounds were chosen by eye on black and on white backgrounds.
const LUMINANCE: (f64, f64) = (80.0, 200.0);

/// The escape that draws text in `rgb`: `ESC[38;2;R;G;Bm` with `true_colour` (a colour too dark
/// or too light for every background brought within [`LUMINANCE`], keeping its hue), otherwise
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

/// `rgb` with its luminance brought within [`LUMINANCE`]: a dark colour mixed with white, a
/// light one with black, just enough. Black becomes a dark grey, navy a lighter blue.
fn visible(rgb: Rgb) -> Rgb {
    let channels = [rgb.r, rgb.g, rgb.b].map(f64::from);
    let luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
    let (least, most) = LUMINANCE;
    let mixed = if luminance < least {
        // Towards white: each channel moves the same fraction of its way to 255.
        let t = (least - luminance) / (255.0 - luminance);
        channels.map(|c| c + (255.0 - c) * t)
    } else if luminance > most {
        channels.map(|c| c * most / luminance)
    } else {
        return rgb;
    };
    let [r, g, b] = mixed.map(|c| c.round().clamp(0.0, 255.0) as u8);
    Rgb::new(r, g, b)
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
    /// dark grey now, white light grey, and a dark colour keeps its hue, lighter.
    #[test]
    fn true_colours_show_on_dark_and_light_backgrounds() {
        assert_eq!(
            foreground(Rgb::BLACK, true).as_deref(),
            Some("\x1b[38;2;80;80;80m")
        );
        assert_eq!(
            foreground(Rgb::WHITE, true).as_deref(),
            Some("\x1b[38;2;200;200;200m")
        );
        let navy = visible(Rgb::new(0, 0, 128));
        assert!(navy.b > navy.r && navy.b > navy.g, "{navy}");
        for rgb in [
            Rgb::new(0, 0, 128),
            Rgb::new(20, 0, 0),
            Rgb::new(250, 250, 0),
        ] {
            let v = visible(rgb);
            let y = 0.2126 * f64::from(v.r) + 0.7152 * f64::from(v.g) + 0.0722 * f64::from(v.b);
            assert!((79.0..=201.0).contains(&y), "{rgb} -> {v}: {y}");
        }
        // A colour that shows on both is left as it is.
        assert_eq!(visible(Rgb::new(49, 106, 178)), Rgb::new(49, 106, 178));
    }
}
