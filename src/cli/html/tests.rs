use super::*;

#[test]
fn script_data_cannot_close_its_element() {
    let v = json!({"op": "</script><script>alert(1)</script>", "x": "a & b > c"});
    let s = script_json(&v);
    assert!(
        !s.contains('<') && !s.contains('>') && !s.contains('&'),
        "{s}"
    );
    let back: Value = serde_json::from_str(&s).expect("still JSON");
    assert_eq!(back, v);
}

#[test]
fn text_is_escaped() {
    assert_eq!(
        esc("<a href=\"x\">&'"),
        "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
    );
}

/// The start's second try leads to #2, which is on the plan `[b, c]`;
/// #2's try `c` is the last step.
#[test]
fn the_plan_path_is_marked() {
    let trace = vec![
        json!({"parent": null, "via": null, "tries": [
            {"op": "a", "rule": null}, {"op": "b", "rule": null}]}),
        json!({"parent": 1, "via": 1, "tries": [
            {"op": "c", "rule": "duplicate"}, {"op": "c", "rule": null}]}),
    ];
    let record = json!({"plan": ["b", "c"]});
    assert_eq!(
        on_plan(&record, &trace, false),
        [vec![false, true], vec![false, true]]
    );
    // Backwards, the plan [c, b] is regressed from b.
    let record = json!({"plan": ["c", "b"]});
    assert_eq!(
        on_plan(&record, &trace, true),
        [vec![false, true], vec![false, true]]
    );
    assert_eq!(
        on_plan(&json!({"plan": []}), &trace, false),
        [vec![false, false], vec![false, false]]
    );
}
