//! A small Go layout engine: composite literals as openapi-gen writes them (one element per
//! line), printed the way gofmt prints them — tab indentation, and the keys of consecutive
//! single-line `key: value` elements aligned in sections (go/printer's `exprList` rules:
//! a multi-line element breaks a section, and so does a key whose size differs from the
//! geometric mean of the previous keys of its section by a factor of 2.5 once keys exceed
//! 40 bytes; the mean starts afresh with each section).

/// A Go expression as openapi-gen lays it out.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// Text on one line (a literal, a call, `[]string{"object"}`).
    Line(String),
    /// `open` at the end of the line, one element per line, then `close` on its own line.
    Block {
        open: String,
        elements: Vec<Element>,
        close: String,
    },
    /// `open`, a line break, then `items` and `close` on one line (`Dependencies`).
    Tail {
        open: String,
        items: String,
        close: String,
    },
}

/// One element of a block: `key: value,` or `value,`.
#[derive(Debug, Clone, PartialEq)]
pub struct Element {
    pub key: Option<String>,
    pub value: Node,
}

impl Element {
    pub fn pair(key: impl Into<String>, value: Node) -> Element {
        Element {
            key: Some(key.into()),
            value,
        }
    }

    pub fn line(key: impl Into<String>, value: impl Into<String>) -> Element {
        Element::pair(key, Node::Line(value.into()))
    }

    pub fn bare(value: Node) -> Element {
        Element { key: None, value }
    }
}

impl Node {
    /// `open … }`; without elements gofmt prints it on one line (`spec.SchemaProps{}`).
    pub fn block(open: impl Into<String>, elements: Vec<Element>) -> Node {
        Node::closed(open, elements, "}")
    }

    pub fn closed(open: impl Into<String>, elements: Vec<Element>, close: &str) -> Node {
        let open = open.into();
        if elements.is_empty() {
            return Node::Line(format!("{open}{close}"));
        }
        Node::Block {
            open,
            elements,
            close: close.into(),
        }
    }

    fn single_line(&self) -> bool {
        matches!(self, Node::Line(_))
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push('\t');
    }
}

/// Writes `node` whose first line is already started (at `depth`); `suffix` follows the
/// node's last token (`,` inside a list).
pub fn write_node(out: &mut String, node: &Node, depth: usize, suffix: &str) {
    match node {
        Node::Line(text) => {
            out.push_str(text);
            out.push_str(suffix);
            out.push('\n');
        }
        Node::Block {
            open,
            elements,
            close,
        } => {
            out.push_str(open);
            out.push('\n');
            write_elements(out, elements, depth + 1);
            indent(out, depth);
            out.push_str(close);
            out.push_str(suffix);
            out.push('\n');
        }
        Node::Tail { open, items, close } => {
            out.push_str(open);
            out.push('\n');
            indent(out, depth + 1);
            out.push_str(items);
            out.push_str(close);
            out.push_str(suffix);
            out.push('\n');
        }
    }
}

/// go/printer's key size: the key's length when the whole element fits on one line, else 0.
fn size(element: &Element) -> usize {
    if !element.value.single_line() {
        return 0;
    }
    match (&element.key, &element.value) {
        (Some(key), _) => key.len(),
        (None, Node::Line(text)) => text.len(),
        _ => 0,
    }
}

