//! JSON documents, one per line on stdin, written as controller-gen writes YAML (each after
//! `---`): the union-gen side of `scripts/compare-yaml-v2/run.sh`.

use std::io::{BufRead, Write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let value: serde_json::Value = serde_json::from_str(&line?)?;
        out.write_all(b"---\n")?;
        out.write_all(&union_gen::yaml_v2_bytes(&value)?)?;
    }
    Ok(())
}
