//! Short learnt clauses shared between learners working on the same puzzle.
//!
//! Every clause a learner derives from the clues alone is true of every solution, so another
//! learner of the same puzzle may use it: a short clause with few decision levels (low LBD)
//! found by one learner spares the other the conflicts that would teach it the same thing
//! (the portfolio SAT solvers' clause sharing: ManySAT, Plingeling, Painless).
//!
//! Two kinds of clause are not shared. Blocking clauses exclude the solutions a learner has
//! found, and are true only of the *other* solutions; so is every clause learnt once one of
//! them is in the database, since its derivation may have used it. A learner therefore stops
//! exporting at its first solution. (Importing stays sound: an imported clause holds of every
//! solution, so also of those a learner has not found yet.)
//!
//! A learner exports as it learns, into a buffer of its own, and trades at restarts, when it is
//! back at level 0: it publishes its buffer and takes what the others published since it last
//! looked. One lock per restart, and an imported clause is simplified against the level-0 facts
//! before it is added (a clause is only ever added at level 0, so its watches need no care).

use std::sync::{Arc, Mutex, PoisonError};

use super::lit::Lit;

/// Clauses of at most this many literals are shared.
pub(super) const MAX_LEN: usize = 8;
/// Clauses of at most this literal block distance are shared (whatever their length, up to
/// [`MAX_LEN`]).
pub(super) const MAX_LBD: u32 = 3;
/// Literals the exchange holds at most; past it nothing more is published, so memory stays
/// bounded however long the run (16 MiB).
const MAX_LITS: usize = 1 << 22;

/// Clauses published by the learners of one puzzle, in the order published. Each learner
/// remembers how far it has read.
#[derive(Debug, Default)]
pub(crate) struct Exchange {
    inner: Mutex<Published>,
}

#[derive(Debug, Default)]
struct Published {
    /// Every published clause: who published it, its LBD and its literals (in `lits`).
    clauses: Vec<Entry>,
    lits: Vec<Lit>,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    from: u32,
    lbd: u32,
    start: u32,
    len: u32,
}

impl Exchange {
    /// An exchange to hand to every learner of one puzzle ([`super::Learner::share`]).
    pub fn new() -> Arc<Exchange> {
        Arc::new(Exchange::default())
    }
}

/// One learner's link to an exchange.
#[derive(Debug)]
pub(super) struct Link {
    exchange: Arc<Exchange>,
    /// This learner's number among those of the exchange.
    id: u32,
    /// Clauses published by the others already read.
    read: usize,
    /// Clauses learnt since the last trade, to publish: LBD and literals.
    outbox: Vec<(u32, Vec<Lit>)>,
    /// Whether this learner still publishes (until its first solution).
    exporting: bool,
}

impl Link {
    pub fn new(exchange: Arc<Exchange>, id: u32) -> Link {
        Link {
            exchange,
            id,
            read: 0,
            outbox: Vec::new(),
            exporting: true,
        }
    }

    /// Offers a clause just learnt: kept to publish if it is short enough.
    pub fn offer(&mut self, lits: &[Lit], lbd: u32) {
        if self.exporting && lits.len() <= MAX_LEN && (lbd <= MAX_LBD || lits.len() == 1) {
            self.outbox.push((lbd, lits.to_vec()));
        }
    }

    /// Stops publishing: a solution has been blocked, and what is learnt from now on may rest
    /// on it. What is still in the outbox was learnt before, and goes out at the next trade.
    pub fn stop_exporting(&mut self) {
        self.exporting = false;
    }

    /// Publishes the outbox and calls `take` with each clause the others published since the
    /// last trade (its LBD and literals).
    pub fn trade(&mut self, mut take: impl FnMut(u32, &[Lit])) {
        let mut published = self
            .exchange
            .inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let published = &mut *published;
        for (lbd, lits) in self.outbox.drain(..) {
            if published.lits.len() + lits.len() > MAX_LITS {
                break;
            }
            published.clauses.push(Entry {
                from: self.id,
                lbd,
                start: published.lits.len() as u32,
                len: lits.len() as u32,
            });
            published.lits.extend_from_slice(&lits);
        }
        self.outbox.clear();
        for entry in &published.clauses[self.read..] {
            if entry.from != self.id {
                let start = entry.start as usize;
                take(
                    entry.lbd,
                    &published.lits[start..start + entry.len as usize],
                );
            }
        }
        self.read = published.clauses.len();
    }
}

#[cfg(test)]
mod tests {
    use super::super::lit::Var;
    use super::*;

    fn lit(v: usize, filled: bool) -> Lit {
        Lit::new(Var::new(v), filled)
    }

    /// What one learner publishes reaches the others once, never itself; long clauses, clauses
    /// of high LBD and everything offered after a solution stay home.
    #[test]
    fn trades_short_clauses_until_the_first_solution() {
        let exchange = Exchange::new();
        let (mut a, mut b) = (Link::new(exchange.clone(), 0), Link::new(exchange, 1));
        let short = vec![lit(0, true), lit(1, false)];
        let long: Vec<Lit> = (0..=MAX_LEN).map(|v| lit(v, true)).collect();
        a.offer(&short, 2);
        a.offer(&long, 2);
        a.offer(&[lit(2, true), lit(3, true)], MAX_LBD + 1);
        a.offer(&[lit(4, true)], MAX_LBD + 5);
        let mut got_a = Vec::new();
        a.trade(|lbd, lits| got_a.push((lbd, lits.to_vec())));
        assert!(got_a.is_empty(), "a learner never takes its own clauses");
        let mut got_b = Vec::new();
        b.trade(|lbd, lits| got_b.push((lbd, lits.to_vec())));
        assert_eq!(
            got_b,
            vec![(2, short.clone()), (MAX_LBD + 5, vec![lit(4, true)])]
        );
        // Read once.
        b.trade(|_, _| panic!("nothing new"));
        a.stop_exporting();
        a.offer(&short, 1);
        a.trade(|_, _| panic!("b published nothing"));
        b.trade(|_, _| panic!("a stopped publishing"));
    }
}
