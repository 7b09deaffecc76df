use super::*;

#[test]
fn packs_indices_into_words() {
    let set = Bits::<u32>::from_facts(70, &[0, 3, 65]);
    assert_eq!(set.words(), &[0b1001, 0b10]);
    assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 3, 65]);
    assert_eq!(set.len(), 3);
}

#[test]
fn subset_compares_word_by_word() {
    let a = Bits::<usize>::from_facts(130, &[1, 129]);
    let mut b = a.clone();
    b.insert(64);
    assert!(is_subset(a.words(), b.words()));
    assert!(!is_subset(b.words(), a.words()));
    b.remove(64);
    assert_eq!(a, b);
}
