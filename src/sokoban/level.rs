//! A Sokoban level: a grid of walls and floor, some goal cells, the boxes and
//! the man, as they stand at the start.
//!
//! Cells are addressed by 0-based `(row, col)` with row 0 at the top. In PDDL
//! they are named with 1-based numbers, so the cell in the second row and third
//! column is `r2c3`. Example, the level
//!
//! ```text
//! #####
//! #@$.#
//! #####
//! ```
//!
//! has its man at `r2c2`, a box at `r2c3` and a goal at `r2c4`; one push to the
//! right solves it.
//!
//! A [`Tile`] is a wall, floor, or *void*: a spot that is not part of the
//! board at all (past the end of a short row in the text, or outside the cells
//! a PDDL problem names). Nobody can stand on a wall or on void.

use std::collections::VecDeque;

/// A cell of the grid: 0-based row and column, row 0 at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl Cell {
    pub fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    /// The PDDL name of the cell: `r2c3` for row 2, column 3 (1-based).
    pub fn name(self) -> String {
        format!("r{}c{}", self.row + 1, self.col + 1)
    }

    /// Reads a name written by [`Cell::name`], in any case: `r2c3` or `R2C3`.
    pub fn from_name(name: &str) -> Option<Cell> {
        let rest = name.strip_prefix(['r', 'R'])?;
        let (row, col) = rest.split_once(['c', 'C'])?;
        Some(Cell::new(one_based(row)?, one_based(col)?))
    }

    /// The IPC-2008 name `pos-C-R` (column first, both 1-based), each number
    /// zero-padded to `digits` digits: `pos-03-02` for row 2, column 3.
    pub fn ipc_name(self, digits: usize) -> String {
        format!("pos-{:0digits$}-{:0digits$}", self.col + 1, self.row + 1)
    }

    /// Reads an IPC name `pos-C-R`, padded or not, in any case.
    pub fn from_ipc_name(name: &str) -> Option<Cell> {
        let rest = name
            .get(..4)?
            .eq_ignore_ascii_case("pos-")
            .then(|| &name[4..])?;
        let (col, row) = rest.split_once('-')?;
        Some(Cell::new(one_based(row)?, one_based(col)?))
    }

    /// Reads either kind of name: `r2c3` or `pos-3-2`.
    pub fn from_any_name(name: &str) -> Option<Cell> {
        Cell::from_name(name).or_else(|| Cell::from_ipc_name(name))
    }

    /// The neighbour in direction `dir`, if it has non-negative coordinates.
    pub fn step(self, dir: Dir) -> Option<Cell> {
        let (dr, dc) = dir.delta();
        Some(Cell::new(
            self.row.checked_add_signed(dr)?,
            self.col.checked_add_signed(dc)?,
        ))
    }
}

/// Parses a positive decimal number of at most 6 digits and makes it 0-based.
pub(crate) fn one_based(digits: &str) -> Option<usize> {
    if digits.is_empty() || digits.len() > 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<usize>().ok()?.checked_sub(1)
}

/// One of the four directions the man can step in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// `(row, column)` change of one step; down increases the row.
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The PDDL constant of `domains/sokoban.pddl`: `up`, `down`, `left`, `right`.
    pub fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }

    /// Reads `up` or the IPC spelling `dir-up`, in any case.
    pub fn from_name(name: &str) -> Option<Dir> {
        let lower = name.to_ascii_lowercase();
        let bare = lower.strip_prefix("dir-").unwrap_or(&lower);
        Dir::ALL.into_iter().find(|d| d.name() == bare)
    }

    /// The LURD letter of a move in this direction (a push is its upper case).
    pub fn lurd(self) -> char {
        match self {
            Dir::Up => 'u',
            Dir::Down => 'd',
            Dir::Left => 'l',
            Dir::Right => 'r',
        }
    }
}

/// What a spot of the grid is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    Floor,
    Wall,
    /// Not part of the board (beyond the end of a short row, for example).
    Void,
}

/// Where a level came from: its file and its place and names in that file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// The file name (without folders), such as `microban.xsb`.
    pub source: String,
    /// 1-based position of the level in its file.
    pub index: usize,
    pub title: Option<String>,
    pub author: Option<String>,
    pub copyright: Option<String>,
}

/// A level in its initial state. Build one with [`super::xsb`] or
/// [`super::decode`]; the constructors guarantee one man and a rectangular grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub info: Info,
    width: usize,
    height: usize,
    tiles: Vec<Tile>,
    goals: Vec<bool>,
    boxes: Vec<bool>,
    man: Cell,
}

