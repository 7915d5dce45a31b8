//! controller-gen's `webhook` generator (controller-tools `pkg/webhook/parser.go`): the
//! `+kubebuilder:webhook` markers of the root packages → one MutatingWebhookConfiguration and
//! one ValidatingWebhookConfiguration (`manifests.yaml`), named by
//! `+kubebuilder:webhookconfiguration` (v0.16.3 on) or `mutating-`/`validating-webhook-
//! configuration`.
//!
//! Values are read as controller-gen reads them: verbs, `failurePolicy`, `sideEffects`,
//! `matchPolicy`, `reinvocationPolicy` case-insensitively to the API's spelling (unknown verbs
//! and failure policies pass through, an unknown side-effect or reinvocation policy is
//! dropped), `core` as the group `""`, `path` (a service `webhook-service` in `system`, or
//! `serviceName`/`serviceNamespace`/`servicePort` from v0.17.2) or `url`, never both. Webhooks
//! are sorted by name, stably within a package; from v0.20.0 all of them again with Go's
//! unstable sort (`gosort`). What controller-gen refuses (both or neither of `path` and `url`,
//! an unknown `matchPolicy`, a `webhookVersions` other than `v1`, a missing or `Some` side
//! effect, a timeout outside 1–30 s, no `admissionReviewVersions`, two configuration markers
//! of one kind in a package) is `webhook/invalid` at the marker.

use serde_json::{json, Map, Value};

use super::{read_markers, refusal, Generated, MarkerSet, Package};
use crate::controller_gen_versions::{Behaviour, Change};
use crate::diag::{Code, Diagnostic};
use crate::markers::controller_gen::{ArgDef, ArgType};

pub const MARKER: &str = "kubebuilder:webhook";
pub const CONFIGURATION_MARKER: &str = "kubebuilder:webhookconfiguration";

/// The `+kubebuilder:webhook` arguments in `version` (the `Config` struct's fields).
pub fn arguments(behaviour: &Behaviour) -> Vec<ArgDef> {
    let arg = |name, ty, optional| ArgDef { name, ty, optional };
    let mut args = vec![
        arg("mutating", ArgType::Bool, false),
        arg("failurePolicy", ArgType::String, false),
        arg("matchPolicy", ArgType::String, true),
        arg("sideEffects", ArgType::String, true),
        arg("timeoutSeconds", ArgType::Int, true),
        arg("groups", ArgType::Strings, false),
        arg("resources", ArgType::Strings, false),
        arg("verbs", ArgType::Strings, false),
        arg("versions", ArgType::Strings, false),
        arg("name", ArgType::String, false),
        arg("path", ArgType::String, true),
        arg("webhookVersions", ArgType::Strings, true),
        arg("admissionReviewVersions", ArgType::Strings, false),
        arg("reinvocationPolicy", ArgType::String, true),
        arg("url", ArgType::String, true),
    ];
    if behaviour.has(Change::WebhookService) {
        args.push(arg("serviceName", ArgType::String, true));
        args.push(arg("serviceNamespace", ArgType::String, true));
        args.push(arg("servicePort", ArgType::Int, true));
    }
    args
}

/// The `+kubebuilder:webhookconfiguration` arguments (`WebhookConfig`).
pub fn configuration_arguments() -> Vec<ArgDef> {
    vec![
        ArgDef {
            name: "mutating",
            ty: ArgType::Bool,
            optional: false,
        },
        ArgDef {
            name: "name",
            ty: ArgType::String,
            optional: true,
        },
    ]
}

/// A webhook as controller-gen builds it, with the marker it came from.
struct Webhook<'m> {
    name: String,
    object: Map<String, Value>,
    marker: &'m MarkerSet,
}

