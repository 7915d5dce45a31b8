//! The server's settings: `initializationOptions` (and `workspace/didChangeConfiguration`),
//! named as `check`'s and `generate`'s flags are: `deny`, `allow`, `naming`, `unionFormat`,
//! `cel`, `depsDefinitions`, `jobs`, plus the editor's own `debounceMs` and `docsUrl`.

use std::time::Duration;

use serde_json::Value;

use crate::diag::Levels;
use crate::resolve;
use crate::schema::{Naming, UnionFormat};

/// How long the buffers must be left alone after a change before they are analysed: the
/// changes of one editor operation (a paste, a rename, a format) come within a few
/// milliseconds and make one analysis; changes that arrive while an analysis runs are
/// applied together before the next one. Short, since it adds to every edit's latency.
pub const DEBOUNCE: Duration = Duration::from_millis(10);

#[derive(Debug, Clone)]
pub struct Settings {
    /// `--deny` / `--allow`.
    pub levels: Levels,
    /// `--naming`: the definition names in hovers' schemas.
    pub naming: Naming,
    /// `--union-format`.
    pub union_format: UnionFormat,
    /// `--cel`: hovers show the rules' place in the schema, and the rules not written are
    /// reported as `generate --cel` reports them.
    pub cel: bool,
    /// `--deps-definitions include|ref`.
    pub dependency_definitions: bool,
    /// `-j`: worker threads.
    pub jobs: usize,
    pub debounce: Duration,
    /// A diagnostic code's documentation, `{code}` replaced by the code (`enum/no-values`).
    pub docs_url: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            levels: Levels::default(),
            naming: Naming::Rest,
            union_format: UnionFormat::List,
            cel: false,
            dependency_definitions: true,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            debounce: DEBOUNCE,
            docs_url: default_docs_url(),
        }
    }
}

/// The package's repository (Cargo's `repository`), when it is set: its README's table of
/// diagnostic codes, where each code is listed.
fn default_docs_url() -> Option<String> {
    let repository = env!("CARGO_PKG_REPOSITORY").trim_end_matches('/');
    (!repository.is_empty()).then(|| format!("{repository}#diagnostic-codes"))
}

impl Settings {
    /// Settings from the client's JSON (`{"deny": ["warnings"], "naming": "go", …}`, also
    /// under a `union-gen` key), over `self`; what cannot be read is left as it was and
    /// described in the returned problems, to be shown to the user.
    pub fn read(&self, value: &Value) -> (Settings, Vec<String>) {
        let value = value.get("union-gen").unwrap_or(value);
        let mut settings = self.clone();
        let mut problems = Vec::new();
        let Some(object) = value.as_object() else {
            return (settings, problems);
        };
        let strings = |key: &str, problems: &mut Vec<String>| -> Vec<String> {
            match object.get(key) {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::String(one)) => vec![one.clone()],
                Some(Value::Array(items)) => items
                    .iter()
                    .filter_map(|item| match item.as_str() {
                        Some(text) => Some(text.to_string()),
                        None => {
                            problems.push(format!("`{key}` lists {item}, not a code"));
                            None
                        }
                    })
                    .collect(),
                Some(other) => {
                    problems.push(format!("`{key}` is {other}, not a list of codes"));
                    Vec::new()
                }
            }
        };
        let deny = strings("deny", &mut problems);
        let allow = strings("allow", &mut problems);
        if object.contains_key("deny") || object.contains_key("allow") {
            match Levels::parse(&deny, &allow) {
                Ok(levels) => settings.levels = levels,
                Err(problem) => problems.push(problem),
            }
        }
        let mut choice = |key: &str, words: &[&str]| -> Option<usize> {
            let given = object.get(key)?;
            let index = given
                .as_str()
                .and_then(|word| words.iter().position(|w| *w == word));
            if index.is_none() {
                problems.push(format!(
                    "`{key}` is {given}; expected one of: {}",
                    words.join(", ")
                ));
            }
            index
        };
        if let Some(index) = choice("naming", &["rest", "go", "short"]) {
            settings.naming = [Naming::Rest, Naming::Go, Naming::Short][index];
        }
        if let Some(index) = choice("unionFormat", &["list", "kep1027", "both"]) {
            settings.union_format =
                [UnionFormat::List, UnionFormat::Kep1027, UnionFormat::Both][index];
        }
        if let Some(index) = choice("depsDefinitions", &["include", "ref"]) {
            settings.dependency_definitions = index == 0;
        }
        match object.get("cel") {
            None => {}
            Some(Value::Bool(cel)) => settings.cel = *cel,
            Some(other) => problems.push(format!("`cel` is {other}, not true or false")),
        }
        let mut number = |key: &str, max: u64| -> Option<u64> {
            let given = object.get(key)?;
            let value = given.as_u64().filter(|n| *n <= max);
            if value.is_none() {
                problems.push(format!(
                    "`{key}` is {given}; expected a number from 0 to {max}"
                ));
            }
            value
        };
        if let Some(jobs) = number("jobs", u64::from(crate::limits::JOBS)) {
            if jobs > 0 {
                settings.jobs = jobs as usize;
            }
        }
        if let Some(millis) = number("debounceMs", 10_000) {
            settings.debounce = Duration::from_millis(millis);
        }
        match object.get("docsUrl") {
            None => {}
            Some(Value::String(url)) => settings.docs_url = Some(url.clone()),
            Some(Value::Null) => settings.docs_url = None,
            Some(other) => problems.push(format!("`docsUrl` is {other}, not a URL")),
        }
        (settings, problems)
    }

    pub fn resolve_options(&self) -> resolve::Options {
        resolve::Options {
            dependency_definitions: self.dependency_definitions,
            openapi_gen: false,
            kubebuilder: false,
        }
    }

    /// The documentation link of a code, if there is one.
    pub fn docs_link(&self, code: &str) -> Option<String> {
        let template = self.docs_url.as_deref()?;
        Some(if template.contains("{code}") {
            template.replace("{code}", code)
        } else {
            template.to_string()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Code;

    #[test]
    fn flags_are_read_and_bad_values_reported() {
        let (settings, problems) = Settings::default().read(&serde_json::json!({
            "union-gen": {
                "deny": "warnings",
                "allow": ["enum/no-values"],
                "naming": "go",
                "unionFormat": "both",
                "cel": true,
                "jobs": 2,
                "debounceMs": 5,
            }
        }));
        assert!(problems.is_empty(), "{problems:?}");
        assert!(settings.levels.deny_warnings);
        assert_eq!(settings.levels.allow, [Code::EnumNoValues]);
        assert_eq!(settings.naming, Naming::Go);
        assert_eq!(settings.union_format, UnionFormat::Both);
        assert!(settings.cel);
        assert_eq!(settings.jobs, 2);
        assert_eq!(settings.debounce, Duration::from_millis(5));

        let (kept, problems) = settings.read(&serde_json::json!({
            "deny": ["enum/no-valeus"],
            "naming": "long",
            "cel": "yes",
        }));
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].contains("did you mean `enum/no-values`"));
        assert!(kept.levels.deny_warnings && kept.naming == Naming::Go && kept.cel);
    }
}
