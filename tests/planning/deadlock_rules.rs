//! The deadlock rules of the push-level solver, one at a time: each fires on
//! a small level made for it (its counter is positive, and the level is
//! still solved in the fewest pushes, or proven unsolvable), stays silent
//! where it has nothing to find (its counter is 0), and never prunes a node
//! on a push-optimal solution of the bundled levels.

use crate::common::{Rng, root};
use planbox::heuristics::{Estimate, Heuristic};
use planbox::search::{self, Limits, Monitor, Outcome, SearchResult, SearchSpace, Successors};
use planbox::sokoban::solver::{Board, PushBound, PushOptions, PushSpace};
use planbox::sokoban::{Level, xsb};
use planbox::task::OpId;
use std::path::Path;

/// Every rule off.
const OFF: PushOptions = PushOptions::NONE;

/// The rules that keep every optimal solution, each alone, by name.
fn each_rule() -> [(&'static str, PushOptions); 6] {
    [
        (
            "dead_square",
            PushOptions {
                dead_squares: true,
                ..OFF
            },
        ),
        (
            "freeze",
            PushOptions {
                freeze: true,
                ..OFF
            },
        ),
        (
            "matching",
            PushOptions {
                matching: true,
                ..OFF
            },
        ),
        (
            "corral_deadlock",
            PushOptions {
                corral_deadlocks: true,
                ..OFF
            },
        ),
        // Patterns are learnt from the corral searches.
        (
            "deadlock_pattern",
            PushOptions {
                corral_deadlocks: true,
                patterns: true,
                ..OFF
            },
        ),
        (
            "bipartite",
            PushOptions {
                bipartite: true,
                ..OFF
            },
        ),
    ]
}

fn level(text: &str) -> Level {
    xsb::parse(Path::new("t.xsb"), text)
        .level(1)
        .expect("one level")
        .expect("valid level")
}

/// Breadth-first search over pushes (fewest pushes) with `options`.
fn bfs(text: &str, options: PushOptions) -> SearchResult {
    let board = Board::new(&level(text));
    let mut space = PushSpace::new(&board, options);
    search::bfs(&mut space, &mut Monitor::new(Limits::none()))
}

fn counter(result: &SearchResult, rule: &str) -> u64 {
    let found = result.stats.pruned.iter().find(|(r, _)| *r == rule);
    found.expect("the rule has a counter").1
}

/// With `options` the rule `rule` fires on `text`, and the outcome is the
/// one without any rule: the same number of pushes, or unsolvable.
fn fires(rule: &str, options: PushOptions, text: &str) -> Outcome {
    let with = bfs(text, options);
    let without = bfs(text, OFF);
    assert!(counter(&with, rule) > 0, "{rule} did not fire on\n{text}");
    assert!(
        without.stats.pruned.iter().all(|&(_, n)| n == 0),
        "nothing pruned with the rules off"
    );
    match (&with.outcome, &without.outcome) {
        (Outcome::Plan(a), Outcome::Plan(b)) => assert_eq!(a.len(), b.len(), "{rule}"),
        (a, b) => assert_eq!(a, b, "{rule}"),
    }
    assert!(
        with.stats.generated < without.stats.generated,
        "{rule} saved nothing"
    );
    with.outcome
}

/// The smallest level: one push right, which no rule has reason to cut.
const ONE_PUSH: &str = "#####\n#@$.#\n#####\n";

fn silent(rule: &str, options: PushOptions, text: &str) {
    let r = bfs(text, options);
    assert!(matches!(r.outcome, Outcome::Plan(_)), "{rule}");
    assert_eq!(counter(&r, rule), 0, "{rule} fired on\n{text}");
}

#[test]
fn dead_squares_fire_on_pushes_into_corners_and_nowhere_else() {
    let [(rule, options), ..] = each_rule();
    // The box can be pushed into four corners and along two goal-less walls.
    let text = "######\n#@   #\n# $  #\n#   .#\n######\n";
    assert!(matches!(fires(rule, options, text), Outcome::Plan(_)));
    silent(rule, options, ONE_PUSH);
}

#[test]
fn freeze_fires_on_two_boxes_pushed_side_by_side_against_a_wall() {
    let (rule, options) = each_rule()[1];
    // The top row is live (a goal at its left end), so pushing the lower box
    // up beside the other is no dead square, but freezes both off goals.
    let text = "########\n#.  $  #\n#    $ #\n#.   @ #\n########\n";
    assert!(matches!(fires(rule, options, text), Outcome::Plan(_)));
    silent(rule, options, ONE_PUSH);
    // Boxes side by side against a wall, but on goals, are not a deadlock:
    // the last box is pushed up beside the two others.
    silent(rule, options, "#####\n#**.#\n###$#\n  #@#\n  ###\n");
}

#[test]
fn matching_fires_when_two_boxes_need_the_same_goal() {
    let (rule, options) = each_rule()[2];
    // A box on the top row reaches only the top goal; pushing the other box
    // up onto that row leaves the bottom goal to nobody. Neither a dead
    // square (the row has a goal) nor a freeze.
    let text = "#######\n# $  .#\n#     #\n#   $ #\n#.  @ #\n#######\n";
    let all = PushOptions::default();
    let r = bfs(text, all);
    assert!(counter(&r, "matching") > 0, "with every rule on too");
    assert!(matches!(fires(rule, options, text), Outcome::Plan(_)));
    // Both boxes on the top row from the start: proven unsolvable at once.
    let stuck = "#######\n# $ $.#\n#     #\n#.  @ #\n#######\n";
    assert_eq!(fires(rule, options, stuck), Outcome::Unsolvable);
    assert_eq!(bfs(stuck, options).stats.expanded, 1);
    silent(rule, options, ONE_PUSH);
    // In an open room, with dead squares cut first, every box keeps a goal.
    let open = "#######\n#.   .#\n# $$  #\n#  @  #\n#######\n";
    silent(rule, all, open);
}

#[test]
fn bipartite_fires_when_boxes_frozen_on_goals_shut_the_way_to_another() {
    let (rule, options) = each_rule()[5];
    // The goals are a corridor, walls above and below; filled from its
    // far end it takes all three boxes. A box left on its middle goal and
    // another pushed in beside it are frozen there, on goals (no freeze
    // deadlock), and shut the far goal off from the third box, which on the
    // empty board still reaches it (the plain matching holds).
    let text = "#########\n#...    #\n####    #\n####$$$ #\n####  @ #\n#########\n";
    let matching_alone = each_rule()[2].1;
    let plain = bfs(text, matching_alone);
    assert!(counter(&bfs(text, options), rule) > 0);
    assert!(matches!(fires(rule, options, text), Outcome::Plan(_)));
    // Beside the plain matching, it still finds dead nodes: fewer nodes
    // generated than with the matching alone.
    let both = bfs(
        text,
        PushOptions {
            bipartite: true,
            ..matching_alone
        },
    );
    assert!(counter(&both, rule) > 0);
    assert!(both.stats.generated < plain.stats.generated);
    silent(rule, options, ONE_PUSH);
    // Boxes frozen on goals that shut nothing off: the last box is pushed
    // up beside the two others, and the level is solved.
    silent(rule, options, "#####\n#**.#\n###$#\n  #@#\n  ###\n");
}

#[test]
fn corral_pruning_narrows_to_the_pushes_into_a_closed_area() {
    let options = PushOptions {
        corrals: true,
        ..OFF
    };
    // Two boxes fence off the right-hand room, whose goals are empty: only
    // their pushes into it are tried, not those of the box on the left.
    let text = "########\n#   #  #\n#@$ $ .#\n#   $ .#\n#.  #  #\n########\n";
    let with = bfs(text, options);
    let without = bfs(text, OFF);
    assert!(counter(&with, "corral") > 0);
    assert!(matches!(with.outcome, Outcome::Plan(_)));
    assert!(with.stats.generated < without.stats.generated);
    // Corral pruning keeps a solution, not necessarily a shortest one.
    let (Outcome::Plan(a), Outcome::Plan(b)) = (&with.outcome, &without.outcome) else {
        panic!("both solve")
    };
    assert!(a.len() >= b.len());
    silent("corral", options, ONE_PUSH);
}

/// Breadth-first search over pushes on a Microban level with `options`.
fn microban_bfs(index: usize, options: PushOptions) -> SearchResult {
    let text =
        std::fs::read_to_string(root().join("problems/sokoban/microban.xsb")).expect("microban");
    let collection = xsb::parse(Path::new("microban.xsb"), &text);
    let board = Board::new(&collection.level(index).expect("level").expect("valid"));
    let mut space = PushSpace::new(&board, options);
    search::bfs(&mut space, &mut Monitor::new(Limits::none()))
}

#[test]
fn corral_deadlocks_fire_on_microban_1_and_keep_its_fewest_pushes() {
    let (rule, options) = each_rule()[3];
    // Microban 1: some pushes close a corral whose own boxes can neither
    // reach goals nor let the man in; the rule cuts those nodes and BFS
    // still finds the fewest pushes.
    let (with, without) = (microban_bfs(1, options), microban_bfs(1, OFF));
    assert!(counter(&with, rule) > 0);
    assert!(with.stats.expanded < without.stats.expanded);
    let (Outcome::Plan(a), Outcome::Plan(b)) = (&with.outcome, &without.outcome) else {
        panic!("both solve")
    };
    assert_eq!(a.len(), b.len());
    // Microban 2 has no deadlocked corral on the way.
    assert_eq!(counter(&microban_bfs(2, options), rule), 0);
    silent(rule, options, ONE_PUSH);
}

#[test]
fn deadlock_patterns_fire_on_microban_4_and_keep_its_fewest_pushes() {
    let (rule, options) = each_rule()[4];
    let corrals_alone = each_rule()[3].1;
    // Microban 4: corrals proved deadlocked come back with other boxes
    // around them, where only the patterns see them: more dead nodes are
    // found than by the corral searches alone, fewer nodes generated, and
    // BFS still finds the fewest pushes.
    let (with, without) = (microban_bfs(4, options), microban_bfs(4, corrals_alone));
    assert!(counter(&with, rule) > 0);
    assert_eq!(counter(&without, rule), 0);
    let dead = |r: &SearchResult| counter(r, "corral_deadlock") + counter(r, rule);
    assert!(dead(&with) > dead(&without));
    assert!(with.stats.generated < without.stats.generated);
    let (Outcome::Plan(a), Outcome::Plan(b)) = (&with.outcome, &without.outcome) else {
        panic!("both solve")
    };
    assert_eq!(a.len(), b.len());
    // Microban 2 proves no corral deadlocked, so it learns no pattern.
    assert_eq!(counter(&microban_bfs(2, options), rule), 0);
    silent(rule, options, ONE_PUSH);
}

/// What one push search proves is kept for the next (the solver's push
/// phases start from what the ones before them learnt): searched again with
/// the first search's corral deadlocks and patterns, Microban 4 cuts more
/// positions by pattern from the start, runs fewer corral searches, and
/// still finds the fewest pushes.
#[test]
fn a_push_space_starts_from_what_an_earlier_one_learnt() {
    let (rule, options) = each_rule()[4];
    let text =
        std::fs::read_to_string(root().join("problems/sokoban/microban.xsb")).expect("microban");
    let collection = xsb::parse(Path::new("microban.xsb"), &text);
    let board = Board::new(&collection.level(4).expect("level").expect("valid"));
    let mut first = PushSpace::new(&board, options);
    let once = search::bfs(&mut first, &mut Monitor::new(Limits::none()));
    let mut second = PushSpace::new(&board, options).learning_from(first.into_learnt());
    let again = search::bfs(&mut second, &mut Monitor::new(Limits::none()));
    assert!(counter(&again, rule) > counter(&once, rule));
    assert!(counter(&again, "corral_deadlock") < counter(&once, "corral_deadlock"));
    let (Outcome::Plan(a), Outcome::Plan(b)) = (&once.outcome, &again.outcome) else {
        panic!("both solve")
    };
    assert_eq!(a.len(), b.len());
}

/// The expansions A* may make for a push-optimal plan, and the breadth-first
/// search that learns deadlock patterns before a walk: budgets of work, not
/// of time, so that every machine checks the same levels with the same
/// patterns.
const OPTIMAL_PLAN: u64 = 200_000;
const LEARNING: u64 = 100_000;

/// A push-optimal plan found with every rule off: A* with the matching
/// bound, which then never reports a dead end; `None` past the budget.
fn optimal_plan(board: &Board) -> Option<Vec<OpId>> {
    let mut space = PushSpace::new(board, OFF);
    let mut bound = PushBound::new(board).without_dead_ends();
    let mut monitor = Monitor::new(Limits {
        expansions: Some(OPTIMAL_PLAN),
        ..Limits::none()
    });
    match search::astar(&mut space, &mut bound, &mut monitor).outcome {
        Outcome::Plan(plan) => Some(plan),
        Outcome::Incomplete => None,
        other => panic!("{other:?}"),
    }
}

/// What walking a plan with some rules on found.
struct Walk {
    /// The first push that is not a successor, and the rule that cut it.
    cut: Option<(usize, String)>,
    /// How often each rule fired on the way (see [`walk`]).
    fired: Vec<(&'static str, u64)>,
}

/// Walks `plan` with `options`: each push must be a successor, and the last
/// node solved. A rule that cuts a push names itself among the rejections;
/// one that cuts a whole node (corral deadlocks, patterns) shows in its
/// counter. Such a rule can only fire off the path of a sound walk, so every
/// node one push off the path is expanded too, for the counters. With
/// deadlock patterns the space first searches the level breadth-first for
/// [`LEARNING`] expansions, so that the walk meets every pattern that search
/// learnt.
fn walk(board: &Board, options: PushOptions, plan: &[OpId]) -> Walk {
    let mut space = PushSpace::new(board, options);
    if options.patterns {
        let limits = Limits {
            expansions: Some(LEARNING),
            ..Limits::none()
        };
        search::bfs(&mut space, &mut Monitor::new(limits));
    }
    let before = space.pruning_counters();
    let fired = |space: &PushSpace| -> Vec<(&'static str, u64)> {
        (space.pruning_counters().iter().zip(&before))
            .map(|(&(rule, now), &(_, then))| (rule, now - then))
            .collect()
    };
    let mut node = vec![0u64; space.words()];
    space.start(&mut node);
    let (mut out, mut ahead) = (
        Successors::new(space.words()),
        Successors::new(space.words()),
    );
    for (k, &op) in plan.iter().enumerate() {
        let counted = space.pruning_counters();
        space.successors(&node, &mut out);
        let Some(i) = (0..out.len()).find(|&i| out.get(i).0 == op) else {
            let rejected = space.rejections().iter().find(|r| r.0 == op).map(|r| r.1);
            let counters = space.pruning_counters();
            let moved = (counters.iter().zip(&counted)).find(|(now, then)| now.1 > then.1);
            let rule = rejected.or(moved.map(|m| m.0.0)).unwrap_or("missing");
            return Walk {
                cut: Some((k + 1, rule.to_string())),
                fired: fired(&space),
            };
        };
        for j in (0..out.len()).filter(|&j| j != i) {
            space.successors(out.get(j).1, &mut ahead);
        }
        node = out.get(i).1.to_vec();
    }
    assert!(space.is_target(&node));
    Walk {
        cut: None,
        fired: fired(&space),
    }
}

/// `min_pushes` by level, from the bundled table: `None` where it gives no
/// optimum (an empty field). A malformed line fails the test.
fn min_pushes(file: &str) -> Vec<Option<usize>> {
    let text = std::fs::read_to_string(root().join(file)).expect("optimal table");
    let optima: Vec<Option<usize>> = (text.lines().enumerate().skip(1))
        .map(|(k, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            let at = format!("{file}:{}: `{l}`", k + 1);
            assert_eq!(f.len(), 5, "{at}");
            assert_eq!(f[0], k.to_string(), "{at}: the level's index");
            (!f[3].is_empty()).then(|| f[3].parse().unwrap_or_else(|e| panic!("{at}: {e}")))
        })
        .collect();
    assert!(!optima.is_empty(), "{file}: an empty table");
    optima
}

/// Every node on a push-optimal solution can still be solved optimally, so
/// a rule that keeps optimal solutions (dead squares, freeze, matching,
/// corral deadlocks, deadlock patterns, bipartite; not corral pruning, which
/// keeps *a* solution) must let each of its pushes through. The solutions
/// are found with every rule off and checked against the table's
/// `min_pushes`, then walked with each rule alone and with all six: the teaching levels,
/// Microban 1-100 and Microban II 1-50, all but the four that A* without
/// rules does not solve within its budget. Each rule must fire on the way
/// (off the path), or the walks prove nothing about it.
#[test]
fn no_rule_prunes_a_node_of_an_optimal_solution() {
    let root = root();
    let (mut checked, mut compared, mut unsolved) = (0, 0, Vec::new());
    let mut cut = Vec::new();
    let all = PushOptions {
        corrals: false,
        ..PushOptions::default()
    };
    let mut configs: Vec<(&str, PushOptions, Vec<&str>)> = (each_rule().into_iter())
        .map(|(rule, options)| (rule, options, vec![rule]))
        .collect();
    let six = each_rule().map(|(rule, _)| rule).to_vec();
    configs.push(("all six", all, six));
    let mut fired = vec![std::collections::BTreeMap::new(); configs.len()];
    for (file, levels, table) in [
        ("problems/sokoban/teaching.xsb", 1..=8, None),
        (
            "problems/sokoban/microban.xsb",
            1..=100,
            Some("problems/sokoban/microban.optimal.tsv"),
        ),
        (
            "problems/sokoban/microban_ii.xsb",
            1..=50,
            Some("problems/sokoban/microban_ii.optimal.tsv"),
        ),
    ] {
        let text = std::fs::read_to_string(root.join(file)).expect("levels");
        let collection = xsb::parse(Path::new(file), &text);
        let optima = table.map(min_pushes);
        for index in levels {
            let level = collection.level(index).expect("level").expect("valid");
            let board = Board::new(&level);
            let Some(plan) = optimal_plan(&board) else {
                unsolved.push(format!("{file} {index}"));
                continue;
            };
            if let Some(Some(optimum)) = optima.as_ref().map(|o| o[index - 1]) {
                assert_eq!(plan.len(), optimum, "{file} level {index}");
                compared += 1;
            }
            for (k, (name, options, _)) in configs.iter().enumerate() {
                let walked = walk(&board, *options, &plan);
                if let Some((push, by)) = walked.cut {
                    cut.push(format!("{file} {index}: {name} cut push {push} ({by})"));
                }
                for (rule, n) in walked.fired {
                    *fired[k].entry(rule).or_insert(0) += n;
                }
            }
            checked += 1;
        }
    }
    assert!(cut.is_empty(), "{cut:#?}");
    let microban = "problems/sokoban/microban.xsb";
    let expected = [78, 93, 98, 99].map(|i| format!("{microban} {i}"));
    assert_eq!(unsolved, expected, "the levels past A*'s budget");
    assert_eq!((checked, compared), (154, 146));
    for ((name, _, rules), fired) in configs.iter().zip(&fired) {
        for rule in rules {
            let n = fired.get(rule).copied().unwrap_or(0);
            assert!(n > 0, "{name}: {rule} never fired: {fired:?}");
        }
    }
}

/// Every rule that keeps optimal solutions, and strict PI-corral pruning:
/// what `solve --optimize pushes` searches with.
fn optimal_rules() -> PushOptions {
    PushOptions {
        corrals: true,
        strict_corrals: true,
        ..PushOptions::default()
    }
}

/// Microban 1-100 and Microban II 1-50 where the bundled table gives an
/// optimum: each level's name, board and `min_pushes`.
fn microban_optima() -> Vec<(String, Board, usize)> {
    let mut out = Vec::new();
    for (file, table, last) in [
        (
            "problems/sokoban/microban.xsb",
            "problems/sokoban/microban.optimal.tsv",
            100,
        ),
        (
            "problems/sokoban/microban_ii.xsb",
            "problems/sokoban/microban_ii.optimal.tsv",
            50,
        ),
    ] {
        let text = std::fs::read_to_string(root().join(file)).expect("levels");
        let collection = xsb::parse(Path::new(file), &text);
        let optima = min_pushes(table);
        for index in 1..=last {
            if let Some(optimum) = optima[index - 1] {
                let level = collection.level(index).expect("level").expect("valid");
                out.push((format!("{file} level {index}"), Board::new(&level), optimum));
            }
        }
    }
    out
}

/// A* with the matching bound over `options`: the plan's length and the
/// search, or `None` past `budget` expansions.
fn astar(board: &Board, options: PushOptions, budget: u64) -> (Option<usize>, SearchResult) {
    astar_with(board, options, &mut PushBound::new(board), budget)
}

/// [`astar`] with the given bound.
fn astar_with(
    board: &Board,
    options: PushOptions,
    bound: &mut PushBound,
    budget: u64,
) -> (Option<usize>, SearchResult) {
    let mut space = PushSpace::new(board, options);
    let mut monitor = Monitor::new(Limits {
        expansions: Some(budget),
        ..Limits::none()
    });
    let result = search::astar(&mut space, bound, &mut monitor);
    let pushes = match &result.outcome {
        Outcome::Plan(plan) => Some(plan.len()),
        Outcome::Incomplete => None,
        other => panic!("{other:?}"),
    };
    (pushes, result)
}

/// Strict PI-corral pruning keeps *an* optimal solution, not every one (so
/// the walks above do not apply): A* with it finds the table's `min_pushes`
/// on Microban 1-100 and Microban II 1-50, and prunes on the way, with
/// fewer expansions than without it.
#[test]
fn strict_corral_pruning_keeps_the_fewest_pushes() {
    let without = PushOptions {
        corrals: false,
        ..optimal_rules()
    };
    let (mut compared, mut pruned) = (0, 0);
    let (mut expanded, mut expanded_without) = (0, 0);
    for (name, board, optimum) in microban_optima() {
        let (pushes, with) = astar(&board, optimal_rules(), OPTIMAL_PLAN);
        let (pushes_without, plain) = astar(&board, without, OPTIMAL_PLAN);
        if pushes.is_none() && pushes_without.is_none() {
            continue;
        }
        assert_eq!(pushes, Some(optimum), "{name}");
        assert_eq!(pushes_without, Some(optimum), "{name}");
        compared += 1;
        pruned += counter(&with, "corral");
        expanded += with.stats.expanded;
        expanded_without += plain.stats.expanded;
    }
    assert!(compared >= 140, "{compared} levels compared");
    assert!(pruned > 0, "strict corral pruning never fired");
    assert!(
        expanded < expanded_without,
        "{expanded} expansions with strict corrals, {expanded_without} without"
    );
}

/// A random level that can be solved: the boxes start on the goals, and the
/// man walks at random, pulling a box behind him now and then; where they
/// end is the start.
fn random_level(rng: &mut Rng) -> String {
    const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    loop {
        let (h, w, n) = (rng.range(4, 6), rng.range(5, 7), rng.range(2, 4));
        let mut wall = vec![vec![true; w + 2]; h + 2];
        let mut free = Vec::new();
        for (r, row) in wall.iter_mut().enumerate().take(h + 1).skip(1) {
            for (c, cell) in row.iter_mut().enumerate().take(w + 1).skip(1) {
                *cell = rng.chance(22);
                if !*cell {
                    free.push((r, c));
                }
            }
        }
        if free.len() < n + 3 {
            continue;
        }
        for i in 0..=n {
            let j = i + rng.below(free.len() - i);
            free.swap(i, j);
        }
        let goals = free[..n].to_vec();
        let (mut boxes, mut man) = (goals.clone(), free[n]);
        for _ in 0..300 {
            let (dr, dc) = STEPS[rng.below(4)];
            let to = (man.0.wrapping_add_signed(dr), man.1.wrapping_add_signed(dc));
            if wall[to.0][to.1] || boxes.contains(&to) {
                continue;
            }
            let from = (
                man.0.wrapping_add_signed(-dr),
                man.1.wrapping_add_signed(-dc),
            );
            if let Some(k) = boxes.iter().position(|&b| b == from)
                && rng.chance(60)
            {
                boxes[k] = man;
            }
            man = to;
        }
        if goals.iter().all(|g| boxes.contains(g)) {
            continue;
        }
        let mut text = String::new();
        for (r, row) in wall.iter().enumerate() {
            for (c, &is_wall) in row.iter().enumerate() {
                let (goal, boxed) = (goals.contains(&(r, c)), boxes.contains(&(r, c)));
                text.push(match (is_wall, boxed, goal, man == (r, c)) {
                    (true, ..) => '#',
                    (_, true, true, _) => '*',
                    (_, true, false, _) => '$',
                    (_, _, true, true) => '+',
                    (_, _, false, true) => '@',
                    (_, _, true, false) => '.',
                    _ => ' ',
                });
            }
            text.push('\n');
        }
        return text;
    }
}

/// `count` random levels drawn from `seed`, each with a push-optimal plan
/// found with every rule off (those past A*'s budget left out).
fn solved_random_levels(seed: u64, count: usize) -> Vec<(String, Board, Vec<OpId>)> {
    let mut rng = Rng(seed);
    (0..count)
        .filter_map(|_| {
            let text = random_level(&mut rng);
            let board = Board::new(&level(&text));
            let plan = optimal_plan(&board)?;
            Some((text, board, plan))
        })
        .collect()
}

/// On random solvable levels, A* with strict PI-corral pruning (and the
/// other rules) needs exactly as many pushes as A* with every rule off.
#[test]
fn strict_corral_pruning_keeps_the_fewest_pushes_of_random_levels() {
    let (mut compared, mut pruned) = (0, 0);
    for (text, board, optimum) in solved_random_levels(0x5eed_50c0_ba11, 300) {
        let (pushes, with) = astar(&board, optimal_rules(), OPTIMAL_PLAN);
        assert_eq!(pushes, Some(optimum.len()), "\n{text}");
        compared += 1;
        pruned += counter(&with, "corral");
    }
    assert!(compared >= 250, "{compared} levels compared");
    assert!(pruned > 0, "strict corral pruning never fired");
}

/// The pair penalties keep the bound a lower bound: on random solvable
/// levels, at every node of a push-optimal solution (found without them),
/// the bound with pair penalties is at most the pushes left; and A* with
/// them finds a solution just as short. Some estimates must be raised, or
/// the test proves nothing.
#[test]
fn pair_penalties_never_exceed_the_pushes_left() {
    let (mut compared, mut raised) = (0, 0);
    for (text, board, plan) in solved_random_levels(0x9a1e_5eed_0b0b, 1000) {
        let mut space = PushSpace::new(&board, OFF);
        let mut bound = PushBound::new(&board).with_pairs();
        let mut node = vec![0u64; space.words()];
        space.start(&mut node);
        let mut next = node.clone();
        for (k, &op) in plan.iter().enumerate() {
            let left = (plan.len() - k) as u32;
            match bound.estimate(&node) {
                Estimate::Value(h) => assert!(h <= left, "{h} > {left} pushes left\n{text}"),
                Estimate::DeadEnd => panic!("a dead end {left} pushes from the goals\n{text}"),
            }
            assert!(space.successor(&node, op, &mut next), "\n{text}");
            std::mem::swap(&mut node, &mut next);
        }
        let mut paired = PushBound::new(&board).with_pairs();
        let (pushes, _) = astar_with(&board, optimal_rules(), &mut paired, OPTIMAL_PLAN);
        assert_eq!(pushes, Some(plan.len()), "\n{text}");
        compared += 1;
        raised += bound.raised + paired.raised;
    }
    assert!(compared >= 900, "{compared} levels compared");
    assert!(raised > 0, "no estimate was raised");
}

/// The distances that know the man's side keep the bound a lower bound:
/// on random solvable levels, at every node of a push-optimal solution
/// (found without them), the matching over them, alone and with pair
/// penalties, is at most the pushes left; and A* with both finds a solution
/// just as short. Some estimates must exceed the man-blind matching, or the
/// test proves nothing.
#[test]
fn man_sides_never_exceed_the_pushes_left() {
    let (mut compared, mut raised) = (0, 0);
    for (text, board, plan) in solved_random_levels(0x51de_5eed_0c0c, 1000) {
        let mut space = PushSpace::new(&board, OFF);
        let mut blind = PushBound::new(&board);
        let mut sided = PushBound::new(&board).with_sides();
        let mut both = PushBound::new(&board).with_sides().with_pairs();
        let mut node = vec![0u64; space.words()];
        space.start(&mut node);
        let mut next = node.clone();
        for (k, &op) in plan.iter().enumerate() {
            let left = (plan.len() - k) as u32;
            for bound in [&mut sided, &mut both] {
                match bound.estimate(&node) {
                    Estimate::Value(h) => assert!(h <= left, "{h} > {left} pushes left\n{text}"),
                    Estimate::DeadEnd => panic!("a dead end {left} pushes from the goals\n{text}"),
                }
            }
            if let (Estimate::Value(s), Estimate::Value(b)) =
                (sided.estimate(&node), blind.estimate(&node))
            {
                raised += usize::from(s > b);
            }
            assert!(space.successor(&node, op, &mut next), "\n{text}");
            std::mem::swap(&mut node, &mut next);
        }
        let mut bound = PushBound::new(&board).with_sides().with_pairs();
        let (pushes, _) = astar_with(&board, optimal_rules(), &mut bound, OPTIMAL_PLAN);
        assert_eq!(pushes, Some(plan.len()), "\n{text}");
        compared += 1;
    }
    assert!(compared >= 900, "{compared} levels compared");
    assert!(raised > 0, "no estimate was raised");
}

/// With the man's sides and pair penalties, A* finds the table's
/// `min_pushes` on Microban 1-100 and Microban II 1-50 (where it finishes
/// within its budget) with fewer expansions in all than with pair penalties
/// over the man-blind distances.
#[test]
fn man_sides_keep_the_fewest_pushes_with_fewer_expansions() {
    let mut compared = 0;
    let (mut expanded, mut expanded_without) = (0, 0);
    for (name, board, optimum) in microban_optima() {
        let mut sided = PushBound::new(&board).with_sides().with_pairs();
        let (pushes, with) = astar_with(&board, optimal_rules(), &mut sided, OPTIMAL_PLAN);
        let mut blind = PushBound::new(&board).with_pairs();
        let (pushes_without, plain) = astar_with(&board, optimal_rules(), &mut blind, OPTIMAL_PLAN);
        if pushes.is_none() || pushes_without.is_none() {
            continue;
        }
        assert_eq!(pushes, Some(optimum), "{name}");
        assert_eq!(pushes_without, Some(optimum), "{name}");
        compared += 1;
        expanded += with.stats.expanded;
        expanded_without += plain.stats.expanded;
    }
    assert!(compared >= 140, "{compared} levels compared");
    assert!(
        expanded < expanded_without,
        "{expanded} expansions with the man's sides, {expanded_without} without"
    );
}

/// With pair penalties, A* finds the table's `min_pushes` on Microban
/// 1-100 and Microban II 1-50 (where it finishes within its budget) with
/// fewer expansions in all than with the matching bound alone.
#[test]
fn pair_penalties_keep_the_fewest_pushes_with_fewer_expansions() {
    let (mut compared, mut raised) = (0, 0);
    let (mut expanded, mut expanded_without) = (0, 0);
    for (name, board, optimum) in microban_optima() {
        let mut paired = PushBound::new(&board).with_pairs();
        let (pushes, with) = astar_with(&board, optimal_rules(), &mut paired, OPTIMAL_PLAN);
        let (pushes_without, plain) = astar(&board, optimal_rules(), OPTIMAL_PLAN);
        if pushes.is_none() || pushes_without.is_none() {
            continue;
        }
        assert_eq!(pushes, Some(optimum), "{name}");
        assert_eq!(pushes_without, Some(optimum), "{name}");
        compared += 1;
        raised += paired.raised;
        expanded += with.stats.expanded;
        expanded_without += plain.stats.expanded;
    }
    assert!(compared >= 140, "{compared} levels compared");
    assert!(raised > 0, "no estimate was raised");
    assert!(
        expanded < expanded_without,
        "{expanded} expansions with pair penalties, {expanded_without} without"
    );
}
