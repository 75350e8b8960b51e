//! The automated visits an analytics page leaves out, in one sentence beside its totals.

use crate::analytics::bot_report::Bots;
use crate::domain::{counted, for_count};

/// What the clicks leave out, largest family first: "12 automated visits were left out: 7 by
/// search engines, 3 by link previews, 2 by monitors." (`None` without any).
pub fn left_out(total: u64, bots: &Bots) -> Option<String> {
    if total == 0 {
        return None;
    }
    let mut families: Vec<_> = bots.values().collect();
    families.sort_by(|a, b| b.value.cmp(&a.value).then_with(|| a.title.cmp(&b.title)));
    let by: Vec<String> = families
        .iter()
        .map(|family| format!("{} by {}", family.value, in_a_sentence(&family.title)))
        .collect();
    let left = format!(
        "{} {} left out",
        counted(total, "automated visit", "automated visits"),
        for_count(total, "was", "were")
    );
    Some(if by.is_empty() {
        format!("{left}.")
    } else {
        format!("{left}: {}.", by.join(", "))
    })
}

/// A family's title inside a sentence: its first letter lower-cased, unless it starts with an
/// acronym (`Search engines` → `search engines`, `SEO tools` stays).
fn in_a_sentence(title: &str) -> String {
    let mut chars = title.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if !second.is_uppercase() => {
            format!("{}{}", first.to_lowercase(), &title[first.len_utf8()..])
        }
        _ => title.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analytics::bot_report::BotEntry;
    use crate::domain::BotFamily;

    fn bots(counts: &[(BotFamily, u64)]) -> Bots {
        counts
            .iter()
            .map(|(family, value)| {
                let entry = BotEntry {
                    title: family.title().to_string(),
                    value: *value,
                };
                (family.to_string(), entry)
            })
            .collect()
    }

    #[test]
    fn the_families_follow_the_count_largest_first() {
        let bots = bots(&[(BotFamily::Monitor, 2), (BotFamily::Search, 7), (BotFamily::Preview, 3)]);
        assert_eq!(
            left_out(12, &bots).as_deref(),
            Some("12 automated visits were left out: 7 by search engines, 3 by link previews, 2 by monitors.")
        );
    }

    #[test]
    fn one_visit_is_singular() {
        assert_eq!(
            left_out(1, &bots(&[(BotFamily::Seo, 1)])).as_deref(),
            Some("1 automated visit was left out: 1 by SEO tools.")
        );
    }

    #[test]
    fn nothing_is_said_without_automated_visits() {
        assert_eq!(left_out(0, &Bots::new()), None);
    }
}
