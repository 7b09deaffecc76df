//! Criterion benches of the native Sokoban solver's inner loops, each next to
//! the alternative it was chosen over, on the nodes of a real search (the
//! push-level successors of the first nodes of XSokoban levels 1 and 10):
//!
//! * `node_hash`: how a node is hashed for duplicate detection. The registry
//!   hashes the node's packed words (foldhash, one multiply per word); the
//!   Sokoban literature uses Zobrist keys (a random key per box cell and man
//!   cell, xored), either recomputed from the node or updated from the
//!   parent's hash by a push (two box keys and two man keys). The
//!   incremental form needs the parent's hash, so a stored word more per node.
//! * `matching`: the matching lower bound evaluated on every successor (on
//!   level 10, 34 boxes) with
//!   its last matching repaired (what the solver does) against solved from
//!   scratch each time.
//! * `flood`: the man's region, flooded over whole grid rows (a word per
//!   row, what the solver does on boards up to 64 cells wide) against cell
//!   by cell; `regions`: the free-floor regions counted by runs of a row
//!   against cell by cell (on the nodes of levels 10 and 18, from the
//!   man's cell).
//! * `deadlocks`: each deadlock test of a push on the nodes of level 10, alone
//!   (freeze around the moved box, the perfect matching, the matching around
//!   the boxes frozen on goals, the PI-corral search after the man's flood),
//!   and `successors`: the whole push generation with every rule, whose
//!   rate is the solver's node generation per second.
//! * `setup`: what a level builds once (the board) and what each phase of
//!   the schedule builds again (the push and pull spaces, the matching
//!   bound, the rooms), on XSokoban 10, 18 and 50.
//!
//! Run with `cargo bench -p planbox-benches --bench solver`; about a minute on two cores.

use criterion::{Criterion, criterion_group, criterion_main};
use planbox::heuristics::Heuristic;
use planbox::search::{SearchSpace, Successors, hash_node};
use planbox::sokoban::level::Level;
use planbox::sokoban::solver::connectivity::Regions;
use planbox::sokoban::solver::corral;
use planbox::sokoban::solver::deadlock;
use planbox::sokoban::solver::matching::Matcher;
use planbox::sokoban::solver::reach::Reach;
use planbox::sokoban::solver::rooms::Rooms;
use planbox::sokoban::solver::{
    Board, MatchingBound, PullOptions, PullSpace, PushBound, PushOptions, PushSpace,
};
use planbox::util::bits;
use std::hint::black_box;
use std::path::Path;

/// A node and one of its successors.
type Pair = (Vec<u64>, Vec<u64>);

/// XSokoban level `screen`.
fn level(screen: u32) -> Level {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join(format!("problems/sokoban/xsokoban/screen.{screen}"));
    let text = std::fs::read_to_string(&path).expect("bench input is bundled");
    planbox::sokoban::xsb::parse(&path, &text)
        .level(1)
        .expect("one level")
        .expect("valid")
}

/// An XSokoban level's board and `(parent, child)` node pairs from the first
/// nodes of a depth-first walk of its push space.
fn nodes(screen: u32) -> (Board, Vec<Pair>) {
    let board = Board::new(&level(screen));
    let mut space = PushSpace::new(&board, PushOptions::default());
    let words = space.words();
    let (mut start, mut out) = (vec![0; words], Successors::new(words));
    space.start(&mut start);
    // Each node once: without the check the walk pushes a box to and fro
    // and meets a few dozen nodes over and over.
    let mut seen = std::collections::HashSet::from([start.clone()]);
    let mut stack = vec![start];
    let mut pairs = Vec::new();
    while let Some(node) = stack.pop()
        && pairs.len() < 20_000
    {
        space.successors(&node, &mut out);
        for i in 0..out.len() {
            let child = out.get(i).1.to_vec();
            if seen.insert(child.clone()) {
                pairs.push((node.clone(), child.clone()));
                stack.push(child);
            }
        }
    }
    (board, pairs)
}

/// Zobrist keys: one per cell for a box, one per cell for the man.
struct Zobrist {
    boxes: Vec<u64>,
    man: Vec<u64>,
}

impl Zobrist {
    fn new(cells: usize) -> Zobrist {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        Zobrist {
            boxes: (0..cells).map(|_| next()).collect(),
            man: (0..cells).map(|_| next()).collect(),
        }
    }

    fn full(&self, node: &[u64]) -> u64 {
        let (bits, man) = node.split_at(node.len() - 1);
        let mut h = self.man[man[0] as usize];
        for (w, &word) in bits.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                h ^= self.boxes[w * 64 + rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
        }
        h
    }

