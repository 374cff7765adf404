//! Pictures to make puzzles from (`nonogram make`, the web page's uploads): the readers live in
//! [`nonogram_formats::raster`], shared with the other front ends.

pub use nonogram_formats::raster::{
    is_image, read_picture, read_picture_in_colour, PictureError, PictureOptions, MAX_IMAGE_BYTES,
};
