//! The value, as sigs.k8s.io/yaml decodes the nodes: go-yaml v2's decoder without recursion.

use super::*;

/// go-yaml v2's decoder over a [`Tree`], without recursion (an explicit stack of open
/// collections): its counts for the alias-expansion bound, the positions, the keys given
/// twice.
pub(super) struct Decoder<'t> {
    pub(super) tree: &'t Tree,
    pub(super) decode_count: u64,
    pub(super) alias_count: u64,
    pub(super) alias_depth: u32,
    /// Alias nodes being expanded (an alias inside its own anchor's value is refused).
    pub(super) expanding: Vec<u32>,
    pub(super) positions: Positions,
    pub(super) duplicates: Vec<Duplicate>,
    /// Count and check only: no value, no positions.
    pub(super) count_only: bool,
}

/// A collection being decoded.
pub(super) struct Frame<'t> {
    pub(super) node: u32,
    /// Its located node (none inside an alias expansion).
    pub(super) located: Option<u32>,
    /// It is an alias's target: leaving it ends that expansion.
    pub(super) alias: bool,
    pub(super) children: &'t [u32],
    pub(super) next: usize,
    pub(super) state: State,
}

pub(super) enum State {
    Sequence(Vec<Value>),
    Mapping {
        map: Map<String, Value>,
        /// Keys this mapping sets itself (merged ones may be overridden silently).
        own: std::collections::HashSet<String>,
        /// What the child being decoded is for.
        awaiting: Awaiting,
    },
}

pub(super) enum Awaiting {
    Nothing,
    /// The value of this key (its node: the value's, for the duplicate's line).
    Value(String, u32, u32),
    /// A merged mapping; then these (go-yaml merges a sequence's maps last to first).
    Merge(Vec<u32>),
}

