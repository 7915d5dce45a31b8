//! What the user typed: the clap derive structs, and their conversion into the library's
//! plain, validated configuration (`pipeline::Config`, `crd::Options`).

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::diag::{Levels, MessageFormat};
use crate::emit::{Format, Info, Version};
use crate::pipeline::{self, Destination, Document, Output};
use crate::schema::{Naming, UnionFormat};
use crate::{crd, resolve};

/// `union-gen --version`: the package version and the git commit it was built from.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("UNION_GEN_GIT_COMMIT"),
    ")"
);

#[derive(Debug, Parser)]
#[command(
    name = "union-gen",
    version = VERSION,
    about = "Go marker comments (+enum, +union…) to OpenAPI v2/v3 with enum lists and x-kubernetes-unions",
    propagate_version = false
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Write OpenAPI documents for the Go packages.
    #[command(
        after_help = "Examples:\n  union-gen generate --v2 api/openapi/swagger.json --v3 api/openapi/v3.json ./api/...\n  union-gen generate --verify --v2 api/openapi/swagger.json --v3 api/openapi/v3.json ./api/...\n      (writes nothing; exit 1 and a diff when the files are out of date)"
    )]
    Generate(GenerateArgs),
    /// Report diagnostics only; write nothing.
    #[command(after_help = "Example:\n  union-gen check --message-format github ./...")]
    Check(CommonArgs),
    /// Add the missing `enum` lists and union CEL rules to controller-gen CRD manifests, in place.
    #[command(
        after_help = "Examples:\n  union-gen crd config/crd/bases/*.yaml --packages ./api/...\n  union-gen crd --verify config/crd/bases/*.yaml --packages ./api/...\n      (writes nothing; exit 1 and a diff when a file would change)"
    )]
    Crd(CrdArgs),
    /// Validate Kubernetes objects (YAML, JSON, Lists) against CRD manifests or the Go types,
    /// as the API server would on create.
    #[command(
        after_help = "Examples:\n  union-gen validate --crd config/crd/bases config/samples\n  union-gen validate --packages ./api/... -- config/samples/*.yaml\n  kubectl get widgets -o yaml | union-gen validate --crd widgets.yaml -"
    )]
    Validate(ValidateArgs),
    /// openapi-gen's command line: write the `zz_generated.openapi.go` it writes (also what
    /// the binary does when it is invoked as `openapi-gen`).
    #[command(
        name = "openapi-gen",
        disable_help_flag = true,
        after_help = "Example:\n  union-gen openapi-gen --output-dir pkg/generated/openapi --output-pkg example.com/pkg/generated/openapi --output-file zz_generated.openapi.go --go-header-file hack/boilerplate.go.txt ./pkg/apis/v1\n  union-gen openapi-gen --help   (openapi-gen's flags)"
    )]
    OpenapiGen {
        /// openapi-gen's flags and packages, as openapi-gen takes them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// controller-gen's command line (`crd`, `rbac`, `webhook`, `paths=`, `output:…`): write
    /// the manifests controller-gen writes, byte for byte.
    #[command(
        name = "controller-gen",
        disable_help_flag = true,
        after_help = "Example:\n  union-gen controller-gen rbac:roleName=manager-role crd webhook paths=\"./...\" output:crd:artifacts:config=config/crd/bases\n  union-gen controller-gen -h   (controller-gen's options and union-gen's flags)"
    )]
    ControllerGen {
        /// controller-gen's options and flags, as controller-gen takes them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// Run the Language Server (LSP over stdio) for editors: `check`'s findings as you type,
    /// hover, completion and fixes for markers, enums and unions.
    #[command(after_help = "Settings come from the client's initializationOptions: \
        {\"deny\": [\"warnings\"], \"allow\": [CODE], \"naming\": \"rest\", \"cel\": false, …}\n\
        Editor setup: README, \"Editors\".")]
    Lsp {
        /// Accepted for clients that pass it; stdio is the only transport.
        #[arg(long)]
        stdio: bool,
    },
    /// Print the long explanation of a diagnostic code.
    #[command(after_help = "Example:\n  union-gen explain union/member-not-optional")]
    Explain {
        /// A code such as `enum/no-values`; `all` lists every code.
        code: String,
    },
    /// Print shell completions (to stdout).
    #[command(
        after_help = "Examples:\n  union-gen completions bash > ~/.local/share/bash-completion/completions/union-gen\n  union-gen completions zsh > ~/.zfunc/_union-gen\n  union-gen completions fish > ~/.config/fish/completions/union-gen.fish\n  union-gen completions powershell >> $PROFILE"
    )]
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the extraction of one Go file (debugging aid).
    #[command(
        hide = true,
        after_help = "Example:\n  union-gen dump-syntax testdata/example/apis/v1/types.go"
    )]
    DumpSyntax { file: PathBuf },
    /// Print one stage's result for Go packages: the resolved model, or the schemas (for
    /// small test snapshots and debugging).
    #[command(
        hide = true,
        after_help = "Examples:\n  union-gen dump model testdata/unions/dialects/...\n  union-gen dump schema --type Endpoint testdata/unions/dialects/..."
    )]
    Dump(DumpArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Stage {
    /// The resolved model: definitions, properties, unions (text).
    Model,
    /// The v3 schemas of the definitions (JSON, `--cel` rules included).
    Schema,
}

#[derive(Debug, clap::Args)]
pub struct DumpArgs {
    #[arg(value_enum)]
    pub stage: Stage,
    /// Only definitions whose Go name (`import/path.Type`) contains this text.
    #[arg(long = "type", value_name = "TEXT")]
    pub type_filter: Option<String>,
    /// Package directories or patterns.
    #[arg(default_value = "./...")]
    pub packages: Vec<String>,
}

/// How a run reports: shared by `generate`, `check` and `crd`.
#[derive(Debug, clap::Args)]
pub struct ReportingArgs {
    /// How diagnostics are printed (to stderr).
    #[arg(long, value_enum, default_value_t = MessageFormatArg::Human)]
    pub message_format: MessageFormatArg,
    /// Worker threads (default: available cores; at most 256).
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u16).range(0..=crate::limits::JOBS as i64))]
    pub jobs: Option<u16>,
    /// Make warnings errors: `warnings` (all of them) or a code; repeatable.
    #[arg(long, value_name = "warnings|CODE")]
    pub deny: Vec<String>,
    /// Do not report a warning code; repeatable (errors cannot be allowed).
    #[arg(long, value_name = "CODE")]
    pub allow: Vec<String>,
    /// Also show warnings located in dependencies (the module cache, `vendor/`); by default
    /// they are only counted in the summary line.
    #[arg(long)]
    pub show_dependency_warnings: bool,
}

