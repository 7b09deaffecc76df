use super::*;

#[test]
fn a_model_satisfies_the_clauses_and_assumptions_can_refute_them() {
    let mut s = Solver::new();
    let (a, b) = (s.new_var(), s.new_var());
    s.add_clause(&[a, b]);
    s.add_clause(&[-a, b]);
    assert_eq!(s.solve(&[], None, None), Answer::Sat);
    assert!(s.value(b));
    assert_eq!(s.solve(&[-b], None, None), Answer::Unsat);
    // The assumption is not a clause: without it, still satisfiable.
    assert_eq!(s.solve(&[a], None, None), Answer::Sat);
    assert!(s.value(a) && s.value(b));
}

#[test]
fn no_time_left_gives_no_answer_on_a_hard_formula() {
    // The pigeonhole formula with 9 pigeons and 8 holes needs many
    // conflicts; no CPU time left stops it at the first check.
    let mut s = Solver::new();
    let (pigeons, holes) = (9, 8);
    let x: Vec<Vec<Lit>> = (0..pigeons)
        .map(|_| (0..holes).map(|_| s.new_var()).collect())
        .collect();
    for row in &x {
        s.add_clause(row);
    }
    for h in 0..holes {
        let column: Vec<Lit> = x.iter().map(|row| row[h]).collect();
        for (i, &a) in column.iter().enumerate() {
            for &b in &column[i + 1..] {
                s.add_clause(&[-a, -b]);
            }
        }
    }
    assert_eq!(s.solve(&[], Some(Duration::ZERO), None), Answer::Unknown);
    assert_eq!(s.solve(&[], None, Some(10)), Answer::Unknown);
    assert!(s.conflicts() >= 10);
}
