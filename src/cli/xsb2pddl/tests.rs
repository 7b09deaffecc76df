use super::*;

#[test]
fn level_lists() {
    assert_eq!(parse_levels("3", 5), Ok(vec![3]));
    assert_eq!(parse_levels("1-3,5", 5), Ok(vec![1, 2, 3, 5]));
    assert!(parse_levels("0", 5).is_err());
    assert!(parse_levels("4-9", 5).is_err());
    assert!(parse_levels("x", 5).is_err());
    let error = |spec| parse_levels(spec, 155).unwrap_err();
    assert_eq!(error("5-3"), "the range 5-3 is empty (did you mean 3-5?)");
    assert_eq!(error("3,"), "expected a level number after `,`");
    assert_eq!(error(",3"), "expected a level number before `,`");
    assert_eq!(error("3,,4"), "expected a level number between two commas");
    assert_eq!(error("-1"), "expected a level number before `-`");
    assert_eq!(error("2-"), "expected a level number after `-`");
    assert!(error("1-2-3").starts_with("`1-2-3` is not a range"));
    assert!(error("").starts_with("expected a level number (`3`)"));
    assert_eq!(parse_levels(" 2 - 4 ", 5), Ok(vec![2, 3, 4]));
}
