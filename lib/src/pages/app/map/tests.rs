use super::world::{path, world};
use super::*;

fn point(lat: f64, lon: f64, value: u64) -> MapPoint {
    MapPoint {
        title: format!("{lat}, {lon}"),
        lat,
        lon,
        value,
        precise: 0,
    }
}

fn countries(list: &[(&str, u64)]) -> Vec<(String, u64)> {
    list.iter().map(|(code, clicks)| (code.to_string(), *clicks)).collect()
}

/// The values of attribute `name` on every `<tag ` element, in order.
fn values(svg: &str, tag: &str, name: &str) -> Vec<String> {
    svg.split(&format!("<{tag} "))
        .skip(1)
        .filter_map(|element| {
            let element = format!(" {}", &element[..element.find('>').unwrap_or(element.len())]);
            let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
            Some(element[start..start + element[start..].find('"')?].to_string())
        })
        .collect()
}

fn numbers(svg: &str, tag: &str, name: &str) -> Vec<f64> {
    values(svg, tag, name)
        .iter()
        .map(|v| v.parse().expect("a number"))
        .collect()
}

/// The dot circles' (cx, cy, r), rings left out.
fn dots(svg: &str) -> Vec<(f64, f64, f64)> {
    let (cx, cy, r) = (
        numbers(svg, "circle", "cx"),
        numbers(svg, "circle", "cy"),
        numbers(svg, "circle", "r"),
    );
    let rings: Vec<bool> = svg
        .split("<circle ")
        .skip(1)
        .map(|c| c.starts_with("class=\"map-dot-ring\""))
        .collect();
    (0..cx.len())
        .filter(|&i| !rings[i])
        .map(|i| (cx[i], cy[i], r[i]))
        .collect()
}

fn view_box(svg: &str) -> (f64, f64, f64, f64) {
    let n: Vec<f64> = values(svg, "svg", "viewBox")[0]
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    (n[0], n[1], n[2], n[3])
}

fn europe_and_us() -> Vec<MapPoint> {
    vec![
        point(48.86, 2.35, 12),
        point(52.52, 13.4, 5),
        point(40.71, -74.0, 30),
        point(37.77, -122.42, 1),
    ]
}

const MAJOR: [&str; 13] = [
    "US", "FR", "DE", "GB", "JP", "BR", "IN", "AU", "CN", "RU", "ZA", "CA", "MX",
];

/// The countries a choropleth colours (its `<use>` of a country, not of the whole world).
fn coloured(svg: &str) -> Vec<String> {
    values(svg, "use", "href")
        .into_iter()
        .filter(|href| href != "#map-world")
        .collect()
}

#[test]
fn a_point_is_drawn_at_its_longitude_and_minus_its_latitude() {
    let svg = dot_map(&[point(48.9, 2.3, 1)], "Clicks").unwrap();
    let (cx, cy, _) = dots(&svg)[0];
    assert_eq!((cx, cy), (2.3, -48.9));
}

#[test]
fn the_view_contains_every_point_with_its_dot_and_is_twice_as_wide_as_tall() {
    let points = europe_and_us();
    let svg = dot_map(&points, "Clicks").unwrap();
    let (x, y, w, h) = view_box(&svg);
    assert!((w / h - 2.0).abs() < 1e-3, "{w} × {h}");
    for (cx, cy, r) in dots(&svg) {
        assert!(
            x <= cx - r && cx + r <= x + w && y <= cy - r && cy + r <= y + h,
            "({cx}, {cy}) r {r} outside"
        );
    }
}

#[test]
fn one_point_gets_the_minimum_span_centred_on_it_not_a_tiny_box() {
    let svg = dot_map(&[point(48.9, 2.3, 7)], "Clicks").unwrap();
    let (x, y, w, h) = view_box(&svg);
    assert_eq!((w, h), (16.0, 8.0));
    assert!((x + w / 2.0 - 2.3).abs() < 1e-3 && (y + h / 2.0 + 48.9).abs() < 1e-3);
}

#[test]
fn a_point_near_the_edge_of_the_world_keeps_its_view_inside_the_world() {
    let svg = dot_map(&[point(89.0, 179.0, 1)], "Clicks").unwrap();
    assert_eq!(view_box(&svg), (164.0, -90.0, 16.0, 8.0));
}

#[test]
fn points_spanning_the_world_give_the_world() {
    let svg = dot_map(&[point(60.0, -170.0, 1), point(-40.0, 175.0, 1)], "Clicks").unwrap();
    assert_eq!(view_box(&svg), (-180.0, -90.0, 360.0, 180.0));
}

