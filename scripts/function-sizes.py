#!/usr/bin/env python3
"""Lists every Rust `fn` in src/ longer than 100 lines or with blocks nested deeper than 6
(issue 26: "No function over 100 lines in `src/` outside generated tables; none nested deeper
than 6"). Exits 1 when any is listed.

usage: scripts/function-sizes.py [SRC_DIR]      (default: src)

A function's length runs from the line of its `fn` keyword to the line of the brace closing its
body. Its nesting is the deepest `{` inside the body counted from the body (the body's own brace
is depth 0, an `if` inside it 1, …). Braces inside strings (raw strings too), char literals and
comments are ignored. Only `fn` items with a body count: a macro table (`registry!{…}`,
`codes!{…}`) is not a fn, nor a fn pointer type, nor a bodiless trait method. A nested fn is
measured on its own and also counts towards the lines of the fn around it.
"""
import os
import sys

MAX_LINES = 100
MAX_DEPTH = 6


def is_ident(c):
    return c.isalnum() or c == "_"


def tokens(text):
    """Yields (kind, value, offset) for the tokens that matter: identifiers, `{`, `}`, `(`, `)`,
    `;`; strings, chars and comments are skipped."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c == "/" and text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
        elif c == "'":
            if i + 1 < n and text[i + 1] == "\\":
                j = i + 2
                while j < n and text[j] != "'":
                    j += 1
                i = j + 1
            elif i + 2 < n and text[i + 2] == "'":
                i += 3
            else:  # a lifetime or label
                i += 1
        elif is_ident(c):
            j = i
            while j < n and is_ident(text[j]):
                j += 1
            word = text[i:j]
            if word in ("r", "br") and j < n and text[j] in '#"':
                k = j
                while k < n and text[k] == "#":
                    k += 1
                if k < n and text[k] == '"':  # a raw string, not a raw identifier
                    close = '"' + "#" * (k - j)
                    end = text.find(close, k + 1)
                    i = n if end < 0 else end + len(close)
                    continue
            yield ("ident", word, i)
            i = j
        elif c in "{}();":
            yield (c, c, i)
            i += 1
        else:
            i += 1


def functions(text):
    """Yields (name, start_offset, end_offset, depth) for every fn with a body."""
    toks = list(tokens(text))
    for t, (kind, value, offset) in enumerate(toks):
        if kind != "ident" or value != "fn":
            continue
        if t + 1 >= len(toks) or toks[t + 1][0] != "ident":
            continue  # a fn pointer type: `fn(u32) -> u32`
        name = toks[t + 1][1]
        parens, u = 0, t + 2
        while u < len(toks):
            k = toks[u][0]
            if k == "(":
                parens += 1
            elif k == ")":
                parens -= 1
            elif parens == 0 and k in ";{":
                break
            u += 1
        if u >= len(toks) or toks[u][0] != "{":
            continue  # no body
        depth, deepest, v = 0, 0, u
        while v < len(toks):
            k = toks[v][0]
            if k == "{":
                depth += 1
                deepest = max(deepest, depth - 1)
            elif k == "}":
                depth -= 1
                if depth == 0:
                    break
            v += 1
        end = toks[v][2] if v < len(toks) else len(text)
        yield name, offset, end, deepest


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "src"
    found = []
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for file in sorted(files):
            if not file.endswith(".rs"):
                continue
            path = os.path.join(root, file)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for name, start, end, depth in functions(text):
                line = text.count("\n", 0, start) + 1
                lines = text.count("\n", start, end) + 1
                if lines > MAX_LINES or depth > MAX_DEPTH:
                    found.append((path, line, name, lines, depth))
    for path, line, name, lines, depth in found:
        marks = []
        if lines > MAX_LINES:
            marks.append(f"{lines} lines")
        if depth > MAX_DEPTH:
            marks.append(f"nested {depth} deep")
        print(f"{path}:{line}: fn {name}: {', '.join(marks)}")
    print(f"{len(found)} functions over {MAX_LINES} lines or nested deeper than {MAX_DEPTH}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
