//! controller-gen's default plural: `strings.ToLower(flect.Pluralize(kind))`, with
//! github.com/gobuffalo/flect v1.0.2/v1.0.3's rules (identical for `Pluralize`): its
//! dictionary of irregular words, its suffix rules in priority order (dictionary words as
//! suffixes first, the last-listed word first), acronyms kept as one word, and the project's
//! own `inflections.json` / `acronyms.json` (from the working directory, or `INFLECT_PATH` /
//! `ACRONYMS_PATH`), which flect loads when controller-gen starts.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

/// The plural of a kind as controller-gen writes it (lower case).
pub fn plural(kind: &str) -> String {
    pluralize(kind).to_lowercase()
}

struct Rules {
    single_to_plural: HashMap<String, String>,
    plural_to_single: HashSet<String>,
    /// (suffix, replacement); `None`: the word already ends as a plural (kept).
    suffix_rules: Vec<(String, Option<String>)>,
    acronyms: HashSet<String>,
}

static RULES: LazyLock<Rules> = LazyLock::new(|| {
    let mut rules = Rules {
        single_to_plural: HashMap::new(),
        plural_to_single: HashSet::new(),
        suffix_rules: Vec::new(),
        acronyms: ACRONYMS.iter().map(|a| a.to_string()).collect(),
    };
    for &(singular, plural, alternative, unidirectional, uncountable, _) in DICTIONARY {
        let plural = if uncountable && plural.is_empty() {
            singular
        } else {
            plural
        };
        rules
            .single_to_plural
            .insert(singular.to_string(), plural.to_string());
        if !unidirectional {
            rules.plural_to_single.insert(plural.to_string());
            if !alternative.is_empty() {
                rules.plural_to_single.insert(alternative.to_string());
            }
        }
    }
    // `InsertPluralRule` prepends (replacement, noop) and (suffix, rule): the suffix list is
    // inserted last to first, then the dictionary's words (not `exact`) first to last.
    let mut inserted: Vec<(String, Option<String>)> = Vec::new();
    let mut insert = |suffix: &str, replacement: &str| {
        inserted.push((suffix.to_string(), Some(replacement.to_string())));
        inserted.push((replacement.to_string(), None));
    };
    for &(singular, plural) in SUFFIXES.iter().rev() {
        insert(singular, plural);
    }
    for &(singular, plural, _, _, uncountable, exact) in DICTIONARY {
        if exact {
            continue;
        }
        let plural = if uncountable && plural.is_empty() {
            singular
        } else {
            plural
        };
        insert(singular, plural);
    }
    inserted.reverse();
    rules.suffix_rules = inserted;
    load_custom(&mut rules);
    rules
});

/// flect's `loadCustomData`: `inflections.json` (singular → plural) and `acronyms.json`.
fn load_custom(rules: &mut Rules) {
    let path = |file: &str, env: &str| {
        std::env::var_os(env)
            .map(std::path::PathBuf::from)
            .or_else(|| std::env::current_dir().ok().map(|d| d.join(file)))
    };
    if let Some(text) =
        path("inflections.json", "INFLECT_PATH").and_then(|p| std::fs::read_to_string(p).ok())
    {
        // Go ranges over the map in random order; the file's order is the deterministic one.
        if let Ok(map) = serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&text) {
            // A value that is not a string fails flect's decoding: no rules at all.
            let pairs: Option<Vec<(String, String)>> = map
                .into_iter()
                .map(|(singular, plural)| Some((singular, plural.as_str()?.to_string())))
                .collect();
            for (singular, plural) in pairs.unwrap_or_default() {
                if singular.contains(' ') || plural.contains(' ') {
                    break;
                }
                rules.plural_to_single.insert(plural.clone());
                rules.single_to_plural.insert(singular, plural);
            }
        }
    }
    if let Some(text) =
        path("acronyms.json", "ACRONYMS_PATH").and_then(|p| std::fs::read_to_string(p).ok())
    {
        if let Ok(list) = serde_json::from_str::<Vec<String>>(&text) {
            rules.acronyms.extend(list);
        }
    }
}

/// `flect.Pluralize`.
fn pluralize(original: &str) -> String {
    let rules = &*RULES;
    let parts = to_parts(original, rules);
    let Some(s) = parts.last() else {
        return String::new();
    };
    if let Some(plural) = rules.single_to_plural.get(original) {
        return plural.clone();
    }
    if rules.plural_to_single.contains(original) {
        return original.to_string();
    }
    let lower = s.to_lowercase();
    if rules.plural_to_single.contains(&lower) {
        return original.to_string();
    }
    let stem = original.strip_suffix(s.as_str()).unwrap_or(original);
    if let Some(plural) = rules.single_to_plural.get(&lower) {
        let plural = if *s == capitalize(s) {
            capitalize(plural)
        } else {
            plural.clone()
        };
        return format!("{stem}{plural}");
    }
    for (suffix, replacement) in &rules.suffix_rules {
        if s.ends_with(suffix.as_str()) {
            let inflected = match replacement {
                Some(replacement) => format!("{}{replacement}", &s[..s.len() - suffix.len()]),
                None => s.clone(),
            };
            return format!("{stem}{inflected}");
        }
    }
    if lower.ends_with('s') {
        return original.to_string();
    }
    format!("{original}s")
}

