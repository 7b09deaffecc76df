use super::*;
use crate::task::FactId;

#[test]
fn pops_in_key_order_across_buckets_and_heap() {
    let mut q = BucketQueue::new(4);
    for (key, f) in [(3, 7), (1, 2), (9, 1), (3, 5), (4, 0), (0, 9)] {
        q.push(key, FactId(f));
    }
    let keys: Vec<u32> = std::iter::from_fn(|| q.pop()).map(|(k, _)| k).collect();
    assert_eq!(keys, vec![0, 1, 3, 3, 4, 9]);
    assert!(q.is_empty());
}

#[test]
fn a_push_below_the_scan_position_is_found() {
    let mut q = BucketQueue::new(100);
    q.push(5, FactId(0));
    assert_eq!(q.pop(), Some((5, FactId(0))));
    q.push(2, FactId(1));
    q.push(200, FactId(2));
    assert_eq!(q.pop(), Some((2, FactId(1))));
    assert_eq!(q.pop(), Some((200, FactId(2))));
    assert_eq!(q.pop(), None);
}

#[test]
fn clear_forgets_pending_entries() {
    let mut q = BucketQueue::new(10);
    q.push(1, FactId(0));
    q.push(20, FactId(1));
    q.clear();
    assert!(q.is_empty());
    assert_eq!(q.pop(), None);
    q.push(3, FactId(4));
    assert_eq!(q.pop(), Some((3, FactId(4))));
}
