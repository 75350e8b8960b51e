//! Where visitors were, on the analytics pages: a dot map of the report's location cells and a
//! choropleth of its countries (`map`), each with a table beside it that says the same in
//! words. Cells only: a precise position never reaches a page.

use super::analytics::ranked;
use super::analytics_views::{CellRow, CountryRow, LegendStep, WhereView};
use super::map::{self, MapPoint};
use crate::analytics::report::{Breakdown, Locations, Totals};
use crate::domain::{counted, for_count};

/// The maps and their tables for a report's totals, cells and countries.
pub fn view(totals: &Totals, cells: &Locations, countries: &Breakdown) -> WhereView {
    let mut ranked_cells: Vec<_> = cells.iter().collect();
    ranked_cells.sort_by(|a, b| b.1.value.cmp(&a.1.value).then_with(|| a.0.cmp(b.0)));
    let points: Vec<MapPoint> = ranked_cells
        .iter()
        .map(|(_, cell)| MapPoint {
            title: cell.title.clone(),
            lat: cell.lat,
            lon: cell.lon,
            value: cell.value,
            precise: cell.precise,
        })
        .collect();
    let coded: Vec<(String, u64)> = countries
        .iter()
        .filter_map(|(code, entry)| entry.flag.as_ref().map(|_| (code.clone(), entry.value)))
        .collect();
    let located = totals.located;
    WhereView {
        defs: map::world_defs(),
        summary: summary(totals),
        dots: map::dot_map(
            &points,
            &format!(
                "Map of {} by area of about 5 km",
                counted(located, "located click", "located clicks")
            ),
        ),
        cells: ranked_cells
            .iter()
            .map(|(key, cell)| CellRow {
                key: (*key).clone(),
                title: cell.title.clone(),
                clicks: cell.value,
                precise: cell.precise,
            })
            .collect(),
        choropleth: map::choropleth(&coded, "Map of clicks by country"),
        legend: map::legend(&coded)
            .into_iter()
            .map(|(class, fill, from)| LegendStep {
                class,
                fill,
                label: format!("{from}+"),
            })
            .collect(),
        countries: ranked(countries)
            .into_iter()
            .map(|(_, entry)| CountryRow {
                name: entry.title.clone(),
                clicks: entry.value,
            })
            .collect(),
    }
}

/// How many clicks of the range have a location, and how many visitors shared theirs.
fn summary(totals: &Totals) -> String {
    let (located, total, shared) = (totals.located, totals.period_total, totals.gps_shared);
    let clicks = counted(total, "click", "clicks");
    if located == 0 {
        return format!("None of the {clicks} in the range has a location.");
    }
    let verb = for_count(located, "has", "have");
    let estimate = "CloudFront's estimate from the visitor's address, to about 11 km";
    let sources = match shared {
        0 => estimate.to_string(),
        1 => format!("1 from a visitor who chose to share their position, the others {estimate}"),
        n => format!("{n} from visitors who chose to share their position, the others {estimate}"),
    };
    format!("{located} of {clicks} in the range {verb} a location: {sources}. Each dot is an area of about 5 km.")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn totals(period_total: u64, located: u64, gps_shared: u64) -> Totals {
        Totals {
            period_total,
            located,
            gps_shared,
            ..Totals::default()
        }
    }

    #[test]
    fn a_range_without_located_clicks_says_so_plainly() {
        assert_eq!(
            summary(&totals(1, 0, 0)),
            "None of the 1 click in the range has a location."
        );
    }

    #[test]
    fn the_summary_says_how_many_clicks_have_a_location_and_how_many_were_shared() {
        assert_eq!(
            summary(&totals(10, 7, 0)),
            "7 of 10 clicks in the range have a location: CloudFront's estimate from the visitor's address, \
             to about 11 km. Each dot is an area of about 5 km."
        );
        assert_eq!(
            summary(&totals(1, 1, 1)),
            "1 of 1 click in the range has a location: 1 from a visitor who chose to share their position, \
             the others CloudFront's estimate from the visitor's address, to about 11 km. Each dot is an area \
             of about 5 km."
        );
    }
}
