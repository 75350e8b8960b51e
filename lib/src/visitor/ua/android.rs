//! What an Android user agent's structure says beyond its model name.
//!
//! - The build ID. Since Android 8 it reads `PVBB.YYMMDD.bbb`, and its second letter is the
//!   vertical the build was made for: `P` for the phone and tablet platform, `T` for
//!   Android TV (`PTT1.190515.001`, `QTG3.200305.006`), `W` for Wear OS
//!   (`TWD4.231005.002`). Older IDs (`KTU84P`) have no vertical and say nothing.
//! - The screen metrics apps report: Facebook's `FBDM/{density=2.0,width=1200,
//!   height=1920}`, Instagram's `Android (30/11; 320dpi; 1600x2560; …)`. The smallest
//!   width in density-independent pixels is what Android itself calls a tablet from 600 on
//!   (the `sw600dp` resource qualifier), and what Chrome drops its `Mobile` token at.

/// The vertical an Android build was made for, when its build ID names one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Vertical {
    Tv,
    Wear,
}

pub(super) fn build_vertical(raw: &str) -> Option<Vertical> {
    let start = raw.find("Build/").or_else(|| raw.find("build/"))? + "Build/".len();
    let id = raw.as_bytes().get(start..start + 11)?;
    let shaped = id[0].is_ascii_alphabetic()
        && id[1..4].iter().all(u8::is_ascii_alphanumeric)
        && id[4] == b'.'
        && id[5..].iter().all(u8::is_ascii_digit);
    match id[1].to_ascii_uppercase() {
        b'T' if shaped => Some(Vertical::Tv),
        b'W' if shaped => Some(Vertical::Wear),
        _ => None,
    }
}

/// Android's own line between phones and tablets, in density-independent pixels.
pub(super) const TABLET_MIN_WIDTH_DP: f64 = 600.0;

/// The screen's smallest width in density-independent pixels, when an app reports it.
pub(super) fn smallest_width_dp(raw: &str) -> Option<f64> {
    if let Some((_, rest)) = raw.split_once("FBDM/{") {
        let metrics = &rest[..rest.find('}')?];
        let field = |name: &str| {
            metrics
                .split(',')
                .find_map(|pair| pair.trim().strip_prefix(name)?.strip_prefix('='))?
                .trim()
                .parse::<f64>()
                .ok()
        };
        let (density, width, height) = (field("density")?, field("width")?, field("height")?);
        return (density > 0.0).then(|| width.min(height) / density);
    }
    let (_, rest) = raw.split_once(" Android (")?;
    let mut parts = rest.split(';').skip(1).map(str::trim);
    let dpi: f64 = parts.next()?.strip_suffix("dpi")?.parse().ok()?;
    let (width, height) = parts.next()?.split_once('x')?;
    let (width, height): (f64, f64) = (width.parse().ok()?, height.parse().ok()?);
    (dpi > 0.0).then(|| width.min(height) * 160.0 / dpi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_id_names_the_tv_and_wear_verticals_and_nothing_else() {
        let tv = "Mozilla/5.0 (Linux; Andr0id 9; BRAVIA 4K GB ATV3 Build/PTT1.190515.001.S38) AppleWebKit/537.36";
        assert_eq!(build_vertical(tv), Some(Vertical::Tv));
        let watch = "Dalvik/2.1.0 (Linux; U; Android 13; Google Pixel Watch Build/TWD4.231005.002)";
        assert_eq!(build_vertical(watch), Some(Vertical::Wear));
        let phone = "Mozilla/5.0 (Linux; Android 10; SM-A105F Build/QP1A.190711.020; wv) AppleWebKit/537.36";
        assert_eq!(build_vertical(phone), None);
        let kitkat = "Mozilla/5.0 (Linux; Android 4.3.1; MStar Android TV Build/KTU84P) AppleWebKit/537.36";
        assert_eq!(build_vertical(kitkat), None);
    }

    #[test]
    fn facebook_and_instagram_report_the_screen_in_pixels_and_density() {
        let facebook = "Mozilla/5.0 (Linux; Android 9; SM-T510 Build/PPR1.180610.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/80.0.3987.99 Safari/537.36 [FB_IAB/FB4A;FBAV/257.0.0.49.122;FBDM/{density=1.5,width=1200,height=1920};FBLC/en_US;FBDV/SM-T510;]";
        assert_eq!(smallest_width_dp(facebook), Some(800.0));
        let instagram = "Instagram 275.0.0.27.98 Android (33/13; 420dpi; 1080x2200; samsung; SM-A536B; a53x; s5e8825; en_GB; 458229237)";
        assert_eq!(smallest_width_dp(instagram).map(f64::round), Some(411.0));
        assert_eq!(smallest_width_dp("Mozilla/5.0 (Linux; Android 13; SM-X200)"), None);
    }
}
