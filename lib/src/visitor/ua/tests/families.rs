//! The makers' tablet and TV families and the TV conventions of user agents, one per
//! test. Most of these agents are apps' (`Dalvik`) or old stock browsers', which say
//! nothing of the screen: only the model family tells a tablet from a phone.

use super::*;

fn device(ua: &str) -> Device {
    c(ua).device
}

#[test]
fn a_dell_venue_tablet_is_a_tablet() {
    assert_eq!(
        device("Dalvik/1.6.0 (Linux; U; Android 4.4.4; Venue 8 3840 Build/KTU84P)"),
        Device::Tablet
    );
}

#[test]
fn an_asus_transformer_pad_named_by_its_tf_code_is_a_tablet() {
    assert_eq!(
        device("Dalvik/1.6.0 (Linux; U; Android 4.1.1; TF300T Build/JRO03C)"),
        Device::Tablet
    );
}

#[test]
fn an_asus_zenpad_named_by_its_z_code_is_a_tablet() {
    assert_eq!(
        device("Dalvik/2.1.0 (Linux; U; Android 6.0.1; Z380KL Build/MMB29M)"),
        Device::Tablet
    );
}

#[test]
fn a_lenovo_tab_a_named_by_its_a3500_code_is_a_tablet_though_its_browser_says_mobile() {
    let ua = "Mozilla/5.0 (Linux; U; Android 4.2.2; en-us; Lenovo A3500-F Build/JDQ39) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30";
    assert_eq!(device(ua), Device::Tablet);
}

#[test]
fn a_oneplus_3_whose_model_is_a3000_without_lenovos_hyphen_stays_a_phone() {
    let ua = "Mozilla/5.0 (Linux; Android 7.1.1; ONEPLUS A3000 Build/NMF26F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/61.0.3163.98 Mobile Safari/537.36";
    assert_eq!(device(ua), Device::Mobile);
}

#[test]
fn a_huawei_mediapad_7_named_by_its_s7_code_is_a_tablet() {
    assert_eq!(
        device("Dalvik/1.6.0 (Linux; U; Android 4.1.2; S7-701u Build/HuaweiMediaPad)"),
        Device::Tablet
    );
}

#[test]
fn a_motorola_xoom_named_by_its_mz_code_is_a_tablet() {
    assert_eq!(
        device("Dalvik/1.6.0 (Linux; U; Android 4.1.2; MZ604 Build/JZO54M)"),
        Device::Tablet
    );
}

#[test]
fn a_toshiba_at_tablet_is_a_tablet() {
    assert_eq!(
        device("Dalvik/1.6.0 (Linux; U; Android 4.0.4; AT300 Build/IMM76D)"),
        Device::Tablet
    );
}

#[test]
fn an_nvidia_tegra_note_is_a_tablet() {
    assert_eq!(
        device("Dalvik/1.6.0 (Linux; U; Android 4.4.2; TegraNote-P1640 Build/KOT49H)"),
        Device::Tablet
    );
}

#[test]
fn a_tesco_hudl_is_a_tablet() {
    assert_eq!(
        device("Dalvik/2.1.0 (Linux; U; Android 5.1; Hudl 2 Build/LMY47V)"),
        Device::Tablet
    );
}

#[test]
fn a_docomo_galaxy_tab_named_by_its_operator_code_is_a_tablet() {
    assert_eq!(
        device("Dalvik/1.6.0 (Linux; U; Android 4.0.4; SC-01D Build/IMM76D)"),
        Device::Tablet
    );
}

#[test]
fn a_rockchip_reference_tablet_build_is_a_tablet() {
    let ua = "Mozilla/5.0 (Linux; U; Android 4.1.1; en-us; rk30sdk Build/JRO03H) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30";
    assert_eq!(device(ua), Device::Tablet);
}

#[test]
fn a_texet_tablet_numbered_by_its_seven_inch_screen_is_a_tablet() {
    let ua = "Mozilla/5.0 (Linux; Android 4.2.2; TM-7055HD Build/JDQ39) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/30.0.0.0 Mobile Safari/537.36";
    assert_eq!(device(ua), Device::Tablet);
}

#[test]
fn a_nexus_player_is_a_smart_tv() {
    assert_eq!(
        device("Dalvik/2.1.0 (Linux; U; Android 8.0.0; Nexus Player Build/OPR6.170623.021)"),
        Device::SmartTv
    );
}

#[test]
fn an_app_that_ends_its_user_agent_with_tv_is_on_a_smart_tv() {
    let ua = "Mozilla/5.0 (Linux; Android 9; M8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 YaBrowser/23.7.1.140.00 SA/3 Mobile Safari/537.36 TV";
    assert_eq!(device(ua), Device::SmartTv);
    let phone = "Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
    assert_eq!(device(phone), Device::Mobile);
}

#[test]
fn sonys_andr0id_spelling_is_a_smart_tv() {
    let ua = "Mozilla/5.0 (Linux; Andr0id 9; KD-55XG8596) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/84.0.4147.125 Mobile Safari/537.36";
    assert_eq!(device(ua), Device::SmartTv);
}

#[test]
fn a_windows_phone_asking_for_desktop_sites_is_a_phone() {
    let ua = "Mozilla/5.0 (Windows NT 6.2; ARM; Trident/7.0; Touch; rv:11.0; WPDesktop; Lumia 930) like Gecko";
    assert_eq!((device(ua), c(ua).os), (Device::Mobile, None));
}

#[test]
fn msn_tv_is_a_smart_tv() {
    assert_eq!(device("Mozilla/4.0 WebTV/2.6 (compatible; MSIE 4.0)"), Device::SmartTv);
}

#[test]
fn a_windows_ce_pocket_pc_is_a_phone_outside_the_os_vocabulary() {
    let ua = "Mozilla/4.0 (compatible; MSIE 4.01; Windows CE; PPC; 240x320)";
    assert_eq!((device(ua), c(ua).os), (Device::Mobile, None));
}

#[test]
fn lgs_polaris_browser_is_on_a_phone() {
    assert_eq!(
        device("POLARIS/6.01 (BREW 3.1.5; U; en-us; LG; LX265; POLARIS/6.01/WAP) MMP/2.0"),
        Device::Mobile
    );
}

#[test]
fn an_android_app_on_a_chromebook_whose_platform_hint_says_chrome_os_is_a_desktop() {
    let ua = "Mozilla/5.0 (Linux; Android 11; Chromebook x360) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    let hints = ClientHints {
        platform: Some("\"Chrome OS\""),
        mobile: Some("?0"),
        ..ClientHints::default()
    };
    assert_eq!(with_hints(ua, hints).device, Device::Desktop);
    assert_eq!(device(ua), Device::Tablet);
}
