//! Where a visitor was, no more precisely than a question needs: a grid point that cannot hold
//! more than its grid, so a precise value can never be stored by mistake.
//!
//! - [`Area`]: CloudFront's estimate of a viewer's position (`CloudFront-Viewer-Latitude` and
//!   `-Longitude`, from the address), kept on every counted click at 0.1° (about 11 km).
//! - [`Position`]: a position a person chose to share from the browser, read at 0.001° (about
//!   110 m) with the accuracy the browser reported ([`GpsFix`]), and never stored: only its
//!   cell is.
//! - [`Cell`]: what reports show and what is stored of a shared position: a geohash of
//!   precision 5 (about 5 km × 5 km).

use serde::{Deserialize, Serialize};

/// A latitude and longitude on a grid of `1 / STEPS` degree: stored as whole grid steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Degrees", into = "Degrees")]
pub struct GridPoint<const STEPS: i32> {
    lat: i32,
    lon: i32,
}

/// A point on CloudFront's estimate, 0.1° (about 11 km): every counted click may carry one.
pub type Area = GridPoint<10>;

/// A point a person shared, 0.001° (about 110 m).
pub type Position = GridPoint<1000>;

/// A point as stored and shown: degrees.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Degrees {
    pub lat: f64,
    pub lon: f64,
}

impl<const STEPS: i32> GridPoint<STEPS> {
    /// The grid point nearest `(lat, lon)`; `None` for a value that is not a number or lies
    /// outside ±90° latitude or ±180° longitude.
    pub fn new(lat: f64, lon: f64) -> Option<Self> {
        if !(lat.is_finite() && lon.is_finite() && lat.abs() <= 90.0 && lon.abs() <= 180.0) {
            return None;
        }
        let step = |degrees: f64| (degrees * f64::from(STEPS)).round() as i32;
        Some(Self {
            lat: step(lat),
            lon: step(lon),
        })
    }

    /// Whole grid steps of latitude and longitude (what a signed token carries).
    pub(crate) fn steps(&self) -> (i32, i32) {
        (self.lat, self.lon)
    }

    /// The point of whole grid steps; `None` out of range.
    pub(crate) fn from_steps(lat: i32, lon: i32) -> Option<Self> {
        let fits = lat.abs() <= 90 * STEPS && lon.abs() <= 180 * STEPS;
        fits.then_some(Self { lat, lon })
    }

    pub fn lat(&self) -> f64 {
        f64::from(self.lat) / f64::from(STEPS)
    }

    pub fn lon(&self) -> f64 {
        f64::from(self.lon) / f64::from(STEPS)
    }

    /// The report cell this point falls in.
    pub fn cell(&self) -> Cell {
        Cell::of(self.lat(), self.lon())
    }
}

impl Area {
    /// CloudFront's viewer position headers, both needed; anything malformed is no area (never
    /// an error: a visitor is redirected whatever CloudFront sent).
    pub fn from_viewer_headers(latitude: Option<&str>, longitude: Option<&str>) -> Option<Self> {
        Self::new(decimal(latitude?)?, decimal(longitude?)?)
    }
}

/// A plain decimal number as CloudFront writes it (`48.86`, `-122.4194`): digits, one point,
/// an optional leading minus; nothing Rust's float parser would also take (`NaN`, `inf`,
/// `1e3`, `+5`).
fn decimal(raw: &str) -> Option<f64> {
    let raw = raw.trim();
    let digits = raw.strip_prefix('-').unwrap_or(raw);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let plain = !whole.is_empty()
        && whole.len() <= 3
        && fraction.len() <= 12
        && whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit())
        && !(digits.contains('.') && fraction.is_empty());
    plain.then(|| raw.parse().ok()).flatten()
}

impl<const STEPS: i32> From<GridPoint<STEPS>> for Degrees {
    fn from(point: GridPoint<STEPS>) -> Self {
        Self {
            lat: point.lat(),
            lon: point.lon(),
        }
    }
}

impl<const STEPS: i32> TryFrom<Degrees> for GridPoint<STEPS> {
    type Error = String;
    /// Stored points are read back through the grid: a stored value finer than the grid, or out
    /// of range, is refused rather than kept.
    fn try_from(value: Degrees) -> Result<Self, Self::Error> {
        let point = Self::new(value.lat, value.lon).ok_or_else(|| format!("{value:?} is not a position"))?;
        let on_grid = (point.lat() - value.lat).abs() < 1e-9 && (point.lon() - value.lon).abs() < 1e-9;
        on_grid
            .then_some(point)
            .ok_or_else(|| format!("{value:?} is finer than 1/{STEPS} degree"))
    }
}

/// The worst accuracy a shared position may report and still be kept: 10 km.
pub const MAX_ACCURACY_METRES: f64 = 10_000.0;

/// A position a person shared, with the radius the browser is 95 % sure of (metres, rounded
/// up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GpsFix {
    pub position: Position,
    pub accuracy: u32,
}

impl GpsFix {
    /// What a browser reported; `None` for a position out of range or an accuracy that is not
    /// a positive number of at most [`MAX_ACCURACY_METRES`].
    pub fn new(lat: f64, lon: f64, accuracy: f64) -> Option<Self> {
        let usable = (0.0..=MAX_ACCURACY_METRES).contains(&accuracy);
        Some(Self {
            position: Position::new(lat, lon)?,
            accuracy: usable.then(|| accuracy.ceil() as u32)?,
        })
    }
}

/// Characters of a report cell's geohash (5: about 4.9 km × 4.9 km at the equator).
pub const CELL_PRECISION: usize = 5;

