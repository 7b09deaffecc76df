use super::*;
use crate::heuristics::testing::chain;

#[test]
fn every_listed_name_builds_a_heuristic_of_that_name() {
    let task = chain();
    for entry in table::TABLE {
        let h = by_name(entry.name, &task).expect("listed names are known");
        assert_eq!(h.name(), entry.name);
        assert_eq!(h.is_admissible(), entry.admissible, "{}", entry.name);
    }
    assert!(by_name("hm", &task).is_none());
}

/// A row's regression builder gives the heuristic of its name, admissible
/// only where the row is. (Goal count over subgoal sets says no: a cheap
/// operator may add two subgoals of any set, not only of the task's goal.)
#[test]
fn every_regression_builder_gives_a_heuristic_of_its_row() {
    let task = chain();
    let mut built = Vec::new();
    for entry in table::TABLE {
        let Some(h) = regression_by_name(entry.name, &task) else {
            continue;
        };
        assert_eq!(h.name(), entry.name);
        let expected = entry.admissible && entry.name != "goalcount";
        assert_eq!(h.is_admissible(), expected, "{}", entry.name);
        built.push(entry.name);
    }
    assert_eq!(built, ["blind", "goalcount", "hmax", "hadd", "lmcut"]);
    assert!(regression_by_name("hff", &task).is_none());
}

#[test]
fn admissibility_flags_match_the_table() {
    let admissible: Vec<bool> = table::TABLE.iter().map(|e| e.admissible).collect();
    assert_eq!(
        admissible,
        [
            true, true, true, false, false, true, true, false, true, true, true, true, true, true,
            true
        ]
    );
}