impl ReportingArgs {
    /// `--deny` / `--allow`.
    pub fn levels(&self) -> anyhow::Result<Levels> {
        let mut levels = Levels::parse(&self.deny, &self.allow).map_err(anyhow::Error::msg)?;
        levels.show_dependency_warnings = self.show_dependency_warnings;
        Ok(levels)
    }

    /// The message format; `color`: human diagnostics in colour.
    pub fn format(&self, color: bool) -> MessageFormat {
        message_format(self.message_format, color)
    }

    pub fn jobs(&self) -> usize {
        jobs(self.jobs)
    }
}

#[derive(Debug, clap::Args)]
pub struct CommonArgs {
    /// Package directories or patterns (`./...`, `./pkg/apis/...`).
    #[arg(default_value = "./...")]
    pub packages: Vec<String>,
    #[command(flatten)]
    pub reporting: ReportingArgs,
    /// Write Kubernetes' API rule violations (names_match, omitempty_match_case,
    /// list_type_missing, streaming_list_type_*) to FILE in openapi-gen's
    /// `--report-filename` format (`-` = stdout); violations do not fail the run.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Write outputs even over a file that is an input of the run (a Go file, go.mod) or an
    /// existing file that is not a document of that kind (refused otherwise, exit 2).
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, clap::Args)]
pub struct CrdArgs {
    /// CRD manifests written by controller-gen (YAML, several documents allowed).
    #[arg(value_name = "CRD_YAML")]
    pub files: Vec<PathBuf>,
    /// Go packages holding the API types: directories or patterns (`./api/...`). A `.yaml`,
    /// `.yml` (or `.json`, refused) file given after it is a manifest, not a package.
    /// Default: `./...` and every nested module under the current directory.
    #[arg(long, value_name = "PATTERN", num_args = 1..)]
    pub packages: Vec<String>,
    /// Write nothing; print a diff of each file that would change (exit 1 when one would).
    #[arg(long)]
    pub verify: bool,
    /// Also add the enum lists of `+enum` types from dependencies (k8s.io/api's
    /// `TaintEffect`, …): informational in Kubernetes, enforced once in a CRD.
    #[arg(long)]
    pub dependency_enums: bool,
    /// Patch a read-only manifest too (refused otherwise, exit 2); it stays read-only.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub reporting: ReportingArgs,
}

