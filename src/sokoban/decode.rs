//! Reading a level back from a translated problem file, in either encoding,
//! so that plans can be turned into LURD strings and states drawn without the
//! original XSB file.
//!
//! The cell names carry the coordinates (`r3c4`, `pos-4-3`), so the facts give
//! the whole board back:
//!
//! * `mbc` (`domains/sokoban.pddl`): every `location` object is floor; other
//!   spots next to a location are walls, the rest is outside. `(man l)` and
//!   `(box l)` in `:init` place the pieces; `(box g)` in the goal marks goals.
//!   Each `(adjacent a b dir)` must link `a` to its neighbour in `dir`.
//! * `ipc` (`sokoban-sequential`): a cell is a wall unless it has a `MOVE-DIR`,
//!   `clear` or `at` fact; `(IS-GOAL l)` marks goals; `(at player-01 l)` and
//!   `(at stone-NN l)` place the pieces.
//!
//! The PDDL is read as plain s-expressions ([`super::sexp`]): no domain needed.

use std::collections::HashMap;
use std::path::Path;

use super::error::{Located, TextError};
use super::level::{Cell, Dir, Info, Level, Tile};
use super::sexp::{self, Sexp};
use super::xsb::MAX_SIZE;

/// A ground atom of the problem: lower-case words and the byte offset.
struct Fact {
    words: Vec<String>,
    offset: usize,
}

/// The level of the problem file `text` (see the module docs).
pub fn level_from_problem(path: &Path, text: &str) -> Result<Level, TextError> {
    let fail = |offset: usize, message: String| {
        TextError::new(message, Located::at(path, text, offset, 1))
    };
    let nodes = sexp::parse(text).map_err(|(at, m)| fail(at, m))?;
    let define = (nodes.iter())
        .find(|n| n.head().is_some_and(|h| h.eq_ignore_ascii_case("define")))
        .and_then(Sexp::list)
        .ok_or_else(|| fail(0, "no `(define (problem ...) ...)` in the file".into()))?;
    let section = |name: &str| {
        define
            .iter()
            .find(|n| n.head().is_some_and(|h| h.eq_ignore_ascii_case(name)))
    };
    let name = section("problem").and_then(|p| p.list()?.get(1)?.atom());
    let objects = typed_objects(section(":objects"));
    let init = facts(section(":init").and_then(Sexp::list).unwrap_or(&[]));
    let goal = section(":goal").map_or_else(Vec::new, |g| facts(std::slice::from_ref(g)));
    let info = Info {
        source: path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into()),
        index: 1,
        title: name.map(str::to_string),
        author: None,
        copyright: None,
    };
    let has = |p: &str| init.iter().any(|f| f.words[0] == p);
    let built = if has("man") {
        mbc(&objects, &init, &goal, info)
    } else if has("at") {
        ipc(&objects, &init, info)
    } else {
        Err((
            0,
            "not a Sokoban problem: no `(man l)` or `(at player-01 l)` in `:init`".into(),
        ))
    };
    built.map_err(|(at, m)| fail(at, m))
}

type Built = Result<Level, (usize, String)>;

/// Object names (lower case) with their type and offset.
fn typed_objects(section: Option<&Sexp>) -> Vec<(String, String, usize)> {
    let items = section.and_then(Sexp::list).unwrap_or(&[]);
    let atoms: Vec<(&str, usize)> = (items.iter().skip(1))
        .filter_map(|n| Some((n.atom()?, n.offset())))
        .collect();
    let mut out = Vec::new();
    let mut pending = Vec::new();
    let mut i = 0;
    while i < atoms.len() {
        if atoms[i].0 == "-" {
            let ty = atoms
                .get(i + 1)
                .map_or("object", |a| a.0)
                .to_ascii_lowercase();
            out.extend(pending.drain(..).map(|(n, at)| (n, ty.clone(), at)));
            i += 2;
        } else {
            pending.push((atoms[i].0.to_ascii_lowercase(), atoms[i].1));
            i += 1;
        }
    }
    out.extend(
        pending
            .into_iter()
            .map(|(n, at)| (n, "object".to_string(), at)),
    );
    out
}

/// The atoms in `nodes`, looking inside `and` (and `:goal`) lists.
fn facts(nodes: &[Sexp]) -> Vec<Fact> {
    let mut out = Vec::new();
    let mut todo: Vec<&Sexp> = nodes.iter().rev().collect();
    while let Some(node) = todo.pop() {
        let Some(items) = node.list() else { continue };
        let head = node.head().map(str::to_ascii_lowercase);
        if matches!(head.as_deref(), Some("and" | ":goal")) {
            todo.extend(items[1..].iter().rev());
        } else if let Some(words) = items.iter().map(|i| i.atom()).collect::<Option<Vec<_>>>()
            && !words.is_empty()
        {
            let words = words.iter().map(|w| w.to_ascii_lowercase()).collect();
            out.push(Fact {
                words,
                offset: node.offset(),
            });
        }
    }
    out
}

/// The cell named by argument `k` of `fact`.
fn cell_arg(fact: &Fact, k: usize) -> Result<Cell, (usize, String)> {
    let name = fact.words.get(k).map_or("", String::as_str);
    Cell::from_any_name(name)
        .filter(|c| c.row < MAX_SIZE && c.col < MAX_SIZE)
        .ok_or_else(|| {
            (
                fact.offset,
                format!("`{name}` is not a cell name such as `r3c4`"),
            )
        })
}

/// Row-major grids for cells below `height` x `width`.
struct Grid {
    width: usize,
    tiles: Vec<Tile>,
    goals: Vec<bool>,
    boxes: Vec<bool>,
}

