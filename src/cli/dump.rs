//! `union-gen dump model|schema [--type TEXT] PACKAGES` (hidden): one stage's result, small
//! enough to snapshot in a test (difftastic's `--dump-syntax` idea, for the later stages).

use std::fmt::Write as _;
use std::io::Write;

use super::args::{DumpArgs, Stage};
use crate::emit::{Format, Info, Version};
use crate::model::{
    Count, Definition, DefinitionBody, DiscriminatorValues, Listed, MemberSet, Property,
    PropertyType, Union,
};
use crate::pipeline::{self, Timings};
use crate::schema::{self, Naming, UnionFormat};
use crate::{diag, exit, resolve};

pub(super) fn command(args: &DumpArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let options = resolve::Options {
        dependency_definitions: true,
        openapi_gen: false,
        kubebuilder: false,
    };
    let analysis = pipeline::thread_pool(1).and_then(|pool| {
        pool.install(|| {
            pipeline::analyse(
                &args.packages,
                options,
                &resolve::Roots::InputStructs,
                resolve::Outside::Warn,
                &mut Timings::from_env(),
            )
        })
    });
    let analysis = match analysis {
        Ok(analysis) => analysis,
        Err(error) => {
            let _ = writeln!(err, "error: {error:#}");
            return exit::USAGE_OR_IO;
        }
    };
    let wanted = |definition: &Definition| {
        args.type_filter
            .as_deref()
            .is_none_or(|text| definition.name.to_string().contains(text))
    };
    let text = match args.stage {
        Stage::Model => analysis
            .model
            .definitions
            .iter()
            .filter(|d| wanted(d))
            .map(model_text)
            .collect::<String>(),
        Stage::Schema => {
            let mut model = analysis.model.clone();
            model.definitions.retain(|d| wanted(d));
            let built = schema::build(&model, Naming::Go, UnionFormat::List, true);
            let info = Info {
                title: String::new(),
                version: String::new(),
            };
            let bytes = crate::emit::to_bytes(&built.definitions, Version::V3, &info, Format::Json);
            String::from_utf8_lossy(&bytes).into_owned()
        }
    };
    let _ = out.write_all(text.as_bytes());
    let _ = diag::render(
        &analysis.diagnostics,
        &analysis.loaded.sources,
        diag::MessageFormat::Human { color: false },
        err,
    );
    exit::SUCCESS
}

/// One definition: its name and kind, then a line per property and per union.
fn model_text(definition: &Definition) -> String {
    let mut text = String::new();
    match &definition.body {
        DefinitionBody::Custom { types, format } => {
            let _ = writeln!(
                text,
                "{} custom {}{}",
                definition.name,
                types.join("|"),
                format
                    .as_deref()
                    .map(|f| format!("/{f}"))
                    .unwrap_or_default()
            );
        }
        DefinitionBody::Struct(def) => {
            let _ = writeln!(text, "{} struct", definition.name);
            for property in &def.properties {
                let required = def.required.contains(&property.json_name);
                let _ = writeln!(text, "  {}", property_text(property, required));
            }
            for union in &def.unions {
                let _ = writeln!(text, "  union {}", union_text(union));
            }
        }
    }
    text
}

fn property_text(property: &Property, required: bool) -> String {
    let mut text = format!("{}: {}", property.json_name, type_text(&property.ty));
    if required {
        text.push_str(" required");
    }
    if let Some(list) = property.list_type {
        let _ = write!(text, " list={list:?}");
    }
    if !property.list_map_keys.is_empty() {
        let _ = write!(text, " keys={}", property.list_map_keys.join(","));
    }
    if let Some(map) = property.map_type {
        let _ = write!(text, " map={map:?}");
    }
    if let Some(default) = &property.default {
        let _ = write!(text, " default={default:?}");
    }
    text
}

fn type_text(ty: &PropertyType) -> String {
    match ty {
        PropertyType::Primitive { ty, format } => match format {
            Some(format) => format!("{ty}/{format}"),
            None => ty.to_string(),
        },
        PropertyType::Enum(values, _) => {
            let values: Vec<&str> = values.iter().map(|v| v.value.as_str()).collect();
            format!("enum[{}]", values.join(","))
        }
        PropertyType::ExplicitEnum(values, seen) => {
            let values: Vec<&str> = values.iter().map(|v| v.value.as_str()).collect();
            format!("explicit-enum[{}]/{}", values.join(","), type_text(seen))
        }
        PropertyType::Ref(name) => name.to_string(),
        PropertyType::Array(inner) => format!("[]{}", type_text(inner)),
        PropertyType::Map(inner) => format!("map[string]{}", type_text(inner)),
        PropertyType::Any => "any".into(),
        PropertyType::NamedInterface(_) => "named-interface".into(),
        PropertyType::Object(def) => {
            let names: Vec<&str> = def
                .properties
                .iter()
                .map(|p| p.json_name.as_str())
                .collect();
            format!("object{{{}}}", names.join(","))
        }
        PropertyType::Unsupported => "{}".into(),
    }
}

fn union_text(union: &Union) -> String {
    let count = match union.count {
        Count::AtMostOne => "at-most-one",
        Count::ExactlyOne => "exactly-one",
        Count::AtLeastOne => "at-least-one",
    };
    let set = match union.meaning.set {
        MemberSet::NonZero => "non-zero",
        MemberSet::Present => "present",
    };
    let values = match union.meaning.discriminator {
        DiscriminatorValues::Select => "select",
        DiscriminatorValues::Label => "label",
    };
    let listed = match union.meaning.listed {
        Listed::Always => "always",
        Listed::UnlessOpenApiGen => "unless-openapi-gen",
        Listed::Never => "never",
    };
    let mut text = format!("{count} set={set} values={values} listed={listed}");
    if union.gated {
        text.push_str(" gated");
    }
    if let Some(field) = &union.subfield {
        let _ = write!(text, " subfield={field}");
    }
    if let Some(discriminator) = &union.discriminator {
        let _ = write!(text, " discriminator={discriminator}");
    }
    let members: Vec<String> = union
        .members
        .iter()
        .map(|m| {
            let optional = if m.optional { ",optional" } else { "" };
            let gated = if m.gated { ",gated" } else { "" };
            format!("{}={}{optional}{gated}", m.json_name, m.value)
        })
        .collect();
    let _ = write!(text, " members: {}", members.join(" "));
    if !union.empty_values.is_empty() {
        let empty: Vec<String> = union
            .empty_values
            .iter()
            .map(|v| {
                if v.is_empty() {
                    "\"\"".into()
                } else {
                    v.clone()
                }
            })
            .collect();
        let _ = write!(text, " empty: {}", empty.join(" "));
    }
    text
}
