//! The model tables' index: every table's entries in one sorted list, so a model is matched
//! against all of them by one binary search (what [`super::Model`] reads its families from).

use std::cmp::Ordering;
use std::sync::LazyLock;

use super::{CONSOLE, PHONE, TABLET, TV, WATCH, families, mobile_detect, ua_parser_js};

/// How a table's entries match: as prefixes or whole words, and whether also at the word
/// after the brand (`Lenovo TB-X306F`) or at the start of the model only (Mobile-Detect's
/// rules, which read `; A500` as Acer's tablet but not `moto g100` as its `G100`).
#[derive(Clone, Copy)]
enum Match {
    Prefix,
    Word,
    PrefixAtStart,
    WordAtStart,
}

/// Every table, the family it names, and how its entries match.
const TABLES: &[(&[&str], u8, Match)] = &[
    (families::TABLETS, TABLET, Match::Prefix),
    (families::TABLET_NAMES, TABLET, Match::Word),
    (ua_parser_js::TABLETS, TABLET, Match::Prefix),
    (ua_parser_js::TABLET_WORDS, TABLET, Match::Word),
    (mobile_detect::TABLET_PREFIXES, TABLET, Match::PrefixAtStart),
    (mobile_detect::TABLET_WORDS, TABLET, Match::WordAtStart),
    (families::TVS, TV, Match::Prefix),
    (families::TV_NAMES, TV, Match::WordAtStart),
    (ua_parser_js::TVS, TV, Match::Prefix),
    (families::CONSOLES, CONSOLE, Match::Prefix),
    (families::WATCHES, WATCH, Match::Prefix),
    (ua_parser_js::WATCHES, WATCH, Match::Prefix),
    (families::PHONES, PHONE, Match::Prefix),
    (ua_parser_js::PHONES, PHONE, Match::Prefix),
];

/// Every table's entries in one sorted list, each with the families it names in each
/// [`Match`] way and the longest other entry that starts it; and where each first byte's
/// entries begin. A model is looked up by one binary search, not against each table's
/// entries in turn; sorting at first use costs a tenth of building an automaton.
struct Entries {
    sorted: Vec<Entry>,
    /// `sorted[by_first_byte[b]..by_first_byte[b + 1]]` start with the byte `b`.
    by_first_byte: [u16; 257],
}

struct Entry {
    /// The first eight bytes, big-endian: most comparisons end there.
    head: u64,
    text: &'static str,
    families: [u8; 4],
    /// The index of the longest other entry that starts this one.
    within: Option<u16>,
}

static ENTRIES: LazyLock<Entries> = LazyLock::new(|| {
    let mut all: Vec<(&'static str, [u8; 4])> = TABLES
        .iter()
        .flat_map(|(table, family, how)| {
            table.iter().map(move |entry| {
                let mut families = [0; 4];
                families[*how as usize] = *family;
                (*entry, families)
            })
        })
        .collect();
    all.sort_unstable_by_key(|(entry, _)| *entry);
    all.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1.iter_mut().zip(later.1).for_each(|(k, l)| *k |= l);
        }
        same
    });
    // In sorted order, the entries that start an entry are on the stack of those that
    // start each other, just before it.
    let mut sorted: Vec<Entry> = Vec::with_capacity(all.len());
    let mut starts: Vec<u16> = Vec::new();
    for (i, (text, families)) in all.into_iter().enumerate() {
        while starts
            .last()
            .is_some_and(|&s| !text.starts_with(sorted[usize::from(s)].text))
        {
            starts.pop();
        }
        let within = starts.last().copied();
        sorted.push(Entry {
            head: head(text.as_bytes()),
            text,
            families,
            within,
        });
        starts.push(u16::try_from(i).expect("the model tables have fewer than 65,536 entries"));
    }
    let mut by_first_byte = [0u16; 257];
    for (byte, begins) in by_first_byte.iter_mut().enumerate() {
        let below = sorted.partition_point(|e| usize::from(e.text.as_bytes()[0]) < byte);
        *begins = u16::try_from(below).expect("the model tables have fewer than 65,536 entries");
    }
    Entries { sorted, by_first_byte }
});

/// The entries that start `text`, longest first. The greatest entry not after `text`
/// shares its longest first part with it; every entry that starts `text` starts that
/// entry too, so they are that entry (when it starts `text`) and the entries within it.
fn starting(text: &str, mut each: impl FnMut(&Entry)) {
    let Entries { sorted, by_first_byte } = &*ENTRIES;
    let text = text.as_bytes();
    let Some(&first) = text.first() else { return };
    let from = usize::from(by_first_byte[usize::from(first)]);
    let to = usize::from(by_first_byte[usize::from(first) + 1]);
    let text_head = head(text);
    let below = from
        + sorted[from..to].partition_point(|e| match e.head.cmp(&text_head) {
            Ordering::Equal => e.text.as_bytes() <= text,
            order => order == Ordering::Less,
        });
    let Some(greatest) = below.checked_sub(1) else { return };
    let entry = &sorted[greatest];
    let common = entry.text.bytes().zip(text).take_while(|(a, b)| a == *b).count();
    let mut next = Some(entry);
    while let Some(entry) = next {
        if entry.text.len() <= common {
            each(entry);
        }
        next = entry.within.map(|i| &sorted[usize::from(i)]);
    }
}

