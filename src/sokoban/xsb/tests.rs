use super::*;

fn titles(text: &str) -> Vec<Option<String>> {
    let c = parse(Path::new("t.xsb"), text);
    c.entries().iter().map(|e| e.title.clone()).collect()
}

fn some(ts: &[&str]) -> Vec<Option<String>> {
    ts.iter().map(|t| Some(t.to_string())).collect()
}

const B: &str = "####\n#@$.#\n####\n";

#[test]
fn microban_titles_come_before_across_a_blank_line() {
    let text = format!("; Microban\n\n; Copyright: D\n;\n; 1\n\n{B}\n; 2\n\n{B}");
    assert_eq!(titles(&text), some(&["1", "2"]));
    let c = parse(Path::new("t.xsb"), &text);
    assert_eq!(c.entries()[1].copyright.as_deref(), Some("D"));
}

#[test]
fn original_titles_come_after_the_board() {
    let text = format!("; Header\n;\n; about\n\n{B}; 1\n; Copyright: T\n\n{B}; 2\n");
    assert_eq!(titles(&text), some(&["1", "2"]));
}

#[test]
fn boxoban_titles_touch_the_board_from_above() {
    let text = format!("; 0\n{B}\n; 1\n{B}; 2\n{B}");
    assert_eq!(titles(&text), some(&["0", "1", "2"]));
}

#[test]
fn title_and_author_keys_win() {
    let text = format!("; 7\n{B}Title: Seven\nAuthor: Ann\n\nnext one\n\n{B}");
    let c = parse(Path::new("t.xsb"), &text);
    assert_eq!(titles(&text), some(&["Seven", "next one"]));
    assert_eq!(c.entries()[0].author.as_deref(), Some("Ann"));
}

#[test]
fn text_lines_with_hashes_are_notes_and_separators_are_skipped() {
    assert_eq!(titles(&format!("Level #5\n{B}")), some(&["Level #5"]));
    assert_eq!(titles(&format!("*****\n\n{B}")), some(&["*****"]));
    assert_eq!(titles(B), vec![None]);
}

#[test]
fn rows_split_at_bars() {
    let c = parse(Path::new("t.xsb"), "4#|#@$.#|4#\r\n");
    let rows: Vec<&str> = c.entries()[0]
        .rows
        .iter()
        .map(|r| &c.text[r.clone()])
        .collect();
    assert_eq!(rows, ["4#", "#@$.#", "4#"]);
}