#[test]
fn a_bigger_value_gives_a_bigger_dot_and_equal_values_equal_dots() {
    let svg = dot_map(
        &[point(10.0, 10.0, 100), point(11.0, 11.0, 25), point(12.0, 12.0, 25)],
        "Clicks",
    )
    .unwrap();
    let r: Vec<f64> = dots(&svg).iter().map(|d| d.2).collect();
    assert!(r[0] > r[1], "{r:?}");
    assert_eq!(r[1], r[2]);
    // Area ∝ clicks: a quarter of the clicks, half the radius.
    assert!((r[0] / r[1] - 2.0).abs() < 1e-2, "{r:?}");
}

#[test]
fn dot_sizes_are_a_share_of_the_view_width_whatever_the_zoom() {
    for points in [
        vec![point(10.0, 10.0, 9)],
        vec![point(60.0, -170.0, 9), point(-40.0, 175.0, 1)],
    ] {
        let svg = dot_map(&points, "Clicks").unwrap();
        let (_, _, w, _) = view_box(&svg);
        let r: Vec<f64> = dots(&svg).iter().map(|d| d.2).collect();
        assert!((r[0] / w - 0.025).abs() < 1e-4, "largest {} of {w}", r[0]);
        assert!(r.iter().all(|r| r / w >= 0.005 - 1e-4), "{r:?} of {w}");
    }
}

#[test]
fn larger_dots_are_drawn_first_so_small_ones_stay_on_top() {
    let svg = dot_map(&[point(1.0, 1.0, 2), point(2.0, 2.0, 50), point(3.0, 3.0, 9)], "Clicks").unwrap();
    let order: Vec<f64> = dots(&svg).iter().map(|d| d.1).collect();
    assert_eq!(order, [-2.0, -3.0, -1.0]);
}

#[test]
fn dots_with_gps_clicks_are_marked_and_ringed_and_say_so() {
    let mut gps = point(48.9, 2.3, 12);
    gps.precise = 3;
    let svg = dot_map(&[gps, point(50.0, 3.0, 4)], "Clicks").unwrap();
    assert_eq!(svg.matches("map-dot map-dot-precise").count(), 1);
    assert_eq!(svg.matches("class=\"map-dot-ring\"").count(), 1);
    assert!(
        svg.contains("<title>48.9, 2.3: 12 clicks, 3 shared by GPS</title>"),
        "{svg}"
    );
    assert!(svg.contains("<title>50, 3: 4 clicks</title>"), "{svg}");
}

#[test]
fn titles_and_labels_are_escaped() {
    let mut evil = point(1.0, 1.0, 1);
    evil.title = "<script>alert(1)</script>".into();
    let dots = dot_map(&[evil], "<script>\"x\"</script>").unwrap();
    let map = choropleth(&countries(&[("FR", 1)]), "<script>").unwrap();
    for svg in [dots, map] {
        assert!(!svg.contains("<script"), "{svg}");
    }
}

#[test]
fn no_output_has_a_style_attribute_or_a_script() {
    let mut gps = point(1.0, 1.0, 5);
    gps.precise = 1;
    let list = countries(&[("US", 120), ("DE", 40)]);
    for svg in [
        world_defs().to_string(),
        dot_map(&[gps], "Dots").unwrap(),
        choropleth(&list, "Countries").unwrap(),
    ] {
        assert!(!svg.contains("style="), "{}", &svg[..200]);
        assert!(!svg.contains("<script") && !svg.contains("<style"));
    }
}

