use super::*;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("planbox-output-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn old_plans_are_the_file_and_its_numbered_versions_past_gaps() {
    let dir = scratch("old");
    for name in [
        "sas_plan",
        "sas_plan.1",
        "sas_plan.7",
        "sas_plan.x",
        "sas_plan.01",
    ] {
        std::fs::write(dir.join(name), "").expect("write");
    }
    std::fs::write(dir.join("other.1"), "").expect("write");
    let old = old_plans(&dir.join("sas_plan")).expect("listed");
    let names: Vec<String> = old
        .iter()
        .map(|p| p.file_name().expect("name").to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["sas_plan", "sas_plan.1", "sas_plan.7"]);
    remove_old_plans(&dir.join("sas_plan")).expect("removed");
    assert!(!dir.join("sas_plan.7").exists());
    assert!(dir.join("sas_plan.x").exists(), "not a plan of ours");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_writable_path_is_checked_without_a_trace() {
    let dir = scratch("trace");
    let new = dir.join("new.plan");
    check_writable(&new, "plan file").expect("writable");
    assert!(!new.exists(), "the check leaves no file behind");
    let old = dir.join("old.plan");
    std::fs::write(&old, "keep").expect("write");
    check_writable(&old, "plan file").expect("writable");
    assert_eq!(std::fs::read_to_string(&old).expect("read"), "keep");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn paths_under_a_file_or_a_missing_folder_are_refused() {
    let dir = scratch("refused");
    let file = dir.join("file");
    std::fs::write(&file, "").expect("write");
    assert!(check_writable(&file.join("x.plan"), "plan file").is_err());
    assert!(check_writable(&dir.join("missing/x.plan"), "plan file").is_err());
    assert!(check_writable(&dir, "plan file").is_err(), "a folder");
    assert!(make_folder(&file.join("out"), "the folder").is_err());
    assert!(make_folder(&file, "the folder").is_err(), "a file");
    make_folder(&dir.join("new/deeper"), "the folder").expect("made");
    assert!(dir.join("new/deeper").is_dir());
    let left: Vec<_> = std::fs::read_dir(dir.join("new/deeper"))
        .expect("list")
        .collect();
    assert!(left.is_empty(), "the probe is removed");
    let _ = std::fs::remove_dir_all(&dir);
}
