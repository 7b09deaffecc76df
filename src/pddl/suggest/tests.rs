use super::*;

#[test]
fn edit_distance_counts_single_edits() {
    assert_eq!(edit_distance("on", "on"), 0);
    assert_eq!(edit_distance("ontable", "on-table"), 1);
    assert_eq!(edit_distance("truck", "trucks"), 1);
    assert_eq!(edit_distance("abc", "xyz"), 3);
}

#[test]
fn suggests_only_close_names() {
    assert_eq!(
        suggest("holdng", ["holding", "clear"].into_iter()),
        " (did you mean `holding`?)"
    );
    assert_eq!(suggest("zzz", ["holding", "clear"].into_iter()), "");
    assert_eq!(
        suggest("b3", ["b1", "a"].into_iter()),
        " (did you mean `b1`?)"
    );
}

#[test]
fn a_name_of_one_letter_is_not_like_another() {
    assert_eq!(suggest("z", ["a", "b"].into_iter()), "");
}
