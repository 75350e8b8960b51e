//! Maps drawn on the server as SVG (no script, no tiles, nothing fetched): a dot map of a
//! report's location cells and a choropleth of its countries. Both fit a strict CSP: no `style`
//! attribute anywhere, only presentation attributes and classes (`lib/assets/style.css`).
//!
//! **Projection.** Equirectangular: x = longitude, y = −latitude, in degrees. The country shapes
//! (the `world` module) are drawn once in that space, in a hidden definitions SVG (`world_defs`, once per
//! page); each map only chooses its `viewBox` and references them with `<use>`: the whole world
//! as the group `#map-world`, a coloured country as `#map-c-XX`. Borders stay hairline at any
//! zoom (`vector-effect="non-scaling-stroke"` on every path).
//!
//! **Dot map.** One dot per cell; its area is proportional to its clicks (radius 2.5 % of the
//! view's width × √(clicks / most clicks), at least 0.5 % so the smallest stays visible), so
//! dots look the same on screen whatever the zoom. Larger dots are drawn first, smaller ones on
//! top. A cell with clicks whose location was shared by GPS (`precise > 0`) has a second, outer
//! ring in the accent colour and the class `map-dot-precise`. The view is the points' bounding
//! box padded by 15 % and the largest dot, widened to 2:1 and to at least 16° of longitude (one
//! point shows its region), and kept inside the world (the whole world when wider than it).
//! Points on both sides of the antimeridian are fitted naively: the view spans the long way
//! round (at worst the whole world), which is right for every other case and simple.
//!
//! **Choropleth.** The whole world down to 60° S (no Antarctica). Countries with clicks fall in
//! five steps of blue on a logarithmic scale from the fewest clicks of a listed country to the
//! most (step *k* starts at min × (max / min)^((k − 1) / 5), rounded up): clicks per country
//! span orders of magnitude, so a linear scale would leave all but the top country pale, and a
//! quantile scale would shade few countries by rank rather than by size. A count's step depends
//! on its value only (equal counts, equal steps); the largest is always in the darkest step, and
//! when all counts are equal every country is. Countries without clicks are plain land.

mod world;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt::Write;

use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};

use crate::domain::CountryCode;

/// One location cell of a report.
#[derive(Debug, Clone, PartialEq)]
pub struct MapPoint {
    /// What names the cell (e.g. its rounded coordinates, "48.9, 2.3"); the dot's tooltip adds
    /// its counts.
    pub title: String,
    pub lat: f64,
    pub lon: f64,
    /// Clicks in the cell.
    pub value: u64,
    /// Of those, clicks whose location was shared by GPS.
    pub precise: u64,
}

const LAND: &str = "#e6eaef";
const BORDER: &str = "#ffffff";
const ACCENT: &str = "#0b57d0";
/// The choropleth's steps, light to dark (ColorBrewer "Blues" without its two palest, which
/// would not stand out from the land).
const STEPS: [(&str, &str); 5] = [
    ("map-step-1", "#c6dbef"),
    ("map-step-2", "#9ecae1"),
    ("map-step-3", "#6baed6"),
    ("map-step-4", "#3182bd"),
    ("map-step-5", "#08519c"),
];

/// The padding around the points, as a share of their span on each side.
const PAD: f64 = 0.15;
/// The largest and smallest dot radius, as a share of the view's width.
const LARGEST: f64 = 0.025;
const SMALLEST: f64 = 0.005;
/// The narrowest view, in degrees of longitude.
const MIN_SPAN: f64 = 16.0;
/// The choropleth's view: 180° W to 180° E, 85° N to 60° S.
const CHOROPLETH_VIEW: &str = "-180 -85 360 145";

/// The world's shapes, once per page (before or after the maps; hidden).
pub fn world_defs() -> &'static str {
    &world::world().defs
}

