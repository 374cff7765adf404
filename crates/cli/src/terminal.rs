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
}

impl Style {
    /// Plain ASCII, no colour: for files, pipes and `--ascii`.
    pub const PLAIN: Style = Style {
        charset: Charset::Ascii,
        colour: false,
    };

    /// The style for text written to standard output: fancy only on a terminal and unless
    /// `ascii` was asked for.
    pub fn for_stdout(ascii: bool) -> Style {
        if ascii || !io::stdout().is_terminal() {
            return Style::PLAIN;
        }
        let colour = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        Style {
            charset: Charset::Unicode,
            colour,
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
            .build()
    }

    /// The characters that mark cells where solutions differ, filled and empty.
    pub fn marks(self) -> (char, char) {
        match self.charset {
            Charset::Ascii => ('X', 'o'),
            Charset::Unicode => ('▓', '░'),
        }
    }
}
