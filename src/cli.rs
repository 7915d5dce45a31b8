//! Command line: the clap derive structs (what the user typed) and their conversion into a
//! validated [`Config`] that the pipeline takes.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::diag::MessageFormat;
use crate::emit::Format;
use crate::schema::{Naming, UnionFormat};

#[derive(Debug, Parser)]
#[command(
    name = "union-gen",
    version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("UNION_GEN_GIT_COMMIT"), ")"),
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
        after_help = "Examples:\n  union-gen generate --v2 api/openapi/swagger.json --v3 api/openapi/v3.json ./pkg/apis/...\n  union-gen generate --verify --v2 api/openapi/swagger.json --v3 api/openapi/v3.json ./pkg/apis/...\n      (writes nothing; exit 1 and a diff when the files are out of date)"
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
}

#[derive(Debug, clap::Args)]
pub struct CommonArgs {
    /// Package directories or patterns (`./...`, `./pkg/apis/...`).
    #[arg(default_value = "./...")]
    pub packages: Vec<String>,
    /// How diagnostics are printed (to stderr).
    #[arg(long, value_enum, default_value_t = MessageFormatArg::Human)]
    pub message_format: MessageFormatArg,
    /// Worker threads (default: available cores).
    #[arg(short = 'j', long)]
    pub jobs: Option<usize>,
}

#[derive(Debug, clap::Args)]
pub struct CrdArgs {
    /// CRD manifests written by controller-gen (YAML, several documents allowed).
    #[arg(required = true, value_name = "CRD_YAML")]
    pub files: Vec<PathBuf>,
    /// Go packages holding the API types: directories or patterns (`./api/...`).
    #[arg(long, value_name = "PATTERN", num_args = 1.., default_value = "./...")]
    pub packages: Vec<String>,
    /// Write nothing; print a diff of each file that would change (exit 1 when one would).
    #[arg(long)]
    pub verify: bool,
    /// How diagnostics are printed (to stderr).
    #[arg(long, value_enum, default_value_t = MessageFormatArg::Human)]
    pub message_format: MessageFormatArg,
    /// Worker threads (default: available cores).
    #[arg(short = 'j', long)]
    pub jobs: Option<usize>,
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
    #[arg(long, default_value = "Kubernetes")]
    pub title: String,
    /// `info.version` of the documents.
    #[arg(
        long = "version",
        value_name = "VERSION",
        default_value = "unversioned"
    )]
    pub info_version: String,
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

/// Where a document goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    Stdout,
    File(PathBuf),
}

/// One requested document.
#[derive(Debug, Clone)]
pub struct Output {
    pub version: crate::emit::Version,
    pub destination: Destination,
    pub format: Format,
}

/// The validated configuration the pipeline runs with.
#[derive(Debug, Clone)]
pub struct Config {
    pub packages: Vec<String>,
    pub message_format: MessageFormat,
    pub jobs: usize,
    /// Empty for `check`.
    pub outputs: Vec<Output>,
    pub naming: Naming,
    pub union_format: UnionFormat,
    /// `--cel`: CEL `x-kubernetes-validations` for unions.
    pub cel: bool,
    pub resolve: crate::resolve::Options,
    pub verify: bool,
    pub info: crate::emit::Info,
}

/// Colour is decided by the caller, which knows whether stderr is a terminal
/// (see `union_gen::run`); in-process runs write plain text.
fn message_format(arg: MessageFormatArg) -> MessageFormat {
    match arg {
        MessageFormatArg::Human => MessageFormat::Human { color: false },
        MessageFormatArg::Json => MessageFormat::Json,
        MessageFormatArg::Github => MessageFormat::Github,
    }
}

fn jobs(requested: Option<usize>) -> usize {
    requested
        .filter(|j| *j > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

impl Config {
    /// Colours human diagnostics (when stderr is a terminal).
    pub fn colored(mut self, color: bool) -> Config {
        if let MessageFormat::Human { .. } = self.message_format {
            self.message_format = MessageFormat::Human { color };
        }
        self
    }

    pub fn for_check(args: CommonArgs) -> Config {
        Config {
            packages: args.packages,
            message_format: message_format(args.message_format),
            jobs: jobs(args.jobs),
            outputs: Vec::new(),
            naming: Naming::Rest,
            union_format: UnionFormat::List,
            cel: false,
            resolve: crate::resolve::Options {
                dependency_definitions: true,
            },
            verify: false,
            info: crate::emit::Info {
                title: String::new(),
                version: String::new(),
            },
        }
    }

    pub fn try_for_generate(args: GenerateArgs) -> anyhow::Result<Config> {
        let mut outputs = Vec::new();
        let mut requested = vec![
            (crate::emit::Version::V2, args.v2),
            (crate::emit::Version::V3, args.v3),
        ];
        if requested.iter().all(|(_, path)| path.is_none()) {
            requested[1].1 = Some(PathBuf::from("-"));
        }
        for (version, path) in requested {
            let Some(path) = path else { continue };
            let destination = if path.as_os_str() == "-" {
                Destination::Stdout
            } else {
                Destination::File(path)
            };
            let format = match (args.format, &destination) {
                (Some(FormatArg::Json), _) => Format::Json,
                (Some(FormatArg::Yaml), _) => Format::Yaml,
                (None, Destination::File(path)) => {
                    match path.extension().and_then(|e| e.to_str()) {
                        Some("yaml") | Some("yml") => Format::Yaml,
                        _ => Format::Json,
                    }
                }
                (None, Destination::Stdout) => Format::Json,
            };
            outputs.push(Output {
                version,
                destination,
                format,
            });
        }
        if args.verify && outputs.iter().any(|o| o.destination == Destination::Stdout) {
            anyhow::bail!("--verify compares files: give --v2/--v3 file paths, not stdout");
        }
        Ok(Config {
            packages: args.common.packages,
            message_format: message_format(args.common.message_format),
            jobs: jobs(args.common.jobs),
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
            resolve: crate::resolve::Options {
                dependency_definitions: args.deps_definitions == DepsDefinitionsArg::Include,
            },
            verify: args.verify,
            info: crate::emit::Info {
                title: args.title,
                version: args.info_version,
            },
        })
    }
}
