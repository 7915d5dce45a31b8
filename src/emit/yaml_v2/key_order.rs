//! yaml.v2's order of mapping keys (its `keyList.Less`: letters before other characters, runs
//! of digits as numbers) and a stable merge sort by it.

/// Sorts by [`key_less`] with a merge sort of our own: yaml.v2's order is not transitive for
/// some keys (`b1c` < `b2c` < `b10c` < `b1c`), where Go's result depends on the map's random
/// iteration order, and where the standard library's sort may panic.
pub(super) fn merge_sort_by_key_order<T>(entries: &mut Vec<(std::borrow::Cow<str>, T)>) {
    if entries.len() < 2 {
        return;
    }
    let mut rest = entries.split_off(entries.len() / 2);
    merge_sort_by_key_order(entries);
    merge_sort_by_key_order(&mut rest);
    let left = std::mem::take(entries);
    let mut left = left.into_iter().peekable();
    let mut right = rest.into_iter().peekable();
    while let (Some(l), Some(r)) = (left.peek(), right.peek()) {
        let next = if key_less(&r.0, &l.0) {
            right.next()
        } else {
            left.next()
        };
        entries.extend(next);
    }
    entries.extend(left);
    entries.extend(right);
}

/// yaml.v2's `keyList.Less` for two string keys: letters before other characters, runs of
/// digits compared as numbers, else by code point.
pub(super) fn key_less(a: &str, b: &str) -> bool {
    let ar: Vec<char> = a.chars().collect();
    let br: Vec<char> = b.chars().collect();
    for i in 0..ar.len().min(br.len()) {
        if ar[i] == br[i] {
            continue;
        }
        let al = is_go_letter(ar[i]);
        let bl = is_go_letter(br[i]);
        if al && bl {
            return ar[i] < br[i];
        }
        if al || bl {
            return bl;
        }
        let mut an: i64 = 0;
        let mut bn: i64 = 0;
        if ar[i] == '0' || br[i] == '0' {
            for j in (0..i).rev() {
                if !is_go_digit(ar[j]) {
                    break;
                }
                if ar[j] != '0' {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        let mut ai = i;
        while ai < ar.len() && is_go_digit(ar[ai]) {
            an = an.wrapping_mul(10).wrapping_add(digit_value(ar[ai]));
            ai += 1;
        }
        let mut bi = i;
        while bi < br.len() && is_go_digit(br[bi]) {
            bn = bn.wrapping_mul(10).wrapping_add(digit_value(br[bi]));
            bi += 1;
        }
        if an != bn {
            return an < bn;
        }
        if ai != bi {
            return ai < bi;
        }
        return ar[i] < br[i];
    }
    ar.len() < br.len()
}

/// Go's `unicode.IsLetter` (general category L). Rust's `is_alphabetic` also counts letter
/// numbers and some marks; JSON keys of API types are ASCII in practice.
pub(super) fn is_go_letter(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphabetic()
    } else {
        c.is_alphabetic()
    }
}

/// Go's `unicode.IsDigit` (general category Nd); outside ASCII approximated by Rust's
/// `is_numeric` (which also counts Nl and No).
pub(super) fn is_go_digit(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_digit()
    } else {
        c.is_numeric()
    }
}

/// `int64(r - '0')` as Go computes it for a digit rune.
pub(super) fn digit_value(c: char) -> i64 {
    i64::from(c as u32) - i64::from(b'0')
}