/// `flect.Capitalize`: the first character title-cased.
fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// flect's separators (`_`, space, `:`, `-`, `/`, white space).
fn is_space(c: char) -> bool {
    matches!(c, '_' | ' ' | ':' | '-' | '/') || c.is_whitespace()
}

/// Go's `unicode.IsPunct` for the characters identifiers hold.
fn is_punct(c: char) -> bool {
    c.is_ascii_punctuation() && !"$+<=>^`|~".contains(c)
}

/// `flect.toParts`: words split at separators and lower-to-upper changes, acronyms kept.
fn to_parts(s: &str, rules: &Rules) -> Vec<String> {
    let s = s.trim();
    if s.is_empty() {
        return Vec::new();
    }
    if rules.acronyms.contains(&s.to_uppercase()) {
        return vec![s.to_uppercase()];
    }
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut previous: Option<char> = None;
    let upper = |c: Option<char>| c.is_some_and(char::is_uppercase);
    for c in s.chars() {
        let split = is_space(c)
            || (c.is_uppercase() && !upper(previous))
            || (c.is_uppercase() && rules.acronyms.contains(&current.to_uppercase()));
        if split {
            push_part(&mut parts, &current, rules);
            current.clear();
            current.push(c);
        } else if c.is_alphabetic() || c.is_numeric() || is_punct(c) || c == '`' {
            current.push(c);
        } else {
            push_part(&mut parts, &current, rules);
            current.clear();
        }
        previous = Some(c);
    }
    push_part(&mut parts, &current, rules);
    parts
}

/// flect's `xappend`: trimmed of spaces and separators, acronyms upper-cased, empty dropped.
fn push_part(parts: &mut Vec<String>, part: &str, rules: &Rules) {
    let mut part = part.trim();
    for separator in ['_', ' ', ':', '-', '/'] {
        part = part.trim_matches(separator);
    }
    if part.is_empty() {
        return;
    }
    let upper = part.to_uppercase();
    parts.push(if rules.acronyms.contains(&upper) {
        upper
    } else {
        part.to_string()
    });
}

