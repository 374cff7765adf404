//! The puzzles the page offers to pick: the seeds' puzzles, the survey puzzles, a colour
//! puzzle and a triangle puzzle shipped in `testdata/`, embedded in the binary with where each comes from
//! (`testdata/ATTRIBUTION.md`).

use nonogram_formats::Format;
use serde_json::{json, Value};

/// One shipped puzzle.
#[derive(Debug)]
pub struct Example {
    /// A short name for addresses and tests.
    pub id: &'static str,
    /// The file it was read from, under `testdata/`.
    pub file: &'static str,
    /// Where it comes from and under which terms, as the page shows it.
    pub attribution: &'static str,
    /// The file's text.
    pub text: &'static str,
    /// Its format: Simpson's `.non`, webpbn's XML for the colour puzzle, which keeps its
    /// colours' names (`.non` would call them by letters), or our JSON for the triangle
    /// puzzle (Olšák's `.g` has no title; JSON keeps the caps, as `.g` writes them, and one).
    pub format: Format,
}

const SURVEY: &str = "from Jan Wolter's Survey of Paint-by-Number Puzzle Solvers \
                      (webpbn.com/survey), redistributable with attribution (CC-BY-3.0)";

macro_rules! example {
    ($id:literal, $file:literal, $attribution:expr) => {
        example!($id, $file, $attribution, Format::Non)
    };
    ($id:literal, $file:literal, $attribution:expr, $format:expr) => {
        Example {
            id: $id,
            file: $file,
            attribution: $attribution,
            text: include_str!(concat!("../../../testdata/", $file)),
            format: $format,
        }
    };
}

/// Every shipped puzzle, easiest first.
pub const EXAMPLES: &[Example] = &[
    example!(
        "smallex",
        "seeds/smallex.non",
        "the Python notebook's 5x5 picture; from the project's seed documents"
    ),
    example!(
        "duck",
        "seeds/duck.non",
        "the R nonogram package's example; from the project's seed documents"
    ),
    example!(
        "gecode-heart",
        "seeds/gecode-heart.non",
        "the Gecode nonogram example; from the project's seed documents"
    ),
    example!(
        "lambda",
        "seeds/lambda.non",
        "clues derived from a blog post's printed solution; from the project's seed documents"
    ),
    example!(
        "haskell-test",
        "seeds/haskell-test.non",
        "the HaskellWiki nonogram test puzzle; from the project's seed documents"
    ),
    example!(
        "r-logo",
        "seeds/r-logo.non",
        "the R nonogram package's example; from the project's seed documents"
    ),
    example!("webpbn-00001", "puzzles/webpbn-00001.non", SURVEY),
    example!("webpbn-00006", "puzzles/webpbn-00006.non", SURVEY),
    example!(
        "not-invented-yet-3",
        "formats/webpbn-colour-not-invented-yet-3.xml",
        "a colour puzzle by Paul Stansifer, from number-loom's examples (MIT)",
        Format::Xml
    ),
    example!(
        "noty",
        "puzzles/olsak-noty.json",
        "a triangle puzzle (glued half cells) from the Slovak journal Malované křížovky, \
         as Petr Olšák's grid examples give it (GPL-2.0)",
        Format::Json
    ),
    example!("webpbn-06574", "puzzles/webpbn-06574.non", SURVEY),
];

impl Example {
    /// The example by id.
    pub fn find(id: &str) -> Option<&'static Example> {
        EXAMPLES.iter().find(|e| e.id == id)
    }

    /// The puzzle's title, from its file (else its id).
    pub fn title(&self) -> String {
        nonogram_formats::parse(self.text, self.format)
            .ok()
            .and_then(|puzzles| puzzles.into_iter().next())
            .and_then(|puzzle| puzzle.metadata.title)
            .unwrap_or_else(|| self.id.to_string())
    }

    /// As `GET /api/examples` lists it.
    pub fn json(&self) -> Value {
        json!({
            "id": self.id,
            "title": self.title(),
            "file": format!("testdata/{}", self.file),
            "attribution": self.attribution,
            "text": self.text,
            "format": self.format.name(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_example_is_a_colour_puzzle() {
        let colour = EXAMPLES
            .iter()
            .filter(|e| {
                let puzzle = &nonogram_formats::parse(e.text, e.format).unwrap()[0];
                puzzle.palette().len() > 2 && !puzzle.is_triangles()
            })
            .count();
        assert_eq!(colour, 1);
    }

    /// The page offers a triangle puzzle to try, and it is one: its clues have caps.
    #[test]
    fn one_example_is_a_triangle_puzzle() {
        let triangles: Vec<_> = EXAMPLES
            .iter()
            .filter(|e| nonogram_formats::parse(e.text, e.format).unwrap()[0].is_triangles())
            .collect();
        assert_eq!(triangles.len(), 1);
        let puzzle = &nonogram_formats::parse(triangles[0].text, triangles[0].format).unwrap()[0];
        assert!(puzzle.rows().iter().any(|clue| clue.has_caps()));
        let listed = triangles[0].json();
        assert_eq!(listed["format"], "json");
        assert_eq!(listed["file"], "testdata/puzzles/olsak-noty.json");
    }

    #[test]
    fn every_example_parses_and_has_a_title() {
        for example in EXAMPLES {
            let puzzles = nonogram_formats::parse(example.text, example.format)
                .unwrap_or_else(|e| panic!("{}: {e}", example.id));
            assert_eq!(puzzles.len(), 1, "{}", example.id);
            // The title the list shows is the file's own.
            assert_eq!(
                puzzles[0].metadata.title.as_deref(),
                Some(example.title().as_str()),
                "{}",
                example.id
            );
            assert_eq!(
                Example::find(example.id).map(|e| e.file),
                Some(example.file)
            );
        }
    }
}
