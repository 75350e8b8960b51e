//! The analytics pages' charts: SVG drawn on the server by `plotters` (its SVG backend), so a
//! page shows its pictures without JavaScript and under a strict CSP. Only layout is ours:
//! sizes, colours, which labels to show.

use chrono::NaiveDate;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The pages' accent and ink colours (as in the stylesheet).
const ACCENT: RGBColor = RGBColor(11, 87, 208);
/// Conversions' colour: a green with the contrast against white a chart's marks need (5:1).
const SUCCESS: RGBColor = RGBColor(26, 127, 55);
const INK: RGBColor = RGBColor(27, 31, 36);
const MUTED: RGBColor = RGBColor(87, 96, 106);
const LINE: RGBColor = RGBColor(208, 215, 222);
const FAINT: RGBColor = RGBColor(234, 238, 242);
const FONT: &str = "system-ui, sans-serif";

/// What a daily series is drawn in: clicks in the accent, conversions in green.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Clicks,
    Conversions,
}

impl Tone {
    fn colour(self) -> RGBColor {
        match self {
            Self::Clicks => ACCENT,
            Self::Conversions => SUCCESS,
        }
    }
}

/// Above this many days the daily series is an area (bars would be thinner than a pixel).
const MOST_BARS: usize = 120;

/// How wide the daily chart is drawn: for wide screens, or for phones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    Wide,
    Narrow,
}

impl Fit {
    fn size(self) -> (u32, u32) {
        match self {
            Self::Wide => (760, 240),
            Self::Narrow => (340, 220),
        }
    }

    fn x_labels(self) -> usize {
        match self {
            Self::Wide => 8,
            Self::Narrow => 4,
        }
    }
}

/// Font sizes as plotters takes them (it writes `size / 1.24` into the SVG).
fn text(px: f64, color: &RGBColor) -> TextStyle<'static> {
    (FONT, px * 1.24).into_font().color(color)
}

/// A round top for an axis holding `max` (at least 1, so an empty series has an axis).
fn axis_top(max: u64) -> u64 {
    let max = max.max(1);
    let magnitude = 10u64.pow(max.ilog10());
    let step = [1, 2, 5, 10]
        .iter()
        .map(|m| m * magnitude / if magnitude >= 10 { 10 } else { 1 })
        .find(|step| max.div_ceil(*step) <= 5)
        .unwrap_or(magnitude);
    max.div_ceil(step) * step
}

/// Labels the SVG for assistive technology and lets the stylesheet size it.
fn finish(mut svg: String, label: &str) -> String {
    let label = html_escape::encode_double_quoted_attribute(label);
    if let Some(rest) = svg.strip_prefix("<svg ") {
        svg = format!("<svg class=\"chart\" role=\"img\" aria-label=\"{label}\" focusable=\"false\" {rest}");
    }
    svg
}

/// Draws with `draw` into a fresh SVG of `size`; a drawing failure (it cannot happen with the
/// SVG backend writing to a string) leaves the chart out rather than failing the page.
fn render(size: (u32, u32), draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Option<()>) -> Option<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw(&root)?;
        root.present().ok()?;
    }
    Some(svg)
}

/// A count per day (clicks, conversions), every day of the range (zeros included): bars, or an
/// area for long ranges.
pub fn daily(days: &[(NaiveDate, u64)], fit: Fit, tone: Tone, label: &str) -> Option<String> {
    let colour = tone.colour();
    let n = u32::try_from(days.len()).ok().filter(|n| *n > 0)?;
    let top = axis_top(days.iter().map(|(_, v)| *v).max().unwrap_or(0));
    let long = days.len() > 365;
    let date_label = |i: u32| {
        days.get(i as usize).map_or_else(String::new, |(day, _)| {
            if long {
                day.format("%b %Y").to_string()
            } else {
                day.format("%b %-d").to_string()
            }
        })
    };
    let svg = render(fit.size(), |root| {
        let mut builder = ChartBuilder::on(root);
        builder
            .margin_top(12)
            .margin_right(16)
            .margin_left(4)
            .x_label_area_size(26)
            .y_label_area_size(44);
        let mut chart = builder.build_cartesian_2d((0..n).into_segmented(), 0..top).ok()?;
        let formatter = |v: &SegmentValue<u32>| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => date_label(*i),
            SegmentValue::Last => String::new(),
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .set_all_tick_mark_size(0)
            .bold_line_style(FAINT)
            .light_line_style(TRANSPARENT)
            .axis_style(LINE)
            .x_labels(fit.x_labels().min(days.len()))
            .y_labels(5)
            .x_label_formatter(&formatter)
            .label_style(text(12.0, &MUTED))
            .draw()
            .ok()?;
        let points = days.iter().enumerate().map(|(i, (_, v))| (i as u32, *v));
        if days.len() <= MOST_BARS {
            let gap = if days.len() > 45 { 0 } else { 2 };
            let bars = Histogram::vertical(&chart)
                .style(colour.filled())
                .margin(gap)
                .data(points);
            chart.draw_series(bars).ok()?;
        } else {
            let area = points.map(|(i, v)| (SegmentValue::CenterOf(i), v));
            chart
                .draw_series(AreaSeries::new(area, 0, colour.mix(0.35)).border_style(colour))
                .ok()?;
        }
        Some(())
    })?;
    Some(finish(svg, label))
}