/// flect's `dictionary`: (singular, plural, alternative, unidirectional, uncountable, exact).
pub(super) const DICTIONARY: &[(&str, &str, &str, bool, bool, bool)] = &[
    ("aircraft", "aircraft", "", false, false, false),
    ("beef", "beef", "beefs", false, false, false),
    ("bison", "bison", "", false, false, false),
    ("blues", "blues", "", true, false, false),
    ("chassis", "chassis", "", false, false, false),
    ("deer", "deer", "", false, false, false),
    ("fish", "fish", "fishes", false, false, false),
    ("moose", "moose", "", false, false, false),
    ("police", "police", "", false, false, false),
    ("salmon", "salmon", "salmons", false, false, false),
    ("series", "series", "", false, false, false),
    ("sheep", "sheep", "", false, false, false),
    ("shrimp", "shrimp", "shrimps", false, false, false),
    ("species", "species", "", false, false, false),
    ("swine", "swine", "swines", false, false, false),
    ("trout", "trout", "trouts", false, false, false),
    ("tuna", "tuna", "tunas", false, false, false),
    ("you", "you", "", false, false, false),
    ("child", "children", "", false, false, false),
    ("ox", "oxen", "", false, false, true),
    ("foot", "feet", "", false, false, false),
    ("goose", "geese", "", false, false, false),
    ("man", "men", "", false, false, false),
    ("human", "humans", "", false, false, false),
    ("louse", "lice", "", false, false, true),
    ("mouse", "mice", "", false, false, false),
    ("tooth", "teeth", "", false, false, false),
    ("woman", "women", "", false, false, false),
    ("die", "dice", "", false, false, true),
    ("person", "people", "", false, false, false),
    ("adieu", "adieux", "adieus", false, false, false),
    ("fabliau", "fabliaux", "", false, false, false),
    ("bureau", "bureaus", "bureaux", false, false, false),
    ("criterion", "criteria", "", false, false, false),
    ("ganglion", "ganglia", "ganglions", false, false, false),
    ("lexicon", "lexica", "lexicons", false, false, false),
    (
        "mitochondrion",
        "mitochondria",
        "mitochondrions",
        false,
        false,
        false,
    ),
    ("noumenon", "noumena", "", false, false, false),
    ("phenomenon", "phenomena", "", false, false, false),
    ("taxon", "taxa", "", false, false, false),
    ("media", "media", "", false, false, false),
    ("medium", "media", "mediums", true, false, false),
    ("stadium", "stadiums", "stadia", false, false, false),
    ("aquarium", "aquaria", "aquariums", false, false, false),
    (
        "auditorium",
        "auditoria",
        "auditoriums",
        false,
        false,
        false,
    ),
    ("symposium", "symposia", "symposiums", false, false, false),
    (
        "curriculum",
        "curriculums",
        "curricula",
        false,
        false,
        false,
    ),
    ("quota", "quotas", "", false, false, false),
    ("alumnus", "alumni", "alumnuses", false, false, false),
    ("bacillus", "bacilli", "", false, false, false),
    ("cactus", "cacti", "cactuses", false, false, false),
    ("coccus", "cocci", "", false, false, false),
    ("focus", "foci", "focuses", false, false, false),
    ("locus", "loci", "locuses", false, false, false),
    ("nucleus", "nuclei", "nucleuses", false, false, false),
    ("octopus", "octupuses", "octopi", false, false, false),
    ("radius", "radii", "radiuses", false, false, false),
    ("syllabus", "syllabi", "", false, false, false),
    ("corpus", "corpora", "corpuses", false, false, false),
    ("genus", "genera", "", false, false, false),
    ("alumna", "alumnae", "", false, false, false),
    ("vertebra", "vertebrae", "", false, false, false),
    ("differentia", "differentiae", "", false, false, false),
    ("minutia", "minutiae", "", false, false, false),
    ("vita", "vitae", "", false, false, false),
    ("larva", "larvae", "", false, false, false),
    ("postcava", "postcavae", "", false, false, false),
    ("praecava", "praecavae", "", false, false, false),
    ("uva", "uvae", "", false, false, false),
    ("apex", "apices", "apexes", false, false, false),
    ("codex", "codices", "codexes", false, false, false),
    ("index", "indices", "indexes", false, false, false),
    ("latex", "latices", "latexes", false, false, false),
    ("vertex", "vertices", "vertexes", false, false, false),
    ("vortex", "vortices", "vortexes", false, false, false),
    ("appendix", "appendices", "appendixes", false, false, false),
    ("radix", "radices", "radixes", false, false, false),
    ("helix", "helices", "helixes", false, false, false),
    ("axis", "axes", "", false, false, true),
    ("crisis", "crises", "", false, false, false),
    ("ellipsis", "ellipses", "", true, false, false),
    ("genesis", "geneses", "", false, false, false),
    ("oasis", "oases", "", false, false, false),
    ("thesis", "theses", "", false, false, false),
    ("testis", "testes", "", false, false, false),
    ("base", "bases", "", false, false, false),
    ("basis", "bases", "", true, false, false),
    ("alias", "aliases", "", false, false, true),
    ("vedalia", "vedalias", "", false, false, false),
    ("use", "uses", "", false, false, true),
    ("abuse", "abuses", "", false, false, false),
    ("cause", "causes", "", false, false, false),
    ("clause", "clauses", "", false, false, false),
    ("cruse", "cruses", "", false, false, false),
    ("excuse", "excuses", "", false, false, false),
    ("fuse", "fuses", "", false, false, false),
    ("house", "houses", "", false, false, false),
    ("misuse", "misuses", "", false, false, false),
    ("muse", "muses", "", false, false, false),
    ("pause", "pauses", "", false, false, false),
    ("ache", "aches", "", false, false, false),
    ("topaz", "topazes", "", false, false, false),
    ("buffalo", "buffaloes", "buffalos", false, false, false),
    ("potato", "potatoes", "", false, false, false),
    ("tomato", "tomatoes", "", false, false, false),
    ("equipment", "", "", false, true, false),
    ("information", "", "", false, true, false),
    ("jeans", "", "", false, true, false),
    ("money", "", "", false, true, false),
    ("news", "", "", false, true, false),
    ("rice", "", "", false, true, false),
    ("dwarf", "dwarfs", "dwarves", false, false, false),
    ("hoof", "hoofs", "hooves", false, false, false),
    ("thief", "thieves", "", false, false, false),
    ("chive", "chives", "", false, false, false),
    ("hive", "hives", "", false, false, false),
    ("move", "moves", "", false, false, false),
    ("movie", "movies", "", false, false, false),
    ("cookie", "cookies", "", false, false, false),
    ("pretorium", "pretoriums", "", false, false, false),
    ("agenda", "agendas", "", false, false, false),
    ("formula", "formulas", "formulae", false, false, false),
    ("shoe", "shoes", "", false, false, false),
    ("toe", "toes", "", false, false, true),
    ("graffiti", "graffiti", "", false, false, false),
    ("ID", "IDs", "", false, false, true),
];

