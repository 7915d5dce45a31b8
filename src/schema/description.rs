//! Doc comment → `description`, with kube-openapi's rules: paragraphs, `+` and `TODO` lines
//! dropped, `---` ends it, indented lines kept verbatim.

/// Go's `CommentGroup.Text` clean-up: trailing whitespace stripped, runs of blank lines
/// collapsed, leading and trailing blank lines removed.
pub fn normalize_lines(lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    for line in lines {
        let trimmed = line.trim_end_matches([' ', '\t', '\r']).to_string();
        if trimmed.is_empty() && out.last().is_none_or(|l: &String| l.is_empty()) {
            continue;
        }
        out.push(trimmed);
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

/// Builds the description from already normalised lines.
pub fn description(lines: &[String]) -> String {
    let mut buf = String::new();
    for line in lines {
        if line == "---" {
            break;
        }
        let line = line.trim_end_matches(' ');
        let leading = line.trim_start_matches(' ');
        if line.is_empty() {
            buf.pop();
            buf.push_str("\n\n");
        } else if leading.starts_with("TODO") || leading.starts_with('+') {
            continue;
        } else if line.starts_with(' ') || line.starts_with('\t') {
            buf.pop();
            buf.push('\n');
            buf.push_str(line);
            buf.push('\n');
        } else {
            buf.push_str(line);
            buf.push(' ');
        }
    }
    buf.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        normalize_lines(&text.lines().map(str::to_string).collect::<Vec<_>>())
    }

    #[test]
    fn joins_lines_and_keeps_paragraphs() {
        let d = description(&lines(
            "Protocol for port.\nDefaults to \"TCP\".\n+optional\n\n\nSecond paragraph.",
        ));
        assert_eq!(
            d,
            "Protocol for port. Defaults to \"TCP\".\n\nSecond paragraph."
        );
    }

    #[test]
    fn drops_todo_and_stops_at_triple_dash() {
        let d = description(&lines("Keep this.\nTODO: not this\nand this.\n---\nhidden"));
        assert_eq!(d, "Keep this. and this.");
    }

    #[test]
    fn keeps_indented_lines_verbatim() {
        let d = description(&lines("Use if:\n   indented one\n   indented two\nafter"));
        assert_eq!(d, "Use if:\n   indented one\n   indented two\nafter");
    }

    #[test]
    fn enum_block_layout() {
        let d = description(&lines(
            "Mode.\n\nPossible enum values:\n - `\"A\"` first\n - `\"B\"` second",
        ));
        assert_eq!(
            d,
            "Mode.\n\nPossible enum values:\n - `\"A\"` first\n - `\"B\"` second"
        );
    }
}