/// The dot map, fitted to the points; `None` without points.
pub fn dot_map(points: &[MapPoint], label: &str) -> Option<String> {
    let mut points: Vec<&MapPoint> = points
        .iter()
        .filter(|p| p.lat.is_finite() && p.lon.is_finite() && p.lat.abs() <= 90.0 && p.lon.abs() <= 180.0)
        .collect();
    let view = View::fit(&points)?;
    let most = points.iter().map(|p| p.value).max().unwrap_or(0).max(1) as f64;
    points.sort_by_key(|p| std::cmp::Reverse(p.value));
    let mut svg = open(&view.to_string(), label);
    svg.push_str(&land());
    let _ = write!(
        svg,
        r#"<g class="map-dots" fill="{ACCENT}" fill-opacity=".55" stroke="{BORDER}" stroke-width="1">"#
    );
    for point in points {
        let r = view.w * (LARGEST * (point.value as f64 / most).sqrt()).max(SMALLEST);
        let (cx, cy) = (num(point.lon, 4), num(-point.lat, 4));
        let precise = point.precise > 0;
        let _ = write!(
            svg,
            r#"<g class="map-dot{}"><title>{}</title><circle cx="{cx}" cy="{cy}" r="{}" vector-effect="non-scaling-stroke"/>"#,
            if precise { " map-dot-precise" } else { "" },
            text(&tooltip(point)),
            num(r, 4),
        );
        if precise {
            let ring = r + view.w * SMALLEST;
            let _ = write!(
                svg,
                r#"<circle class="map-dot-ring" cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{ACCENT}" stroke-width="1.5" vector-effect="non-scaling-stroke"/>"#,
                num(ring, 4)
            );
        }
        svg.push_str("</g>");
    }
    svg.push_str("</g></svg>");
    Some(svg)
}

/// The choropleth of `(alpha-2 code, clicks)`; codes without a shape are ignored; `None` when no
/// listed country has a shape and clicks.
pub fn choropleth(countries: &[(String, u64)], label: &str) -> Option<String> {
    let drawn = drawn(countries);
    let scale = Scale::of(&drawn)?;
    let mut svg = open(CHOROPLETH_VIEW, label);
    svg.push_str(&land());
    let _ = write!(
        svg,
        r#"<g stroke="{BORDER}" stroke-width=".75" stroke-linejoin="round">"#
    );
    for (code, clicks) in &drawn {
        let (class, fill) = STEPS[scale.step(*clicks)];
        let name = CountryCode::parse(code).map_or(code.as_str(), |c| c.name());
        let _ = write!(
            svg,
            r##"<use href="#map-c-{code}" class="{class}" fill="{fill}"><title>{}</title></use>"##,
            text(&format!("{name}: {}", clicks_text(*clicks)))
        );
    }
    svg.push_str("</g></svg>");
    Some(svg)
}

/// The five steps' lower bounds as the choropleth's legend shows them: (class, fill, lowest value in the step).
///
/// A step no count can fall in (when the counts are close, two steps may start at the same
/// whole number) is left out; without countries to draw, the legend is empty.
pub fn legend(countries: &[(String, u64)]) -> Vec<(&'static str, &'static str, u64)> {
    let Some(scale) = Scale::of(&drawn(countries)) else {
        return Vec::new();
    };
    (0..STEPS.len())
        .filter(|&k| k + 1 == STEPS.len() || scale.lows[k] < scale.lows[k + 1])
        .map(|k| (STEPS[k].0, STEPS[k].1, scale.lows[k]))
        .collect()
}

/// The countries the choropleth colours: upper-cased codes that have a shape, with clicks,
/// summed per code, in code order.
fn drawn(countries: &[(String, u64)]) -> Vec<(String, u64)> {
    let codes = &world::world().codes;
    let mut drawn: BTreeMap<String, u64> = BTreeMap::new();
    for (code, clicks) in countries {
        let code = code.to_ascii_uppercase();
        if *clicks > 0 && codes.contains(&code) {
            *drawn.entry(code).or_default() += clicks;
        }
    }
    drawn.into_iter().collect()
}

/// The lowest count of each step (see the module's doc).
struct Scale {
    lows: [u64; 5],
}

