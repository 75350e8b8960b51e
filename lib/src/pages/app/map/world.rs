//! The world's country shapes, decoded once per process from the vendored Natural Earth
//! TopoJSON (`lib/assets/world`, from the npm package `world-atlas`) into SVG path data.
//!
//! The `topojson` crate (georust) parses the topology and stitches its shared arcs into rings
//! (`to_geojson`); its GeoJSON result is read back through serde into the two geometry kinds the
//! file holds, so no `geojson` type is named here.
//!
//! Coordinates are equirectangular degrees (x = longitude, y = −latitude), rounded to 0.1° (the
//! 1:110m data is no finer). Each ring is written as a relative `m` (absolute at the start of a
//! path; after `z` the pen is back at the ring's first point), implicit relative line-tos, and
//! `z`: numbers in the fewest characters (`.5`, `-1.2`, no separator before a minus sign or
//! between `1.5` and `.5`). Points that round onto the previous one, points on a straight line
//! between their neighbours, and rings left with fewer than three points are dropped.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;
use std::sync::OnceLock;

use serde::Deserialize;

const TOPOLOGY: &str = include_str!("../../../../assets/world/countries-110m.json");

/// One country (or territory) of the data: its element id and its path data.
pub(super) struct Shape {
    /// `map-c-US` for a shape with an ISO 3166-1 alpha-2 code; `map-x-kosovo` for one without
    /// (drawn as land, never coloured by code).
    pub id: String,
    pub d: String,
}

pub(super) struct World {
    /// Every shape (the tests read each path back; the pages use `defs`).
    #[cfg_attr(not(test), allow(dead_code))]
    pub shapes: Vec<Shape>,
    /// The alpha-2 codes that have a shape.
    pub codes: HashSet<String>,
    /// The hidden definitions SVG: every shape once, in a group `map-world`.
    pub defs: String,
}

/// The decoded world, built on first use.
pub(super) fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(decode)
}

pub(super) type Ring = Vec<[f64; 2]>;

#[derive(Deserialize)]
struct Collection {
    features: Vec<Feature>,
}

#[derive(Deserialize)]
struct Feature {
    id: Option<String>,
    properties: Option<Properties>,
    geometry: Geometry,
}

#[derive(Deserialize)]
struct Properties {
    name: Option<String>,
}

#[derive(Deserialize)]
#[serde(tag = "type", content = "coordinates")]
enum Geometry {
    Polygon(Vec<Ring>),
    MultiPolygon(Vec<Vec<Ring>>),
}

fn decode() -> World {
    let Ok(topojson::TopoJson::Topology(topology)) = TOPOLOGY.parse::<topojson::TopoJson>() else {
        panic!("the vendored world is a TopoJSON topology");
    };
    let features = topojson::to_geojson(&topology, "countries").expect("the world has countries");
    let collection: Collection = serde_json::from_value(serde_json::to_value(&features).expect("GeoJSON serialises"))
        .expect("every country is a polygon or a multipolygon");
    let numeric = numeric_codes();
    let mut codes = HashSet::new();
    let mut shapes = Vec::with_capacity(collection.features.len());
    for feature in collection.features {
        let polygons = match feature.geometry {
            Geometry::Polygon(rings) => vec![rings],
            Geometry::MultiPolygon(polygons) => polygons,
        };
        let d = path(&polygons);
        if d.is_empty() {
            continue;
        }
        let code = feature
            .id
            .and_then(|id| id.parse::<u16>().ok())
            .and_then(|number| numeric.get(&number))
            .filter(|code| !codes.contains(*code));
        let id = match code {
            Some(code) => {
                codes.insert(code.clone());
                format!("map-c-{code}")
            }
            None => {
                let name = feature.properties.and_then(|p| p.name).unwrap_or_default();
                let slug: String = name.chars().filter(char::is_ascii_alphanumeric).collect();
                format!("map-x-{}-{}", shapes.len(), slug.to_ascii_lowercase())
            }
        };
        shapes.push(Shape { id, d });
    }
    let mut defs = String::from(
        r#"<svg class="map-defs" aria-hidden="true" focusable="false" width="0" height="0"><defs><g id="map-world">"#,
    );
    for shape in &shapes {
        // `vector-effect` is not inherited, so it sits on each path rather than on a `<use>`.
        let _ = write!(
            defs,
            r#"<path id="{}" vector-effect="non-scaling-stroke" d="{}"/>"#,
            shape.id, shape.d
        );
    }
    defs.push_str("</g></defs></svg>");
    World { shapes, codes, defs }
}

/// ISO 3166-1 numeric code → alpha-2 code, for every country keshvar knows.
fn numeric_codes() -> HashMap<u16, String> {
    keshvar::SUPPORTED_ALPHA2_LIST
        .iter()
        .filter_map(|code| Some((code.to_country().number().parse().ok()?, code.to_string())))
        .collect()
}

