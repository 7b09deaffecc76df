use super::*;

#[test]
fn round_trip_and_width() {
    // 70 facts: group {0..9} (4 bits), group {10..39} (5 bits), 30 singles.
    let groups = vec![
        (0..10).map(FactId).collect(),
        (10..40).map(FactId).collect::<Vec<_>>(),
    ];
    let p = Packing::from_groups(70, &groups);
    assert_eq!((p.words(), p.packed_words()), (2, 1));
    let mut state = vec![0u64; 2];
    for f in [3, 17, 40, 69] {
        bits::insert(&mut state, FactId(f));
    }
    let mut packed = vec![0u64; 1];
    p.pack(&state, &mut packed);
    let mut back = vec![0u64; 2];
    p.unpack(&packed, &mut back);
    assert_eq!(back, state);
    // A successor: fact 3 -> 5 (same group), 40 off, 41 on.
    let mut next = state.clone();
    for (f, on) in [(3, false), (5, true), (40, false), (41, true)] {
        if on {
            bits::insert(&mut next, FactId(f));
        } else {
            bits::remove(&mut next, FactId(f));
        }
    }
    let mut repacked = packed.clone();
    p.repack(&state, &next, &mut repacked);
    let mut full = vec![0u64; 1];
    p.pack(&next, &mut full);
    assert_eq!(repacked, full);
    assert_eq!(width(1), 1);
    assert_eq!(width(3), 2);
    assert_eq!(width(36), 6);
}

#[test]
fn no_useful_group_is_the_identity() {
    let p = Packing::from_groups(10, &[vec![FactId(0), FactId(1)]]);
    assert_eq!(p, Packing::identity(1));
}

#[test]
fn a_small_last_word_rides_in_the_bits_the_others_leave() {
    // 100 cells of boxes (two words) and a man below 100: two words, not three.
    let p = Packing::tail(3, 100, 99);
    assert_eq!(p.packed_words(), 2);
    let mut boxes = vec![0u64; 3];
    for c in [0, 5, 63, 64, 99] {
        bits::insert(&mut boxes, FactId(c));
    }
    for man in [0, 42, 99, u64::MAX] {
        let mut state = boxes.clone();
        state[2] = man;
        let mut packed = vec![0u64; 2];
        p.pack(&state, &mut packed);
        let mut back = vec![0u64; 3];
        p.unpack(&packed, &mut back);
        assert_eq!(back, state, "man {man}");
        // A successor: another box, another man.
        let mut next = state.clone();
        bits::insert(&mut next, FactId(70));
        next[2] = 7;
        let mut repacked = packed.clone();
        p.repack(&state, &next, &mut repacked);
        p.unpack(&repacked, &mut back);
        assert_eq!(back, next);
    }
    // No room: 60 cells leave 4 bits, too few for a man below 60; 128
    // cells leave none.
    assert_eq!(Packing::tail(2, 60, 59), Packing::identity(2));
    assert_eq!(Packing::tail(3, 128, 127), Packing::identity(3));
    assert_eq!(Packing::tail(2, 40, 39).packed_words(), 1);
}
