//! controller-gen's findings, worded in one place: what it refuses (`controller-gen/invalid`,
//! in its own words) and what union-gen cannot read (`controller-gen/unresolved`).

use crate::diag::{Code, Diagnostic};
use crate::source::Span;

const FILL_THE_CACHE: &str = "vendor the module or fill the module cache (`go mod download`)";

/// controller-gen refuses the input here; `message` is its own.
pub fn refused(span: Span, message: String) -> Diagnostic {
    Diagnostic::new(Code::ControllerGenInvalid, span, message)
}

/// A refusal with no place in the source (a CRD without a storage version).
pub fn refused_unlocated(message: String) -> Diagnostic {
    Diagnostic::without_location(Code::ControllerGenInvalid, message)
}

/// A marker whose value controller-gen cannot parse.
pub fn invalid_marker(span: Span, message: &str) -> Diagnostic {
    refused(
        span,
        format!("controller-gen refuses this marker: {message}"),
    )
}

/// `what` (`package.Name`) is in a package that was not found.
pub fn unresolved(span: Span, what: &str) -> Diagnostic {
    Diagnostic::new(
        Code::ControllerGenUnresolved,
        span,
        format!("`{what}` is in a package union-gen did not find, so its schema is unknown"),
    )
    .with_help(FILL_THE_CACHE)
}

/// metav1 is imported (at `span`) but was not found.
pub fn metav1_missing(span: Span, metav1: &str) -> Diagnostic {
    Diagnostic::new(
        Code::ControllerGenUnresolved,
        span,
        format!(
            "`{metav1}` is imported but union-gen did not find it, so no kind (a type embedding \
             TypeMeta and ObjectMeta) can be recognised"
        ),
    )
    .with_help(FILL_THE_CACHE)
}

/// `--deny-unknown-markers`: a marker controller-gen ignores, and why it is reported.
pub fn unknown_marker(span: Span, why: super::unknown::Why) -> Diagnostic {
    use super::markers::Target;
    use super::unknown::Why;
    let on = |target: Target| match target {
        Target::Field => "a field",
        Target::Type => "a type",
        Target::Package => "a package (its doc comment or a free comment)",
    };
    let list = |name: &str| {
        format!("`union-gen controller-gen -w` lists the markers controller-gen reads (`+{name}` is not one)")
    };
    match why {
        Why::Unknown { name, similar } => {
            let diagnostic = Diagnostic::new(
                Code::ControllerGenUnknownMarker,
                span,
                format!("controller-gen does not know the marker `+{name}` and ignores it"),
            );
            match similar {
                Some(known) => diagnostic.with_help(format!("did you mean `+{known}`?")),
                None => diagnostic.with_help(list(&name)),
            }
        }
        Why::Misplaced {
            name,
            here,
            read_on,
        } => {
            let read_on: Vec<&str> = read_on.into_iter().map(on).collect();
            Diagnostic::new(
                Code::ControllerGenUnknownMarker,
                span,
                format!(
                    "controller-gen reads `+{name}` on {}, not on {}: here it ignores it",
                    read_on.join(" or "),
                    on(here)
                ),
            )
            .with_help(format!("move it to {}", read_on[0]))
        }
        Why::Later { name, pinned, from } => Diagnostic::new(
            Code::ControllerGenUnknownMarker,
            span,
            format!(
                "controller-gen {pinned} (the pinned release) does not read `+{name}`: \
                 controller-gen reads it from {from} on; here it is ignored"
            ),
        )
        .with_help(format!(
            "pin controller-gen {from} or later (CONTROLLER_TOOLS_VERSION), or remove the marker"
        )),
    }
}
