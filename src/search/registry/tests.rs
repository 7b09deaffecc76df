use super::*;

#[test]
fn stores_each_node_once_under_dense_ids() {
    let mut r = StateRegistry::new(1);
    assert_eq!(r.insert(&[5]), Ok((NodeId(0), true)));
    assert_eq!(r.insert(&[9]), Ok((NodeId(1), true)));
    assert_eq!(r.insert(&[5]), Ok((NodeId(0), false)));
    assert_eq!(r.len(), 2);
    assert_eq!(r.to_vec(NodeId(1)), vec![9]);
    assert_eq!(r.lookup(&[9]), Some(NodeId(1)));
    assert_eq!(r.lookup(&[7]), None);
}

#[test]
fn survives_growth_with_multi_word_nodes() {
    let mut r = StateRegistry::new(3);
    for i in 0..10_000u64 {
        let node = [i, i.wrapping_mul(31), !i];
        assert_eq!(r.insert(&node), Ok((NodeId(i as u32), true)));
    }
    for i in (0..10_000u64).rev() {
        let node = [i, i.wrapping_mul(31), !i];
        assert_eq!(r.insert(&node), Ok((NodeId(i as u32), false)));
        assert_eq!(r.to_vec(NodeId(i as u32)), node);
    }
    assert!(r.bytes() >= 10_000 * 3 * 8);
}

#[test]
fn pop_forgets_the_last_node_and_clear_all() {
    let mut r = StateRegistry::new(2);
    r.insert(&[1, 2]).expect("fits");
    r.insert(&[3, 4]).expect("fits");
    r.pop();
    assert_eq!((r.len(), r.lookup(&[3, 4])), (1, None));
    assert_eq!(r.insert(&[3, 4]), Ok((NodeId(1), true)));
    r.clear();
    assert_eq!((r.len(), r.lookup(&[1, 2])), (0, None));
    assert_eq!(r.insert(&[3, 4]), Ok((NodeId(0), true)));
}

#[test]
fn zero_word_nodes_are_one_node() {
    let mut r = StateRegistry::new(0);
    assert_eq!(r.insert(&[]), Ok((NodeId(0), true)));
    assert_eq!(r.insert(&[]), Ok((NodeId(0), false)));
}

#[test]
fn a_doubling_past_the_deadline_gives_up_and_keeps_the_table() {
    let mut late = StateRegistry::new(1).with_deadline(Some(Duration::ZERO));
    let mut stored = 0u64;
    let mut stop = None;
    while stored < 1_000 {
        match late.insert(&[stored * 7]) {
            Ok((id, true)) => assert_eq!(id, NodeId(stored as u32)),
            Ok((_, false)) => panic!("node {stored} was new"),
            Err(why) => {
                stop = Some(why);
                break;
            }
        }
        stored += 1;
    }
    assert_eq!(stop, Some(Stop::Time));
    // The first table fills (its growth had no ids to move), and the
    // doubling after it gives up: the full first table stays.
    assert!(stored > 0);
    assert_eq!(late.len() as u64, stored);
    assert_eq!(late.table.capacity() as u64, stored);
    for i in 0..stored {
        assert_eq!(late.lookup(&[i * 7]), Some(NodeId(i as u32)));
    }
    assert_eq!(late.lookup(&[stored * 7]), None);

    let hour = Duration::from_secs(3600);
    let mut early = StateRegistry::new(1).with_deadline(Some(cpu_time() + hour));
    for i in 0..1_000u64 {
        assert_eq!(early.insert(&[i * 7]), Ok((NodeId(i as u32), true)));
    }
}
