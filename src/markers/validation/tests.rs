//! Unit tests of `validation`.

use super::*;
use crate::source::FileId;

fn read(lines: &[&str]) -> (Option<CommentTags>, Vec<(ProblemKind, String)>) {
    let mut offset = 0u32;
    let spanned: Vec<(&str, Span)> = lines
        .iter()
        .map(|l| {
            let span = Span {
                file: FileId(0),
                start: offset,
                end: offset + l.len() as u32,
            };
            offset += l.len() as u32 + 4;
            (*l, span)
        })
        .collect();
    let mut problems = Vec::new();
    let parsed = parse(&spanned, &mut problems);
    (
        parsed.map(|p| p.tags),
        problems.into_iter().map(|p| (p.kind, p.message)).collect(),
    )
}

#[test]
fn assignments_bare_keys_and_raw_strings() {
    let (tags, problems) = read(&[
        "+k8s:validation:maxLength=5",
        "+k8s:validation:uniqueItems",
        "+k8s:validation:pattern>^a",
        "+k8s:validation:pattern>  b$  ",
        "+optional",
    ]);
    assert!(problems.is_empty(), "{problems:?}");
    let tags = tags.unwrap();
    assert_eq!(tags.max_length, Some(5));
    assert_eq!(tags.unique_items, Some(true));
    assert_eq!(tags.pattern.as_deref(), Some("^a\nb$"));
}

#[test]
fn cel_lists_and_nesting() {
    let (tags, problems) = read(&[
        "+k8s:validation:cel[0]:rule=\"self > 0\"",
        "+k8s:validation:cel[0]:message=\"m\"",
        "+k8s:validation:cel[1]:rule>a",
        "+k8s:validation:cel[1]:rule>b",
        "+k8s:validation:cel[1]:messageExpression=\"'x'\"",
        "+k8s:validation:cel[1]:optionalOldSelf",
        "+k8s:validation:properties:name:items:maxLength=3",
    ]);
    assert!(problems.is_empty(), "{problems:?}");
    let tags = tags.unwrap();
    assert_eq!(tags.cel.len(), 2);
    assert_eq!(tags.cel[1].rule, "a\nb");
    assert_eq!(tags.cel[1].optional_old_self, Some(true));
    let properties = tags.properties.unwrap();
    assert_eq!(properties[0].0, "name");
    assert_eq!(properties[0].1.items.as_ref().unwrap().max_length, Some(3));
}

#[test]
fn openapi_gen_errors() {
    let kinds = |lines: &[&str]| read(lines).1;
    assert_eq!(
        kinds(&["+k8s:validation:maxLength=5", "+k8s:validation:maxLength=6"])[0].0,
        ProblemKind::Malformed
    );
    assert_eq!(
        kinds(&["+k8s:validation:maxLength=\"5\""])[0].0,
        ProblemKind::Malformed
    );
    assert_eq!(
        kinds(&["+k8s:validation:maxLength=5.0"])[0].0,
        ProblemKind::Malformed
    );
    assert_eq!(
        kinds(&["+k8s:validation:cel[1]:rule=\"x\""])[0].0,
        ProblemKind::Malformed
    );
    assert_eq!(
        kinds(&["+k8s:validation:max Length=5"])[0].0,
        ProblemKind::Malformed
    );
    assert_eq!(
        kinds(&[
            "+k8s:validation:cel[0]:rule>a",
            "+optional",
            "+k8s:validation:cel[0]:rule>b"
        ])[0]
            .0,
        ProblemKind::Malformed
    );
    assert_eq!(
        kinds(&["+k8s:validation:minLength=-1"]),
        vec![(
            ProblemKind::Invalid,
            "minLength cannot be negative".to_string()
        )]
    );
    assert_eq!(
        kinds(&["+k8s:validation:minimum=6", "+k8s:validation:maximum=5"])[0].1,
        "minimum 6.000000 is greater than maximum 5.000000"
    );
    assert_eq!(
        kinds(&["+k8s:validation:cel[0]:rule=\"self\""])[0].1,
        "invalid CEL tag at index 0: message or messageExpression must be set"
    );
    assert_eq!(
        kinds(&["+k8s:validation:pattern=\"a(b\""])[0].0,
        ProblemKind::Invalid
    );
    assert_eq!(
        kinds(&["+k8s:validation:maxLenght=5"])[0].0,
        ProblemKind::Ignored
    );
    assert_eq!(
        kinds(&["+k8s:validation:maxLength=ref(Max)"])[0].0,
        ProblemKind::Ignored
    );
}

#[test]
fn go_regexp_rules() {
    assert!(check_go_regexp("^foo$[0-9]+").is_ok());
    assert!(check_go_regexp("^a.*b$").is_ok());
    assert!(check_go_regexp("(?i)abc").is_ok());
    assert!(check_go_regexp("a{1001}").is_err());
    assert!(check_go_regexp("a{2,1000}").is_ok());
    assert!(check_go_regexp("(?x)a").is_err());
    assert!(check_go_regexp("\\<a").is_err());
    assert!(check_go_regexp("(?P<n>a)").is_ok());
    assert!(check_go_regexp("a(").is_err());
    assert!(check_go_regexp("[a-").is_err());
}
