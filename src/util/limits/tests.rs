use super::*;

fn progress() -> Progress {
    Progress {
        expanded: 0,
        generated: 0,
        evaluated: 0,
        value: None,
        elapsed: Duration::ZERO,
        memory: 0,
    }
}

#[test]
fn time_limit_is_seen_at_the_next_check() {
    let mut m = Monitor::new(Limits {
        time: Some(Duration::ZERO),
        ..Limits::none()
    });
    let mut stopped = None;
    for i in 0..CHECK_EVERY {
        if let Err(stop) = m.tick(Footprint::default, progress) {
            stopped = Some((i, stop));
        }
    }
    assert_eq!(stopped, Some((CHECK_EVERY - 1, Stop::Time)));
}

#[test]
fn the_deadline_is_the_cpu_time_at_which_the_limit_passes() {
    assert_eq!(Monitor::new(Limits::none()).deadline(), None);
    let before = cpu_time();
    let m = Monitor::new(Limits {
        time: Some(Duration::from_secs(60)),
        ..Limits::none()
    });
    let after = cpu_time();
    let deadline = m.deadline().expect("a time limit");
    assert!(before + Duration::from_secs(60) <= deadline);
    assert!(deadline <= after + Duration::from_secs(60));
}

#[test]
fn an_expansion_budget_stops_at_the_tick_past_it() {
    let mut m = Monitor::new(Limits {
        expansions: Some(3),
        ..Limits::none()
    });
    let ticks: Vec<_> = (0..5)
        .map(|_| m.tick(Footprint::default, progress))
        .collect();
    let stop = Err(Stop::Expansions);
    assert_eq!(ticks, [Ok(()), Ok(()), Ok(()), stop, stop]);
}

#[test]
fn a_budget_stops_one_search_and_leaves_the_run_its_own() {
    let mut m = Monitor::new(Limits {
        expansions: Some(5),
        ..Limits::none()
    });
    let tick = |m: &mut Monitor, n: usize| -> Vec<_> {
        (0..n)
            .map(|_| m.tick(Footprint::default, progress))
            .collect()
    };
    let stop = Err(Stop::Expansions);
    // Two expansions, then the third is past the budget.
    let first = m.within(Some(2), |m| tick(m, 3));
    assert_eq!(first, [Ok(()), Ok(()), stop]);
    assert!(!m.expansions_spent());
    // A budget past the run's own limit stops at the run's.
    let second = m.within(Some(10), |m| tick(m, 3));
    assert_eq!(second, [Ok(()), Ok(()), stop]);
    assert!(m.expansions_spent());
    assert_eq!(tick(&mut m, 1), [stop]);
    // Without a budget, only the run's limit applies.
    let mut m = Monitor::new(Limits::none());
    assert_eq!(m.within(None, |m| tick(m, 4)), [Ok(()); 4]);
    assert!(!m.expansions_spent());
}

#[test]
fn memory_limit_counts_the_search_structures() {
    let mut m = Monitor::new(Limits {
        memory: Some(u64::MAX / 2),
        ..Limits::none()
    });
    assert_eq!(
        m.check(Footprint::of(&[1 << 20, 1 << 10]), progress),
        Ok(())
    );
    // A fifth of the address space: an array that doubles in place
    // fits under half of it, a table that rehashes does not.
    let fifth = usize::MAX / 5;
    let array = Footprint::of(&[fifth, 1]);
    assert_eq!(m.check(array, progress), Ok(()), "an array grows in place");
    assert_eq!(array.peak(), fifth * 2 + 1);
    let table = Footprint::table(fifth).and(Footprint::of(&[1]));
    assert_eq!(
        m.check(table, progress),
        Err(Stop::Memory),
        "a table rehashes"
    );
    assert_eq!(table.peak(), fifth * 3 + 1);
}

#[test]
fn progress_is_reported_when_due() {
    let mut seen = Vec::new();
    {
        let mut m = Monitor::new(Limits {
            progress_every: Some(Duration::ZERO),
            ..Limits::none()
        })
        .with_progress(|p| seen.push(p.expanded));
        let mut p = progress();
        p.expanded = 7;
        assert_eq!(m.check(Footprint::default(), || p), Ok(()));
    }
    assert_eq!(seen, vec![7]);
}

#[test]
fn the_first_report_can_be_due_sooner() {
    let mut seen = Vec::new();
    {
        let mut m = Monitor::new(Limits {
            progress_every: Some(Duration::from_secs(3600)),
            ..Limits::none()
        })
        .first_report_after(Duration::ZERO)
        .with_progress(|p| seen.push(p.expanded));
        assert_eq!(m.check(Footprint::default(), progress), Ok(()));
        // The next one is an hour away.
        assert_eq!(m.check(Footprint::default(), progress), Ok(()));
    }
    assert_eq!(seen, vec![0]);
}

#[test]
fn the_address_space_leaves_headroom_and_never_a_zero_limit() {
    const MB: u64 = 1 << 20;
    // 4 GiB, the IPC's limit: an eighth and 64 MB go to headroom.
    assert_eq!(Limits::within_address_space(4096 * MB), 3520 * MB);
    // A small address space keeps half of it (Lab's tests run with 48 MB).
    assert_eq!(Limits::within_address_space(48 * MB), 24 * MB);
    assert_eq!(Limits::within_address_space(128 * MB), 64 * MB);
    assert_eq!(Limits::within_address_space(0), 0);
}
