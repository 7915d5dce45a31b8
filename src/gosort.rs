//! Go's `slices.SortFunc` (pattern-defeating quicksort, `zsortanyfunc.go`), step for step:
//! an unstable sort, so where elements compare equal the order Go leaves them in is an
//! output of the tool being mirrored (controller-gen sorts webhooks by name with it). Pure
//! and deterministic (its "random" pattern breaker is a xorshift seeded by the length). The
//! recursion is on the smaller side of each partition: at most log2(len) deep.

use std::cmp::Ordering;

/// `slices.SortFunc(data, cmp)`.
pub fn sort_func<T>(data: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    let n = data.len();
    let limit = usize::BITS - n.leading_zeros();
    let less = |a: &T, b: &T| cmp(a, b) == Ordering::Less;
    pdqsort(data, 0, n, limit as usize, &less);
}

#[derive(PartialEq, Eq, Clone, Copy)]
enum Hint {
    Unknown,
    Increasing,
    Decreasing,
}

fn insertion_sort<T>(data: &mut [T], a: usize, b: usize, less: &impl Fn(&T, &T) -> bool) {
    for i in a + 1..b {
        let mut j = i;
        while j > a && less(&data[j], &data[j - 1]) {
            data.swap(j, j - 1);
            j -= 1;
        }
    }
}

fn sift_down<T>(
    data: &mut [T],
    lo: usize,
    hi: usize,
    first: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    let mut root = lo;
    loop {
        let mut child = 2 * root + 1;
        if child >= hi {
            return;
        }
        if child + 1 < hi && less(&data[first + child], &data[first + child + 1]) {
            child += 1;
        }
        if !less(&data[first + root], &data[first + child]) {
            return;
        }
        data.swap(first + root, first + child);
        root = child;
    }
}

fn heap_sort<T>(data: &mut [T], a: usize, b: usize, less: &impl Fn(&T, &T) -> bool) {
    let first = a;
    let hi = b - a;
    if hi == 0 {
        return;
    }
    for i in (0..=(hi - 1) / 2).rev() {
        sift_down(data, i, hi, first, less);
    }
    for i in (0..hi).rev() {
        data.swap(first, first + i);
        sift_down(data, 0, i, first, less);
    }
}

fn pdqsort<T>(
    data: &mut [T],
    mut a: usize,
    mut b: usize,
    mut limit: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    const MAX_INSERTION: usize = 12;
    let mut was_balanced = true;
    let mut was_partitioned = true;
    loop {
        let length = b - a;
        if length <= MAX_INSERTION {
            insertion_sort(data, a, b, less);
            return;
        }
        if limit == 0 {
            heap_sort(data, a, b, less);
            return;
        }
        if !was_balanced {
            break_patterns(data, a, b);
            limit -= 1;
        }
        let (mut pivot, mut hint) = choose_pivot(data, a, b, less);
        if hint == Hint::Decreasing {
            data[a..b].reverse();
            pivot = (b - 1) - (pivot - a);
            hint = Hint::Increasing;
        }
        if was_balanced
            && was_partitioned
            && hint == Hint::Increasing
            && partial_insertion_sort(data, a, b, less)
        {
            return;
        }
        if a > 0 && !less(&data[a - 1], &data[pivot]) {
            a = partition_equal(data, a, b, pivot, less);
            continue;
        }
        let (mid, already_partitioned) = partition(data, a, b, pivot, less);
        was_partitioned = already_partitioned;
        let (left, right) = (mid - a, b - mid);
        let balance_threshold = length / 8;
        if left < right {
            was_balanced = left >= balance_threshold;
            pdqsort(data, a, mid, limit, less);
            a = mid + 1;
        } else {
            was_balanced = right >= balance_threshold;
            pdqsort(data, mid + 1, b, limit, less);
            b = mid;
        }
    }
}

fn partition<T>(
    data: &mut [T],
    a: usize,
    b: usize,
    pivot: usize,
    less: &impl Fn(&T, &T) -> bool,
) -> (usize, bool) {
    data.swap(a, pivot);
    // Signed, as Go's ints: `j` may step below `a`.
    let (mut i, mut j) = (a as isize + 1, b as isize - 1);
    let at = |k: isize| k as usize;
    while i <= j && less(&data[at(i)], &data[a]) {
        i += 1;
    }
    while i <= j && !less(&data[at(j)], &data[a]) {
        j -= 1;
    }
    if i > j {
        data.swap(at(j), a);
        return (at(j), true);
    }
    data.swap(at(i), at(j));
    i += 1;
    j -= 1;
    loop {
        while i <= j && less(&data[at(i)], &data[a]) {
            i += 1;
        }
        while i <= j && !less(&data[at(j)], &data[a]) {
            j -= 1;
        }
        if i > j {
            break;
        }
        data.swap(at(i), at(j));
        i += 1;
        j -= 1;
    }
    data.swap(at(j), a);
    (at(j), false)
}