/// Elements one per line at `depth`, keys aligned as gofmt aligns them.
pub fn write_elements(out: &mut String, elements: &[Element], depth: usize) {
    // Sections of consecutive elements whose keys share a column.
    let mut sections: Vec<std::ops::Range<usize>> = Vec::new();
    let mut start = 0;
    let mut lnsum = 0.0f64;
    let mut count = 0usize;
    let mut previous = 0usize;
    for (i, element) in elements.iter().enumerate() {
        let size = size(element);
        if i > 0 {
            let mut formfeed = true;
            if previous > 0 && size > 0 {
                const SMALL: usize = 40;
                if count == 0 || (previous <= SMALL && size <= SMALL) {
                    formfeed = false;
                } else {
                    const R: f64 = 2.5;
                    let geomean = (lnsum / count as f64).exp();
                    let ratio = size as f64 / geomean;
                    formfeed = R * ratio <= 1.0 || R <= ratio;
                }
            }
            if formfeed {
                sections.push(start..i);
                start = i;
                // A section break starts a new group: go/printer resets its geometric
                // mean (`lnsum`, `count`) when `linebreak` reports a formfeed.
                lnsum = 0.0;
                count = 0;
            }
        }
        if size > 0 {
            lnsum += (size as f64).ln();
            count += 1;
        }
        previous = size;
    }
    sections.push(start..elements.len());
    for section in sections {
        let items = &elements[section];
        // The key cell of a single-line pair is padded to the widest key of its section
        // (tabwriter: cell width + 1 of padding, in runes).
        let width = items
            .iter()
            .filter(|e| e.value.single_line())
            .filter_map(|e| e.key.as_ref())
            .map(|k| k.chars().count() + 1)
            .max()
            .unwrap_or(0);
        for element in items {
            indent(out, depth);
            if let Some(key) = &element.key {
                out.push_str(key);
                out.push(':');
                if element.value.single_line() {
                    let pad = width - key.chars().count();
                    for _ in 0..pad {
                        out.push(' ');
                    }
                } else {
                    out.push(' ');
                }
            }
            write_node(out, &element.value, depth, ",");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_single_line_keys_and_breaks_at_blocks() {
        let elements = vec![
            Element::line("Description", "\"d\""),
            Element::line("Type", "[]string{\"object\"}"),
            Element::pair(
                "Properties",
                Node::block(
                    "map[string]spec.Schema{",
                    vec![Element::line("\"a\"", "{}")],
                ),
            ),
            Element::line("Required", "[]string{\"a\"}"),
        ];
        let mut out = String::new();
        write_elements(&mut out, &elements, 1);
        assert_eq!(
            out,
            "\tDescription: \"d\",\n\tType:        []string{\"object\"},\n\tProperties: map[string]spec.Schema{\n\t\t\"a\": {},\n\t},\n\tRequired: []string{\"a\"},\n"
        );
    }

    #[test]
    fn long_keys_break_sections_by_ratio() {
        let short = "\"k8s.io/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o.A\"".to_string();
        let long = format!("\"{}.B\"", "x".repeat(120));
        let elements = vec![
            Element::line(short.clone(), "a(ref)"),
            Element::line(short, "a(ref)"),
            Element::line(long.clone(), "b(ref)"),
        ];
        let mut out = String::new();
        write_elements(&mut out, &elements, 0);
        assert!(out.ends_with(&format!("{long}: b(ref),\n")), "{out}");
    }

    /// katib's and CDI's `GetOpenAPIDefinitions`: after a section break the mean starts
    /// again from the first key of the new section, so a short key after it still aligns
    /// with that section although it is far below the mean of every key so far.
    #[test]
    fn the_mean_restarts_after_a_section_break() {
        // Keys of 100, 100, 34, 44 and 20 bytes (quotes included).
        let key = |n: usize| format!("\"{}\"", "k".repeat(n - 2));
        let elements = vec![
            Element::line(key(100), "a(ref)"),
            Element::line(key(100), "a(ref)"),
            // 34/100 < 1/2.5: a new section, whose mean is 34 alone.
            Element::line(key(34), "b(ref)"),
            Element::line(key(44), "c(ref)"),
            // 20 against the section's mean (38.7): aligned. Against the mean of all four
            // keys before it (61.6) it would break the section.
            Element::line(key(20), "d(ref)"),
        ];
        let mut out = String::new();
        write_elements(&mut out, &elements, 0);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[2], format!("{}:{}b(ref),", key(34), " ".repeat(11)));
        assert_eq!(lines[3], format!("{}: c(ref),", key(44)));
        assert_eq!(lines[4], format!("{}:{}d(ref),", key(20), " ".repeat(25)));
    }
}
