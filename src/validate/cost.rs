//! The API server's runtime cost accounting of CEL rules, as far as the `cel` crate lets it be
//! counted: cel-go charges every step of an evaluation (k8s.io/apiserver runs each rule under
//! [`limits::CEL_PER_CALL_LIMIT`] and an object's rules under
//! [`limits::CEL_RUNTIME_COST_BUDGET`]); the `cel` crate's interpreter has no such hook, so
//! [`instrument`] wraps what makes an evaluation long — every iteration of a comprehension
//! (`all`, `exists`, `exists_one`, `map`, `filter`), charged one plus a tenth of the bytes of
//! a string it produces as cel-go charges building it — and the rule's reads of `self` and
//! `oldSelf` are charged one each. Every charge is one cel-go makes too (cel-go charges
//! more: operators, selections, list literals), so a rule is never stopped here that the API
//! server runs to the end; a rule whose loops run away is stopped after about as many
//! iterations as the API server allows, with its error text.
//!
//! A rule past the limit is stopped by unwinding out of the interpreter ([`run`] catches it;
//! nothing the interpreter held is used afterwards).

use std::cell::Cell;

use cel::common::ast::{CallExpr, ComprehensionExpr, Expr, IdedExpr};
use cel::{Context, ExecutionError, Value as Cel};

use crate::limits;

/// The name of the hook function (`@` cannot appear in a CEL identifier).
pub const HOOK: &str = "k8s@cost";

thread_local! {
    /// Cost spent by the evaluation running on this thread, and its limit.
    static SPENT: Cell<u64> = const { Cell::new(0) };
    static LIMIT: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// The unwinding payload of an evaluation stopped at its limit.
struct LimitExceeded;

/// Adds `cost` to the running evaluation's; past its limit the evaluation stops.
pub fn charge(cost: u64) {
    let spent = SPENT.with(|s| {
        let total = s.get().saturating_add(cost);
        s.set(total);
        total
    });
    if spent > LIMIT.with(Cell::get) {
        std::panic::panic_any(LimitExceeded);
    }
}

/// What one evaluation came to.
pub enum Ran {
    Done(Result<Cel, ExecutionError>, u64),
    /// Stopped past the limit: cel-go's "operation cancelled: actual cost limit exceeded".
    LimitExceeded,
}

/// Evaluates `expression` in `scope` with at most `limit` cost.
pub fn run(expression: &IdedExpr, scope: &Context, limit: u64) -> Ran {
    quiet_hook();
    SPENT.with(|s| s.set(0));
    LIMIT.with(|l| l.set(limit));
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        Cel::resolve(expression, scope)
    }));
    LIMIT.with(|l| l.set(u64::MAX));
    let spent = SPENT.with(Cell::get);
    match outcome {
        Ok(result) => Ran::Done(result, spent),
        Err(payload) if payload.is::<LimitExceeded>() => Ran::LimitExceeded,
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// The panic hook leaves a stopped evaluation unprinted (other panics print as before).
fn quiet_hook() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !info.payload().is::<LimitExceeded>() {
                previous(info);
            }
        }));
    });
}

/// The hook: charges the iteration's fixed cost (its second argument) and what building its
/// value cost, and gives the value back.
pub fn hook(args: &[Cel]) -> Result<Cel, ExecutionError> {
    let value = args.first().cloned().unwrap_or(Cel::Null);
    let step = match args.get(1) {
        Some(Cel::Int(step)) => *step as u64,
        _ => 1,
    };
    let built = match &value {
        // cel-go's AddString: a tenth of the bytes (`StringTraversalCostFactor`).
        Cel::String(s) => (s.len() as u64).div_ceil(10),
        _ => 0,
    };
    charge(step + built);
    Ok(value)
}

/// What cel-go charges at least for one iteration of each macro's loop, besides the user's
/// expression: `all`/`exists` evaluate `@not_strictly_false(@result)` (a call and a read) and
/// read `@result` again (3); `map` reads `@result`, builds a one-item list (10) and appends
/// it (1): 12; a `filter` or `exists_one` step at least reads `@result` (1).
const LOGICAL_STEP: i64 = 3;
const APPEND_STEP: i64 = 12;
const OTHER_STEP: i64 = 1;