impl Level {
    /// A level from row-major grids of `width * height` entries. `None` if the
    /// sizes disagree, or the man, a box or a goal is off the floor.
    pub(crate) fn new(
        info: Info,
        width: usize,
        tiles: Vec<Tile>,
        goals: Vec<bool>,
        boxes: Vec<bool>,
        man: Cell,
    ) -> Option<Level> {
        let height = tiles.len().checked_div(width)?;
        let level = Level {
            info,
            width,
            height,
            tiles,
            goals,
            boxes,
            man,
        };
        let sizes_ok = level.tiles.len() == width * height
            && level.goals.len() == level.tiles.len()
            && level.boxes.len() == level.tiles.len();
        let floor = |c: Cell| level.tile(c) == Tile::Floor;
        let placed_ok = floor(man)
            && !level.has_box(man)
            && level
                .cells()
                .all(|c| (!level.has_box(c) && !level.is_goal(c)) || floor(c));
        (sizes_ok && placed_ok).then_some(level)
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The position of `cell` in row-major order, if it lies on the grid.
    pub fn index(&self, cell: Cell) -> Option<usize> {
        (cell.row < self.height && cell.col < self.width).then(|| cell.row * self.width + cell.col)
    }

    /// The tile at `cell`; [`Tile::Void`] off the grid.
    pub fn tile(&self, cell: Cell) -> Tile {
        self.index(cell).map_or(Tile::Void, |i| self.tiles[i])
    }

    pub fn is_goal(&self, cell: Cell) -> bool {
        self.index(cell).is_some_and(|i| self.goals[i])
    }

    /// Whether a box stands on `cell` at the start.
    pub fn has_box(&self, cell: Cell) -> bool {
        self.index(cell).is_some_and(|i| self.boxes[i])
    }

    /// The man's starting cell.
    pub fn man(&self) -> Cell {
        self.man
    }

    /// All cells of the grid in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |c| Cell::new(r, c)))
    }

    /// The boxes' starting cells in row-major order.
    pub fn boxes(&self) -> Vec<Cell> {
        self.cells().filter(|&c| self.has_box(c)).collect()
    }

    /// The goal cells in row-major order.
    pub fn goals(&self) -> Vec<Cell> {
        self.cells().filter(|&c| self.is_goal(c)).collect()
    }

    /// The neighbour of `cell` in direction `dir`, if it lies on the grid.
    pub fn neighbour(&self, cell: Cell, dir: Dir) -> Option<Cell> {
        cell.step(dir).filter(|&n| self.index(n).is_some())
    }

    /// The man's region: the floor cells he could reach if every box were
    /// floor (a breadth-first flood fill from the man). Boxes never leave it,
    /// so it holds every cell that play can change. Row-major flags.
    ///
    /// A grid is its own graph here, so a queue does what a petgraph
    /// traversal would, without building the graph first.
    pub fn man_region(&self) -> Vec<bool> {
        let mut seen = vec![false; self.tiles.len()];
        let mut queue = VecDeque::from([self.man]);
        if let Some(i) = self.index(self.man) {
            seen[i] = true;
        }
        while let Some(cell) = queue.pop_front() {
            for dir in Dir::ALL {
                let Some(next) = self.neighbour(cell, dir) else {
                    continue;
                };
                let i = next.row * self.width + next.col;
                if !seen[i] && self.tiles[i] == Tile::Floor {
                    seen[i] = true;
                    queue.push_back(next);
                }
            }
        }
        seen
    }

    /// Where the man could walk off the map: the first floor cell of his
    /// region (row-major) on the edge of the grid or next to void, and the
    /// way out of it; `None` if the walls close the board. The gap in the
    /// wall is the cell one step that way (void, past the end of a row),
    /// or, off the edge of the grid, the region's cell itself.
    pub fn exit(&self) -> Option<(Cell, Dir)> {
        let region = self.man_region();
        self.cells()
            .filter(|c| region[c.row * self.width + c.col])
            .find_map(|c| {
                Dir::ALL
                    .into_iter()
                    .find(|&d| self.tile_beyond(c, d) == Tile::Void)
                    .map(|d| (c, d))
            })
    }

    fn tile_beyond(&self, cell: Cell, dir: Dir) -> Tile {
        self.neighbour(cell, dir)
            .map_or(Tile::Void, |n| self.tile(n))
    }

    /// The level as XSB text, one line per row, trailing blanks removed:
    /// `#` wall, `@`/`+` man (on a goal), `$`/`*` box (on a goal), `.` goal.
    pub fn to_xsb(&self) -> String {
        super::render::board(self, Some(self.man), &self.boxes)
    }
}

#[cfg(test)]
mod tests;
