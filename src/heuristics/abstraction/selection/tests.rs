use super::*;
use crate::heuristics::abstraction::{CostPartitioned, FactGroups, Options, Partitioning};
use crate::heuristics::testing::{OpSpec, state, task, truck};
use crate::heuristics::{Estimate, Heuristic};
use crate::task::{FactId, Task};

fn groups(sizes: &[u32]) -> Vec<Vec<FactId>> {
    let mut next = 0;
    (sizes.iter())
        .map(|&n| {
            next += n;
            (next - n..next).map(FactId).collect()
        })
        .collect()
}

fn patterns(selected: &Selected) -> Vec<Vec<Var>> {
    (selected.projections.iter())
        .map(|p| p.pattern().to_vec())
        .collect()
}

/// Sys-SCP as Seipp has it: every pattern must be useful.
fn pure() -> SysScp {
    SysScp {
        keep_up_to: 0,
        max_passes: 10,
        ..SysScp::default()
    }
}

/// Projections only (no Cartesian abstractions), selected by Sys-SCP.
fn sys_scp_options(max_pattern_size: usize) -> Options {
    Options {
        selection: Selection::SysScp(SysScp {
            max_pattern_size,
            ..pure()
        }),
        cartesian: false,
        ..Options::default()
    }
}

/// Two goal variables `a` and `b` (facts `a0, a1, b0, b1 = 0..4`), each set
/// by its own operator (cost 1) or both by a joint one (cost 2). `{a, b}` is
/// interesting (the joint operator changes both), but once `{a}` and `{b}`
/// have taken what they need nothing is left for it: every cost is 0.
fn two_switches() -> (Task, Vec<Vec<FactId>>) {
    let ops: &[OpSpec] = &[
        (&[0], &[1], &[0], 1),
        (&[2], &[3], &[2], 1),
        (&[0, 2], &[1, 3], &[0, 2], 2),
    ];
    (task(4, &[0, 2], &[1, 3], ops), groups(&[2, 2]))
}

#[test]
fn a_pattern_with_no_cost_left_is_skipped() {
    let (t, g) = two_switches();
    let vars = Variables::new(&t, &g);
    let costs: Vec<u32> = t.operators.iter().map(|o| o.cost).collect();
    let all = systematic(&vars, &costs, 2, 100, 1000, 1000);
    assert_eq!(patterns(&all), vec![vec![0], vec![1], vec![0, 1]]);
    let one_pass = SysScp {
        max_passes: 1,
        ..pure()
    };
    let selected = sys_scp(&vars, &costs, &one_pass);
    assert_eq!(patterns(&selected), vec![vec![0], vec![1]]);
    assert_eq!(selected.stats.evaluated, 2);
    let options = Options {
        selection: Selection::SysScp(one_pass),
        ..Options::default()
    };
    let mut h = CostPartitioned::new(&t, FactGroups::of(&g), Partitioning::Saturated, &options);
    assert_eq!(h.estimate(&state(&t, &[0, 2])), Estimate::Value(2));
    // A restart, with the full costs again, finds {a, b} useful in front.
    let selected = sys_scp(&vars, &costs, &pure());
    assert_eq!(patterns(&selected), vec![vec![0], vec![1], vec![0, 1]]);
    assert_eq!(selected.stats.passes, 3);
}

#[test]
fn the_truck_keeps_its_pattern_while_driving_costs() {
    let (t, g) = truck();
    let vars = Variables::new(&t, &g);
    let mut costs: Vec<u32> = t.operators.iter().map(|o| o.cost).collect();
    let selected = sys_scp(&vars, &costs, &pure());
    assert_eq!(patterns(&selected), vec![vec![1], vec![0, 1]]);
    // Free driving: {p} takes loading and unloading, and {t, p} has nothing
    // left that makes any of its distances positive.
    costs[0] = 0;
    costs[1] = 0;
    let one_pass = SysScp {
        max_passes: 1,
        ..pure()
    };
    let selected = sys_scp(&vars, &costs, &one_pass);
    assert_eq!(patterns(&selected), vec![vec![1]]);
    assert_eq!(selected.stats.evaluated, 2);
}

