//! The bounded YAML reader (`kube_yaml`) on arbitrary text: never panics, never overflows the
//! stack (no recursion; deep values are dropped on the deep stack as `validate` holds them),
//! every error and position is inside the text, and `check` agrees with `read` on what fails
//! on the reader's bounds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use union_gen::kube_yaml::{self, Seg};

fuzz_target!(|text: &str| {
    let text = text.to_string();
    union_gen::limits::on_deep_stack(move || {
        for range in kube_yaml::split(&text) {
            let checked = kube_yaml::check(&text[range.clone()], range.start);
            let Some(document) = kube_yaml::read(&text, range.clone()) else {
                continue;
            };
            assert!(document.start <= text.len());
            match &document.value {
                Err(error) => assert!(error.offset <= text.len(), "{error:?}"),
                Ok(_) => {
                    // What reads cleanly passes the bounds check too.
                    assert!(checked.is_ok(), "{checked:?}");
                    if let Some(at) = document.positions.find(&[Seg::Index(0)]) {
                        assert!(at <= text.len());
                    }
                }
            }
            for duplicate in &document.duplicates {
                assert!(duplicate.offset <= text.len());
            }
        }
    })
    .expect("a deep-stack thread");
});
