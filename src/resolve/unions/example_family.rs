//! A union family added the way every family is: this file and one row of
//! [`FAMILIES`](super::FAMILIES) (compiled for the tests only). `+example:oneOf=<group>` on
//! fields makes them members of the struct's union `<group>`, exactly one of which is set.
//! Nothing in the schema, the CEL rules or `crd` names it: they read its [`UnionMeaning`].

use std::collections::BTreeMap;

use super::context::Context;
use super::family::{Found, UnionFamily};
use crate::markers::registry::{Family, MarkerDef, Placement, Value};
use crate::model::{
    Count, DiscriminatorValues, Listed, MemberSet, Union, UnionMeaning, UnionMember,
};

/// The family's one marker; not a registry row, yet checked like one (misplaced, …).
static ONE_OF: MarkerDef = MarkerDef {
    name: "example:oneOf",
    family: Family::Declarative,
    placement: Placement::Field,
    value: Value::Text,
};

pub(super) struct Example;

impl UnionFamily for Example {
    fn markers(&self) -> Vec<&'static MarkerDef> {
        vec![&ONE_OF]
    }

    fn meaning(&self) -> UnionMeaning {
        UnionMeaning {
            set: MemberSet::NonZero,
            discriminator: DiscriminatorValues::Select,
            listed: Listed::Always,
        }
    }

    fn unions(&self, cx: &mut Context, _: &Found) -> Vec<Union> {
        let mut groups: BTreeMap<String, Vec<UnionMember>> = BTreeMap::new();
        for field in &cx.fields {
            for m in field.field.doc.markers.iter() {
                if m.marker.name == ONE_OF.name {
                    let group = m.marker.value.clone().unwrap_or_default();
                    groups.entry(group).or_default().push(UnionMember {
                        json_name: field.json_name.clone(),
                        value: field.go_name.clone(),
                        optional: false,
                        gated: false,
                    });
                }
            }
        }
        groups
            .into_values()
            .map(|members| Union {
                meaning: self.meaning(),
                gated: false,
                discriminator: None,
                members,
                empty_values: Vec::new(),
                count: Count::ExactlyOne,
                named_members: Vec::new(),
                items: None,
                subfield: None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::diag::Code;
    use crate::resolve::tests::{codes, resolve_text};
    use crate::schema::{build, Naming, UnionFormat};

    const ROUTE: &str = "package p

type Route struct {
	// +example:oneOf=target
	// +optional
	Service *string `json:\"service,omitempty\"`
	// +example:oneOf=target
	// +optional
	Backend *string `json:\"backend,omitempty\"`
}
";

    #[test]
    fn a_new_family_reaches_every_output_through_its_meaning() {
        let (model, diagnostics) = resolve_text(ROUTE);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let built = build(&model, Naming::Short, UnionFormat::List, true);
        let (_, schema) = &built.definitions[0];
        let extension = |name: &str| {
            schema
                .extensions
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.to_string())
        };
        assert_eq!(
            extension("x-kubernetes-unions").as_deref(),
            Some(r#"[{"fields-to-discriminateBy":{"backend":"Backend","service":"Service"}}]"#)
        );
        assert_eq!(
            extension("x-kubernetes-validations").as_deref(),
            Some(
                r#"[{"rule":"(has(self.service) ? 1 : 0) + (has(self.backend) ? 1 : 0) == 1","message":"exactly one of service, backend must be set"}]"#
            )
        );
    }

    #[test]
    fn its_own_marker_is_checked_like_a_registry_row() {
        let text =
            "package p\n\n// +example:oneOf=target\ntype T struct {\n\tA *string `json:\"a\"`\n}\n";
        let (_, diagnostics) = resolve_text(text);
        assert_eq!(codes(&diagnostics), vec![Code::MarkerMisplaced]);
    }
}
