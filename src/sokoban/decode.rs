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
//! The file is read with the PDDL parser alone ([`crate::pddl::parse_problem`]):
//! no domain is needed.

use crate::util::hash::FastMap;
use std::path::Path;

use super::error::{Located, TextError};
use super::level::{Cell, Dir, Info, Level, Tile};
use super::xsb::MAX_SIZE;
use crate::pddl::ast;

/// A ground atom of the problem: lower-case words and the byte offset.
struct Fact {
    words: Vec<String>,
    offset: usize,
}

impl Fact {
    fn of(atom: &ast::Atom) -> Fact {
        let mut words = vec![atom.predicate.text.clone()];
        words.extend(atom.args.iter().map(|t| t.name().text.clone()));
        Fact {
            words,
            offset: atom.span.start,
        }
    }
}

/// The level of the problem file `text` (see the module docs).
pub fn level_from_problem(path: &Path, text: &str) -> Result<Level, TextError> {
    // As the PDDL reader does, so that its positions fit this text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let fail = |offset: usize, message: String| {
        TextError::new(message, Located::at(path, text, offset, 1))
    };
    let source = ast::Source {
        path: path.to_path_buf(),
        text: text.to_string(),
    };
    let problem = crate::pddl::parse_problem(source).map_err(|e| {
        fail(
            Located::offset_of(text, e.line, e.column),
            format!("not a readable problem file: {}", e.message),
        )
    })?;
    let objects: Vec<(String, String, usize)> = problem
        .objects
        .iter()
        .map(|o| (o.name.text.clone(), o.ty.text.clone(), o.name.span.start))
        .collect();
    let init: Vec<Fact> = problem.init.iter().map(Fact::of).collect();
    let goal: Vec<Fact> = problem
        .goal
        .literals()
        .into_iter()
        .filter_map(|l| match l {
            ast::Literal::Atom {
                atom,
                positive: true,
            } => Some(Fact::of(atom)),
            _ => None,
        })
        .collect();
    let info = Info {
        source: path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into()),
        index: 1,
        title: Some(problem.name.text.clone()),
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
    let types: FastMap<&str, &str> = objects
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