/// The path data of a country's polygons (outer rings and holes alike: the fill rule of a
/// polygon's holes is the default `nonzero`, and Natural Earth winds holes the other way).
pub(super) fn path(polygons: &[Vec<Ring>]) -> String {
    let mut d = String::new();
    let mut pen = (0, 0);
    for ring in polygons.iter().flatten().flat_map(planar) {
        let points = grid(&ring);
        if points.len() < 3 {
            continue;
        }
        d.push('m');
        let mut previous = pen;
        for &point in &points {
            number(&mut d, point.0 - previous.0);
            number(&mut d, point.1 - previous.1);
            previous = point;
        }
        d.push('z');
        pen = points[0];
    }
    d
}

/// A ring as plane polygons. The data is spherical: a ring that crosses the antimeridian jumps
/// from +180° to −180°, which drawn flat is a band across the world. Such a ring is unwrapped
/// into continuous longitudes and cut at ±180° (Sutherland–Hodgman against that line), the part
/// beyond it shifted by 360° to the other edge. A ring around a pole (Antarctica) is closed
/// along the pole's edge of the map.
fn planar(ring: &Ring) -> Vec<Ring> {
    let mut flat: Ring = Vec::with_capacity(ring.len() + 2);
    for &[lon, lat] in ring {
        let lon = match flat.last() {
            Some(&[before, _]) => lon + 360.0 * ((before - lon) / 360.0).round(),
            None => lon,
        };
        flat.push([lon, lat]);
    }
    if let (Some(&[first, lat]), Some(&[last, _])) = (flat.first(), flat.last())
        && (last - first).abs() > 180.0
    {
        let pole = if lat < 0.0 { -90.0 } else { 90.0 };
        flat.extend([[last, pole], [first, pole]]);
    }
    let (west, east) = flat
        .iter()
        .fold((180.0_f64, -180.0_f64), |(w, e), p| (w.min(p[0]), e.max(p[0])));
    let edge = if east > 180.0 + 1e-6 {
        180.0
    } else if west < -180.0 - 1e-6 {
        -180.0
    } else {
        return vec![flat];
    };
    let inside = clip(&flat, |lon| (lon - edge) * edge.signum() <= 0.0, edge);
    let beyond = clip(&flat, |lon| (lon - edge) * edge.signum() >= 0.0, edge);
    let shift = -2.0 * edge;
    vec![
        inside,
        beyond.into_iter().map(|[lon, lat]| [lon + shift, lat]).collect(),
    ]
}

/// The part of a ring on the side of the meridian `edge` where `keep` holds.
fn clip(ring: &Ring, keep: impl Fn(f64) -> bool, edge: f64) -> Ring {
    let mut kept = Vec::with_capacity(ring.len());
    for (i, &point) in ring.iter().enumerate() {
        let next = ring[(i + 1) % ring.len()];
        if keep(point[0]) {
            kept.push(point);
        }
        if keep(point[0]) != keep(next[0]) {
            let t = (edge - point[0]) / (next[0] - point[0]);
            kept.push([edge, point[1] + t * (next[1] - point[1])]);
        }
    }
    kept
}

/// A ring's points in tenths of a degree (x = longitude, y = −latitude), without repeats, the
/// closing point, or points in the middle of a straight run.
fn grid(ring: &Ring) -> Vec<(i32, i32)> {
    let mut points: Vec<(i32, i32)> = Vec::with_capacity(ring.len());
    for &[lon, lat] in ring {
        let point = ((lon * 10.0).round() as i32, (-lat * 10.0).round() as i32);
        if points.last() != Some(&point) {
            points.push(point);
        }
    }
    while points.len() > 1 && points.first() == points.last() {
        points.pop();
    }
    let mut kept: Vec<(i32, i32)> = Vec::with_capacity(points.len());
    for (i, &point) in points.iter().enumerate() {
        let next = points[(i + 1) % points.len()];
        if let Some(&before) = kept.last() {
            let (a, b) = (
                (point.0 - before.0, point.1 - before.1),
                (next.0 - point.0, next.1 - point.1),
            );
            let straight = a.0 * b.1 == a.1 * b.0 && a.0 * b.0 + a.1 * b.1 > 0;
            if straight {
                continue;
            }
        }
        kept.push(point);
    }
    kept
}

/// Appends a number given in tenths, in its shortest form, with a space before it only where
/// the path grammar needs one.
fn number(d: &mut String, tenths: i32) {
    let (whole, tenth) = (tenths.unsigned_abs() / 10, tenths.unsigned_abs() % 10);
    let starts_with_dot = whole == 0 && tenth != 0;
    let last_token_has_dot = d
        .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map_or(d.as_str(), |at| &d[at + 1..])
        .contains('.');
    let after_command = d.ends_with(|c: char| c.is_ascii_alphabetic());
    if !(after_command || tenths < 0 || starts_with_dot && last_token_has_dot) {
        d.push(' ');
    }
    if tenths < 0 {
        d.push('-');
    }
    match (whole, tenth) {
        (whole, 0) => write!(d, "{whole}"),
        (0, tenth) => write!(d, ".{tenth}"),
        (whole, tenth) => write!(d, "{whole}.{tenth}"),
    }
    .expect("writing to a String");
}
