use super::*;

#[test]
fn a_queue_grows_by_its_largest_bucket_not_by_all_of_them() {
    let mut q = TieBreaking::default();
    for i in 0..1000 {
        q.push((i % 10, 0, 0), NodeId(i as u32)).expect("memory");
    }
    q.push((99, 0, 0), NodeId(0)).expect("memory");
    let fp = q.footprint();
    let largest = q.buckets.values().map(VecDeque::capacity).max().unwrap();
    assert_eq!(fp.growth, largest * 4);
    assert!(fp.total >= 10 * fp.growth, "{fp:?}");
    // Emptied buckets leave their size as a bound, never above what is held.
    while q.buckets.len() > 1 {
        q.pop();
    }
    assert_eq!(q.footprint().growth, q.capacity * 4);
}

#[test]
fn pops_smallest_key_first_and_ties_in_push_order() {
    let mut q = TieBreaking::default();
    q.push((3, 1, 0), NodeId(0)).expect("memory");
    q.push((2, 5, 0), NodeId(1)).expect("memory");
    q.push((3, 1, 0), NodeId(2)).expect("memory");
    q.push((3, 0, 0), NodeId(3)).expect("memory");
    q.push((3, 1, 7), NodeId(4)).expect("memory");
    q.push((3, 1, 2), NodeId(5)).expect("memory");
    let order: Vec<u32> = std::iter::from_fn(|| q.pop()).map(|(_, id)| id.0).collect();
    assert_eq!(order, vec![1, 3, 0, 2, 5, 4]);
    assert!(q.is_empty());
    assert_eq!(q.bytes(), 0);
}

#[test]
fn last_in_first_out_pops_the_newest_of_equal_keys() {
    let mut q = TieBreaking::with_ties(Ties::Lifo);
    q.push((3, 1, 0), NodeId(0)).expect("memory");
    q.push((2, 5, 0), NodeId(1)).expect("memory");
    q.push((3, 1, 0), NodeId(2)).expect("memory");
    q.push((3, 1, 0), NodeId(3)).expect("memory");
    let order: Vec<u32> = std::iter::from_fn(|| q.pop()).map(|(_, id)| id.0).collect();
    assert_eq!(order, vec![1, 3, 2, 0]);
    let mut both = Alternation::with_ties(Ties::Lifo);
    both.all.push((0, 0, 0), NodeId(5)).expect("memory");
    both.all.push((0, 0, 0), NodeId(6)).expect("memory");
    both.preferred.push((0, 0, 0), NodeId(7)).expect("memory");
    both.preferred.push((0, 0, 0), NodeId(8)).expect("memory");
    let order: Vec<u32> = std::iter::from_fn(|| both.pop())
        .map(|(_, id)| id.0)
        .collect();
    assert_eq!(order, vec![6, 8, 5, 7]);
}

#[test]
fn alternation_takes_turns_and_skips_an_empty_queue() {
    let mut q = Alternation::new();
    for i in 0..3 {
        q.all.push((i, 0, 0), NodeId(i as u32)).expect("memory");
    }
    q.preferred.push((9, 0, 0), NodeId(9)).expect("memory");
    q.preferred.push((8, 0, 0), NodeId(8)).expect("memory");
    let order: Vec<u32> = std::iter::from_fn(|| q.pop()).map(|(_, id)| id.0).collect();
    // all, preferred, all, preferred, then all alone.
    assert_eq!(order, vec![0, 8, 1, 9, 2]);
}

#[test]
fn cells_take_turns_in_ascending_order_and_wrap_around() {
    let mut q = Cells::default();
    q.push(4, (9, 0, 0), NodeId(9)).expect("memory");
    q.push(1, (6, 0, 0), NodeId(6)).expect("memory");
    q.push(1, (5, 0, 0), NodeId(5)).expect("memory");
    let mut pop = || q.pop().map(|(_, id)| id.0);
    assert_eq!([pop(), pop()], [Some(5), Some(9)]);
    // Cell 4 is empty now: the turn passes on to the cells after it,
    // wraps around to cell 1 and passes on to the new cell 2.
    q.push(2, (7, 0, 0), NodeId(7)).expect("memory");
    q.push(u32::MAX, (8, 0, 0), NodeId(8)).expect("memory");
    let order: Vec<u32> = std::iter::from_fn(|| q.pop()).map(|(_, id)| id.0).collect();
    assert_eq!(order, vec![8, 6, 7]);
    assert_eq!(q.footprint(), Footprint::default());
}

#[test]
fn sublists_take_turns_until_a_boost_favours_the_preferred_queue() {
    let mut q = Sublists::new(vec![false, true]);
    for i in 0..6 {
        q.queues[0]
            .push((i, 0, 0), NodeId(i as u32))
            .expect("memory");
    }
    for i in 10..14 {
        q.queues[1]
            .push((i, 0, 0), NodeId(i as u32))
            .expect("memory");
    }
    let mut pop = || q.pop().map(|(_, id)| id.0);
    assert_eq!([pop(), pop()], [Some(0), Some(10)]);
    q.boost_preferred(2);
    // The preferred queue now has priority -1 against 1: two pops in a
    // row, then turns again (the all-nodes queue first on a tie), and the
    // all-nodes queue alone once the other is empty.
    let order: Vec<u32> = std::iter::from_fn(|| q.pop()).map(|(_, id)| id.0).collect();
    assert_eq!(order, vec![11, 12, 1, 13, 2, 3, 4, 5]);
    assert!(q.is_empty());
}
