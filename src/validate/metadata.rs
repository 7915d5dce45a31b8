//! `metadata` as the API server checks it for every object (`ValidateObjectMetaAccessor`),
//! whatever the schema says: `name` or `generateName`, the name a DNS-1123 subdomain, label
//! keys and values, annotation keys; and the fields ObjectMeta has (others are unknown).

use serde_json::Value;

use super::structural::{go_quote, json_type, Walker};
use super::Reason;

const OBJECT_META_FIELDS: &[&str] = &[
    "name",
    "generateName",
    "namespace",
    "selfLink",
    "uid",
    "resourceVersion",
    "generation",
    "creationTimestamp",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "labels",
    "annotations",
    "ownerReferences",
    "finalizers",
    "managedFields",
];

const SUBDOMAIN_MESSAGE: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

const LABEL_VALUE_MESSAGE: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

const QUALIFIED_NAME_MESSAGE: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

/// DNS-1123 subdomain: at most 253 characters of lower-case labels.
pub fn is_dns1123_subdomain(s: &str) -> bool {
    !s.is_empty() && s.len() <= 253 && s.split('.').all(is_dns1123_label_chars)
}

fn is_dns1123_label_chars(l: &str) -> bool {
    !l.is_empty()
        && l.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !l.starts_with('-')
        && !l.ends_with('-')
}

pub fn is_dns1123_label(s: &str) -> bool {
    s.len() <= 63 && is_dns1123_label_chars(s)
}

pub fn is_dns1035_label(s: &str) -> bool {
    is_dns1123_label(s) && s.starts_with(|c: char| c.is_ascii_lowercase())
}

fn name_part(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        && s.starts_with(|c: char| c.is_ascii_alphanumeric())
        && s.ends_with(|c: char| c.is_ascii_alphanumeric())
}

/// A qualified name (`prefix/name` or `name`), as label and annotation keys are.
pub fn is_qualified_name(s: &str) -> bool {
    match s.split_once('/') {
        Some((prefix, name)) => is_dns1123_subdomain(prefix) && name_part(name),
        None => name_part(s),
    }
}

fn is_label_value(s: &str) -> bool {
    s.is_empty() || name_part(s)
}

/// Checks `metadata` (the walker's path is the object's; `root`: the object itself rather
/// than an embedded resource, whose name may be empty).
pub fn check(walker: &mut Walker, metadata: &Value, root: bool, unknown_fields: bool) {
    let Some(object) = metadata.as_object() else {
        if !metadata.is_null() {
            walker.push_at(
                "metadata",
                Reason::TypeInvalid,
                format!(
                    "Invalid value: {}: metadata in body must be of type object",
                    go_quote(json_type(metadata))
                ),
            );
        }
        return;
    };
    walker
        .path
        .push(super::objects::Seg::Key("metadata".into()));
    let name = object.get("name").and_then(Value::as_str).unwrap_or("");
    let generate = object
        .get("generateName")
        .and_then(Value::as_str)
        .unwrap_or("");
    if root && name.is_empty() && generate.is_empty() {
        walker.push_at(
            "name",
            Reason::Required,
            "Required value: name or generateName is required".into(),
        );
    }
    if !name.is_empty() {
        if name.len() > 253 {
            walker.push_at(
                "name",
                Reason::Invalid,
                format!(
                    "Invalid value: {}: must be no more than 253 characters",
                    go_quote(name)
                ),
            );
        } else if !is_dns1123_subdomain(name) {
            walker.push_at(
                "name",
                Reason::Invalid,
                format!("Invalid value: {}: {SUBDOMAIN_MESSAGE}", go_quote(name)),
            );
        }
    }
    if let Some(labels) = object.get("labels").and_then(Value::as_object) {
        for (key, value) in labels {
            if !is_qualified_name(key) {
                walker.push_at(
                    "labels",
                    Reason::Invalid,
                    format!("Invalid value: {}: {QUALIFIED_NAME_MESSAGE}", go_quote(key)),
                );
            }
            let text = value.as_str().unwrap_or("");
            if !is_label_value(text) {
                walker.push_at(
                    "labels",
                    Reason::Invalid,
                    format!("Invalid value: {}: {LABEL_VALUE_MESSAGE}", go_quote(text)),
                );
            }
        }
    }
    if let Some(annotations) = object.get("annotations").and_then(Value::as_object) {
        for key in annotations.keys() {
            if !is_qualified_name(&key.to_ascii_lowercase()) {
                walker.push_at(
                    "annotations",
                    Reason::Invalid,
                    format!("Invalid value: {}: {QUALIFIED_NAME_MESSAGE}", go_quote(key)),
                );
            }
        }
    }
    for key in object.keys().filter(|_| unknown_fields) {
        if !OBJECT_META_FIELDS.contains(&key.as_str()) {
            walker.path.push(super::objects::Seg::Key(key.clone()));
            let field = super::structural::field_string(&walker.path);
            walker.causes.push(super::Cause {
                path: walker.path.clone(),
                message: format!("unknown field {}", go_quote(&field)),
                field,
                reason: Reason::Unknown,
            });
            walker.path.pop();
        }
    }
    walker.path.pop();
}