    /// The child's hash from the parent's: the box that moved and the man.
    fn update(&self, parent_hash: u64, parent: &[u64], child: &[u64]) -> u64 {
        let n = parent.len() - 1;
        let mut h = parent_hash ^ self.man[parent[n] as usize] ^ self.man[child[n] as usize];
        for w in 0..n {
            let mut diff = parent[w] ^ child[w];
            while diff != 0 {
                h ^= self.boxes[w * 64 + diff.trailing_zeros() as usize];
                diff &= diff - 1;
            }
        }
        h
    }
}

fn node_hash(c: &mut Criterion) {
    let (board, pairs) = nodes(1);
    let zobrist = Zobrist::new(board.len());
    let parent_hashes: Vec<u64> = pairs.iter().map(|(p, _)| zobrist.full(p)).collect();
    for ((p, child), &h) in pairs.iter().zip(&parent_hashes) {
        assert_eq!(zobrist.update(h, p, child), zobrist.full(child));
    }
    eprintln!(
        "node_hash: {} nodes of {} words",
        pairs.len(),
        pairs[0].1.len()
    );
    let mut group = c.benchmark_group("node_hash");
    group.bench_function("packed_words", |b| {
        b.iter(|| {
            pairs
                .iter()
                .fold(0, |acc, (_, n)| acc ^ hash_node(black_box(n)))
        })
    });
    group.bench_function("zobrist_full", |b| {
        b.iter(|| {
            pairs
                .iter()
                .fold(0, |acc, (_, n)| acc ^ zobrist.full(black_box(n)))
        })
    });
    group.bench_function("zobrist_incremental", |b| {
        b.iter(|| {
            (pairs.iter().zip(&parent_hashes)).fold(0, |acc, ((p, n), &h)| {
                acc ^ zobrist.update(h, black_box(p), black_box(n))
            })
        })
    });
    group.finish();
}

fn matching(c: &mut Criterion) {
    // Level 10: 34 boxes, where nearest goals clash and the matching is
    // solved in earnest.
    let (board, pairs) = nodes(10);
    let mut group = c.benchmark_group("matching");
    group.sample_size(20);
    group.bench_function("repaired", |b| {
        let mut bound = PushBound::new(&board);
        b.iter(|| {
            for (_, n) in &pairs {
                black_box(bound.estimate(black_box(n)));
            }
        })
    });
    group.bench_function("fresh", |b| {
        let mut bound = PushBound::new(&board);
        bound.repair = false;
        b.iter(|| {
            for (_, n) in &pairs {
                black_box(bound.estimate(black_box(n)));
            }
        })
    });
    group.finish();
}

fn flood(c: &mut Criterion) {
    // Level 10: 34 boxes, small regions; level 18: open floor, large ones.
    for screen in [10, 18] {
        let (board, pairs) = nodes(screen);
        let words = board.len().div_ceil(64);
        let mut reach = Reach::new(&board);
        for (_, n) in &pairs {
            let (lowest, man) = (reach.flood(&board, &n[..words], n[words] as u32), n[words]);
            assert_eq!(u64::from(lowest), man, "a node keeps its normalised man");
            assert_eq!(reach.flood_cells(&board, &n[..words], man as u32), lowest);
        }
        let mut group = c.benchmark_group(format!("flood/xsokoban{screen}"));
        group.bench_function("by_rows", |b| {
            b.iter(|| {
                (pairs.iter()).fold(0, |acc, (_, n)| {
                    acc ^ reach.flood(&board, black_box(&n[..words]), n[words] as u32)
                })
            })
        });
        group.bench_function("by_cells", |b| {
            b.iter(|| {
                (pairs.iter()).fold(0, |acc, (_, n)| {
                    acc ^ reach.flood_cells(&board, black_box(&n[..words]), n[words] as u32)
                })
            })
        });
        group.finish();
        let mut regions = Regions::new(&board);
        for (_, n) in &pairs {
            let boxes = &n[..words];
            assert_eq!(
                regions.count(&board, boxes),
                regions.count_cells(&board, boxes)
            );
        }
        let mut group = c.benchmark_group(format!("regions/xsokoban{screen}"));
        group.bench_function("by_runs", |b| {
            b.iter(|| {
                (pairs.iter()).fold(0, |acc, (_, n)| {
                    acc ^ regions.count(&board, black_box(&n[..words]))
                })
            })
        });
        group.bench_function("by_cells", |b| {
            b.iter(|| {
                (pairs.iter()).fold(0, |acc, (_, n)| {
                    acc ^ regions.count_cells(&board, black_box(&n[..words]))
                })
            })
        });
        group.finish();
    }
}

/// The cell a push moved a box to: the child's box that the parent lacks.
fn moved_to(parent: &[u64], child: &[u64], words: usize) -> u32 {
    let w = (0..words).find(|&w| child[w] & !parent[w] != 0);
    let w = w.expect("a push moves a box");
    (w * 64) as u32 + (child[w] & !parent[w]).trailing_zeros()
}