/// `expression` with the hook around each comprehension's per-iteration work: the operand
/// of the accumulating `&&`/`||` (`all`, `exists`), the item appended (`map`), the condition
/// (`filter`, `exists_one`), else the whole step — keeping the shapes the `cel` crate
/// recognises for its own loop optimisations.
pub fn instrument(expression: &IdedExpr) -> IdedExpr {
    let mut out = expression.clone();
    each_expr_mut(&mut out, &mut |node| {
        if let Expr::Comprehension(comprehension) = &mut node.expr {
            wrap_step(comprehension);
        }
    });
    out
}

fn wrap_step(comprehension: &mut ComprehensionExpr) {
    let accu = comprehension.accu_var.clone();
    let is_accu = |e: &IdedExpr| matches!(&e.expr, Expr::Ident(name) if *name == accu);
    let step = &mut comprehension.loop_step;
    let (target, cost): (&mut IdedExpr, i64) = match &mut step.expr {
        // all / exists: `@result && p` / `@result || p`.
        Expr::Call(call)
            if call.target.is_none()
                && call.args.len() == 2
                && is_accu(&call.args[0])
                && matches!(call.func_name.as_str(), "_&&_" | "_||_") =>
        {
            (&mut call.args[1], LOGICAL_STEP)
        }
        // map: `@result + [f]`.
        Expr::Call(call)
            if call.func_name == "_+_"
                && call.args.len() == 2
                && is_accu(&call.args[0])
                && matches!(&call.args[1].expr, Expr::List(l) if l.elements.len() == 1) =>
        {
            match &mut call.args[1].expr {
                Expr::List(list) => (&mut list.elements[0], APPEND_STEP),
                _ => return,
            }
        }
        // filter, exists_one, map with a filter: `p ? … : @result`.
        Expr::Call(call) if call.func_name == "_?_:_" && call.args.len() == 3 => {
            (&mut call.args[0], OTHER_STEP)
        }
        _ => (step, OTHER_STEP),
    };
    let inner = std::mem::take(target);
    let id = inner.id;
    *target = IdedExpr {
        id,
        expr: Expr::Call(CallExpr {
            func_name: HOOK.to_string(),
            target: None,
            args: vec![
                inner,
                IdedExpr {
                    id,
                    expr: Expr::Literal(cel::common::ast::LiteralValue::Int(cost.into())),
                },
            ],
        }),
    };
}

/// The one [`ChargingReads`].
pub static CHARGING_READS: ChargingReads = ChargingReads;

/// A resolver that charges each read of `self` or `oldSelf` (cel-go's `SelectAndIdentCost`)
/// and resolves nothing itself.
pub struct ChargingReads;

impl cel::context::VariableResolver for ChargingReads {
    fn resolve<'b>(&'b self, _variable: &str) -> Option<cel::common::value::CowVal<'b, 'b>> {
        charge(1);
        None
    }
}

/// The limit of one rule evaluation.
pub const PER_CALL: u64 = limits::CEL_PER_CALL_LIMIT;

/// Calls `visit` on every node of `root`, a node before its children (which `visit` may
/// change: the children walked are those it leaves).
pub(super) fn each_expr_mut(root: &mut IdedExpr, visit: &mut dyn FnMut(&mut IdedExpr)) {
    let mut stack: Vec<&mut IdedExpr> = vec![root];
    while let Some(node) = stack.pop() {
        visit(node);
        match &mut node.expr {
            Expr::Call(call) => {
                stack.extend(call.target.as_deref_mut());
                stack.extend(call.args.iter_mut());
            }
            Expr::Comprehension(c) => {
                stack.push(&mut c.iter_range);
                stack.push(&mut c.accu_init);
                stack.push(&mut c.loop_cond);
                stack.push(&mut c.loop_step);
                stack.push(&mut c.result);
            }
            Expr::List(list) => stack.extend(list.elements.iter_mut()),
            Expr::Select(select) => stack.push(&mut select.operand),
            Expr::Map(map) => {
                for entry in &mut map.entries {
                    if let cel::common::ast::EntryExpr::MapEntry(e) = &mut entry.expr {
                        stack.push(&mut e.key);
                        stack.push(&mut e.value);
                    }
                }
            }
            _ => {}
        }
    }
}
