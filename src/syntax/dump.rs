//! A readable text dump of [`FileDecls`], for `grammar-tests/` snapshots and debugging.

use std::fmt::Write;

use super::decls::*;

/// Renders the extraction of one file. Spans are shown as `line:column` when `text` is given.
pub fn dump(decls: &FileDecls, text: &str) -> String {
    let at = |offset: u32| -> String {
        let offset = (offset as usize).min(text.len());
        let before = &text[..floor_char_boundary(text, offset)];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{line}:{column}")
    };
    let mut out = String::new();
    let _ = writeln!(out, "package {}", decls.package_name);
    dump_doc(&mut out, "  ", &decls.package_doc, &at);
    for import in &decls.imports {
        let _ = writeln!(
            out,
            "import {}{:?}",
            import
                .alias
                .as_ref()
                .map(|a| format!("{a} "))
                .unwrap_or_default(),
            import.path
        );
    }
    for ty in &decls.types {
        let params = if ty.type_params.is_empty() {
            String::new()
        } else {
            format!("[{}]", ty.type_params.join(", "))
        };
        let alias = if ty.is_alias { " = " } else { " " };
        let _ = writeln!(
            out,
            "type {}{params}{alias}{} @{}",
            ty.name,
            type_text(&ty.ty),
            at(ty.name_span.start)
        );
        dump_doc(&mut out, "  ", &ty.doc, &at);
        if !ty.detached_doc.lines.is_empty() {
            let _ = writeln!(out, "  detached:");
            dump_doc(&mut out, "    ", &ty.detached_doc, &at);
        }
        if let TypeExpr::Struct(fields) = &ty.ty {
            dump_fields(&mut out, "  ", fields, &at);
        }
    }
    for spec in &decls.consts {
        let names: Vec<&str> = spec.names.iter().map(|(n, _)| n.as_str()).collect();
        let ty = spec
            .ty
            .as_ref()
            .map(|t| format!(" {}", type_text(t)))
            .unwrap_or_default();
        let values: Vec<String> = spec.values.iter().map(const_text).collect();
        let implicit = if spec.implicit { " (implicit)" } else { "" };
        let _ = writeln!(
            out,
            "const[group {} iota {}] {}{ty} = {}{implicit} @{}",
            spec.group,
            spec.iota,
            names.join(", "),
            values.join(", "),
            spec.names
                .first()
                .map(|(_, s)| at(s.start))
                .unwrap_or_default()
        );
        dump_doc(&mut out, "  ", &spec.doc, &at);
    }
    for method in &decls.methods {
        let _ = writeln!(
            out,
            "method ({}).{} @{} returns {:?} value {:?}",
            method.receiver,
            method.name,
            at(method.span.start),
            method.returns,
            method.value
        );
    }
    for marker in &decls.trailing_markers {
        let _ = writeln!(
            out,
            "trailing marker +{} @{}",
            marker.marker.name,
            at(marker.span.start)
        );
    }
    out
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

fn dump_doc(out: &mut String, indent: &str, doc: &Doc, at: &dyn Fn(u32) -> String) {
    for line in &doc.lines {
        let _ = writeln!(out, "{indent}// {:?}", line.text);
    }
    for marker in &doc.markers {
        let m = &marker.marker;
        let mut text = format!("{indent}marker +{}", m.name);
        for arg in &m.args {
            match &arg.name {
                Some(name) => {
                    let _ = write!(text, " {name}={:?}", arg.value);
                }
                None => {
                    let _ = write!(text, " {:?}", arg.value);
                }
            }
        }
        if let Some(value) = &m.value {
            let _ = write!(text, " value={value:?}");
        }
        if !m.flags.is_empty() {
            let _ = write!(text, " flags={:?}", m.flags);
        }
        for gate in &m.gates {
            let _ = write!(text, " gate={}", gate.name);
            let args: Vec<String> = gate
                .args
                .iter()
                .map(|arg| match &arg.name {
                    Some(name) => format!("{name}={:?}", arg.value),
                    None => format!("{:?}", arg.value),
                })
                .collect();
            if !args.is_empty() {
                let _ = write!(text, "({})", args.join(", "));
            }
        }
        let _ = writeln!(out, "{text} @{}", at(marker.span.start));
    }
    for (error, span) in &doc.malformed {
        let _ = writeln!(
            out,
            "{indent}malformed {:?} @{}",
            error.message,
            at(span.start)
        );
    }
}

fn dump_fields(out: &mut String, indent: &str, fields: &[Field], at: &dyn Fn(u32) -> String) {
    for field in fields {
        let names: Vec<&str> = field.names.iter().map(|(n, _)| n.as_str()).collect();
        let name = if names.is_empty() {
            "(embedded)".to_string()
        } else {
            names.join(", ")
        };
        let tag = field
            .tag
            .as_ref()
            .map(|t| format!(" tag={t:?}"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{indent}field {name} {}{tag} @{}",
            type_text(&field.ty),
            at(field.span.start)
        );
        dump_doc(out, &format!("{indent}  "), &field.doc, at);
        if let Some(inner) = inline_struct_fields(&field.ty) {
            dump_fields(out, &format!("{indent}  "), inner, at);
        }
    }
}

/// The fields of an anonymous struct, also behind pointers, slices, arrays and map values.
fn inline_struct_fields(ty: &TypeExpr) -> Option<&[Field]> {
    match ty {
        TypeExpr::Struct(fields) => Some(fields),
        TypeExpr::Pointer(inner)
        | TypeExpr::Slice(inner)
        | TypeExpr::Array(inner)
        | TypeExpr::Map(_, inner) => inline_struct_fields(inner),
        _ => None,
    }
}

/// Go-like text of a type expression.
pub fn type_text(ty: &TypeExpr) -> String {
    match ty {
        TypeExpr::Named {
            package,
            name,
            args,
            ..
        } => {
            let mut text = match package {
                Some(p) => format!("{p}.{name}"),
                None => name.clone(),
            };
            if !args.is_empty() {
                let args: Vec<String> = args.iter().map(type_text).collect();
                text = format!("{text}[{}]", args.join(", "));
            }
            text
        }
        TypeExpr::Pointer(inner) => format!("*{}", type_text(inner)),
        TypeExpr::Slice(inner) => format!("[]{}", type_text(inner)),
        TypeExpr::Array(inner) => format!("[N]{}", type_text(inner)),
        TypeExpr::Map(key, value) => format!("map[{}]{}", type_text(key), type_text(value)),
        TypeExpr::Struct(fields) => format!("struct{{{} fields}}", fields.len()),
        TypeExpr::Interface { empty } => {
            if *empty {
                "interface{}".into()
            } else {
                "interface{...}".into()
            }
        }
        TypeExpr::Unsupported { what, .. } => format!("<unsupported {what}>"),
    }
}

fn const_text(expr: &ConstExpr) -> String {
    match expr {
        ConstExpr::Str(bytes) => format!("{:?}", String::from_utf8_lossy(bytes)),
        ConstExpr::Int(value) => value.to_string(),
        ConstExpr::Ident(name, _) => name.clone(),
        ConstExpr::Qualified { package, name, .. } => format!("{package}.{name}"),
        ConstExpr::Binary { first, rest } => {
            rest.iter().fold(const_text(first), |text, (op, rhs)| {
                format!("({text} {} {})", op.as_str(), const_text(rhs))
            })
        }
        ConstExpr::Call { callee, args, .. } => {
            let args: Vec<String> = args.iter().map(const_text).collect();
            format!("{}({})", const_text(callee), args.join(", "))
        }
        ConstExpr::Iota => "iota".into(),
        ConstExpr::Unsupported { text, .. } => format!("<unsupported {text:?}>"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::FileId;

    #[test]
    fn dumps_gate_arguments_and_structs_behind_pointers() {
        let src = "package p\ntype T struct {\n\t// +k8s:alpha(since: \"1.37\")=+k8s:optional\n\tA *struct {\n\t\tB int\n\t}\n\tC []struct{ D string }\n}\n";
        let (decls, diagnostics) = crate::syntax::parse(FileId(0), src);
        assert!(diagnostics.is_empty());
        let text = dump(&decls, src);
        assert!(text.contains("gate=k8s:alpha(since=\"1.37\")"), "{text}");
        assert!(text.contains("field B int @5:3"), "{text}");
        assert!(text.contains("field D string @7:14"), "{text}");
    }
}