/// A truck `t` must go to `1` to deliver `p`, then back to `0` to deliver
/// `r`, which needs `p` delivered (facts `t0, t1, p0, p1, r0, r1 = 0..6`;
/// every operator costs 1; h* = 4). No projection on two variables sees the
/// drive back from the initial state; `{t, p, r}` does.
fn there_and_back() -> (Task, Vec<Vec<FactId>>) {
    let ops: &[OpSpec] = &[
        (&[0], &[1], &[0], 1),
        (&[1], &[0], &[1], 1),
        (&[1, 2], &[3], &[2], 1),
        (&[0, 3, 4], &[5], &[4], 1),
    ];
    (task(6, &[0, 2, 4], &[3, 5], ops), groups(&[2, 2, 2]))
}

#[test]
fn a_pattern_of_three_variables_is_kept_where_it_raises_the_estimate() {
    let (t, g) = there_and_back();
    let vars = Variables::new(&t, &g);
    let costs: Vec<u32> = t.operators.iter().map(|o| o.cost).collect();
    let selected = sys_scp(&vars, &costs, &pure());
    // Restart 1 takes {p}, {r}, {t, p} and {t, r}, which use up every cost;
    // restart 2, with the full costs again, {p, r} and {t, p, r}.
    assert_eq!(
        patterns(&selected),
        vec![
            vec![1],
            vec![2],
            vec![0, 1],
            vec![0, 2],
            vec![1, 2],
            vec![0, 1, 2]
        ]
    );
    let init = state(&t, &[0, 2, 4]);
    let systematic = Options {
        selection: Selection::Systematic,
        cartesian: false,
        ..Options::default()
    };
    let mut pairs =
        CostPartitioned::new(&t, FactGroups::of(&g), Partitioning::Saturated, &systematic);
    assert_eq!(pairs.estimate(&init), Estimate::Value(3));
    let mut triples = CostPartitioned::new(
        &t,
        FactGroups::of(&g),
        Partitioning::Saturated,
        &sys_scp_options(3),
    );
    assert_eq!(triples.estimate(&init), Estimate::Value(4));
}

#[test]
fn the_limits_are_counts() {
    let (t, g) = there_and_back();
    let vars = Variables::new(&t, &g);
    let costs: Vec<u32> = t.operators.iter().map(|o| o.cost).collect();
    let limits = |max_selected, max_evaluations_per_restart| SysScp {
        max_selected,
        max_evaluations_per_restart,
        ..pure()
    };
    let selected = sys_scp(&vars, &costs, &limits(3, 100));
    assert_eq!(patterns(&selected), vec![vec![1], vec![2], vec![0, 1]]);
    // One evaluation per restart: each restart selects one more pattern.
    let selected = sys_scp(&vars, &costs, &limits(100, 1));
    assert_eq!(selected.stats.evaluated, selected.projections.len());
    assert_eq!(selected.projections.len(), 6);
    assert_eq!(selected.stats.passes, 7);
}

#[test]
fn by_default_the_patterns_of_two_variables_are_all_kept() {
    let (t, g) = two_switches();
    let vars = Variables::new(&t, &g);
    let costs: Vec<u32> = t.operators.iter().map(|o| o.cost).collect();
    let selected = sys_scp(&vars, &costs, &SysScp::default());
    assert_eq!(patterns(&selected), vec![vec![0], vec![1], vec![0, 1]]);
    // A second pass, with the full costs again, found nothing new.
    assert_eq!(selected.stats.passes, 2);
    // The larger patterns still have to be useful: {t, p, r} is, in the
    // second pass.
    let (t, g) = there_and_back();
    let vars = Variables::new(&t, &g);
    let costs: Vec<u32> = t.operators.iter().map(|o| o.cost).collect();
    let selected = sys_scp(&vars, &costs, &SysScp::default());
    assert_eq!(selected.projections.len(), 6);
    assert_eq!(selected.projections[5].pattern(), [0, 1, 2]);
    // A third pass found nothing new, which ended the selection.
    assert_eq!(selected.stats.passes, 3);
}
