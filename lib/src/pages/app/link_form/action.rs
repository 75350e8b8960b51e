//! The builder's buttons, read from the `action` a submit button sent.

/// A button of the builder: it changes the form, which is shown again (nothing is saved).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Save,
    AddRule,
    RemoveRule(usize),
    RuleUp(usize),
    RuleDown(usize),
    AddVariant,
    RemoveVariant(usize),
    /// Fill the UTM fields from the template chosen in the dropdown (without JavaScript; with
    /// it, choosing fills them at once).
    FillUtm,
}

impl Action {
    /// The `action` a submit button sent (`rule-up-2`); none, or one not understood, saves.
    pub fn parse(raw: Option<&str>) -> Self {
        let Some(raw) = raw else { return Self::Save };
        let indexed = |prefix: &str| raw.strip_prefix(prefix).and_then(|n| n.parse::<usize>().ok());
        match raw {
            "add-rule" => Self::AddRule,
            "add-variant" => Self::AddVariant,
            "fill-utm" => Self::FillUtm,
            _ => indexed("remove-rule-")
                .map(Self::RemoveRule)
                .or_else(|| indexed("rule-up-").map(Self::RuleUp))
                .or_else(|| indexed("rule-down-").map(Self::RuleDown))
                .or_else(|| indexed("remove-variant-").map(Self::RemoveVariant))
                .unwrap_or(Self::Save),
        }
    }
}
