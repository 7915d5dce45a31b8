//! Findings said once per run, however many definitions reach them: an embedded struct of a
//! package not found (inlined in every kind), a `+default` marker on a type many fields use,
//! a doc comment's validation markers, a missing package, a struct's own unions.
//!
//! The definitions of one wave of the queue are resolved in parallel, each with an empty
//! [`Once`] of its own; the merge, in queue order, keeps a key's diagnostics only where the
//! run's [`Once`] has not said it yet: what a serial resolve, which skips the report, writes.

use std::ops::Range;

use super::hash::HashSet;
use crate::diag::Code;
use crate::model::TypeName;
use crate::source::Span;

/// What identifies a finding said once.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum OnceKey {
    /// An inlined embedded struct whose package was not loaded.
    LostInline(TypeName),
    /// A `+default` marker (its span): not zero, or a `ref(…)` that names no constant.
    Default(Span),
    /// A validation or kubebuilder marker finding of a doc comment.
    Validation(Span, Code, String),
    /// A package that could not be found.
    MissingPackage(String),
    /// The findings of a struct's own unions, computed once per struct.
    Unions(TypeName),
}

/// The keys said so far, and which diagnostics each one's report pushed.
#[derive(Debug, Default)]
pub(super) struct Once {
    said: HashSet<OnceKey>,
    /// Each key said here, with the diagnostics its report pushed (indices into the
    /// diagnostics of the resolver that owns this).
    pushed: Vec<(Range<usize>, OnceKey)>,
}

impl Once {
    /// Whether `key` is said for the first time: then its report pushes one diagnostic, at
    /// index `at`.
    pub(super) fn first(&mut self, key: OnceKey, at: usize) -> bool {
        self.first_of(key, at..at + 1)
    }

    /// Whether `key` is said for the first time, its report having pushed `pushed`.
    pub(super) fn first_of(&mut self, key: OnceKey, pushed: Range<usize>) -> bool {
        if !self.said.insert(key.clone()) {
            return false;
        }
        self.pushed.push((pushed, key));
        true
    }

    /// The keys said since this was created, with what each pushed.
    pub(super) fn into_pushed(self) -> Vec<(Range<usize>, OnceKey)> {
        self.pushed
    }

    /// Which of `pushed` (one definition's, in order) this run has said already: their
    /// diagnostics are dropped. The others are said from now on.
    pub(super) fn said_before(
        &mut self,
        pushed: Vec<(Range<usize>, OnceKey)>,
    ) -> Vec<Range<usize>> {
        pushed
            .into_iter()
            .filter_map(|(range, key)| (!self.said.insert(key)).then_some(range))
            .collect()
    }
}