#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// Object files or directories (YAML streams, `List` kinds, JSON; `-` = stdin).
    #[arg(value_name = "OBJECT_FILE")]
    pub files: Vec<PathBuf>,
    /// A CRD manifest (or a directory of them) whose served versions give schemas; repeatable.
    #[arg(long, value_name = "MANIFEST")]
    pub crd: Vec<PathBuf>,
    /// Go packages whose kinds give schemas (`./api/...`); a `.yaml`/`.yml`/`.json` value after
    /// it is an object file.
    #[arg(long, value_name = "PATTERN", num_args = 1..)]
    pub packages: Vec<String>,
    /// An object whose kind has no schema is an error, not a warning.
    #[arg(long)]
    pub strict: bool,
    /// Unknown fields: `strict` (errors, as kubectl sends objects), `warn` (pruned with a
    /// warning, the API server's default for other clients) or `ignore` (pruned).
    #[arg(long, value_enum, default_value_t = FieldValidationArg::Strict)]
    pub field_validation: FieldValidationArg,
    /// Old objects (files or directories, several objects a file allowed): an object with the
    /// same apiVersion, kind, namespace and name here is validated as an update of it, its
    /// transition rules (`oldSelf`) run; repeatable.
    #[arg(long, value_name = "FILE")]
    pub old: Vec<PathBuf>,
    /// Also print one JSON line per object on stdout (file, line, kind, name, valid, causes
    /// with field, reason and message).
    #[arg(long, value_enum)]
    pub output: Option<ValidateOutputArg>,
    #[command(flatten)]
    pub reporting: ReportingArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FieldValidationArg {
    Strict,
    Warn,
    Ignore,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ValidateOutputArg {
    Json,
}

impl ValidateArgs {
    /// The library's options; `Err` without objects.
    pub fn options(&self) -> anyhow::Result<crate::validate::Options> {
        let is_file = |value: &str| {
            let lower = value.to_ascii_lowercase();
            value == "-"
                || [".yaml", ".yml", ".json"]
                    .iter()
                    .any(|extension| lower.ends_with(extension))
        };
        let (objects, packages): (Vec<String>, Vec<String>) = self
            .packages
            .iter()
            .cloned()
            .partition(|value| is_file(value));
        let mut files = self.files.clone();
        files.extend(objects.into_iter().map(PathBuf::from));
        if files.is_empty() {
            anyhow::bail!(
                "no objects given: `union-gen validate --crd config/crd/bases config/samples`"
            );
        }
        if self.crd.is_empty() && packages.is_empty() {
            anyhow::bail!(
                "no schemas given: name CRD manifests with --crd or Go packages with --packages"
            );
        }
        Ok(crate::validate::Options {
            files,
            crds: self.crd.clone(),
            packages,
            strict: self.strict,
            field_validation: match self.field_validation {
                FieldValidationArg::Strict => crate::validate::FieldValidation::Strict,
                FieldValidationArg::Warn => crate::validate::FieldValidation::Warn,
                FieldValidationArg::Ignore => crate::validate::FieldValidation::Ignore,
            },
            old: self.old.clone(),
            jobs: self.reporting.jobs(),
        })
    }
}

#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// Write the OpenAPI v2 (Swagger 2.0) document to FILE (`-` = stdout).
    #[arg(long, value_name = "FILE")]
    pub v2: Option<PathBuf>,
    /// Write the OpenAPI v3 document to FILE (`-` = stdout). Default when neither is given: v3 to stdout.
    #[arg(long, value_name = "FILE")]
    pub v3: Option<PathBuf>,
    /// Output format; default from the file extension (`.yaml`/`.yml`), else JSON.
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Definition names: rest = io.k8s.api.core.v1.Pod, go = k8s.io/api/core/v1.Pod, short = v1.Pod.
    #[arg(long, value_enum, default_value_t = NamingArg::Rest)]
    pub naming: NamingArg,
    /// Shape of x-kubernetes-unions: list (kube-openapi's), kep1027 (fieldMembers on the discriminator), or both.
    #[arg(long, value_enum, default_value_t = UnionFormatArg::List)]
    pub union_format: UnionFormatArg,
    /// Definitions of dependency struct types that inputs reference: include them, or only `$ref` them.
    #[arg(long, value_enum, default_value_t = DepsDefinitionsArg::Include)]
    pub deps_definitions: DepsDefinitionsArg,
    /// Add CEL x-kubernetes-validations that enforce each union (exactly/at most one, discriminator ⇔ member).
    #[arg(long)]
    pub cel: bool,
    /// Write nothing; compare with the existing files and print a diff (exit 1 when they differ).
    #[arg(long)]
    pub verify: bool,
    /// `info.title` of the documents.
    #[arg(long, value_name = "TITLE", default_value = "Kubernetes")]
    pub info_title: String,
    /// `info.version` of the documents.
    #[arg(long, value_name = "VERSION", default_value = "unversioned")]
    pub info_version: String,
    /// Deprecated spelling of `--info-title`.
    #[arg(
        long = "title",
        value_name = "TITLE",
        hide = true,
        conflicts_with = "info_title"
    )]
    pub deprecated_title: Option<String>,
    /// Deprecated spelling of `--info-version`: it reads like `union-gen --version` and
    /// swallowed the package pattern that followed it.
    #[arg(
        long = "version",
        value_name = "VERSION",
        hide = true,
        conflicts_with = "info_version"
    )]
    pub deprecated_version: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MessageFormatArg {
    Human,
    Json,
    Github,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DepsDefinitionsArg {
    Include,
    Ref,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    Json,
    Yaml,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum NamingArg {
    Rest,
    Go,
    Short,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum UnionFormatArg {
    List,
    Kep1027,
    Both,
}

/// Colour is decided by the caller, which knows whether stderr is a terminal
/// (see `union_gen::run`); in-process runs write plain text.
pub(super) fn message_format(arg: MessageFormatArg, color: bool) -> MessageFormat {
    match arg {
        MessageFormatArg::Human => MessageFormat::Human { color },
        MessageFormatArg::Json => MessageFormat::Json,
        MessageFormatArg::Github => MessageFormat::Github,
    }
}

pub(super) fn jobs(requested: Option<u16>) -> usize {
    requested
        .filter(|j| *j > 0)
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

impl CommonArgs {
    /// `check`'s configuration; `color`: human diagnostics in colour.
    pub fn config(self, color: bool) -> pipeline::Config {
        let mut config = pipeline::Config::check(
            self.packages,
            self.reporting.format(color),
            self.reporting.jobs(),
        );
        config.outputs.extend(report_output(self.report));
        config
    }
}

impl CrdArgs {
    /// The manifests, the packages, and how diagnostics are printed; `Err` without manifests.
    pub fn options(self, color: bool) -> anyhow::Result<(crd::Options, MessageFormat)> {
        // `--packages` takes every following value: manifests given after it land there.
        let is_manifest = |value: &str| {
            let lower = value.to_ascii_lowercase();
            [".yaml", ".yml", ".json"]
                .iter()
                .any(|extension| lower.ends_with(extension))
        };
        let (manifests, packages): (Vec<String>, Vec<String>) = self
            .packages
            .into_iter()
            .partition(|value| is_manifest(value));
        let mut files = self.files;
        files.extend(manifests.into_iter().map(PathBuf::from));
        // `crd` inserts lines into block-style YAML; a JSON manifest (one flow mapping) has
        // no line it could insert into.
        if let Some(json) = files.iter().find(|f| {
            f.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        }) {
            anyhow::bail!(
                "{}: JSON manifests are not supported: `union-gen crd` edits controller-gen's \
                 block-style YAML in place, line by line; convert it to YAML (e.g. `yq -P`) \
                 or generate YAML",
                json.display()
            );
        }
        if files.is_empty() {
            anyhow::bail!(
                "no CRD manifests given: `union-gen crd config/crd/bases/*.yaml --packages ./api/...`"
            );
        }
        let packages = if packages.is_empty() {
            let mut packages = vec!["./...".to_string()];
            packages.extend(crate::discover::nested_modules(std::path::Path::new(".")));
            packages
        } else {
            packages
        };
        let options = crd::Options {
            files,
            packages,
            dependency_enums: self.dependency_enums,
            force: self.force,
            jobs: self.reporting.jobs(),
        };
        Ok((options, self.reporting.format(color)))
    }
}

impl GenerateArgs {
    /// `generate`'s configuration and the warnings about deprecated flags; `Err` for
    /// contradictory flags.
    pub fn config(self, color: bool) -> anyhow::Result<(pipeline::Config, Vec<String>)> {
        let mut args = self;
        let mut warnings = Vec::new();
        if let Some(title) = args.deprecated_title.take() {
            warnings.push("`--title` is deprecated: use `--info-title`".to_string());
            args.info_title = title;
        }
        if let Some(version) = args.deprecated_version.take() {
            if looks_like_a_package_pattern(&version) {
                anyhow::bail!(
                    "`--version {version}` would set the documents' info.version to a package \
                     pattern: `union-gen --version` prints the tool's version; the documents' \
                     version is `--info-version VERSION`"
                );
            }
            warnings.push("`--version` is deprecated here: use `--info-version`".to_string());
            args.info_version = version;
        }
        let mut outputs = openapi_outputs(args.v2, args.v3, args.format);
        outputs.extend(report_output(args.common.report.take()));
        if args.verify && outputs.iter().any(|o| o.destination == Destination::Stdout) {
            anyhow::bail!("--verify compares files: give --v2/--v3 file paths, not stdout");
        }
        check_one_on_stdout(&outputs)?;
        check_distinct_files(&outputs)?;
        let config = pipeline::Config {
            packages: args.common.packages,
            message_format: args.common.reporting.format(color),
            jobs: args.common.reporting.jobs(),
            outputs,
            naming: match args.naming {
                NamingArg::Rest => Naming::Rest,
                NamingArg::Go => Naming::Go,
                NamingArg::Short => Naming::Short,
            },
            union_format: match args.union_format {
                UnionFormatArg::List => UnionFormat::List,
                UnionFormatArg::Kep1027 => UnionFormat::Kep1027,
                UnionFormatArg::Both => UnionFormat::Both,
            },
            cel: args.cel,
            resolve: resolve::Options {
                dependency_definitions: args.deps_definitions == DepsDefinitionsArg::Include,
                openapi_gen: false,
                kubebuilder: false,
            },
            roots: resolve::Roots::InputStructs,
            verify: args.verify,
            info: Info {
                title: args.info_title,
                version: args.info_version,
            },
            manifest_markers: false,
        };
        Ok((config, warnings))
    }
}

/// The OpenAPI documents to write: `--v2`, `--v3` (stdout when neither is given), each in
/// `--format` or as its file's extension says.
fn openapi_outputs(
    v2: Option<PathBuf>,
    v3: Option<PathBuf>,
    format: Option<FormatArg>,
) -> Vec<Output> {
    let mut outputs = Vec::new();
    let mut requested = vec![(Version::V2, v2), (Version::V3, v3)];
    if requested.iter().all(|(_, path)| path.is_none()) {
        requested[1].1 = Some(PathBuf::from("-"));
    }
    for (version, path) in requested {
        let Some(path) = path else { continue };
        let destination = destination(path);
        let format = match (format, &destination) {
            (Some(FormatArg::Json), _) => Format::Json,
            (Some(FormatArg::Yaml), _) => Format::Yaml,
            (None, Destination::File(path)) => match path.extension().and_then(|e| e.to_str()) {
                Some("yaml") | Some("yml") => Format::Yaml,
                _ => Format::Json,
            },
            (None, Destination::Stdout) => Format::Json,
        };
        outputs.push(Output {
            document: Document::OpenApi(version, format),
            destination,
        });
    }
    outputs
}

/// Two documents on stdout would run together: an error.
fn check_one_on_stdout(outputs: &[Output]) -> anyhow::Result<()> {
    let to_stdout: Vec<&Output> = outputs
        .iter()
        .filter(|o| o.destination == Destination::Stdout)
        .collect();
    if let [first, second, ..] = to_stdout.as_slice() {
        if matches!(first.document, Document::OpenApi(..))
            && matches!(second.document, Document::OpenApi(..))
        {
            anyhow::bail!(
                "--v2 - and --v3 - would write two documents to stdout, one after the other: \
                 write at least one of them to a file"
            );
        }
        anyhow::bail!(
            "--report - and an OpenAPI document would both go to stdout (the v3 document \
             does when neither --v2 nor --v3 is given): write one of them to a file"
        );
    }
    Ok(())
}

/// Two documents to the same file would lose the first: an error.
fn check_distinct_files(outputs: &[Output]) -> anyhow::Result<()> {
    let flag = |o: &Output| match o.document {
        Document::OpenApi(Version::V2, _) => "--v2",
        Document::OpenApi(Version::V3, _) => "--v3",
        Document::ApiRuleReport => "--report",
    };
    for (i, first) in outputs.iter().enumerate() {
        for second in &outputs[i + 1..] {
            let (Destination::File(a), Destination::File(b)) =
                (&first.destination, &second.destination)
            else {
                continue;
            };
            if same_file(a, b) {
                anyhow::bail!(
                    "{} and {} name the same file ({}): the second document would \
                     replace the first",
                    flag(first),
                    flag(second),
                    b.display()
                );
            }
        }
    }
    Ok(())
}

/// `--report FILE` as an output.
fn report_output(path: Option<PathBuf>) -> Option<Output> {
    Some(Output {
        document: Document::ApiRuleReport,
        destination: destination(path?),
    })
}

/// An output path as given: `-` is stdout.
fn destination(path: PathBuf) -> Destination {
    if path.as_os_str() == "-" {
        Destination::Stdout
    } else {
        Destination::File(path)
    }
}

/// `./pkg/apis/...`, `../x`, `/abs`: what a package argument looks like, never a version.
fn looks_like_a_package_pattern(value: &str) -> bool {
    value.contains("...") || value.starts_with("./") || value.starts_with("../") || value == "."
}

/// Whether two output paths name one file: equal as written, or the same file name in the
/// same (existing) directory. A character device (`/dev/null`) is written in place, not
/// replaced, so two outputs may name it.
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if std::fs::metadata(a).is_ok_and(|m| m.file_type().is_char_device()) {
            return false;
        }
    }
    if a == b {
        return true;
    }
    let directory = |path: &std::path::Path| {
        let parent = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => std::path::Path::new("."),
        };
        std::fs::canonicalize(parent).ok()
    };
    a.file_name() == b.file_name() && directory(a).is_some() && directory(a) == directory(b)
}