/// The webhook configurations of the packages' markers, as `version` writes them.
pub fn generate(packages: &[Package], behaviour: &Behaviour) -> Generated {
    let args = arguments(behaviour);
    let configuration_args = configuration_arguments();
    let mut defs: Vec<(&'static str, &[ArgDef])> = vec![(MARKER, &args)];
    if behaviour.has(Change::WebhookConfigurationMarker) {
        defs.push((CONFIGURATION_MARKER, &configuration_args));
    }
    let mut generated = Generated::default();
    let markers = read_markers(
        packages,
        &defs,
        Code::WebhookInvalid,
        &mut generated.diagnostics,
    );
    let texts: Vec<&str> = packages
        .iter()
        .flat_map(|p| p.files.iter().map(|f| f.1))
        .collect();
    let ids: Vec<_> = packages
        .iter()
        .flat_map(|p| p.files.iter().map(|f| f.0))
        .collect();
    let text_of = |marker: &MarkerSet| {
        ids.iter()
            .position(|id| *id == marker.span.file)
            .map_or("", |i| texts[i])
    };
    let mut names = [None::<String>, None];
    let mut lists: [Vec<Webhook>; 2] = [Vec::new(), Vec::new()];
    for package in &markers {
        configuration_names(package, &mut names, &mut generated.diagnostics);
        let mut webhooks: Vec<&MarkerSet> = package.iter().filter(|m| m.name == MARKER).collect();
        webhooks.sort_by(|a, b| {
            let name = |m: &MarkerSet| m.parsed.string("name").unwrap_or("").to_string();
            name(a).cmp(&name(b))
        });
        for marker in webhooks {
            let text = text_of(marker);
            match webhook(marker, text, behaviour) {
                Ok((mutating, webhook)) => lists[usize::from(!mutating)].push(webhook),
                Err(diagnostic) => generated.diagnostics.push(diagnostic),
            }
        }
    }
    let mut objects = Vec::new();
    for (index, mut list) in lists.into_iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        if behaviour.has(Change::WebhookSortedAcrossPackages) {
            crate::gosort::sort_func(&mut list, |a, b| a.name.cmp(&b.name));
        }
        for webhook in &list {
            let text = text_of(webhook.marker);
            check(webhook, text, &mut generated.diagnostics);
        }
        let kind = [
            "MutatingWebhookConfiguration",
            "ValidatingWebhookConfiguration",
        ][index];
        let default_name = [
            "mutating-webhook-configuration",
            "validating-webhook-configuration",
        ][index];
        let name = names[index]
            .clone()
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| default_name.to_string());
        let webhooks: Vec<Value> = list.into_iter().map(|w| Value::Object(w.object)).collect();
        objects.push(json!({
            "kind": kind,
            "apiVersion": "admissionregistration.k8s.io/v1",
            "metadata": { "name": name },
            "webhooks": webhooks,
        }));
    }
    if !objects.is_empty() {
        generated
            .files
            .push(("manifests.yaml".to_string(), objects));
    }
    generated
}

/// The `+kubebuilder:webhookconfiguration` names of one package (a later package's replace an
/// earlier one's, as controller-gen's variables do); two of a kind in a package is refused.
fn configuration_names(
    package: &[MarkerSet],
    names: &mut [Option<String>; 2],
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut seen = [false, false];
    for marker in package.iter().filter(|m| m.name == CONFIGURATION_MARKER) {
        let mutating = marker.parsed.bool("mutating").unwrap_or(false);
        let index = usize::from(!mutating);
        let name = marker.parsed.string("name").unwrap_or("").to_string();
        if seen[index] {
            let kind = if mutating { "mutating" } else { "validating" };
            diagnostics.push(refusal(
                Code::WebhookInvalid,
                marker.span.clone(),
                format!("duplicate {kind} {CONFIGURATION_MARKER} with name {name}"),
            ));
            continue;
        }
        seen[index] = true;
        names[index] = Some(name);
    }
}

/// `Config.ToMutatingWebhook` / `ToValidatingWebhook`: (mutating, the webhook).
fn webhook<'m>(
    marker: &'m MarkerSet,
    text: &str,
    behaviour: &Behaviour,
) -> Result<(bool, Webhook<'m>), Diagnostic> {
    let parsed = &marker.parsed;
    let at = |name: &str| marker.argument_span(name, text);
    let refuse = |name: &str, message: String| refusal(Code::WebhookInvalid, at(name), message);
    if let Some(versions) = parsed.strings("webhookVersions") {
        if let Some(bad) = versions.iter().find(|v| *v != "v1") {
            return Err(refuse(
                "webhookVersions",
                format!("unsupported webhook version: {bad}"),
            ));
        }
    }
    let mutating = parsed.bool("mutating").unwrap_or(false);
    let name = parsed.string("name").unwrap_or("").to_string();
    let mut object = Map::new();
    object.insert("name".into(), json!(name));
    let match_policy = match parsed
        .string("matchPolicy")
        .unwrap_or("")
        .to_lowercase()
        .as_str()
    {
        "exact" => Some("Exact"),
        "equivalent" => Some("Equivalent"),
        "" => None,
        _ => {
            let value = crate::golit::go_quote(parsed.string("matchPolicy").unwrap_or(""));
            return Err(refuse(
                "matchPolicy",
                format!("unknown value {value} for matchPolicy"),
            ));
        }
    };
    object.insert(
        "clientConfig".into(),
        client_config(marker, text, behaviour)?,
    );
    object.insert("rules".into(), json!([rule(marker)]));
    let failure = parsed.string("failurePolicy").unwrap_or("");
    let failure = match failure.to_lowercase().as_str() {
        "ignore" => "Ignore".to_string(),
        "fail" => "Fail".to_string(),
        _ => failure.to_string(),
    };
    object.insert("failurePolicy".into(), json!(failure));
    if let Some(policy) = match_policy {
        object.insert("matchPolicy".into(), json!(policy));
    }
    let side_effects = match parsed
        .string("sideEffects")
        .unwrap_or("")
        .to_lowercase()
        .as_str()
    {
        "none" => Value::from("None"),
        "noneondryrun" => Value::from("NoneOnDryRun"),
        "some" => Value::from("Some"),
        _ => Value::Null,
    };
    object.insert("sideEffects".into(), side_effects);
    if let Some(timeout) = parsed.int("timeoutSeconds").filter(|t| *t != 0) {
        // Go's int32(…) conversion.
        object.insert("timeoutSeconds".into(), json!(timeout as i32));
    }
    let review = parsed
        .strings("admissionReviewVersions")
        .map(<[String]>::to_vec);
    object.insert(
        "admissionReviewVersions".into(),
        review.map_or(Value::Null, |v| json!(v)),
    );
    if mutating {
        let reinvocation = match parsed
            .string("reinvocationPolicy")
            .unwrap_or("")
            .to_lowercase()
            .as_str()
        {
            "never" => Some("Never"),
            "ifneeded" => Some("IfNeeded"),
            _ => None,
        };
        if let Some(policy) = reinvocation {
            object.insert("reinvocationPolicy".into(), json!(policy));
        }
    }
    Ok((
        mutating,
        Webhook {
            name,
            object,
            marker,
        },
    ))
}