fn deadlocks(c: &mut Criterion) {
    let (board, pairs) = nodes(10);
    let words = board.len().div_ceil(64);
    let mut group = c.benchmark_group("deadlocks");
    group.sample_size(20);
    group.bench_function("freeze", |b| {
        b.iter(|| {
            (pairs.iter()).fold(0, |acc, (p, n)| {
                let to = moved_to(p, n, words);
                acc + usize::from(deadlock::frozen_off_goal(
                    &board,
                    black_box(&n[..words]),
                    to,
                ))
            })
        })
    });
    let mut matcher = Matcher::new(&board);
    group.bench_function("matching", |b| {
        b.iter(|| {
            (pairs.iter()).fold(0, |acc, (_, n)| {
                acc + usize::from(matcher.has_perfect_matching(&board, black_box(&n[..words])))
            })
        })
    });
    // The bipartite rule's test, with each node's boxes frozen on goals
    // found beforehand (the rule looks for them only after a push that
    // froze its box on a goal).
    let mut walls = Vec::new();
    let frozen: Vec<Vec<u64>> = (pairs.iter())
        .map(|(_, n)| {
            let mut set = vec![0; words];
            for cell in bits::iter::<u32>(&n[..words]) {
                if board.goal[cell as usize]
                    && deadlock::frozen(&board, &n[..words], cell, &mut walls)
                {
                    bits::insert(&mut set, cell);
                }
            }
            set
        })
        .collect();
    group.bench_function("bipartite", |b| {
        b.iter(|| {
            (pairs.iter().zip(&frozen)).fold(0, |acc, ((_, n), f)| {
                acc + usize::from(matcher.has_matching_around(&board, black_box(&n[..words]), f))
            })
        })
    });
    let mut reach = Reach::new(&board);
    group.bench_function("flood_and_pi_corral", |b| {
        b.iter(|| {
            (pairs.iter()).fold(0, |acc, (_, n)| {
                reach.flood(&board, black_box(&n[..words]), n[words] as u32);
                let found = corral::pi_corral(&board, &n[..words], &reach);
                acc + found.map_or(0, |c| c.pushes.len())
            })
        })
    });
    group.finish();
    let mut group = c.benchmark_group("successors");
    group.sample_size(20);
    let parents: Vec<&Vec<u64>> = {
        let mut seen = std::collections::BTreeSet::new();
        (pairs.iter())
            .filter(|(p, _)| seen.insert(p.clone()))
            .map(|(p, _)| p)
            .collect()
    };
    let mut space = PushSpace::new(&board, PushOptions::default());
    let mut out = Successors::new(space.words());
    // What one pass over the parents generates (the space has learnt its
    // first corral deadlocks by then, as a search would have).
    let generated: usize = (parents.iter())
        .map(|p| {
            space.successors(p, &mut out);
            out.len()
        })
        .sum();
    eprintln!(
        "successors: {} expansions, {generated} successors",
        parents.len()
    );
    group.bench_function("push_space_every_rule", |b| {
        b.iter(|| {
            (parents.iter()).fold(0, |acc, p| {
                space.successors(black_box(p), &mut out);
                acc + out.len()
            })
        })
    });
    group.finish();
}

/// What each phase of the schedule builds before its first node, against
/// what the level builds once: the board (dead squares, distances,
/// tunnels), then per phase the push space with goal-room macros and box
/// moves on (the matcher, the goal rooms' packing order, the box-move
/// tables), the pull space, the matching bound and Festival's rooms, on the
/// levels with most boxes (10), most floor (18) and one the default misses
/// (50).
fn setup(c: &mut Criterion) {
    let mut group = c.benchmark_group("setup");
    group.sample_size(20);
    let phase = PushOptions {
        goal_macros: true,
        box_moves: true,
        ..PushOptions::default()
    };
    for screen in [10, 18, 50] {
        let level = level(screen);
        let board = Board::new(&level);
        let name = format!("xsokoban{screen}");
        group.bench_function(format!("board/{name}"), |b| {
            b.iter(|| Board::new(black_box(&level)).len())
        });
        group.bench_function(format!("push_space/{name}"), |b| {
            b.iter(|| PushSpace::new(black_box(&board), phase).words())
        });
        group.bench_function(format!("pull_space/{name}"), |b| {
            b.iter(|| PullSpace::new(black_box(&board), PullOptions::default()).words())
        });
        group.bench_function(format!("matching_bound/{name}"), |b| {
            b.iter(|| MatchingBound::to_goals(black_box(&board)))
        });
        group.bench_function(format!("rooms/{name}"), |b| {
            b.iter(|| Rooms::new(black_box(&board)))
        });
    }
    group.finish();
}

criterion_group!(benches, node_hash, matching, flood, deadlocks, setup);
criterion_main!(benches);