/// flect's `singularToPluralSuffixList`, in priority order.
pub(super) const SUFFIXES: &[(&str, &str)] = &[
    ("tive", "tives"),
    ("eaf", "eaves"),
    ("oaf", "oaves"),
    ("afe", "aves"),
    ("arf", "arves"),
    ("rfe", "rves"),
    ("rf", "rves"),
    ("lf", "lves"),
    ("fe", "ves"),
    ("ay", "ays"),
    ("ey", "eys"),
    ("oy", "oys"),
    ("quy", "quies"),
    ("uy", "uys"),
    ("y", "ies"),
    ("eau", "eaux"),
    ("bula", "bulae"),
    ("dula", "bulae"),
    ("lula", "bulae"),
    ("nula", "bulae"),
    ("vula", "bulae"),
    ("hedron", "hedra"),
    ("ium", "ia"),
    ("seum", "seums"),
    ("eum", "ea"),
    ("oum", "oa"),
    ("stracum", "straca"),
    ("dum", "da"),
    ("elum", "ela"),
    ("ilum", "ila"),
    ("olum", "ola"),
    ("ulum", "ula"),
    ("llum", "lla"),
    ("ylum", "yla"),
    ("imum", "ima"),
    ("ernum", "erna"),
    ("gnum", "gna"),
    ("brum", "bra"),
    ("crum", "cra"),
    ("terum", "tera"),
    ("serum", "sera"),
    ("trum", "tra"),
    ("antum", "anta"),
    ("atum", "ata"),
    ("entum", "enta"),
    ("etum", "eta"),
    ("itum", "ita"),
    ("otum", "ota"),
    ("utum", "uta"),
    ("ctum", "cta"),
    ("ovum", "ova"),
    ("trix", "trices"),
    ("iasis", "iases"),
    ("mesis", "meses"),
    ("kinesis", "kineses"),
    ("resis", "reses"),
    ("gnosis", "gnoses"),
    ("opsis", "opses"),
    ("ysis", "yses"),
    ("ouse", "ouses"),
    ("lause", "lauses"),
    ("us", "uses"),
    ("ch", "ches"),
    ("io", "ios"),
    ("sh", "shes"),
    ("ss", "sses"),
    ("ez", "ezzes"),
    ("iz", "izzes"),
    ("tz", "tzes"),
    ("zz", "zzes"),
    ("ano", "anos"),
    ("lo", "los"),
    ("to", "tos"),
    ("oo", "oos"),
    ("o", "oes"),
    ("x", "xes"),
    ("S", "Ses"),
];

/// flect's `baseAcronyms`.
pub(super) const ACRONYMS: &[&str] = &[
    "OK", "UTF8", "HTML", "JSON", "JWT", "ID", "UUID", "SQL", "ACK", "ACL", "ADSL", "AES", "ANSI",
    "API", "ARP", "ATM", "BGP", "BSS", "CCITT", "CHAP", "CIDR", "CIR", "CLI", "CPE", "CPU", "CRC",
    "CRT", "CSMA", "CMOS", "DCE", "DEC", "DES", "DHCP", "DNS", "DRAM", "DSL", "DSLAM", "DTE",
    "DMI", "EHA", "EIA", "EIGRP", "EOF", "ESS", "FCC", "FCS", "FDDI", "FTP", "GBIC", "GEPOF",
    "HDLC", "HTTP", "HTTPS", "IANA", "ICMP", "IDF", "IDS", "IEEE", "IETF", "IMAP", "IP", "IPS",
    "ISDN", "ISP", "LACP", "LAN", "LAPB", "LAPF", "LLC", "MAC", "MC", "MDF", "MIB", "MPLS", "MTU",
    "NAC", "NAT", "NBMA", "NIC", "NRZ", "NRZI", "NVRAM", "OSI", "OSPF", "OUI", "PAP", "PAT", "PC",
    "PIM", "PCM", "PDU", "POP3", "POTS", "PPP", "PPTP", "PTT", "PVST", "RAM", "RARP", "RFC", "RIP",
    "RLL", "ROM", "RSTP", "RTP", "RCP", "SDLC", "SFD", "SFP", "SLARP", "SLIP", "SMTP", "SNA",
    "SNAP", "SNMP", "SOF", "SRAM", "SSH", "SSID", "STP", "SYN", "TDM", "TFTP", "TIA", "TOFU",
    "UDP", "URL", "URI", "USB", "UTP", "VC", "VLAN", "VLSM", "VPN", "W3C", "WAN", "WEP", "WPA",
    "WWW",
];

#[cfg(test)]
mod tests;
