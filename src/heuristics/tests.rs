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

#[test]
fn admissibility_flags_match_the_table() {
    let admissible: Vec<bool> = table::TABLE.iter().map(|e| e.admissible).collect();
    assert_eq!(
        admissible,
        [true, true, true, false, false, true, true, false, true]
    );
}