impl Grid {
    fn new(cells: &[Cell], margin: usize) -> Grid {
        let height = cells.iter().map(|c| c.row + 1).max().unwrap_or(0) + margin;
        let width = cells.iter().map(|c| c.col + 1).max().unwrap_or(0) + margin;
        let n = width * height;
        Grid {
            width,
            tiles: vec![Tile::Void; n],
            goals: vec![false; n],
            boxes: vec![false; n],
        }
    }

    fn at(&self, c: Cell) -> usize {
        c.row * self.width + c.col
    }

    /// The index of `c` if it is on the grid and one of the `wanted` tiles.
    fn find(&self, c: Cell, wanted: &[Tile], fact: &Fact) -> Result<usize, (usize, String)> {
        let i = self.at(c);
        if c.col < self.width && self.tiles.get(i).is_some_and(|t| wanted.contains(t)) {
            Ok(i)
        } else {
            Err((
                fact.offset,
                format!("`{}` is not a location of the problem", c.name()),
            ))
        }
    }

    fn build(self, info: Info, man: Cell) -> Built {
        let message = "the man, a box or a goal is not on a location".to_string();
        Level::new(info, self.width, self.tiles, self.goals, self.boxes, man).ok_or((0, message))
    }
}

fn mbc(objects: &[(String, String, usize)], init: &[Fact], goal: &[Fact], info: Info) -> Built {
    let mut cells = Vec::new();
    for (name, ty, at) in objects.iter().filter(|o| o.1 == "location") {
        let cell = Cell::from_name(name).filter(|c| c.row < MAX_SIZE && c.col < MAX_SIZE);
        cells.push(cell.ok_or((*at, format!("location `{name}` ({ty}) is not named rRcC")))?);
    }
    let mut grid = Grid::new(&cells, 1);
    for &c in &cells {
        let i = grid.at(c);
        grid.tiles[i] = Tile::Floor;
    }
    // Spots around the locations are drawn as walls.
    for &c in &cells {
        for row in c.row.saturating_sub(1)..=c.row + 1 {
            for col in c.col.saturating_sub(1)..=c.col + 1 {
                let i = grid.at(Cell::new(row, col));
                if grid.tiles[i] == Tile::Void {
                    grid.tiles[i] = Tile::Wall;
                }
            }
        }
    }
    let mut man = None;
    for fact in init {
        match (fact.words[0].as_str(), fact.words.len()) {
            ("man", 2) => {
                let cell = cell_arg(fact, 1)?;
                if man.replace(cell).is_some() {
                    return Err((fact.offset, "a second `(man l)` fact".into()));
                }
            }
            ("box", 2) => {
                let i = grid.find(cell_arg(fact, 1)?, &[Tile::Floor], fact)?;
                grid.boxes[i] = true;
            }
            ("adjacent", 4) => {
                let (from, to) = (cell_arg(fact, 1)?, cell_arg(fact, 2)?);
                let dir = Dir::from_name(&fact.words[3]);
                if dir.and_then(|d| from.step(d)) != Some(to) {
                    let m = "this `adjacent` fact does not link neighbours on the grid";
                    return Err((fact.offset, m.into()));
                }
            }
            _ => {}
        }
    }
    for fact in goal
        .iter()
        .filter(|f| f.words[0] == "box" && f.words.len() == 2)
    {
        let i = grid.find(cell_arg(fact, 1)?, &[Tile::Floor], fact)?;
        grid.goals[i] = true;
    }
    let man = man.ok_or((0, "no `(man l)` fact".to_string()))?;
    grid.build(info, man)
}

fn ipc(objects: &[(String, String, usize)], init: &[Fact], info: Info) -> Built {
    let types: HashMap<&str, &str> = objects
        .iter()
        .map(|(n, t, _)| (n.as_str(), t.as_str()))
        .collect();
    let mut cells = Vec::new();
    for (name, _, at) in objects.iter().filter(|o| o.1 == "location") {
        let cell = Cell::from_ipc_name(name).filter(|c| c.row < MAX_SIZE && c.col < MAX_SIZE);
        cells.push(cell.ok_or((*at, format!("location `{name}` is not named pos-C-R")))?);
    }
    let mut grid = Grid::new(&cells, 0);
    for &c in &cells {
        let i = grid.at(c);
        grid.tiles[i] = Tile::Wall;
    }
    let mut man = None;
    for fact in init {
        let words: Vec<&str> = fact.words.iter().map(String::as_str).collect();
        let (floor, goal) = match words.as_slice() {
            ["move-dir", ..] | ["clear", _] => (cell_arg(fact, 1)?, false),
            ["is-goal", _] => (cell_arg(fact, 1)?, true),
            ["at", thing, _] => {
                let cell = cell_arg(fact, 2)?;
                match types.get(thing).copied() {
                    Some("player") => {
                        if man.replace(cell).is_some() {
                            return Err((fact.offset, "a second player".into()));
                        }
                    }
                    Some("stone") => {
                        let i = grid.find(cell, &[Tile::Wall, Tile::Floor], fact)?;
                        grid.boxes[i] = true;
                    }
                    _ => return Err((fact.offset, format!("`{thing}` is no player or stone"))),
                }
                (cell, false)
            }
            _ => continue,
        };
        let i = grid.find(floor, &[Tile::Wall, Tile::Floor], fact)?;
        if goal {
            grid.goals[i] = true;
        } else {
            grid.tiles[i] = Tile::Floor;
        }
    }
    let man = man.ok_or((0, "no `(at player-01 l)` fact".to_string()))?;
    grid.build(info, man)
}
