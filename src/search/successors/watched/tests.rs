use super::*;
use crate::search::toy::task_with_ops;

#[test]
fn each_operator_is_watched_once() {
    // a = [0], b = [0, 1], c = [not 1], d = [2, not 0]
    let task = task_with_ops(3, &[(&[0], &[]), (&[0, 1], &[]), (&[], &[1]), (&[2], &[0])]);
    let mut w = Watched::new(&task);
    assert_eq!(w.watching.len() + w.unconditional.len(), 4);
    let mut out = Vec::new();
    w.applicable(&[0b001], &mut out);
    assert_eq!(out, vec![OpId(0), OpId(2)]);
    out.clear();
    w.applicable(&[0b110], &mut out);
    assert_eq!(out, vec![OpId(3)]);
}