impl<'t> Decoder<'t> {
    pub(super) fn new(tree: &'t Tree) -> Decoder<'t> {
        Decoder {
            tree,
            decode_count: 0,
            alias_count: 0,
            alias_depth: 0,
            expanding: Vec::new(),
            positions: Positions::default(),
            duplicates: Vec::new(),
            count_only: false,
        }
    }

    pub(super) fn fail(&self, id: u32, message: String) -> ReadError {
        ReadError {
            offset: self.tree.nodes[id as usize].offset,
            message,
        }
    }

    /// go-yaml's `unmarshal` bookkeeping: every node decoded counts, those reached through an
    /// alias count as expansion, and expansion past go-yaml's allowed ratio stops the read.
    pub(super) fn count(&mut self, id: u32) -> Result<(), ReadError> {
        self.decode_count += 1;
        if self.alias_depth > 0 {
            self.alias_count += 1;
        }
        if self.alias_count > 100
            && self.decode_count > 1000
            && self.alias_count as f64 / self.decode_count as f64
                > allowed_alias_ratio(self.decode_count)
        {
            return Err(self.fail(id, "yaml: document contains excessive aliasing".into()));
        }
        Ok(())
    }

    /// The document's value (go-yaml counts the document node itself too).
    pub(super) fn document(&mut self, root: u32) -> Result<Value, ReadError> {
        self.count(root)?;
        let mut frames: Vec<Frame<'t>> = Vec::new();
        let mut path: Vec<Seg> = Vec::new();
        let root_offset = self.tree.nodes[root as usize].offset;
        let mut done = self.begin(root, None, root_offset, &mut frames)?;
        loop {
            if let Some(value) = done.take() {
                let Some(frame) = frames.last_mut() else {
                    return Ok(value);
                };
                self.deliver(frame, value, &mut path);
                continue;
            }
            let Some(frame) = frames.last_mut() else {
                return Ok(Value::Null);
            };
            match self.step(frame, &mut path)? {
                Next::Child(child, place, offset) => {
                    done = self.begin(child, place, offset, &mut frames)?;
                }
                Next::Merge(child) => {
                    done = self.begin(child, None, 0, &mut frames)?;
                }
                Next::Finished => {
                    let frame = frames.pop().expect("a frame was just stepped");
                    if frame.alias {
                        self.alias_depth -= 1;
                        self.expanding.pop();
                    }
                    done = Some(match frame.state {
                        State::Sequence(items) => Value::Array(items),
                        State::Mapping { map, .. } => Value::Object(map),
                    });
                }
            }
        }
    }

    /// Starts decoding node `id` (counted already), located at `place` (its parent's located
    /// node and the step to it, at `offset`): a scalar's value at once, a collection's frame.
    pub(super) fn begin(
        &mut self,
        id: u32,
        place: Option<(u32, Seg)>,
        offset: usize,
        frames: &mut Vec<Frame<'t>>,
    ) -> Result<Option<Value>, ReadError> {
        let located = match (&place, self.alias_depth == 0 && !self.count_only) {
            (Some((parent, seg)), true) => Some(self.positions.add(Some((*parent, seg)), offset)),
            (None, true) if self.positions.is_empty() => Some(self.positions.add(None, offset)),
            _ => None,
        };
        let tree = self.tree;
        let mut node = id;
        let mut alias = false;
        if let Kind::Alias(target, anchor) = &tree.nodes[id as usize].kind {
            if self.expanding.contains(&id) {
                return Err(self.fail(id, format!("yaml: anchor '{anchor}' value contains itself")));
            }
            self.count(*target)?;
            node = *target;
            alias = true;
            if let Kind::Alias(..) = tree.nodes[node as usize].kind {
                return Err(self.fail(id, format!("yaml: anchor '{anchor}' value contains itself")));
            }
        }
        let kind = &tree.nodes[node as usize].kind;
        let (children, state) = match kind {
            Kind::Scalar { value, plain, tag } => {
                return resolve(value, *plain, tag.as_deref())
                    .and_then(to_json)
                    .map(Some)
                    .map_err(|message| self.fail(id, message));
            }
            Kind::Sequence(children) => (children, State::Sequence(Vec::new())),
            Kind::Mapping(children) => (
                children,
                State::Mapping {
                    map: Map::new(),
                    own: Default::default(),
                    awaiting: Awaiting::Nothing,
                },
            ),
            Kind::Alias(..) => unreachable!("an alias of an alias is refused above"),
        };
        if frames.len() >= limits::OBJECT_NESTING {
            return Err(self.fail(
                id,
                format!("yaml: exceeded max depth of {}", limits::OBJECT_NESTING),
            ));
        }
        if alias {
            self.expanding.push(id);
            self.alias_depth += 1;
        }
        frames.push(Frame {
            node,
            located: if alias { None } else { located },
            alias,
            children,
            next: 0,
            state,
        });
        Ok(None)
    }

    /// A child's value reaches its collection.
    pub(super) fn deliver(&mut self, frame: &mut Frame<'t>, value: Value, path: &mut Vec<Seg>) {
        match &mut frame.state {
            State::Sequence(items) => {
                path.pop();
                if !self.count_only {
                    items.push(value);
                }
            }
            State::Mapping { map, own, awaiting } => {
                match std::mem::replace(awaiting, Awaiting::Nothing) {
                    Awaiting::Value(key, key_node, value_node) => {
                        path.pop();
                        if !own.insert(key.clone()) {
                            let line = self.tree.nodes[value_node as usize].line + 1;
                            let mut at = path.clone();
                            at.push(Seg::Key(key.clone()));
                            self.duplicates.push(Duplicate {
                                path: at,
                                offset: self.tree.nodes[key_node as usize].offset,
                                message: format!(
                                    "line {line}: key {} already set in map",
                                    crate::golit::go_quote(&key)
                                ),
                            });
                        }
                        if !self.count_only {
                            map.insert(key, value);
                        }
                    }
                    Awaiting::Merge(rest) => {
                        if let Value::Object(entries) = value {
                            map.extend(entries);
                        }
                        *awaiting = Awaiting::Merge(rest);
                    }
                    Awaiting::Nothing => {}
                }
            }
        }
    }

    /// The next child of a collection to decode, or that it is finished.
    pub(super) fn step(
        &mut self,
        frame: &mut Frame<'t>,
        path: &mut Vec<Seg>,
    ) -> Result<Next, ReadError> {
        let located = frame.located;
        match &mut frame.state {
            State::Sequence(_) => {
                let Some(child) = frame.children.get(frame.next).copied() else {
                    return Ok(Next::Finished);
                };
                let index = frame.next;
                frame.next += 1;
                self.count(child)?;
                path.push(Seg::Index(index));
                let offset = self.tree.nodes[child as usize].offset;
                Ok(Next::Child(
                    child,
                    located.map(|l| (l, Seg::Index(index))),
                    offset,
                ))
            }
            State::Mapping { awaiting, .. } => {
                if let Awaiting::Merge(rest) = awaiting {
                    if let Some(next) = rest.pop() {
                        self.count(next)?;
                        return Ok(Next::Merge(next));
                    }
                    *awaiting = Awaiting::Nothing;
                }
                let Some(pair) = frame.children.get(frame.next..frame.next + 2) else {
                    if frame.next < frame.children.len() {
                        return Err(
                            self.fail(frame.node, "yaml: a mapping key without a value".into())
                        );
                    }
                    return Ok(Next::Finished);
                };
                let (key_node, value_node) = (pair[0], pair[1]);
                frame.next += 2;
                let Some(key) = self.key(key_node)? else {
                    // `<<`: a merge key; go-yaml merges a sequence's maps last to first.
                    let mut merged = self.merged(value_node)?;
                    merged.reverse();
                    *awaiting = Awaiting::Merge(merged);
                    return self.step(frame, path);
                };
                self.count(value_node)?;
                let offset = self.tree.nodes[key_node as usize].offset;
                path.push(Seg::Key(key.clone()));
                *awaiting = Awaiting::Value(key.clone(), key_node, value_node);
                Ok(Next::Child(
                    value_node,
                    located.map(|l| (l, Seg::Key(key))),
                    offset,
                ))
            }
        }
    }

    /// A mapping key as a JSON key (`None`: the merge key `<<`).
    pub(super) fn key(&mut self, id: u32) -> Result<Option<String>, ReadError> {
        self.count(id)?;
        let node = match self.tree.nodes[id as usize].kind {
            Kind::Alias(target, _) => target,
            _ => id,
        };
        match &self.tree.nodes[node as usize].kind {
            Kind::Scalar { value, plain, tag } => {
                let scalar =
                    resolve(value, *plain, tag.as_deref()).map_err(|m| self.fail(id, m))?;
                if scalar == Scalar::Merge {
                    return Ok(None);
                }
                key_string(scalar).map(Some).map_err(|m| self.fail(id, m))
            }
            _ => Err(self.fail(id, "yaml: invalid map key: a mapping or sequence".into())),
        }
    }

    /// The mappings a merge key's value names, in the order go-yaml merges them (a sequence's
    /// last first): a mapping (or alias of one), or a sequence of them.
    pub(super) fn merged(&self, id: u32) -> Result<Vec<u32>, ReadError> {
        let want_map = || {
            self.fail(
                id,
                "yaml: map merge requires map or sequence of maps as the value".into(),
            )
        };
        let target = |node: u32| match &self.tree.nodes[node as usize].kind {
            Kind::Alias(target, _) => &self.tree.nodes[*target as usize].kind,
            other => other,
        };
        match (&self.tree.nodes[id as usize].kind, target(id)) {
            (_, Kind::Mapping(_)) => Ok(vec![id]),
            (Kind::Sequence(items), _) => {
                if items
                    .iter()
                    .any(|item| !matches!(target(*item), Kind::Mapping(_)))
                {
                    return Err(want_map());
                }
                Ok(items.iter().rev().copied().collect())
            }
            _ => Err(want_map()),
        }
    }
}

/// What a collection does next.
pub(super) enum Next {
    /// Decode this child, located under (parent, step) at this offset.
    Child(u32, Option<(u32, Seg)>, usize),
    /// Decode this mapping into the current one (a merge key's).
    Merge(u32),
    Finished,
}

/// go-yaml v2's `allowedAliasRatio`: up to 99% of the decoded nodes may come from alias
/// expansion in documents of up to 400,000 nodes, scaling down to 10% at 4,000,000.
pub(super) fn allowed_alias_ratio(decode_count: u64) -> f64 {
    const LOW: u64 = limits::YAML_ALIAS_RATIO_RANGE.0;
    const HIGH: u64 = limits::YAML_ALIAS_RATIO_RANGE.1;
    if decode_count <= LOW {
        0.99
    } else if decode_count >= HIGH {
        0.10
    } else {
        0.99 - 0.89 * ((decode_count - LOW) as f64 / (HIGH - LOW) as f64)
    }
}