impl Scale {
    fn of(drawn: &[(String, u64)]) -> Option<Self> {
        let least = drawn.iter().map(|(_, c)| *c).min()? as f64;
        let most = drawn.iter().map(|(_, c)| *c).max()? as f64;
        let lows = std::array::from_fn(|k| {
            let low = least * (most / least).powf(k as f64 / STEPS.len() as f64);
            // Above a whole number by rounding error only: that whole number.
            (low - low * 1e-9).ceil() as u64
        });
        Some(Self { lows })
    }

    /// The step (0-based) a count falls in: the last whose lowest count it reaches.
    fn step(&self, clicks: u64) -> usize {
        self.lows.iter().rposition(|&low| low <= clicks).unwrap_or(0)
    }
}

/// A map's view box, in degrees (x = longitude, y = −latitude).
#[derive(Debug, Clone, Copy, PartialEq)]
struct View {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl View {
    const WORLD: Self = Self {
        x: -180.0,
        y: -90.0,
        w: 360.0,
        h: 180.0,
    };

    /// The view of the points (see the module's doc); `None` without points.
    fn fit(points: &[&MapPoint]) -> Option<Self> {
        let first = points.first()?;
        let (mut left, mut right, mut top, mut bottom) = (first.lon, first.lon, -first.lat, -first.lat);
        for point in points {
            (left, right) = (left.min(point.lon), right.max(point.lon));
            (top, bottom) = (top.min(-point.lat), bottom.max(-point.lat));
        }
        // The padded span plus the largest dot on each side, whose radius is a share of the
        // width: w ≥ span·(1 + 2·PAD) + 2·LARGEST·w, and h = w / 2 likewise.
        let w = MIN_SPAN
            .max((right - left) * (1.0 + 2.0 * PAD) / (1.0 - 2.0 * LARGEST))
            .max((bottom - top) * (1.0 + 2.0 * PAD) / (0.5 - 2.0 * LARGEST));
        if w >= Self::WORLD.w {
            return Some(Self::WORLD);
        }
        let h = w / 2.0;
        let x = ((left + right - w) / 2.0).clamp(Self::WORLD.x, Self::WORLD.x + Self::WORLD.w - w);
        let y = ((top + bottom - h) / 2.0).clamp(Self::WORLD.y, Self::WORLD.y + Self::WORLD.h - h);
        Some(Self { x, y, w, h })
    }
}

impl std::fmt::Display for View {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            num(self.x, 3),
            num(self.y, 3),
            num(self.w, 3),
            num(self.h, 3)
        )
    }
}

/// A map's opening tag and title.
fn open(view_box: &str, label: &str) -> String {
    format!(
        r#"<svg class="map" role="img" aria-label="{}" viewBox="{view_box}" preserveAspectRatio="xMidYMid meet" focusable="false"><title>{}</title>"#,
        attr(label),
        text(label)
    )
}

/// Every country as plain land, hairline borders.
fn land() -> String {
    format!(
        r##"<use href="#map-world" class="map-land" fill="{LAND}" stroke="{BORDER}" stroke-width=".75" stroke-linejoin="round"/>"##
    )
}

/// A dot's tooltip: the cell's title and its counts.
fn tooltip(point: &MapPoint) -> String {
    let mut tip = format!("{}: {}", point.title, clicks_text(point.value));
    if point.precise > 0 {
        let _ = write!(tip, ", {} shared by GPS", point.precise);
    }
    tip
}

fn clicks_text(clicks: u64) -> String {
    crate::domain::counted(clicks, "click", "clicks")
}

/// A number with at most `decimals` decimals, no trailing zeros, and no `-0`.
fn num(value: f64, decimals: usize) -> String {
    let fixed = format!("{value:.decimals$}");
    let trimmed = if fixed.contains('.') {
        fixed.trim_end_matches('0').trim_end_matches('.')
    } else {
        &fixed
    };
    if trimmed == "-0" {
        "0".to_string()
    } else {
        trimmed.to_string()
    }
}