/// `clientConfig()`: a service with `path`, or `url`.
fn client_config(
    marker: &MarkerSet,
    text: &str,
    behaviour: &Behaviour,
) -> Result<Value, Diagnostic> {
    let parsed = &marker.parsed;
    let path = parsed.string("path").unwrap_or("");
    let url = parsed.string("url").unwrap_or("");
    if path.is_empty() == url.is_empty() {
        let at = if path.is_empty() {
            marker.span.clone()
        } else {
            marker.argument_span("url", text)
        };
        return Err(refusal(
            Code::WebhookInvalid,
            at,
            "`url` or `path` markers are required and mutually exclusive".to_string(),
        ));
    }
    if path.is_empty() {
        return Ok(json!({ "url": url }));
    }
    let with_default = |name: &str, default: &str| {
        let value = parsed.string(name).unwrap_or("");
        if value.is_empty() || !behaviour.has(Change::WebhookService) {
            default.to_string()
        } else {
            value.to_string()
        }
    };
    let mut service = Map::new();
    service.insert(
        "namespace".into(),
        json!(with_default("serviceNamespace", "system")),
    );
    service.insert(
        "name".into(),
        json!(with_default("serviceName", "webhook-service")),
    );
    service.insert("path".into(), json!(path));
    if let Some(port) = parsed.int("servicePort") {
        service.insert("port".into(), json!(port as i32));
    }
    Ok(json!({ "service": service }))
}

/// `rules()`: one rule of the marker's groups, versions, resources and verbs.
fn rule(marker: &MarkerSet) -> Value {
    let parsed = &marker.parsed;
    let operations: Vec<String> = parsed
        .strings("verbs")
        .unwrap_or(&[])
        .iter()
        .map(|verb| match verb.to_lowercase().as_str() {
            "create" => "CREATE".to_string(),
            "update" => "UPDATE".to_string(),
            "delete" => "DELETE".to_string(),
            "connect" => "CONNECT".to_string(),
            "*" => "*".to_string(),
            _ => verb.clone(),
        })
        .collect();
    let groups: Vec<String> = parsed
        .strings("groups")
        .unwrap_or(&[])
        .iter()
        .map(|g| {
            if g == "core" {
                String::new()
            } else {
                g.clone()
            }
        })
        .collect();
    let mut object = Map::new();
    for (key, list) in [
        ("operations", operations),
        ("apiGroups", groups),
        (
            "apiVersions",
            parsed.strings("versions").unwrap_or(&[]).to_vec(),
        ),
        (
            "resources",
            parsed.strings("resources").unwrap_or(&[]).to_vec(),
        ),
    ] {
        if !list.is_empty() {
            object.insert(key.into(), json!(list));
        }
    }
    Value::Object(object)
}

/// The checks of a v1 configuration's webhooks (`checkSideEffectsForV1`,
/// `checkTimeoutSeconds`, `AdmissionReviewVersions`).
fn check(webhook: &Webhook, text: &str, diagnostics: &mut Vec<Diagnostic>) {
    let marker = webhook.marker;
    let at = |name: &str| marker.argument_span(name, text);
    match webhook.object.get("sideEffects").and_then(Value::as_str) {
        None => diagnostics.push(refusal(
            Code::WebhookInvalid,
            at("sideEffects"),
            "SideEffects is required for creating v1 {Mutating,Validating}WebhookConfiguration".to_string(),
        )),
        Some("Some") => diagnostics.push(refusal(
            Code::WebhookInvalid,
            at("sideEffects"),
            "SideEffects should not be set to `Some` or `Unknown` for v1 {Mutating,Validating}WebhookConfiguration"
                .to_string(),
        )),
        Some(_) => {}
    }
    if let Some(timeout) = webhook.object.get("timeoutSeconds").and_then(Value::as_i64) {
        if !(1..=30).contains(&timeout) {
            diagnostics.push(refusal(
                Code::WebhookInvalid,
                at("timeoutSeconds"),
                "TimeoutSeconds must be between 1 and 30 seconds".to_string(),
            ));
        }
    }
    let reviews = webhook
        .object
        .get("admissionReviewVersions")
        .and_then(Value::as_array);
    if reviews.is_none_or(|r| r.is_empty()) {
        diagnostics.push(refusal(
            Code::WebhookInvalid,
            at("admissionReviewVersions"),
            "AdmissionReviewVersions is mandatory for v1 {Mutating,Validating}WebhookConfiguration"
                .to_string(),
        ));
    }
}
