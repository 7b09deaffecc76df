//! An append-only array kept in chunks of a fixed size.
//!
//! A search that runs until memory is full spends it on a few arrays that only
//! grow. A `Vec` grows by doubling, so near the limit its next growth asks for
//! as much again as it holds: with a gigabyte of entries, a search under 4 GB
//! must stop while it still has more than a gigabyte free (see
//! [`crate::util::limits`]). A [`Chunked`] array grows one chunk at a time instead
//! (64 Ki elements), so it can fill what the limit leaves, as Fast Downward's
//! segmented vectors do. Reading element `i` costs one more indirection:
//! chunk `i >> 16`, slot `i & 0xffff`.
//!
//! Example: pushing 70,000 elements fills one chunk and starts a second; the
//! footprint's growth is one chunk, not 70,000 elements.

use super::registry::OutOfMemory;
use crate::util::limits::Footprint;

/// Elements per chunk: 2^16.
const CHUNK_BITS: u32 = 16;
const CHUNK: usize = 1 << CHUNK_BITS;

/// An append-only array of `T` in chunks of [`CHUNK`] elements.
#[derive(Clone, Debug)]
pub struct Chunked<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

impl<T> Default for Chunked<T> {
    fn default() -> Self {
        Chunked {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<T: Copy> Chunked<T> {
    pub fn new() -> Self {
        Chunked {
            chunks: Vec::new(),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Appends `value`; a refused allocation is [`OutOfMemory`].
    #[inline]
    pub fn push(&mut self, value: T) -> Result<(), OutOfMemory> {
        if self.len.is_multiple_of(CHUNK) {
            self.add_chunk()?;
        }
        self.chunks[self.len >> CHUNK_BITS].push(value);
        self.len += 1;
        Ok(())
    }

    #[cold]
    fn add_chunk(&mut self) -> Result<(), OutOfMemory> {
        let mut chunk = Vec::new();
        chunk.try_reserve_exact(CHUNK).map_err(|_| OutOfMemory)?;
        self.chunks.try_reserve(1).map_err(|_| OutOfMemory)?;
        self.chunks.push(chunk);
        Ok(())
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The element at `index` (which must be below [`Chunked::len`]).
    #[inline]
    pub fn get(&self, index: usize) -> T {
        self.chunks[index >> CHUNK_BITS][index & (CHUNK - 1)]
    }

    /// The element at `index`, to change.
    #[inline]
    pub fn get_mut(&mut self, index: usize) -> &mut T {
        &mut self.chunks[index >> CHUNK_BITS][index & (CHUNK - 1)]
    }

    /// The chunks, and the list of them: growing takes one chunk (or, once
    /// in a long while, doubles the list).
    pub fn footprint(&self) -> Footprint {
        footprint(&self.chunks, CHUNK * std::mem::size_of::<T>())
    }
}

/// An array of `u32` values that takes 2 bytes a value while every value
/// pushed is below `u16::MAX` or is `u32::MAX`, and 4 bytes from the first
/// one that is not: search nodes' `g` and `h` values, which are small on
/// most tasks. Widening copies the values once, in chunks.
///
/// Example: pushing 3, `u32::MAX` and 7 keeps 2 bytes each (`u32::MAX` is
/// stored as `u16::MAX`); pushing 70,000 then widens the array to 4 bytes
/// a value, and the values read back are the same.
#[derive(Clone, Debug)]
pub enum Narrowed {
    Narrow(Chunked<u16>),
    Wide(Chunked<u32>),
}

impl Default for Narrowed {
    fn default() -> Self {
        Narrowed::Narrow(Chunked::new())
    }
}

impl Narrowed {
    pub fn new() -> Self {
        Narrowed::default()
    }

    pub fn len(&self) -> usize {
        match self {
            Narrowed::Narrow(c) => c.len(),
            Narrowed::Wide(c) => c.len(),
        }
    }

    /// The 2-byte form of `value`, if it has one.
    #[inline]
    fn narrow(value: u32) -> Option<u16> {
        match value {
            u32::MAX => Some(u16::MAX),
            v if v < u32::from(u16::MAX) => Some(v as u16),
            _ => None,
        }
    }

    /// Appends `value`; a refused allocation is [`OutOfMemory`].
    #[inline]
    pub fn push(&mut self, value: u32) -> Result<(), OutOfMemory> {
        if let Narrowed::Narrow(c) = self {
            match Narrowed::narrow(value) {
                Some(v) => return c.push(v),
                None => self.widen()?,
            }
        }
        match self {
            Narrowed::Wide(c) => c.push(value),
            Narrowed::Narrow(_) => unreachable!("widened above"),
        }
    }

    /// Value `index` (which must be below [`len`](Self::len)).
    #[inline]
    pub fn get(&self, index: usize) -> u32 {
        match self {
            Narrowed::Narrow(c) => match c.get(index) {
                u16::MAX => u32::MAX,
                v => u32::from(v),
            },
            Narrowed::Wide(c) => c.get(index),
        }
    }

    /// Sets value `index` to `value`.
    #[inline]
    pub fn set(&mut self, index: usize, value: u32) -> Result<(), OutOfMemory> {
        if let Narrowed::Narrow(c) = self {
            match Narrowed::narrow(value) {
                Some(v) => {
                    *c.get_mut(index) = v;
                    return Ok(());
                }
                None => self.widen()?,
            }
        }
        if let Narrowed::Wide(c) = self {
            *c.get_mut(index) = value;
        }
        Ok(())
    }

    /// Switches to 4 bytes a value.
    #[cold]
    fn widen(&mut self) -> Result<(), OutOfMemory> {
        let mut wide = Chunked::new();
        for i in 0..self.len() {
            wide.push(self.get(i))?;
        }
        *self = Narrowed::Wide(wide);
        Ok(())
    }

    /// The chunks held. Widening is not counted as growth: it happens at
    /// the first large value, which on tasks with large costs comes with
    /// the first nodes, and if its allocation is refused the search stops
    /// with [`OutOfMemory`] as for any other.
    pub fn footprint(&self) -> Footprint {
        match self {
            Narrowed::Narrow(c) => c.footprint(),
            Narrowed::Wide(c) => c.footprint(),
        }
    }
}

/// An append-only array of rows of `width` words each, in chunks of
/// [`CHUNK`] rows: the state registry's packed nodes. A row never straddles
/// two chunks. Rows can also be taken off the end ([`Rows::truncate`]), and
/// a chunk emptied so stays allocated for the rows pushed next.
#[derive(Clone, Debug, Default)]
pub struct Rows {
    chunks: Vec<Vec<u64>>,
    width: usize,
    len: usize,
}

impl Rows {
    /// No rows yet; each will be `width` words.
    pub fn new(width: usize) -> Self {
        Rows {
            chunks: Vec::new(),
            width,
            len: 0,
        }
    }

    /// Row `index` (which must be below the number of rows).
    #[inline]
    pub fn get(&self, index: usize) -> &[u64] {
        let start = (index & (CHUNK - 1)) * self.width;
        &self.chunks[index >> CHUNK_BITS][start..start + self.width]
    }

    /// Appends `row` (`width` words); a refused allocation is
    /// [`OutOfMemory`].
    #[inline]
    pub fn push(&mut self, row: &[u64]) -> Result<(), OutOfMemory> {
        debug_assert_eq!(row.len(), self.width);
        let chunk = self.len >> CHUNK_BITS;
        if chunk == self.chunks.len() {
            self.add_chunk()?;
        }
        self.chunks[chunk].extend_from_slice(row);
        self.len += 1;
        Ok(())
    }

    #[cold]
    fn add_chunk(&mut self) -> Result<(), OutOfMemory> {
        let mut chunk = Vec::new();
        (chunk.try_reserve_exact(CHUNK * self.width)).map_err(|_| OutOfMemory)?;
        self.chunks.try_reserve(1).map_err(|_| OutOfMemory)?;
        self.chunks.push(chunk);
        Ok(())
    }

    /// Keeps the first `len` rows.
    pub fn truncate(&mut self, len: usize) {
        for (c, chunk) in self.chunks.iter_mut().enumerate() {
            let keep = len.saturating_sub(c << CHUNK_BITS).min(CHUNK);
            chunk.truncate(keep * self.width);
        }
        self.len = self.len.min(len);
    }

    /// The chunks allocated, and the list of them (see [`Chunked::footprint`]).
    pub fn footprint(&self) -> Footprint {
        footprint(&self.chunks, CHUNK * self.width * 8)
    }
}

/// `chunks` of `chunk` bytes each, and the list of them: growing takes one
/// chunk (or, once in a long while, doubles the list).
fn footprint<T>(chunks: &Vec<Vec<T>>, chunk: usize) -> Footprint {
    let list = chunks.capacity() * std::mem::size_of::<Vec<T>>();
    Footprint {
        total: chunks.len() * chunk + list,
        growth: chunk.max(list),
    }
}

#[cfg(test)]
mod tests;
