use super::*;

#[test]
fn cell_names_round_trip() {
    let c = Cell::new(1, 2);
    assert_eq!(c.name(), "r2c3");
    assert_eq!(Cell::from_name("R2C3"), Some(c));
    assert_eq!(c.ipc_name(2), "pos-03-02");
    assert_eq!(Cell::from_ipc_name("POS-3-02"), Some(c));
    assert_eq!(Cell::from_any_name("pos-03-02"), Some(c));
    assert_eq!(Cell::from_ipc_name("pos-3"), None);
    for bad in ["r0c1", "rc1", "r1", "x1c1", "r1c", "r-1c2", "r1c9999999"] {
        assert_eq!(Cell::from_name(bad), None, "{bad}");
    }
}

#[test]
fn directions_read_both_spellings() {
    assert_eq!(Dir::from_name("DIR-LEFT"), Some(Dir::Left));
    assert_eq!(Dir::from_name("up"), Some(Dir::Up));
    assert_eq!(Dir::from_name("north"), None);
    assert_eq!(Cell::new(0, 0).step(Dir::Up), None);
}

#[test]
fn inconsistent_grids_are_refused() {
    let tiles = vec![Tile::Wall, Tile::Floor];
    let info = Info::default();
    let man = Cell::new(0, 1);
    let ok = Level::new(
        info.clone(),
        2,
        tiles.clone(),
        vec![false; 2],
        vec![false; 2],
        man,
    );
    assert!(ok.is_some());
    let on_wall = Level::new(
        info.clone(),
        2,
        tiles.clone(),
        vec![false; 2],
        vec![false; 2],
        Cell::new(0, 0),
    );
    assert!(on_wall.is_none());
    assert!(Level::new(info, 0, tiles, vec![], vec![], man).is_none());
}
