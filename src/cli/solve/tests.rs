use super::*;

#[test]
fn a_progress_line_names_the_level_the_phase_and_the_work() {
    let p = Progress {
        expanded: 3503,
        generated: 10452,
        evaluated: 9000,
        value: Some(("h", 31)),
        elapsed: Duration::from_millis(1200),
        memory: 812 * 1024,
    };
    let phase = PhaseRecord {
        number: 7,
        of: 7,
        name: "widening pulls",
    };
    let five = Duration::from_secs(5);
    assert_eq!(
        progress_line("level 3 (`3`)", &phase.label(), "pulls", &p, five),
        "[t=5.0s, ~812 KB estimated] level 3 (`3`), phase 7 of 7 (widening pulls): \
         h = 31, 3503 expanded, 10452 pulls generated"
    );
    // A search alone, with no value to show.
    let alone = PhaseRecord { of: 1, ..phase };
    let p = Progress { value: None, ..p };
    assert_eq!(
        progress_line("level 3", &alone.label(), "pushes", &p, five * 2),
        "[t=10.0s, ~812 KB estimated] level 3, widening pulls: \
         3503 expanded, 10452 pushes generated"
    );
}
