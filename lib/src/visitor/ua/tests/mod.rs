//! One behaviour per test, each on a real user agent.

use super::*;

fn c(ua: &str) -> UserAgentClass {
    classify(ua, None)
}

fn with_hints(ua: &str, hints: ClientHints<'_>) -> UserAgentClass {
    classify_with_hints(ua, &hints)
}

// desktops and phones

#[test]
fn desktop_chrome_on_windows() {
    let class = c(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    );
    assert_eq!(
        class,
        UserAgentClass {
            device: Device::Desktop,
            os: Some(Os::Windows),
            browser: Some(Browser::Chrome),
            agent: Agent::Human,
        }
    );
}

#[test]
fn safari_on_iphone() {
    let class = c(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
    );
    assert_eq!(
        class,
        UserAgentClass {
            device: Device::Mobile,
            os: Some(Os::Ios),
            browser: Some(Browser::Safari),
            agent: Agent::Human,
        }
    );
}

#[test]
fn firefox_on_linux_desktop() {
    let class = c("Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0");
    assert_eq!(
        class,
        UserAgentClass {
            device: Device::Desktop,
            os: Some(Os::Linux),
            browser: Some(Browser::Firefox),
            agent: Agent::Human,
        }
    );
}

#[test]
fn unknown_agents_are_desktop_with_no_os_or_browser() {
    assert_eq!(
        c(""),
        UserAgentClass {
            device: Device::Desktop,
            os: None,
            browser: None,
            agent: Agent::Bot(crate::domain::BotFamily::Other),
        }
    );
}

#[test]
fn an_app_user_agent_on_an_android_phone_is_a_phone() {
    let class = c("Dalvik/2.1.0 (Linux; U; Android 11; M2101K6G Build/RKQ1.200826.002)");
    assert_eq!(
        (class.device, class.os, class.browser),
        (Device::Mobile, Some(Os::Android), None)
    );
}

#[test]
fn an_instagram_agent_on_an_iphone_is_ios_but_not_safari() {
    let class = c("Instagram 311.0.0.32.118 (iPhone14,5; iOS 17_1_2; en_US; en; scale=3.00; 1170x2532; 547345034)");
    assert_eq!(
        (class.device, class.os, class.browser),
        (Device::Mobile, Some(Os::Ios), None)
    );
}

// tablets

#[test]
fn android_tablet_without_mobile_is_a_tablet() {
    let ua = "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn a_galaxy_tab_whose_webview_says_mobile_is_a_tablet() {
    let ua = "Mozilla/5.0 (Linux; Android 11; SM-T505 Build/RP1A.200720.012; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/96.0.4664.104 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn a_huawei_matepad_is_a_tablet() {
    let ua = "Mozilla/5.0 (Linux; Android 10; BAH3-W09; HMSCore 6.11.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.0.322 Mobile Safari/537.36";
    assert_eq!((c(ua).device, c(ua).browser), (Device::Tablet, None));
}

#[test]
fn a_lenovo_tab_is_a_tablet() {
    let ua = "Mozilla/5.0 (Linux; Android 11; Lenovo TB-X306F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn a_kindle_fire_with_silk_is_an_android_tablet_not_chrome() {
    let class = c(
        "Mozilla/5.0 (Linux; Android 9; KFMAWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/114.3.1 like Chrome/114.0.5735.196 Safari/537.36",
    );
    assert_eq!(
        (class.device, class.os, class.browser),
        (Device::Tablet, Some(Os::Android), None)
    );
}

#[test]
fn an_ipad_app_in_desktop_mode_is_an_ios_tablet() {
    let class =
        c("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148");
    assert_eq!((class.device, class.os), (Device::Tablet, Some(Os::Ios)));
}

