use super::*;

#[test]
fn dimacs_round_trips() {
    let mut cnf = Cnf::default();
    let (a, b) = (cnf.new_var(), cnf.new_var());
    cnf.add_clause(&[a, -b]);
    cnf.add_clause(&[b]);
    let text = cnf.to_dimacs(&["two clauses".into()]);
    assert_eq!(text, "c two clauses\np cnf 2 2\n1 -2 0\n2 0\n");
    assert_eq!(Cnf::from_dimacs(&text), Ok(cnf));
}

#[test]
fn bad_dimacs_is_refused_with_its_line() {
    assert_eq!(
        Cnf::from_dimacs("p cnf 1 1\n1 2 0\n"),
        Err("line 2: variable 2 beyond the header's 1".into())
    );
    assert!(Cnf::from_dimacs("p cnf 1 2\n1 0\n").is_err());
    assert!(Cnf::from_dimacs("1 0\n").is_err());
}