/// At most this many characters of a bar's label are drawn (the table beside has them all).
const LABEL_CHARS: usize = 22;

fn shorten(label: &str) -> String {
    if label.chars().count() <= LABEL_CHARS {
        label.to_string()
    } else {
        let mut short: String = label.chars().take(LABEL_CHARS - 1).collect();
        short.push('…');
        short
    }
}

/// A breakdown's entries as horizontal bars, largest first, each labelled with its count.
pub fn bars(entries: &[(String, u64)], label: &str) -> Option<String> {
    if entries.is_empty() {
        return None;
    }
    let rows = entries.len();
    let labels: Vec<String> = entries.iter().map(|(name, _)| shorten(name)).collect();
    let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    let label_area = (widest as u32 * 7 + 14).clamp(48, 160);
    let max = entries.iter().map(|(_, v)| *v).max().unwrap_or(0).max(1) as f64;
    // Room right of the longest bar for its count.
    let digits = max.log10().floor() + 1.0;
    let right = max * (1.18 + 0.04 * digits);
    let size = (340, 26 * rows as u32 + 8);
    let svg = render(size, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin_top(4)
            .margin_right(6)
            .y_label_area_size(label_area)
            .x_label_area_size(0)
            .build_cartesian_2d(0.0..right, (0..rows).into_segmented())
            .ok()?;
        // Row 0 is drawn at the bottom: the largest entry goes to the top row.
        let row_of = |i: usize| rows - 1 - i;
        let formatter = |v: &SegmentValue<usize>| match v {
            SegmentValue::CenterOf(r) => (rows - 1)
                .checked_sub(*r)
                .and_then(|i| labels.get(i))
                .cloned()
                .unwrap_or_default(),
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .disable_y_mesh()
            .axis_style(LINE)
            .set_all_tick_mark_size(0)
            .y_labels(rows)
            .y_label_formatter(&formatter)
            .label_style(text(13.0, &INK))
            .draw()
            .ok()?;
        chart
            .draw_series(
                Histogram::horizontal(&chart)
                    .style(ACCENT.filled())
                    .margin(5)
                    .data(entries.iter().enumerate().map(|(i, (_, v))| (row_of(i), *v as f64))),
            )
            .ok()?;
        let count_style = text(13.0, &INK).pos(Pos::new(HPos::Left, VPos::Center));
        chart
            .draw_series(entries.iter().enumerate().map(|(i, (_, v))| {
                Text::new(
                    v.to_string(),
                    (*v as f64 + right * 0.02, SegmentValue::CenterOf(row_of(i))),
                    count_style.clone(),
                )
            }))
            .ok()?;
        Some(())
    })?;
    Some(finish(svg, label))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(values: &[u64]) -> Vec<(NaiveDate, u64)> {
        let first: NaiveDate = "2026-06-01".parse().unwrap();
        values
            .iter()
            .enumerate()
            .map(|(i, v)| (first + chrono::Days::new(i as u64), *v))
            .collect()
    }

    #[test]
    fn axis_tops_are_round_and_hold_the_maximum() {
        for (max, top) in [(0, 1), (1, 1), (3, 3), (7, 8), (12, 15), (96, 100), (1234, 1500)] {
            assert_eq!(axis_top(max), top, "max {max}");
        }
    }

    #[test]
    fn the_daily_chart_is_labelled_svg_without_inline_style() {
        let svg = daily(&days(&[0, 3, 1]), Fit::Wide, Tone::Clicks, "Clicks per day").unwrap();
        assert!(svg.starts_with("<svg class=\"chart\" role=\"img\" aria-label=\"Clicks per day\""));
        assert!(!svg.contains("style="), "a strict CSP forbids style attributes");
        assert!(svg.contains("Jun 1"), "days are named on the axis");
    }

    #[test]
    fn a_long_range_is_drawn_as_an_area() {
        let long: Vec<u64> = (0..400).map(|d| d % 7).collect();
        let svg = daily(&days(&long), Fit::Narrow, Tone::Conversions, "Conversions per day").unwrap();
        assert!(svg.contains("<polygon") || svg.contains("<path"), "{svg}");
    }

    #[test]
    fn bars_carry_their_counts_and_escape_their_labels() {
        let entries = vec![("<b>Berlin</b>".to_string(), 12), ("Paris".to_string(), 3)];
        let svg = bars(&entries, "Cities").unwrap();
        assert!(svg.contains(">\n12\n<") || svg.contains(">12<"), "{svg}");
        assert!(svg.contains("&lt;b&gt;Berlin"), "labels are escaped");
        assert!(!svg.contains("<b>"));
    }

    #[test]
    fn no_entries_no_chart() {
        assert!(bars(&[], "Cities").is_none());
        assert!(daily(&[], Fit::Wide, Tone::Clicks, "Clicks").is_none());
    }
}