#[test]
fn maps_carry_their_label_and_no_size() {
    let svg = dot_map(&[point(1.0, 1.0, 1)], "Where clicks came from").unwrap();
    assert!(svg.starts_with(r#"<svg class="map" role="img" aria-label="Where clicks came from" viewBox=""#));
    assert!(
        svg.contains(r#"preserveAspectRatio="xMidYMid meet" focusable="false"><title>Where clicks came from</title>"#)
    );
    assert!(values(&svg, "svg", "width").is_empty() && values(&svg, "svg", "height").is_empty());
}

#[test]
fn no_points_give_no_map() {
    assert_eq!(dot_map(&[], "Clicks"), None);
    assert_eq!(dot_map(&[point(f64::NAN, 1.0, 1)], "Clicks"), None);
}

#[test]
fn the_choropleth_colours_exactly_the_countries_given_with_the_largest_in_the_darkest_step() {
    let svg = choropleth(
        &countries(&[("US", 120), ("DE", 40), ("FR", 30), ("BR", 5), ("JP", 1)]),
        "Countries",
    )
    .unwrap();
    let coloured = coloured(&svg);
    assert_eq!(
        coloured,
        ["#map-c-BR", "#map-c-DE", "#map-c-FR", "#map-c-JP", "#map-c-US"]
    );
    assert!(
        svg.contains(r##"<use href="#map-c-US" class="map-step-5" fill="#08519c">"##),
        "{svg}"
    );
    assert!(
        svg.contains(r##"<use href="#map-c-JP" class="map-step-1" fill="#c6dbef">"##),
        "{svg}"
    );
    assert!(svg.contains("<title>France: 30 clicks</title>"));
}

#[test]
fn equal_counts_fall_in_the_same_step() {
    let svg = choropleth(&countries(&[("US", 500), ("DE", 7), ("FR", 7), ("JP", 1)]), "Countries").unwrap();
    let class = |code: &str| {
        let at = svg.find(&format!("#map-c-{code}\" class=\"")).unwrap() + 17;
        svg[at..at + 10].to_string()
    };
    assert_eq!(class("DE"), class("FR"));
}

#[test]
fn when_every_count_is_equal_every_country_is_in_the_darkest_step() {
    let list = countries(&[("US", 3), ("FR", 3)]);
    let svg = choropleth(&list, "Countries").unwrap();
    assert_eq!(svg.matches("map-step-5").count(), 2);
    assert_eq!(legend(&list), [("map-step-5", "#08519c", 3)]);
}

#[test]
fn unknown_codes_and_countries_without_clicks_are_ignored() {
    let svg = choropleth(
        &countries(&[("ZZ", 9), ("Unknown", 9), ("fr", 2), ("DE", 0)]),
        "Countries",
    )
    .unwrap();
    let coloured = coloured(&svg);
    assert_eq!(coloured, ["#map-c-FR"]);
}

#[test]
fn no_country_with_a_shape_and_clicks_gives_no_choropleth_and_no_legend() {
    let list = countries(&[("ZZ", 9), ("Unknown", 3), ("US", 0)]);
    assert_eq!(choropleth(&list, "Countries"), None);
    assert_eq!(choropleth(&[], "Countries"), None);
    assert!(legend(&list).is_empty());
}

#[test]
fn the_legend_starts_at_the_fewest_clicks_and_rises_to_the_darkest_step() {
    let legend = legend(&countries(&[("US", 120), ("DE", 40), ("FR", 30), ("BR", 5), ("JP", 1)]));
    let lows: Vec<u64> = legend.iter().map(|step| step.2).collect();
    assert_eq!(lows, [1, 3, 7, 18, 47]);
    assert_eq!(legend[0].0, "map-step-1");
    assert_eq!(legend[4], ("map-step-5", "#08519c", 47));
}

#[test]
fn the_legend_leaves_out_steps_no_count_can_fall_in() {
    let lows: Vec<u64> = legend(&countries(&[("US", 3), ("FR", 1)]))
        .iter()
        .map(|step| step.2)
        .collect();
    assert_eq!(lows, [1, 2, 3]);
}

#[test]
fn the_defs_have_a_path_for_each_major_country() {
    let ids = values(world_defs(), "path", "id");
    for code in MAJOR {
        assert!(ids.contains(&format!("map-c-{code}")), "{code}");
    }
}

#[test]
fn shapes_without_an_iso_code_stay_land_under_their_own_id() {
    let ids = values(world_defs(), "path", "id");
    for name in ["kosovo", "ncyprus", "somaliland"] {
        assert_eq!(
            ids.iter()
                .filter(|id| id.starts_with("map-x-") && id.ends_with(name))
                .count(),
            1,
            "{name}"
        );
    }
    let unique: std::collections::HashSet<&String> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len(), "ids are unique");
    assert!(world_defs().contains(r#"<g id="map-world">"#));
}

#[test]
fn the_defs_are_hidden_and_every_border_is_hairline_at_any_zoom() {
    let defs = world_defs();
    assert!(
        defs.starts_with(r#"<svg class="map-defs" aria-hidden="true" focusable="false" width="0" height="0"><defs>"#)
    );
    assert_eq!(
        defs.matches("<path ").count(),
        defs.matches(r#"vector-effect="non-scaling-stroke""#).count()
    );
}

#[test]
fn every_path_is_valid_svg_path_syntax() {
    for shape in &world().shapes {
        let d = &shape.d;
        assert!(d.starts_with('m') && d.ends_with('z'), "{}", shape.id);
        assert!(d.chars().all(|c| "mMlLzZ0123456789-., ".contains(c)), "{}", shape.id);
        // Every number is well formed: at most one dot, digits after a dot.
        for token in d.split(|c: char| "mz -".contains(c)).filter(|t| !t.is_empty()) {
            assert!(!token.ends_with('.'), "{}: {token}", shape.id);
        }
    }
}

/// A path's rings as absolute points, read the way an SVG renderer reads them (relative `m`,
/// implicit relative line-tos, `z` back to the ring's start); `None` if it is not such a path.
fn rings(d: &str) -> Option<Vec<Vec<(f64, f64)>>> {
    let (mut rings, mut pen, mut chars) = (Vec::new(), (0.0, 0.0), d.chars().peekable());
    while let Some(command) = chars.next() {
        if command != 'm' {
            return None;
        }
        let mut numbers = Vec::new();
        while chars.peek().is_some_and(|c| *c != 'z') {
            while chars.peek() == Some(&' ') {
                chars.next();
            }
            let mut token = String::new();
            if chars.peek() == Some(&'-') {
                token.push(chars.next()?);
            }
            let mut dot = false;
            while let Some(&c) = chars.peek().filter(|c| c.is_ascii_digit() || (**c == '.' && !dot)) {
                dot |= c == '.';
                token.push(c);
                chars.next();
            }
            numbers.push(token.parse::<f64>().ok()?);
        }
        chars.next()?; // z
        if numbers.len() % 2 != 0 {
            return None;
        }
        let mut ring: Vec<(f64, f64)> = Vec::new();
        for pair in numbers.chunks(2) {
            let from = ring.last().copied().unwrap_or(pen);
            ring.push((from.0 + pair[0], from.1 + pair[1]));
        }
        pen = ring[0];
        rings.push(ring);
    }
    Some(rings)
}

#[test]
fn every_ring_is_a_polygon_inside_the_world_that_never_jumps_across_it() {
    for shape in &world().shapes {
        let rings = rings(&shape.d).unwrap_or_else(|| panic!("{} is not a path of rings", shape.id));
        for ring in rings {
            assert!(ring.len() >= 3, "{}", shape.id);
            for (i, &(x, y)) in ring.iter().enumerate() {
                assert!(
                    x.abs() <= 180.0 + 1e-9 && y.abs() <= 90.0 + 1e-9,
                    "{}: ({x}, {y})",
                    shape.id
                );
                let next = ring[(i + 1) % ring.len()];
                // Fiji, Russia and Wrangel Island cross the antimeridian: cut, not a band. Only
                // Antarctica runs the whole width, along the map's bottom edge.
                let along_a_pole = (y.abs() - 90.0).abs() < 1e-6 && (next.1.abs() - 90.0).abs() < 1e-6;
                assert!(
                    along_a_pole || (next.0 - x).abs() < 180.0,
                    "{}: ({x}, {y}) to {next:?}",
                    shape.id
                );
            }
        }
    }
}

#[test]
fn antarctica_reaches_the_pole() {
    let antarctica = world().shapes.iter().find(|s| s.id == "map-c-AQ").unwrap();
    let bottom = rings(&antarctica.d)
        .unwrap()
        .into_iter()
        .flatten()
        .map(|(_, y)| y)
        .fold(f64::MIN, f64::max);
    assert!((bottom - 90.0).abs() < 1e-6, "{bottom}");
}

#[test]
fn paths_are_relative_in_tenths_of_a_degree_without_needless_characters() {
    // A 1° square at 2° E, 1° N, with a repeated point, a point on its side, and the closing point.
    let ring = vec![
        [2.0, 1.0],
        [2.0, 1.0],
        [2.5, 1.0],
        [3.0, 1.0],
        [3.0, 0.0],
        [2.04, 0.0],
        [2.0, 1.0],
    ];
    assert_eq!(path(&[vec![ring.clone()]]), "m2-1 1 0 0 1-1 0z");
    let small = vec![[0.5, -0.5], [1.2, -0.5], [1.2, 0.3]];
    assert_eq!(path(&[vec![ring, small]]), "m2-1 1 0 0 1-1 0zm-1.5 1.5.7 0 0-.8z");
}

#[test]
fn the_defs_stay_under_their_budget_of_72_kb() {
    let bytes: usize = world().shapes.iter().map(|s| s.d.len()).sum();
    assert!(bytes < 60_000, "paths: {bytes} bytes");
    assert!(world_defs().len() < 72_000, "defs: {} bytes", world_defs().len());
}
