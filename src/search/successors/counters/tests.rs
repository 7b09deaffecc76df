use super::*;
use crate::search::toy::task_with_ops;

#[test]
fn the_module_example_counts_to_the_precondition_size() {
    let task = task_with_ops(3, &[(&[0], &[]), (&[0, 1], &[]), (&[2], &[])]);
    let mut c = Counters::new(&task);
    let mut out = Vec::new();
    c.applicable(&[0b101], &mut out);
    assert_eq!(out, vec![OpId(0), OpId(2)]);
    assert!(c.count.iter().all(|&n| n == 0), "counters are reset");
}

#[test]
fn negative_preconditions_block() {
    let task = task_with_ops(2, &[(&[], &[1]), (&[0], &[1]), (&[0], &[])]);
    let mut c = Counters::new(&task);
    let mut out = Vec::new();
    c.applicable(&[0b11], &mut out);
    assert_eq!(out, vec![OpId(2)]);
    out.clear();
    c.applicable(&[0b01], &mut out);
    assert_eq!(out, vec![OpId(0), OpId(1), OpId(2)]);
}
