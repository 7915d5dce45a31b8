//! The resolver's hash maps and sets: keyed by import paths and type names, looked up on every
//! field, they hash with foldhash (SipHash, std's default, costs several times more on long
//! strings). A fixed seed: nothing here depends on iteration order anyway, and a run is
//! reproducible to the byte.

pub type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
pub type HashSet<T> = std::collections::HashSet<T, foldhash::fast::FixedState>;
