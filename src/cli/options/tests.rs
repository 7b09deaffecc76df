use super::*;
use clap::Parser;

#[derive(Parser)]
struct Command {
    #[command(flatten)]
    options: SearchOptions,
}

fn options(args: &[&str]) -> SearchOptions {
    Command::try_parse_from(std::iter::once("plan").chain(args.iter().copied()))
        .expect("the arguments parse")
        .options
}

/// What makes a configuration's search: every field an alias sets.
fn search_of(c: &Config) -> String {
    format!(
        "{:?} {:?} {:?} {:?} unit={} anytime={} novelty={:?} width={:?} preferred={} \
         landmark_preferred={} {:?} {:?}",
        c.search,
        c.heuristic.map(|h| h.name()),
        c.second.map(|h| h.name()),
        c.weight,
        c.unit_search,
        c.anytime,
        c.novelty,
        c.width,
        c.preferred,
        c.landmark_preferred,
        c.pruning,
        c.h2_preprocess,
    )
}

#[test]
fn an_alias_on_the_command_line_runs_the_librarys_configuration() {
    for &alias in Alias::ALL {
        let o = options(&["--alias", alias.name()]);
        let cli = configure(&o, Engine::Progression).expect("the alias configures");
        assert_eq!(
            search_of(&cli),
            search_of(&Config::alias(alias)),
            "--alias {}",
            alias.name()
        );
    }
}

#[test]
fn the_command_line_overrides_only_what_it_names() {
    let o = options(&["--alias", "optimal", "--h2-preprocess", "forward"]);
    let config = configure(&o, Engine::Progression).expect("configures");
    assert_eq!(config.h2_preprocess, H2Preprocess::Forward);
    assert_eq!(config.pruning, Config::alias(Alias::Optimal).pruning);

    let o = options(&["--alias", "lama-first", "--no-preferred"]);
    let config = configure(&o, Engine::Progression).expect("configures");
    assert!(!config.preferred);
    assert_eq!(config.heuristic.map(|h| h.name()), Some("hff"));

    let o = options(&["--alias", "lama", "--landmark-preferred"]);
    let config = configure(&o, Engine::Progression).expect("configures");
    assert!(config.landmark_preferred && config.anytime);
}
