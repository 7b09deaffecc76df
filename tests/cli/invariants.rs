//! Runs `planbox invariants` on the Sokoban fixture (`tests/data/`) and on IPC
//! problems: the invariant families and bounds, JSON output, exit codes, and
//! determinism.

use crate::common::{json, planbox, stdout};

const DOMAIN: &str = "tests/data/sokoban-domain.pddl";
const PROBLEM: &str = "tests/data/sokoban-3x3.pddl";

/// The output without its timing lines.
fn without_times(text: &str) -> String {
    text.lines()
        .filter(|l| !l.contains("time:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn sokoban_has_the_three_notebook_checks() {
    let out = planbox(&["invariants", DOMAIN, PROBLEM]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for line in [
        "  at most 1 of {(man ?l)}",
        "  for each ?l: at most 1 of {(man ?l) (box ?l) (clear ?l)}",
        "  at most 2 of {(box ?l)}",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing {line:?} in\n{text}"
        );
    }
    // The fourth invariant: the clear cells never become more.
    assert!(text.contains("Invariants: 4 "), "{text}");
    assert!(text.contains("  at most 6 of {(clear ?l)}"), "{text}");
    // 9 cells: one group per cell, plus man, box and clear over all cells.
    assert!(text.contains("Mutex groups: 12\n"), "{text}");
    assert!(text.contains("h2: computed, "), "{text}");
    for stage in [
        "Parse and check",
        "Ground",
        "Invariant",
        "Group",
        "h2",
        "Total",
    ] {
        assert!(text.contains(&format!("{stage} time: ")), "{text}");
    }
}

#[test]
fn groups_are_listed_on_request() {
    let out = planbox(&["invariants", "--groups", DOMAIN, PROBLEM]);
    let text = stdout(&out);
    assert!(
        text.contains("  at most 1 of {(man c11) (clear c11) (box c11)}"),
        "{text}"
    );
    assert!(
        text.contains("  at most 2 of {(box c12) (box c22) "),
        "{text}"
    );
}

#[test]
fn json_output_is_one_object() {
    let out = planbox(&["invariants", "--json", DOMAIN, PROBLEM]);
    assert_eq!(out.status.code(), Some(0));
    let record = json(&out);
    let texts: Vec<&str> = record["invariants"]
        .as_array()
        .expect("invariants")
        .iter()
        .map(|i| i["text"].as_str().expect("text"))
        .collect();
    assert!(texts.contains(&"at most 2 of {(box ?l)}"));
    let cell = record["invariants"]
        .as_array()
        .expect("invariants")
        .iter()
        .find(|i| i["parameters"] == 1)
        .expect("the per-cell invariant");
    assert_eq!(cell["instances"], 9);
    assert_eq!(cell["initial_min"], 1);
    assert_eq!(
        cell["parts"],
        serde_json::json!(["man(0)", "box(0)", "clear(0)"])
    );
    assert_eq!(record["mutex_groups"], 12);
    assert_eq!(record["h2"], "computed");
    assert!(record["h2_mutex_pairs"].as_u64().expect("pairs") > 0);
}

#[test]
fn h2_can_be_turned_off() {
    let out = planbox(&["invariants", "--mutex", "none", "--json", DOMAIN, PROBLEM]);
    let record = json(&out);
    assert_eq!(record["h2"], "not requested");
    assert_eq!(record["h2_mutex_pairs"], serde_json::Value::Null);
    let out = planbox(&["invariants", "--mutex", "none", DOMAIN, PROBLEM]);
    assert!(stdout(&out).contains("h2: not requested"));
}

#[test]
fn ipc_domains_give_fast_downwards_invariants() {
    let cases: &[(&str, &[&str])] = &[
        (
            "problems/ipc/gripper/prob01.pddl",
            &[
                "at most 1 of {(at-robby ?r)}",
                "for each ?b: at most 1 of {(at ?b ?r) (carry ?b ?g)}",
                "for each ?g: at most 1 of {(free ?g) (carry ?o ?g)}",
            ],
        ),
        (
            "problems/ipc/blocks/probBLOCKS-4-0.pddl",
            &[
                "at most 1 of {(handempty) (holding ?x)}",
                "for each ?y: at most 1 of {(on ?x ?y) (clear ?y) (holding ?y)}",
                "for each ?x: at most 1 of {(on ?x ?y) (ontable ?x) (holding ?x)}",
            ],
        ),
        (
            "problems/ipc/sokoban-opt08-strips/p01.pddl",
            &[
                "at most 37 of {(clear ?l)}",
                "for each ?t: at most 1 of {(at ?t ?l)}",
                "for each ?l: at most 1 of {(clear ?l) (at ?t ?l)}",
            ],
        ),
        (
            "problems/ipc/logistics00/probLOGISTICS-4-0.pddl",
            &["for each ?obj: at most 1 of {(at ?obj ?loc) (in ?obj ?obj')}"],
        ),
    ];
    for (problem, expected) in cases {
        let out = planbox(&["invariants", "--json", problem]);
        assert_eq!(out.status.code(), Some(0), "{problem}");
        let record = json(&out);
        let texts: Vec<&str> = record["invariants"]
            .as_array()
            .expect("invariants")
            .iter()
            .map(|i| i["text"].as_str().expect("text"))
            .collect();
        assert_eq!(&texts, expected, "{problem}");
    }
}

#[test]
fn output_is_deterministic() {
    for args in [
        ["invariants", "--groups", DOMAIN, PROBLEM],
        ["invariants", "--groups", "problems/ipc/depot/p01.pddl", ""],
    ] {
        let args: Vec<&str> = args.into_iter().filter(|a| !a.is_empty()).collect();
        let first = without_times(&stdout(&planbox(&args)));
        let second = without_times(&stdout(&planbox(&args)));
        assert!(first.contains("Mutex groups: "));
        assert_eq!(first, second);
    }
}

#[test]
fn unsupported_input_exits_34() {
    let out = planbox(&[
        "invariants",
        "tests/data/bad/unsupported-cost-in-when.pddl",
        PROBLEM,
    ]);
    assert_eq!(out.status.code(), Some(34));
}

#[test]
fn bad_input_exits_31() {
    let out = planbox(&["invariants", DOMAIN, "tests/data/no-such-problem.pddl"]);
    assert_eq!(out.status.code(), Some(31));
    let out = planbox(&["invariants", DOMAIN, "tests/data/bad/domain.pddl"]);
    assert_eq!(out.status.code(), Some(31));
}

/// The toolkit's own domain and a level translated by `planbox xsb2pddl`
/// (Microban 3, two boxes): the three checks of the classroom notebook,
/// derived from the domain.
#[test]
fn translated_level_has_the_three_notebook_checks() {
    let out = planbox(&[
        "invariants",
        "domains/sokoban.pddl",
        "problems/sokoban/microban/microban-003.pddl",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for line in [
        // "The man cannot be at two locations."
        "  at most 1 of {(man ?l)}",
        // "Two things cannot be at the same location."
        "  for each ?l: at most 1 of {(man ?l) (box ?l) (clear ?l)}",
        // "No new boxes."
        "  at most 2 of {(box ?l)}",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing {line:?} in\n{text}"
        );
    }
}