fn partition_equal<T>(
    data: &mut [T],
    a: usize,
    b: usize,
    pivot: usize,
    less: &impl Fn(&T, &T) -> bool,
) -> usize {
    data.swap(a, pivot);
    let (mut i, mut j) = (a as isize + 1, b as isize - 1);
    let at = |k: isize| k as usize;
    loop {
        while i <= j && !less(&data[a], &data[at(i)]) {
            i += 1;
        }
        while i <= j && less(&data[a], &data[at(j)]) {
            j -= 1;
        }
        if i > j {
            break;
        }
        data.swap(at(i), at(j));
        i += 1;
        j -= 1;
    }
    at(i)
}

fn partial_insertion_sort<T>(
    data: &mut [T],
    a: usize,
    b: usize,
    less: &impl Fn(&T, &T) -> bool,
) -> bool {
    const MAX_STEPS: usize = 5;
    const SHORTEST_SHIFTING: usize = 50;
    let mut i = a + 1;
    for _ in 0..MAX_STEPS {
        while i < b && !less(&data[i], &data[i - 1]) {
            i += 1;
        }
        if i == b {
            return true;
        }
        if b - a < SHORTEST_SHIFTING {
            return false;
        }
        data.swap(i, i - 1);
        if i - a >= 2 {
            let mut j = i - 1;
            while j >= 1 {
                if !less(&data[j], &data[j - 1]) {
                    break;
                }
                data.swap(j, j - 1);
                j -= 1;
            }
        }
        if b - i >= 2 {
            let mut j = i + 1;
            while j < b {
                if !less(&data[j], &data[j - 1]) {
                    break;
                }
                data.swap(j, j - 1);
                j += 1;
            }
        }
    }
    false
}

fn break_patterns<T>(data: &mut [T], a: usize, b: usize) {
    let length = b - a;
    if length >= 8 {
        let mut random = length as u64;
        let modulus = 1usize << (usize::BITS - length.leading_zeros());
        let mut idx = a + (length / 4) * 2 - 1;
        while idx <= a + (length / 4) * 2 + 1 {
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            let mut other = (random as usize) & (modulus - 1);
            if other >= length {
                other -= length;
            }
            data.swap(idx, a + other);
            idx += 1;
        }
    }
}

fn choose_pivot<T>(
    data: &mut [T],
    a: usize,
    b: usize,
    less: &impl Fn(&T, &T) -> bool,
) -> (usize, Hint) {
    const SHORTEST_NINTHER: usize = 50;
    const MAX_SWAPS: usize = 4 * 3;
    let l = b - a;
    let mut swaps = 0;
    let mut i = a + l / 4;
    let mut j = a + l / 4 * 2;
    let mut k = a + l / 4 * 3;
    if l >= 8 {
        if l >= SHORTEST_NINTHER {
            i = median(data, i - 1, i, i + 1, &mut swaps, less);
            j = median(data, j - 1, j, j + 1, &mut swaps, less);
            k = median(data, k - 1, k, k + 1, &mut swaps, less);
        }
        j = median(data, i, j, k, &mut swaps, less);
    }
    match swaps {
        0 => (j, Hint::Increasing),
        MAX_SWAPS => (j, Hint::Decreasing),
        _ => (j, Hint::Unknown),
    }
}

fn order2<T>(
    data: &[T],
    a: usize,
    b: usize,
    swaps: &mut usize,
    less: &impl Fn(&T, &T) -> bool,
) -> (usize, usize) {
    if less(&data[b], &data[a]) {
        *swaps += 1;
        return (b, a);
    }
    (a, b)
}

fn median<T>(
    data: &[T],
    a: usize,
    b: usize,
    c: usize,
    swaps: &mut usize,
    less: &impl Fn(&T, &T) -> bool,
) -> usize {
    let (a, b) = order2(data, a, b, swaps, less);
    let (b, c) = order2(data, b, c, swaps, less);
    let _ = c;
    let (_, b) = order2(data, a, b, swaps, less);
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sorts pairs by their first element; the second shows where equal ones end up.
    fn sorted(keys: &[u32]) -> Vec<(u32, usize)> {
        let mut data: Vec<(u32, usize)> = keys.iter().copied().zip(0..).collect();
        sort_func(&mut data, |a, b| a.0.cmp(&b.0));
        data
    }

    #[test]
    fn sorts_like_any_sort() {
        let keys: Vec<u32> = (0..500u32).map(|i| (i * 7919) % 61).collect();
        let result = sorted(&keys);
        assert!(result.windows(2).all(|w| w[0].0 <= w[1].0));
        assert_eq!(result.len(), 500);
    }

    #[test]
    fn short_slices_are_insertion_sorted_and_stable() {
        let result = sorted(&[3, 1, 3, 1, 2]);
        assert_eq!(result, vec![(1, 1), (1, 3), (2, 4), (3, 0), (3, 2)]);
    }
}
