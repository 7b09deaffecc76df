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