#[test]
fn a_frozen_chrome_user_agent_without_mobile_is_a_tablet() {
    let ua = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn a_digma_citi_tablet_numbered_by_its_seven_inch_screen_is_a_tablet_though_its_browser_says_mobile() {
    let ua = "Mozilla/5.0 (Linux; Android 6.0; CITI 7591 3G CS7208MG Build/MRA58K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/76.0.3809.111 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn a_digma_citi_phone_numbered_by_its_six_inch_screen_stays_a_phone() {
    let ua = "Mozilla/5.0 (Linux; Android 8.1.0; CITI 609 4G CS6063ML Build/O11019) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/76.0.3809.111 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Mobile);
}

#[test]
fn a_bq_tablet_numbered_by_its_ten_inch_screen_is_a_tablet_and_its_five_inch_phone_a_phone() {
    let tablet = "Mozilla/5.0 (Linux; Android 8.1.0; BQ-1045G Build/O11019) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.99 Mobile Safari/537.36";
    assert_eq!(c(tablet).device, Device::Tablet);
    let phone = "Mozilla/5.0 (Linux; Android 10; BQ-5515L) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.99 Mobile Safari/537.36";
    assert_eq!(c(phone).device, Device::Mobile);
}

#[test]
fn a_sunwind_sky_tablet_numbered_as_digmas_are_is_a_tablet() {
    let ua = "Mozilla/5.0 (Linux; Android 7.0; Sky 7143B 3G SS7265PG Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.137 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn a_nomi_tablet_numbered_by_its_screen_in_tenths_of_an_inch_is_a_tablet() {
    let ua = "Mozilla/5.0 (Linux; Android 7.0; Nomi_C070030 Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.137 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn an_irbis_tz_tablet_is_a_tablet() {
    let ua = "Mozilla/5.0 (Linux; Android 7.0; TZ737 Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.137 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn a_ginzzu_tablet_numbered_by_its_screen_is_a_tablet_not_a_samsung_gt_phone() {
    let ginzzu = "Mozilla/5.0 (Linux; Android 7.0; GT-7115 Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.137 Mobile Safari/537.36";
    assert_eq!(c(ginzzu).device, Device::Tablet);
    let samsung = "Mozilla/5.0 (Linux; Android 4.1.2; GT-I9300 Build/JZO54K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/44.0.2403.133 Mobile Safari/537.36";
    assert_eq!(c(samsung).device, Device::Mobile);
}

// smart TVs and set-top boxes

#[test]
fn a_fire_tv_stick_is_a_smart_tv() {
    let class = c(
        "Mozilla/5.0 (Linux; Android 9; AFTKA Build/PS7633.3445N; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/108.0.5359.160 Mobile Safari/537.36",
    );
    assert_eq!(
        (class.device, class.os, class.browser),
        (Device::SmartTv, Some(Os::Android), None)
    );
}

#[test]
fn a_samsung_tizen_tv_is_a_smart_tv_outside_the_os_vocabulary() {
    let class = c(
        "Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36",
    );
    assert_eq!((class.device, class.os, class.browser), (Device::SmartTv, None, None));
}

#[test]
fn an_lg_webos_tv_is_a_smart_tv() {
    let class = c(
        "Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager",
    );
    assert_eq!((class.device, class.os, class.browser), (Device::SmartTv, None, None));
}

#[test]
fn a_sony_bravia_android_tv_is_a_smart_tv() {
    let ua = "Mozilla/5.0 (Linux; Android 10; BRAVIA 4K VH2 Build/QTG3.200305.006.S292; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::SmartTv);
}

#[test]
fn an_android_tv_box_named_only_by_its_model_is_a_smart_tv() {
    let ua = "Mozilla/5.0 (Linux; Android 9; X96 Max Build/PPR1.180610.011) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.120 Safari/537.36";
    assert_eq!(c(ua).device, Device::SmartTv);
}

// models Google Play's supported-devices list names

#[test]
fn a_moto_tab_whose_model_code_starts_like_motorolas_phones_is_a_tablet_by_googles_list() {
    let ua = "Mozilla/5.0 (Linux; Android 12; XT2261-1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn an_app_on_a_tablet_google_lists_only_by_its_code_name_is_a_tablet() {
    let ua = "Dalvik/1.6.0 (Linux; U; Android 4.1.1; AT300SE Build/JRO03C)";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn a_teclast_tablet_google_lists_by_a_bare_model_is_a_tablet_as_teclast_makes_only_tablets() {
    let ua = "Mozilla/5.0 (Linux; Android 12; M40 Pro) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn an_operators_set_top_box_named_only_by_its_model_in_googles_list_is_a_smart_tv() {
    let ua = "Mozilla/5.0 (Linux; Android 9; KSTB6077 Build/PPR1.180610.011) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/83.0.4103.101 Safari/537.36";
    assert_eq!(c(ua).device, Device::SmartTv);
}

#[test]
fn a_set_top_box_in_googles_list_whose_webview_says_mobile_is_a_smart_tv() {
    let ua = "Mozilla/5.0 (Linux; Android 9; BID-AI100 Build/PPR1.180610.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/87.0.4280.101 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::SmartTv);
}

#[test]
fn a_wear_os_watch_named_only_by_its_model_in_googles_list_is_a_wearable() {
    let ua = "Mozilla/5.0 (Linux; Android 9; Julianna HR) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0.4324.93 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Wearable);
}

#[test]
fn a_phone_with_a_tv_tuner_that_googles_list_names_tv_is_a_phone() {
    let ua = "Mozilla/5.0 (Linux; U; Android 2.3.6; en-us; GT-S5367 Build/GINGERBREAD) AppleWebKit/533.1 (KHTML, like Gecko) Version/4.0 Mobile Safari/533.1";
    assert_eq!(c(ua).device, Device::Mobile);
}

#[test]
fn a_hbbtv_set_on_linux_is_a_smart_tv_running_linux() {
    let class = c(
        "Mozilla/5.0 (Linux armv7l) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/56.0.2924.0 Safari/537.36 HbbTV/1.4.1 (+DRM; Sony; KD-55XE9005; v6.3.0; 2017;)",
    );
    assert_eq!((class.device, class.os), (Device::SmartTv, Some(Os::Linux)));
}

#[test]
fn a_chromecast_is_a_smart_tv() {
    let ua = "Mozilla/5.0 (X11; Linux armv7l) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.120 Safari/537.36 CrKey/1.56.500000 DeviceType/Chromecast";
    assert_eq!(c(ua).device, Device::SmartTv);
}

#[test]
fn a_roku_is_a_smart_tv() {
    assert_eq!(c("Roku/DVP-9.10 (519.10E04111A)").device, Device::SmartTv);
}

#[test]
fn an_apple_tv_is_a_smart_tv_not_ios() {
    let class = c("AppleCoreMedia/1.0.0.19J346 (Apple TV; U; CPU OS 15_0 like Mac OS X; en_us)");
    assert_eq!((class.device, class.os), (Device::SmartTv, None));
}

#[test]
fn opera_on_a_tv_is_not_the_opera_browser() {
    let class = c("Opera/9.80 (Linux mips; Opera TV Store/5581; U; en) Presto/2.12.362 Version/12.11");
    assert_eq!((class.device, class.browser), (Device::SmartTv, None));
}

// consoles, wearables, cars

#[test]
fn a_playstation_is_a_console() {
    let class = c(
        "Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Safari/605.1.15",
    );
    assert_eq!((class.device, class.os, class.browser), (Device::Console, None, None));
}

#[test]
fn an_xbox_is_a_console_running_edge() {
    let class = c(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; Xbox; Xbox One) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edge/44.18363.8131",
    );
    assert_eq!((class.device, class.browser), (Device::Console, Some(Browser::Edge)));
}

#[test]
fn a_nintendo_switch_is_a_console() {
    let ua = "Mozilla/5.0 (Nintendo Switch; WifiWebAuthApplet) AppleWebKit/606.4 (KHTML, like Gecko) NF/6.0.1.15.4 NintendoBrowser/5.1.0.20393";
    assert_eq!(c(ua).device, Device::Console);
}

#[test]
fn a_galaxy_watch_is_a_wearable() {
    let ua = "Mozilla/5.0 (Linux; Tizen 4.0; SAMSUNG SM-R800) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/1.0 Chrome/56.0.2924.0 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Wearable);
}

#[test]
fn a_meta_quest_headset_is_a_wearable() {
    let ua = "Mozilla/5.0 (X11; Linux x86_64; Quest 3) AppleWebKit/537.36 (KHTML, like Gecko) OculusBrowser/31.0.0.4.18 SamsungBrowser/4.0 Chrome/120.0.6099.283 VR Safari/537.36";
    assert_eq!((c(ua).device, c(ua).browser), (Device::Wearable, None));
}

#[test]
fn a_tesla_is_an_embedded_linux_device_with_its_own_browser() {
    let class = c(
        "Mozilla/5.0 (X11; GNU/Linux) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/79.0.3945.130 Chrome/79.0.3945.130 Safari/537.36 Tesla/2021.32.22-6f2f8a0e8fd6",
    );
    assert_eq!(
        (class.device, class.os, class.browser),
        (Device::Embedded, Some(Os::Linux), None)
    );
}

// operating systems outside the vocabulary

#[test]
fn a_harmonyos_phone_is_outside_the_os_vocabulary() {
    let class = c(
        "Mozilla/5.0 (Linux; Android 10; HarmonyOS; ELS-NX9; HMSCore 6.1.0.314) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0.4324.93 HuaweiBrowser/12.0.4.300 Mobile Safari/537.36",
    );
    assert_eq!((class.device, class.os), (Device::Mobile, None));
}

#[test]
fn windows_ce_is_a_phone_outside_the_os_vocabulary() {
    let class = c("Mozilla/4.0 (compatible; MSIE 6.0; Windows CE; IEMobile 7.11)");
    assert_eq!((class.device, class.os, class.browser), (Device::Mobile, None, None));
}

// browsers

#[test]
fn edge_and_opera_are_not_chrome() {
    assert_eq!(c("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91").browser, Some(Browser::Edge));
    assert_eq!(c("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0").browser, Some(Browser::Opera));
}

#[test]
fn other_chromium_browsers_are_other() {
    let samsung = "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36";
    assert_eq!(c(samsung).browser, None);
    assert_eq!(c(samsung).device, Device::Mobile);
    assert_eq!(c(samsung).os, Some(Os::Android));
}

#[test]
fn an_android_webview_is_not_chrome() {
    let ua = "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36";
    assert_eq!(c(ua).browser, None);
}

#[test]
fn firefox_focus_is_not_firefox() {
    let ua = "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Focus/118.0 Chrome/118.0.5993.80 Mobile Safari/537.36";
    assert_eq!(c(ua).browser, None);
}

// client hints

const FROZEN_TABLET: &str =
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const FROZEN_PHONE: &str =
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";

#[test]
fn brave_is_told_apart_by_its_client_hint() {
    let ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    assert_eq!(c(ua).browser, Some(Browser::Chrome));
    let hint = r#""Not_A Brand";v="8", "Chromium";v="120", "Brave";v="120""#;
    assert_eq!(classify(ua, Some(hint)).browser, Some(Browser::Brave));
}

#[test]
fn a_named_brand_outside_the_vocabulary_is_another_browser() {
    let hint = r#""Chromium";v="122", "Not(A:Brand";v="24", "YaBrowser";v="24.4", "Yowser";v="2.5""#;
    assert_eq!(classify(FROZEN_PHONE, Some(hint)).browser, None);
}

#[test]
fn the_mobile_hint_marks_a_phone_even_without_the_mobile_token() {
    let hints = ClientHints {
        mobile: Some("?1"),
        ..ClientHints::default()
    };
    assert_eq!(with_hints(FROZEN_TABLET, hints).device, Device::Mobile);
}

#[test]
fn the_model_hint_names_a_tablet_behind_a_frozen_user_agent() {
    let hints = ClientHints {
        mobile: Some("?0"),
        platform: Some(r#""Android""#),
        model: Some(r#""SM-X710""#),
        ..ClientHints::default()
    };
    assert_eq!(with_hints(FROZEN_TABLET, hints).device, Device::Tablet);
    let phone = ClientHints {
        model: Some(r#""Pixel 8""#),
        ..ClientHints::default()
    };
    assert_eq!(with_hints(FROZEN_PHONE, phone).device, Device::Mobile);
}

#[test]
fn the_platform_hint_decides_the_os() {
    let ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    assert_eq!(c(ua).os, Some(Os::Linux));
    let chrome_os = ClientHints {
        platform: Some(r#""Chrome OS""#),
        ..ClientHints::default()
    };
    assert_eq!(with_hints(ua, chrome_os).os, None);
}

#[test]
fn an_alcatel_tablet_numbered_9xxx_is_a_tablet_even_when_it_says_mobile() {
    let ua = "Mozilla/5.0 (Linux; Android 11; 9060X) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Mobile Safari/537.36";
    assert_eq!(c(ua).device, Device::Tablet);
}

#[test]
fn an_operator_iptv_box_is_a_smart_tv() {
    let ua = "Mozilla/5.0 (Linux; Android 4.4.2; EC6108V9 Build/KOT49H) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/30.0.0.0 Safari/537.36";
    assert_eq!(c(ua).device, Device::SmartTv);
}

#[test]
fn a_facebook_in_app_agent_is_placed_by_its_fbdv_model() {
    let ua = "Mozilla/5.0 (Linux; Android 8.1.0; Build/OPM1.171019.026; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/70.0.3538.110 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/196.0.0.42.95;FBBV/131058829;FBDM/{density=1.5,width=800,height=1280};FBLC/en_US;FBRV/0;FBCR/;FBMF/samsung;FBBD/samsung;FBPN/com.facebook.katana;FBDV/SM-T580;FBSV/8.1.0;FBOP/1;FBCA/armeabi-v7a:armeabi;]";
    assert_eq!((c(ua).device, c(ua).browser), (Device::Tablet, None));
}

mod families;
