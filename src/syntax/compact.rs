//! The text tree-sitter is given: the file without the middles of its comments and string
//! literals ([`super::prescan::Scan::middles`]), and the way back from its offsets to the
//! file's.
//!
//! tree-sitter's lexer advances byte by byte through every comment (a third of all the
//! instructions of a run on k8s.io/api went there); leaving the middles out with included
//! ranges instead costs a range per comment line, and tree-sitter looks a position's range
//! up from the first range on each time it lexes again, which grows with the square of the
//! ranges. Taking bytes out of a comment or literal changes no token: each is one maximal
//! run of a character class, and its first and last characters stay, so that every node
//! still starts and ends on a byte of the file ([`Offsets`]). No newline is taken out, so
//! rows are the file's.

use std::cell::Cell;
use std::ops::Range;

/// A file's text without some byte ranges.
pub(super) struct Compacted {
    pub text: String,
    pub offsets: Offsets,
}

impl Compacted {
    /// `src` without `removed` (in order, disjoint, each between two characters).
    pub fn new(src: &str, removed: &[Range<usize>]) -> Compacted {
        let removed_len: usize = removed.iter().map(ExactSizeIterator::len).sum();
        let mut text = String::with_capacity(src.len() - removed_len);
        let mut runs = Vec::with_capacity(removed.len());
        let mut kept_from = 0;
        for cut in removed {
            text.push_str(&src[kept_from..cut.start]);
            kept_from = cut.end;
            runs.push(Run {
                start: text.len(),
                shift: cut.end - text.len(),
            });
        }
        text.push_str(&src[kept_from..]);
        Compacted {
            text,
            offsets: Offsets {
                runs,
                last: Cell::new(0),
            },
        }
    }
}

/// Maps offsets of a [`Compacted`] text back to the file's (and forth, outside what was
/// taken out). Empty for a text parsed as it is.
#[derive(Debug, Default)]
pub(crate) struct Offsets {
    /// Where each run of kept bytes after a removed range starts in the compacted text, and
    /// how many bytes were removed before it: in order.
    runs: Vec<Run>,
    /// The runs before the offset looked up last: extraction reads nodes mostly in order,
    /// so the next lookup is most often in the same run or the next.
    last: Cell<usize>,
}

#[derive(Debug, Clone, Copy)]
struct Run {
    start: usize,
    shift: usize,
}

impl Offsets {
    /// The file's offset of the compacted text's byte at `offset` (or of its end).
    fn start(&self, offset: usize) -> usize {
        let holds = |after: usize| {
            (after == 0 || self.runs[after - 1].start <= offset)
                && self.runs.get(after).is_none_or(|run| run.start > offset)
        };
        let last = self.last.get();
        let after = if holds(last) {
            last
        } else if last < self.runs.len() && holds(last + 1) {
            last + 1
        } else {
            self.runs.partition_point(|run| run.start <= offset)
        };
        self.last.set(after);
        match after.checked_sub(1) {
            Some(run) => offset + self.runs[run].shift,
            None => offset,
        }
    }

    /// The file's byte range of a node's compacted `range`: a node's first and last bytes
    /// are kept bytes, so its end is the end of its last byte (not the start of the run that
    /// follows, when a removed range lies between).
    pub fn range(&self, range: Range<usize>) -> Range<usize> {
        if self.runs.is_empty() {
            return range;
        }
        let start = self.start(range.start);
        if range.end <= range.start {
            return start..start;
        }
        start..self.start(range.end - 1) + 1
    }

    /// The compacted offset of the file's `offset`, which is not inside a removed range.
    pub fn to_compacted(&self, offset: usize) -> usize {
        let after = self
            .runs
            .partition_point(|run| run.start + run.shift <= offset);
        match after.checked_sub(1) {
            Some(run) => offset - self.runs[run].shift,
            None => offset,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_kept_bytes_back_and_forth() {
        let src = "ab// xyz\nc `1234` d";
        let compacted = Compacted::new(src, &[5..7, 13..15]);
        assert_eq!(compacted.text, "ab// z\nc `14` d");
        let offsets = &compacted.offsets;
        // The comment `// z` (compacted 2..6) is `// xyz` (2..8).
        assert_eq!(offsets.range(2..6), 2..8);
        // Its first kept byte after the cut, and a node ending right before the cut.
        assert_eq!(offsets.range(5..6), 7..8);
        assert_eq!(offsets.range(2..5), 2..5);
        // The raw string and its content, the trailing `d`, and an empty node at the end.
        assert_eq!(offsets.range(9..13), 11..17);
        assert_eq!(offsets.range(10..12), 12..16);
        assert_eq!(offsets.range(14..15), 18..19);
        assert_eq!(offsets.range(15..15), 19..19);
        for (compacted_offset, file_offset) in [(0, 0), (5, 7), (7, 9), (11, 15), (15, 19)] {
            assert_eq!(offsets.to_compacted(file_offset), compacted_offset);
        }
        let whole = Compacted::new(src, &[]);
        assert_eq!(whole.text, src);
        assert_eq!(whole.offsets.range(3..9), 3..9);
    }
}
