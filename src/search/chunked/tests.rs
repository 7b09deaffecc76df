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
