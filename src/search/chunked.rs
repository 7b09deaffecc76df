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
#[derive(Clone, Debug, Default)]
pub struct Chunked<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
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

    /// The element at `index` (which must be below [`Chunked::len`]).
    #[inline]
    pub fn get(&self, index: usize) -> T {
        self.chunks[index >> CHUNK_BITS][index & (CHUNK - 1)]
    }

    /// The chunks, and the list of them: growing takes one chunk (or, once
    /// in a long while, doubles the list).
    pub fn footprint(&self) -> Footprint {
        let chunk = CHUNK * std::mem::size_of::<T>();
        let list = self.chunks.capacity() * std::mem::size_of::<Vec<T>>();
        Footprint {
            total: self.chunks.len() * chunk + list,
            growth: chunk.max(list),
        }
    }
}

#[cfg(test)]
mod tests;
