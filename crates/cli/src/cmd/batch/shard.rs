//! `--shard I/N`: a deterministic split of one batch over several machines or jobs.
//!
//! The rule is positional: the batch lists its work units, `(source, index)` pairs, in a stable
//! order (sources sorted as strings, puzzles by their position in the file), and shard `I` of `N`
//! takes every unit whose 0-based position `p` in that list has `p % N == I - 1`. Every unit lands
//! in exactly one shard, shards differ in size by at most one unit, and each shard gets a spread
//! of the whole corpus (a directory of hard puzzles is dealt out, not handed to one shard).
//!
//! I chose this over hashing `(source, index)` because hashing balances only on average, and a
//! small corpus split many ways could leave a shard empty or twice as long as another. The price
//! is that every shard must discover the same list: give every shard the same PATH arguments, in
//! the same working directory, over the same files. (A hash-based split would survive files being
//! added between runs; a positional split does not, so re-run all shards after the corpus
//! changes.)

use std::fmt;

/// Shard `index` of `count`, counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    index: u64,
    count: u64,
}

impl Shard {
    /// Parses `I/N` with `1 <= I <= N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("'{text}' is not a shard: expected I/N with 1 <= I <= N, e.g. 2/8");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether the unit at 0-based `position` of the sorted unit list belongs to this shard.
    pub fn keeps(self, position: usize) -> bool {
        // usize always fits in u64 on the platforms Rust supports.
        position as u64 % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_valid_shards_only() {
        assert_eq!(Shard::parse("1/1"), Ok(Shard { index: 1, count: 1 }));
        assert_eq!(Shard::parse("3/8").map(|s| s.to_string()), Ok("3/8".into()));
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "1/2/3", "-1/2", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn shards_partition_the_positions() {
        for count in 1..6u64 {
            let shards: Vec<Shard> = (1..=count)
                .map(|i| Shard::parse(&format!("{i}/{count}")).unwrap())
                .collect();
            for position in 0..50 {
                let owners = shards.iter().filter(|s| s.keeps(position)).count();
                assert_eq!(owners, 1, "position {position} of {count} shards");
            }
        }
    }
}