/// A report cell: a geohash of [`CELL_PRECISION`] characters (stored as its text, read back
/// through [`Cell::parse`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Cell(String);

impl Cell {
    /// The cell of a point (one in range: every grid point is).
    pub fn of(lat: f64, lon: f64) -> Self {
        let coord = geohash::Coord { x: lon, y: lat };
        Self(geohash::encode(coord, CELL_PRECISION).expect("a grid point is in range"))
    }

    /// A stored cell name read back; `None` for anything that is not a geohash of the precision.
    pub fn parse(raw: &str) -> Option<Self> {
        (raw.len() == CELL_PRECISION && geohash::decode(raw).is_ok()).then(|| Self(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The cell's centre.
    pub fn centre(&self) -> Degrees {
        let (coord, _, _) = geohash::decode(&self.0).expect("parsed or encoded as a geohash");
        Degrees {
            lat: coord.y,
            lon: coord.x,
        }
    }

    /// How reports name a cell: its centre to 0.1° (`48.9, 2.3`).
    pub fn title(&self) -> String {
        // Rounded before formatting, and plus zero, so a centre just below 0 is `0.0`, not `-0.0`.
        let tenth = |degrees: f64| (degrees * 10.0).round() / 10.0 + 0.0;
        let centre = self.centre();
        format!("{:.1}, {:.1}", tenth(centre.lat), tenth(centre.lon))
    }
}

impl TryFrom<String> for Cell {
    type Error = String;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value).ok_or_else(|| format!("{value:?} is not a report cell"))
    }
}

impl From<Cell> for String {
    fn from(cell: Cell) -> Self {
        cell.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_area_is_cloudfronts_position_rounded_to_a_tenth_of_a_degree() {
        let area = Area::from_viewer_headers(Some("48.85661"), Some("2.35222")).unwrap();
        assert_eq!((area.lat(), area.lon()), (48.9, 2.4));
        let west = Area::from_viewer_headers(Some("-33.8688"), Some("-151.2093")).unwrap();
        assert_eq!((west.lat(), west.lon()), (-33.9, -151.2));
    }

    #[test]
    fn malformed_or_impossible_viewer_headers_are_no_area() {
        for (lat, lon) in [
            (Some("48.8"), None),
            (None, Some("2.3")),
            (Some(""), Some("2.3")),
            (Some("NaN"), Some("2.3")),
            (Some("inf"), Some("2.3")),
            (Some("4e1"), Some("2.3")),
            (Some("+48.8"), Some("2.3")),
            (Some("48."), Some("2.3")),
            (Some("91.0"), Some("2.3")),
            (Some("48.8"), Some("180.5")),
            (Some("48,8"), Some("2.3")),
            (Some("0x30"), Some("2.3")),
            (Some("48.8 "), Some(" 2.3")),
        ] {
            let parsed = Area::from_viewer_headers(lat, lon);
            let trimmed_but_valid = lat == Some("48.8 ");
            assert_eq!(parsed.is_some(), trimmed_but_valid, "{lat:?} {lon:?}");
        }
    }

    #[test]
    fn a_shared_position_keeps_a_thousandth_of_a_degree_and_rounds_accuracy_up() {
        let fix = GpsFix::new(48.858_37, 2.294_48, 35.2).unwrap();
        assert_eq!((fix.position.lat(), fix.position.lon()), (48.858, 2.294));
        assert_eq!(fix.accuracy, 36);
    }

    #[test]
    fn a_vague_or_impossible_fix_is_refused() {
        assert!(GpsFix::new(48.8, 2.3, 10_000.0).is_some());
        assert!(GpsFix::new(48.8, 2.3, 10_000.1).is_none());
        assert!(GpsFix::new(48.8, 2.3, -1.0).is_none());
        assert!(GpsFix::new(48.8, 2.3, f64::NAN).is_none());
        assert!(GpsFix::new(90.1, 2.3, 5.0).is_none());
        assert!(GpsFix::new(-48.8, -180.1, 5.0).is_none());
        assert!(GpsFix::new(f64::INFINITY, 2.3, 5.0).is_none());
    }

    #[test]
    fn stored_points_finer_than_their_grid_are_refused_on_the_way_back_in() {
        let fine: Result<Area, _> = serde_json::from_value(serde_json::json!({ "lat": 48.86, "lon": 2.3 }));
        assert!(fine.is_err());
        let area: Area = serde_json::from_value(serde_json::json!({ "lat": 48.9, "lon": 2.3 })).unwrap();
        assert_eq!(
            serde_json::to_value(area).unwrap(),
            serde_json::json!({ "lat": 48.9, "lon": 2.3 })
        );
    }

    #[test]
    fn a_cell_is_a_five_character_geohash_named_by_its_centre() {
        let cell = Position::new(48.858, 2.294).unwrap().cell();
        assert_eq!(cell.as_str(), "u09tu");
        let centre = cell.centre();
        assert!((centre.lat - 48.858).abs() < 0.022 && (centre.lon - 2.294).abs() < 0.022);
        assert_eq!(cell.title(), format!("{:.1}, {:.1}", centre.lat, centre.lon));
        assert_eq!(Cell::parse("u09tu"), Some(cell));
        assert_eq!(Cell::parse("u09t"), None);
        assert_eq!(Cell::parse("u09ta"), None, "a is not a geohash character");
    }

    #[test]
    fn cells_near_zero_are_not_named_minus_zero() {
        let cell = Position::new(0.01, -0.01).unwrap().cell();
        assert!(!cell.title().contains("-0.0"), "{}", cell.title());
    }
}
