//! A cache of line results, keyed by (clue, known cells), for lines of at most 64 cells.
//!
//! Probing solves the same lines in the same states over and over: the same row is revisited
//! from each probe of a cell in it, and many probes leave most lines untouched. A direct-mapped
//! table (one slot per hash, newest wins) makes a repeat cost one hash and one compare. Clues are
//! named by a small integer that the owner assigns (equal clues may share one), so a key is
//! three words.

/// One slot. `clue == u32::MAX` marks an empty slot.
#[derive(Clone, Copy, Debug)]
struct Slot {
    clue: u32,
    filled: u64,
    empty: u64,
    /// The result: known masks after solving, or `None` for a contradiction.
    result: Option<(u64, u64)>,
}

const EMPTY_SLOT: Slot = Slot {
    clue: u32::MAX,
    filled: 0,
    empty: 0,
    result: None,
};

/// A direct-mapped line-result cache.
#[derive(Clone, Debug)]
pub(crate) struct LineCache {
    slots: Vec<Slot>,
    mask: usize,
    /// Lookups that found their line, and lookups that did not.
    pub hits: u64,
    pub misses: u64,
}

impl LineCache {
    /// A cache with `2^bits` slots (allocated on first use).
    pub fn new(bits: u32) -> LineCache {
        LineCache {
            slots: Vec::new(),
            mask: (1usize << bits) - 1,
            hits: 0,
            misses: 0,
        }
    }

    #[inline]
    fn index(&self, clue: u32, filled: u64, empty: u64) -> usize {
        let h = (u64::from(clue).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            ^ filled.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ empty.rotate_left(29).wrapping_mul(0x1656_67B1_9E37_79F9);
        (h ^ (h >> 29)) as usize & self.mask
    }

    /// The cached result, if present: `Some(Some(masks))` or `Some(None)` for a contradiction.
    #[inline]
    pub fn get(&mut self, clue: u32, filled: u64, empty: u64) -> Option<Option<(u64, u64)>> {
        if self.slots.is_empty() {
            return None;
        }
        let slot = &self.slots[self.index(clue, filled, empty)];
        if slot.clue == clue && slot.filled == filled && slot.empty == empty {
            self.hits += 1;
            Some(slot.result)
        } else {
            self.misses += 1;
            None
        }
    }

    /// Stores a result.
    #[inline]
    pub fn put(&mut self, clue: u32, filled: u64, empty: u64, result: Option<(u64, u64)>) {
        if self.slots.is_empty() {
            self.slots = vec![EMPTY_SLOT; self.mask + 1];
        }
        let i = self.index(clue, filled, empty);
        self.slots[i] = Slot {
            clue,
            filled,
            empty,
            result,
        };
    }
}
