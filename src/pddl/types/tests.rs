use super::{TypeHierarchy, TypeTable};
use crate::pddl::{ast, parse_domain};

fn domain(types: &str) -> ast::Domain {
    let text = format!("(define (domain d) (:requirements :typing) (:types {types}))");
    parse_domain(ast::Source {
        path: "domain.pddl".into(),
        text,
    })
    .expect("parses")
}

/// IPC 2006 Storage declares `area - object`, then `area crate - surface`:
/// an `area` (and a `storearea` below it) is a `surface` too. Both orders
/// of the two declarations, so that no "last one wins" passes.
#[test]
fn a_type_declared_twice_has_both_parents_and_their_ancestors() {
    for types in [
        "surface place - object area - place storearea - area area crate - surface",
        "area crate - surface storearea - area surface place - object area - place",
    ] {
        let d = domain(types);
        TypeTable::new(&d).unwrap_or_else(|e| panic!("{types}: {e}"));
        let h = TypeHierarchy::new(&d);
        let mut up = h.supertypes("storearea");
        up.sort_unstable();
        assert_eq!(up, ["area", "object", "place", "surface"], "{types}");
        for ancestor in ["area", "place", "surface", "object", "(either crate place)"] {
            assert!(h.is_subtype("storearea", ancestor), "{types}: {ancestor}");
        }
        assert!(h.is_subtype("crate", "surface"), "{types}");
        assert!(!h.is_subtype("crate", "area"), "{types}");
        assert!(!h.is_subtype("surface", "area"), "{types}");
        assert!(!h.is_subtype("place", "surface"), "{types}");
    }
}

#[test]
fn an_ancestor_reached_along_two_chains_is_listed_once() {
    let d = domain("a - b a - c b - d c - d");
    assert_eq!(TypeHierarchy::new(&d).supertypes("a"), ["b", "c", "d"]);
}

/// A cycle through a second parent is found, and located at the
/// declaration whose parent leads back (`a - b`, line 1 column 69), not at
/// `a`'s first declaration. It is a warning: the types of the cycle are
/// one type, each a subtype of the others, as in Fast Downward.
#[test]
fn a_cycle_is_one_type_with_a_warning_at_the_declaration_that_closes_it() {
    for (types, column) in [("a - object b - a a - b", 69), ("a - a", 52)] {
        let d = domain(types);
        let table = TypeTable::new(&d).unwrap_or_else(|e| panic!("{types}: {e}"));
        let warnings = table.cycle_warnings();
        assert_eq!(warnings.len(), 1, "{types}: {warnings:?}");
        assert!(
            (warnings[0].message).starts_with("type `a` is its own ancestor (a cycle in `:types`)"),
            "{types}: {}",
            warnings[0].message
        );
        assert_eq!(
            (warnings[0].line, warnings[0].column),
            (1, column),
            "{types}"
        );
        // The walks over the hierarchy stop, and the cycle is one type.
        let h = TypeHierarchy::new(&d);
        assert!(!h.is_subtype("a", "c"));
        assert!(h.is_subtype("a", "object"));
        if types.contains("b") {
            assert!(h.is_subtype("a", "b") && h.is_subtype("b", "a"), "{types}");
            assert_eq!(h.supertypes("b"), ["a", "object"], "{types}");
        }
    }
}

/// Two cycles, each warned about once, in file order; a hierarchy
/// without a cycle has no warning.
#[test]
fn each_cycle_gets_a_warning() {
    let d = domain("a - b b - a c - d d - c e - a");
    let w = TypeTable::new(&d)
        .expect("a cycle is no error")
        .cycle_warnings();
    let names: Vec<&str> = w.iter().map(|w| &w.message[6..7]).collect();
    assert_eq!(names, ["a", "c"], "{w:?}");
    let d = domain("a b - c c - object");
    assert!(
        TypeTable::new(&d)
            .expect("no cycle")
            .cycle_warnings()
            .is_empty()
    );
}
