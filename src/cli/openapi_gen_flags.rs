//! openapi-gen's flags, defined once: the parser (`openapi_gen::parse`), `--help`, the
//! "not supported" error, the shell completions and the manual's flag reference all read
//! [`FLAGS`].

/// Where a flag comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// kube-openapi's openapi-gen (gengo/v2's `args.AddFlags`).
    OpenapiGen,
    /// union-gen's own additions.
    UnionGen,
    /// gengo v1's command line (kube-openapi before 2024-02-28).
    GengoV1,
    /// klog's flags, which openapi-gen registers and which change nothing here.
    Klog,
}

/// What a flag's value names, for completions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    Dir,
    File,
    Other,
}

/// One flag as pflag reads it: `--long value`, `--long=value`, `-s value`.
#[derive(Debug)]
pub struct Flag {
    /// The long name without dashes (klog's spelled with underscores, as klog does).
    pub long: &'static str,
    pub short: Option<&'static str>,
    /// The value's name in `--help`; `None` for a switch (`--name`, `--name=true|false`).
    pub value: Option<&'static str>,
    pub hint: Hint,
    /// The values it takes, when they are a closed set.
    pub values: &'static [&'static str],
    pub origin: Origin,
    /// gengo v1 only: its presence makes the command line v1's (where `-h` is the header).
    pub v1_only: bool,
    /// One line for `--help` and the reference; empty for the flags only listed by name.
    pub help: &'static str,
}

const fn flag(long: &'static str, value: Option<&'static str>, origin: Origin) -> Flag {
    Flag {
        long,
        short: None,
        value,
        hint: Hint::Other,
        values: &[],
        origin,
        v1_only: false,
        help: "",
    }
}

const fn v1(long: &'static str, short: &'static str, value: &'static str) -> Flag {
    Flag {
        short: Some(short),
        v1_only: true,
        ..flag(long, Some(value), Origin::GengoV1)
    }
}

/// Every flag `union-gen openapi-gen` accepts, in `--help` order.
pub const FLAGS: &[Flag] = &[
    Flag {
        hint: Hint::Dir,
        help: "the base directory under which to generate results",
        ..flag("output-dir", Some("DIR"), Origin::OpenapiGen)
    },
    Flag {
        help: "the base Go import-path under which to generate results",
        ..flag("output-pkg", Some("PKG"), Origin::OpenapiGen)
    },
    Flag {
        help: "the name of the file to be generated (default \"generated.openapi.go\")",
        ..flag("output-file", Some("NAME"), Origin::OpenapiGen)
    },
    Flag {
        hint: Hint::File,
        help: "boilerplate header text; \"YEAR\" becomes the current year",
        ..flag("go-header-file", Some("FILE"), Origin::OpenapiGen)
    },
    Flag {
        help: "the model-name file written into each input package with\n\
               +k8s:openapi-model-package (OpenAPIModelName methods)",
        ..flag("output-model-name-file", Some("NAME"), Origin::OpenapiGen)
    },
    Flag {
        help: "import paths that get no model-name file (repeatable)",
        ..flag("readonly-pkg", Some("PKG,..."), Origin::OpenapiGen)
    },
    Flag {
        short: Some("r"),
        hint: Hint::File,
        help: "the API rule violation report (names_match, …)",
        ..flag("report-filename", Some("FILE"), Origin::OpenapiGen)
    },
    Flag {
        short: Some("v"),
        help: "verbosity: from 1 on, union-gen's warnings are printed",
        ..flag("v", Some("LEVEL"), Origin::OpenapiGen)
    },
    Flag {
        values: &["human", "json", "github"],
        help: "union-gen's own: human (default), json or github",
        ..flag("message-format", Some("FORMAT"), Origin::UnionGen)
    },
    Flag {
        help: "union-gen's own: write what this kube-openapi version\n\
               writes (default: the version the project pins: its\n\
               Makefile/hack scripts `openapi-gen@VER`, tools/go.mod,\n\
               go.mod; else the newest)",
        ..flag("kube-openapi-version", Some("VER"), Origin::UnionGen)
    },
    v1("input-dirs", "i", "DIRS"),
    v1("output-package", "p", "PKG"),
    v1("output-base", "o", "DIR"),
    v1("output-file-base", "O", "NAME"),
    flag("build-tag", Some("TAG"), Origin::GengoV1),
    flag("trim-path-prefix", Some("PREFIX"), Origin::GengoV1),
    flag("verify-only", None, Origin::GengoV1),
    flag("logtostderr", None, Origin::Klog),
    flag("alsologtostderr", None, Origin::Klog),
    flag("log_dir", Some("DIR"), Origin::Klog),
    flag("log_file", Some("FILE"), Origin::Klog),
    flag("log_file_max_size", Some("N"), Origin::Klog),
    flag("one_output", None, Origin::Klog),
    flag("skip_headers", None, Origin::Klog),
    flag("skip_log_headers", None, Origin::Klog),
    flag("stderrthreshold", Some("LEVEL"), Origin::Klog),
    flag("vmodule", Some("PATTERN"), Origin::Klog),
    flag("log_backtrace_at", Some("FILE:N"), Origin::Klog),
    flag("add_dir_header", None, Origin::Klog),
];

