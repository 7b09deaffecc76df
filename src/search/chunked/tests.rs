use super::*;

#[test]
fn holds_what_was_pushed_across_chunks() {
    let mut a = Chunked::new();
    let n = CHUNK * 2 + 5;
    for i in 0..n {
        a.push(i as u32 * 3).unwrap();
    }
    assert_eq!(a.len(), n);
    assert!((0..n).all(|i| a.get(i) == i as u32 * 3));
}

#[test]
fn grows_by_one_chunk_not_by_doubling() {
    let mut a = Chunked::new();
    let chunk = CHUNK * 8;
    assert_eq!(a.footprint().total, 0);
    assert_eq!(a.footprint().growth, chunk, "the first push takes a chunk");
    for i in 0..CHUNK * 40 + 1 {
        a.push(i as u64).unwrap();
    }
    let fp = a.footprint();
    assert_eq!(fp.growth, chunk);
    assert!(fp.total >= 41 * chunk && fp.total < 42 * chunk, "{fp:?}");
}

#[test]
fn rows_stay_whole_across_chunks_and_can_be_taken_off_the_end() {
    let mut rows = Rows::new(3);
    let row = |i: usize| [i as u64, i as u64 * 7, u64::MAX - i as u64];
    let n = CHUNK + 10;
    for i in 0..n {
        rows.push(&row(i)).unwrap();
    }
    assert!((0..n).all(|i| rows.get(i) == row(i)));
    // Back into the first chunk, then across the boundary again.
    rows.truncate(CHUNK - 2);
    for i in 0..4 {
        rows.push(&row(1000 + i)).unwrap();
    }
    assert_eq!(rows.get(CHUNK - 3), row(CHUNK - 3));
    assert_eq!(rows.get(CHUNK - 2), row(1000));
    assert_eq!(rows.get(CHUNK + 1), row(1003));
    assert_eq!(rows.footprint().growth, CHUNK * 3 * 8);
}

#[test]
fn narrowed_values_read_back_and_widen_at_the_first_large_one() {
    let mut a = Narrowed::new();
    let n = CHUNK + 10;
    let value = |i: usize| match i % 3 {
        0 => u32::MAX,
        1 => 65_534,
        _ => i as u32 % 1000,
    };
    for i in 0..n {
        a.push(value(i)).unwrap();
    }
    assert!(matches!(a, Narrowed::Narrow(_)), "every value fits 2 bytes");
    assert!((0..n).all(|i| a.get(i) == value(i)));
    a.set(7, 3).unwrap();
    assert_eq!(a.get(7), 3);
    // 65,535 is u16::MAX, which stands for u32::MAX: it does not fit.
    a.set(8, 65_535).unwrap();
    assert!(matches!(a, Narrowed::Wide(_)));
    assert_eq!((a.get(7), a.get(8), a.get(9)), (3, 65_535, value(9)));
    a.push(1 << 20).unwrap();
    assert_eq!((a.len(), a.get(n)), (n + 1, 1 << 20));
    assert!((10..n).all(|i| a.get(i) == value(i)));
}
