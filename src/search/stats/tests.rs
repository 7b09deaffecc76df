use super::*;

#[test]
fn peak_memory_is_read_on_linux() {
    if cfg!(target_os = "linux") {
        let kb = peak_memory_kb().expect("/proc/self/status has VmHWM on Linux");
        assert!(kb > 100, "a test process uses more than 100 KB, got {kb}");
    }
}

#[test]
fn finish_reports_the_measured_peak() {
    let mut stats = Stats::default();
    stats.finish(Duration::from_millis(5), vec![("subsumed", 2)], 4096);
    assert_eq!(stats.pruned, vec![("subsumed", 2)]);
    assert_eq!(stats.search_time, Duration::from_millis(5));
    let kb = stats.peak_memory_kb.expect("always set");
    match peak_memory_kb() {
        // The peak only grows: the reading after `finish` bounds it.
        Some(after) => assert!(kb > 100 && kb <= after, "{kb} KB, then {after} KB"),
        None => assert_eq!(kb, 4),
    }
}

#[test]
fn without_a_measured_peak_the_tracked_bytes_count() {
    assert_eq!(peak_or_tracked_kb(None, 4096), 4);
    assert_eq!(peak_or_tracked_kb(None, 10 << 20), 10 << 10);
    assert_eq!(peak_or_tracked_kb(Some(7), 4096), 7);
}
