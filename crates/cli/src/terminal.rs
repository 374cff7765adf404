//! The one decision about how fancy text output may be: Unicode blocks and colour on a
//! terminal, plain ASCII when piped or redirected.
//!
//! Colour follows no-color.org: `NO_COLOR` set to anything non-empty turns it off. Every
//! subcommand that draws asks [`Style::for_stdout`], so they cannot disagree.

use std::io::{self, IsTerminal};

use nonogram_render::{Charset, TextRenderer, TextRendererBuilder};

/// How text output is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Unicode blocks and box-drawing characters, or plain ASCII.
    pub charset: Charset,
    /// ANSI colours.
    pub colour: bool,
    /// 24-bit colours for colour puzzles (the terminal says it has them in `COLORTERM`);
    /// without them a colour shows as its character.
    pub true_colour: bool,
}

impl Style {
    /// Plain ASCII, no colour: for files, pipes and `--ascii`.
    pub const PLAIN: Style = Style {
        charset: Charset::Ascii,
        colour: false,
        true_colour: false,
    };

    /// The style for text written to standard output: fancy only on a terminal and unless
    /// `ascii` was asked for.
    pub fn for_stdout(ascii: bool) -> Style {
        if ascii || !io::stdout().is_terminal() {
            return Style::PLAIN;
        }
        let colour = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        let true_colour = colour
            && std::env::var("COLORTERM")
                .is_ok_and(|v| matches!(v.as_str(), "truecolor" | "24bit"));
        Style {
            charset: Charset::Unicode,
            colour,
            true_colour,
        }
    }

    /// The style for text that goes to `-o FILE` (always plain) or to standard output.
    pub fn for_destination(to_file: bool, ascii: bool) -> Style {
        if to_file {
            Style::PLAIN
        } else {
            Style::for_stdout(ascii)
        }
    }

    /// A book-layout renderer in this style.
    pub fn renderer(self) -> TextRenderer {
        TextRendererBuilder::new()
            .charset(self.charset)
            .colour(self.colour)
            .true_colour(self.true_colour)
            .build()
    }

    /// How cells where solutions differ are drawn, in words, for a puzzle in black and white
    /// or in colour.
    pub fn marks(self, black_and_white: bool) -> &'static str {
        match (black_and_white, self.charset, self.true_colour) {
            (true, Charset::Ascii, _) => "drawn X when filled, o when empty",
            (true, Charset::Unicode, _) => "drawn ▓ when filled, ░ when empty",
            (false, Charset::Unicode, true) => "drawn ▓ in their colour, ░ when empty",
            (false, _, _) => "marked with *",
        }
    }
}