/// The flag named `name` (long or short, without dashes).
pub fn find(name: &str) -> Option<&'static Flag> {
    FLAGS
        .iter()
        .find(|flag| flag.long == name || flag.short == Some(name))
}

/// `union-gen openapi-gen --help`.
pub fn usage() -> String {
    let mut text = String::from(
        "Usage: openapi-gen [flags] PACKAGE...\n\
         (union-gen's drop-in for kube-openapi's openapi-gen: writes the same Go file)\n\nFlags:\n",
    );
    for flag in FLAGS
        .iter()
        .filter(|flag| matches!(flag.origin, Origin::OpenapiGen | Origin::UnionGen))
    {
        let short = flag.short.map_or("    ".to_string(), |s| format!("-{s}, "));
        let name = format!("{short}--{} {}", flag.long, flag.value.unwrap_or(""));
        let help = flag.help.replace('\n', &format!("\n{:36}", ""));
        text.push_str(&format!("  {name:<33} {help}\n"));
    }
    let others = format!(
        "gengo v1's flags (kube-openapi before 2024-02-28) are accepted too: {}; and klog's \
         ({}), which change nothing.",
        names(Origin::GengoV1),
        names(Origin::Klog)
    );
    text.push('\n');
    text.push_str(&wrap(&others, 92));
    text
}

/// `text` in lines of at most `width` columns, broken at spaces.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The flags of one origin as `--long/-s, …`.
pub fn names(origin: Origin) -> String {
    FLAGS
        .iter()
        .filter(|flag| flag.origin == origin)
        .map(|flag| match flag.short {
            Some(short) => format!("--{}/-{short}", flag.long),
            None => format!("--{}", flag.long),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The supported flags as the "not supported" error lists them.
pub fn supported() -> String {
    let own: Vec<String> = FLAGS
        .iter()
        .filter(|flag| matches!(flag.origin, Origin::OpenapiGen | Origin::UnionGen))
        .map(|flag| {
            if flag.long.len() == 1 {
                format!("-{}", flag.long)
            } else {
                format!("--{}", flag.long)
            }
        })
        .collect();
    format!(
        "{}, gengo v1's and klog's flags: see --help",
        own.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_usage_lists_every_own_flag() {
        let mut names: Vec<&str> = FLAGS
            .iter()
            .flat_map(|flag| [Some(flag.long), flag.short.filter(|s| *s != flag.long)])
            .flatten()
            .collect();
        names.sort();
        let count = names.len();
        names.dedup();
        assert_eq!(names.len(), count, "a flag name used twice");
        let usage = usage();
        for flag in FLAGS {
            assert!(usage.contains(&format!("--{}", flag.long)), "{}", flag.long);
        }
    }
}
