//! Whole-file extraction (tree-sitter-go parse with function bodies left out, then the
//! declaration walk) on arbitrary UTF-8: never panics, and every diagnostic span is a
//! character range of the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use union_gen::source::FileId;

fuzz_target!(|text: &str| {
    let (_, diagnostics) = union_gen::syntax::parse(FileId(0), text);
    for diagnostic in &diagnostics {
        if let Some(span) = &diagnostic.primary {
            let (start, end) = (span.start as usize, span.end as usize);
            assert!(
                start <= end && end <= text.len(),
                "{start}..{end} of {}",
                text.len()
            );
            assert!(text.is_char_boundary(start) && text.is_char_boundary(end));
        }
    }
});
