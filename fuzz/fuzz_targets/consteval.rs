//! The constant evaluator: `literal::unquote` on the input, then a const-only Go file whose
//! constant expressions are the input, parsed and resolved (which evaluates every constant
//! of the enum type). Never panics; the evaluation stays bounded.
#![no_main]

use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use union_gen::resolve::{self, LoadedFile, LoadedPackage, Options};
use union_gen::source::FileId;
use union_gen::golit as literal;
use union_gen::syntax;

fuzz_target!(|input: &str| {
    let _ = literal::unquote(input);
    // Each input line is one constant expression (the first ones named by the others).
    let mut text = String::from("package p\n\n// +enum\ntype E string\n\nconst (\n");
    for (index, line) in input.lines().take(64).enumerate() {
        text.push_str(&format!("\tC{index} E = {line}\n"));
    }
    text.push_str(")\n\ntype T struct {\n\tE E `json:\"e\"`\n}\n");
    let (decls, _) = syntax::parse(FileId(0), &text);
    let package = LoadedPackage {
        import_path: "example.com/p".into(),
        is_input: true,
        files: vec![LoadedFile {
            id: FileId(0),
            decls,
        }],
    };
    let options = Options {
        dependency_definitions: false,
        openapi_gen: false,
        kubebuilder: false,
    };
    let _ = resolve::resolve(
        &[package],
        &BTreeMap::new(),
        options,
        &resolve::Roots::InputStructs,
    );
});