/// The first eight bytes of `text` as a number that orders as they do (shorter texts
/// padded with zeros, which no model has).
fn head(text: &[u8]) -> u64 {
    let mut bytes = [0; 8];
    let n = text.len().min(8);
    bytes[..n].copy_from_slice(&text[..n]);
    u64::from_be_bytes(bytes)
}

/// The families whose entries start `text`, the model (`at_start`) or the word after its
/// brand.
pub(super) fn prefix_families(text: &str, at_start: bool) -> u8 {
    let mut bits = 0;
    starting(text, |entry| {
        bits |= matched(entry.families, text, entry.text.len(), at_start);
    });
    bits
}

/// The families an entry's match names: all but whole words that go on in `text`, and
/// only those that may match after a brand unless `at_start`.
fn matched(families: [u8; 4], text: &str, end: usize, at_start: bool) -> u8 {
    let whole = !text.as_bytes().get(end).is_some_and(u8::is_ascii_alphanumeric);
    let [prefix, word, prefix_at_start, word_at_start] = families;
    let anywhere = prefix | if whole { word } else { 0 };
    let at_start_only = prefix_at_start | if whole { word_at_start } else { 0 };
    if at_start { anywhere | at_start_only } else { anywhere }
}

/// The table entries that start `model` or the word after its brand, whole words only
/// where they end there: for diagnosing the tables on a corpus in aggregate.
#[cfg(any(test, feature = "testing"))]
pub(in crate::visitor::ua) fn matched_entries(model: &str) -> Vec<&'static str> {
    let model = super::Model::new(model);
    let name = model.name();
    let mut entries = Vec::new();
    for (text, at_start) in std::iter::once((name, true)).chain(after_brand(name).map(|rest| (rest, false))) {
        starting(text, |entry| {
            if matched(entry.families, text, entry.text.len(), at_start) != 0 {
                entries.push(entry.text);
            }
        });
    }
    entries
}

/// The word after a brand: after the first space, or after a leading name of four or more
/// letters and a hyphen (`samsung-sm-t337a`; not the `sm-` of a model code).
pub(super) fn after_brand(name: &str) -> Option<&str> {
    let letters = name.bytes().take_while(u8::is_ascii_alphabetic).count();
    if letters >= 4 && name.as_bytes().get(letters) == Some(&b'-') {
        return Some(&name[letters + 1..]);
    }
    name.split_once(' ').map(|(_, rest)| rest)
}

#[cfg(test)]
mod tests {
    use super::super::{NOT_MODEL, TABLET_WORDS, TV_WORDS};
    use super::*;

    #[test]
    fn every_model_table_is_lower_case_as_the_models_it_is_matched_against() {
        let tables = TABLES.iter().map(|(table, _, _)| *table);
        for entry in tables.chain([NOT_MODEL, TABLET_WORDS, TV_WORDS]).flatten() {
            assert_eq!(*entry, entry.to_ascii_lowercase(), "{entry}");
            assert!(!entry.contains('_'), "models are matched with `_` as a space: {entry}");
        }
    }

    #[test]
    fn a_model_is_found_to_start_with_exactly_the_entries_a_scan_of_every_table_finds() {
        let every_table = || {
            TABLES
                .iter()
                .flat_map(|(table, family, how)| table.iter().map(move |e| (*e, *family, *how)))
        };
        let scanned = |text: &str, at_start: bool| {
            let mut found: Vec<&str> = every_table()
                .filter(|(entry, family, how)| {
                    let mut families = [0; 4];
                    families[*how as usize] = *family;
                    text.starts_with(entry) && matched(families, text, entry.len(), at_start) != 0
                })
                .map(|(entry, _, _)| entry)
                .collect();
            found.sort_unstable();
            found.dedup();
            found
        };
        let models = every_table()
            .map(|(entry, _, _)| entry.to_string())
            .chain(every_table().map(|(entry, _, _)| format!("{entry}x1 pro")))
            .chain(["next7p12", "lenovo tb-x306f", "samsung-sm-t337a", "sm-t510", "zz"].map(String::from));
        for model in models {
            let mut expected = scanned(&model, true);
            expected.extend(after_brand(&model).map_or_else(Vec::new, |rest| scanned(rest, false)));
            let mut found = matched_entries(&model);
            found.sort_unstable();
            found.dedup();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(found, expected, "{model}");
        }
        // an entry inside a model is not one that starts it: `xt` (Motorola) in `Next7P12`
        assert!(matched_entries("Next7P12").is_empty());
    }
}
