//! Robots by family with real agents, the people's exceptions, and where tokens must stand.

use super::*;
use crate::visitor::agent;

const CHROME: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

fn bot(family: BotFamily) -> Agent {
    Agent::Bot(family)
}

#[test]
fn search_engines_crawlers_are_search_robots() {
    for ua in [
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
        "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
        "APIs-Google (+https://developers.google.com/webmasters/APIs-Google.html)",
    ] {
        assert_eq!(agent(ua), bot(BotFamily::Search), "{ua}");
    }
}

#[test]
fn seo_tools_are_seo_robots() {
    for ua in [
        "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
        "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
        "Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)",
    ] {
        assert_eq!(agent(ua), bot(BotFamily::Seo), "{ua}");
    }
}

#[test]
fn uptime_monitors_are_monitors() {
    for ua in [
        "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
        "Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)",
        "Mozilla/5.0 (compatible; StatusCake)",
    ] {
        assert_eq!(agent(ua), bot(BotFamily::Monitor), "{ua}");
    }
}

#[test]
fn http_libraries_and_command_line_clients_are_libraries() {
    for ua in [
        "curl/8.5.0",
        "python-requests/2.31.0",
        "Go-http-client/1.1",
        "okhttp/4.12.0",
        "axios/1.6.2",
        "AHC/2.0",
        "Java/17.0.2",
    ] {
        assert_eq!(agent(ua), bot(BotFamily::Library), "{ua}");
    }
}

#[test]
fn link_preview_crawlers_get_the_preview() {
    for ua in [
        "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
        "Mozilla/5.0 (compatible; Twitterbot/1.0)",
        "WhatsApp/2.23.20.0",
        "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
        "TelegramBot (like TwitterBot)",
    ] {
        assert_eq!(agent(ua), Agent::Preview, "{ua}");
    }
}

#[test]
fn unknown_robots_that_name_themselves_are_other_robots() {
    for ua in [
        "Mozilla/5.0 (compatible; ExampleCrawler/1.0; +https://example.org/bot)",
        "FeedShelf/2.1 (+https://feedshelf.example)",
        "SomeTool/1.0",
        "Mozilla/5.0 (compatible; Optimizer)",
        "",
        "   ",
    ] {
        assert!(matches!(agent(ua), Agent::Bot(_)), "{ua:?}");
    }
}

#[test]
fn browsers_and_in_app_browsers_are_people() {
    for ua in [
        CHROME,
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0.0.38.108;FBBV/1]",
        "Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 312.0.0.32.112 Android",
        "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
        "Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54",
        "NokiaE66/GoBrowser/2.0.297",
        "w3m/0.5.3",
    ] {
        assert_eq!(agent(ua), Agent::Human, "{ua}");
    }
}

#[test]
fn a_phone_named_like_a_robot_is_a_persons() {
    let cubot = "Mozilla/5.0 (Linux; Android 10; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
    assert_eq!(agent(cubot), Agent::Human, "the people's exception");
    let monitor = "Mozilla/5.0 (Linux; Android 12; Android Monitor Build/SP1A.210812.016) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    assert_eq!(
        agent(monitor),
        Agent::Human,
        "a robot word inside the model's name says nothing"
    );
}

#[test]
fn a_people_exception_wins_over_the_list() {
    let metaiab = "Mozilla/5.0 (Linux; Android 16; Pixel 10 Pro XL Build/CP1A.260305.018; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/146.0.7680.174 Mobile Safari/537.36 MetaIAB Facebook";
    assert_eq!(agent(metaiab), Agent::Human, "the list files it as a preview");
    let lynx = "Lynx/2.8.5dev.16 libwww-FM/2.14 SSL-MM/1.4.1 OpenSSL/0.9.6b";
    assert_eq!(agent(lynx), Agent::Human, "libwww is a robot word");
    let feature_phone = "LG/KU990i/v10a Browser/Obigo-Q05A/3.6 MMS/LG-MMS-V1.0/1.2 Java/ASVM/1.0 Profile/MIDP-2.0 Configuration/CLDC-1.1";
    assert_eq!(
        agent(feature_phone),
        Agent::Human,
        "`java/` counts only opening the agent"
    );
}

#[test]
fn anchored_tokens_count_only_where_they_must_stand() {
    assert!(Anchor::Start.holds(0, 4, 10) && !Anchor::Start.holds(1, 5, 10));
    assert!(Anchor::End.holds(6, 10, 10) && !Anchor::End.holds(5, 9, 10));
    assert!(Anchor::Whole.holds(0, 10, 10) && !Anchor::Whole.holds(0, 9, 10));
    assert_eq!(Anchor::of("^java/"), ("java/", Anchor::Start));
    assert_eq!(Anchor::of(".com$"), (".com", Anchor::End));
    assert_eq!(Anchor::of("bot"), ("bot", Anchor::Anywhere));
}

#[test]
fn every_token_is_lower_case_so_the_scans_match_any_case() {
    for (token, _, _, _) in list::LIST {
        assert_eq!(*token, token.to_ascii_lowercase(), "{token}");
    }
    for (token, _, _) in scan_tokens() {
        assert_eq!(token, token.to_ascii_lowercase(), "{token}");
    }
}

#[test]
#[ignore = "a diagnostic: prints the tuning set's people the rules leave out"]
fn print_tuning_people_left_out() {
    let rows = crate::testing::ua_corpus::ua_parser_js::load(&crate::testing::ua_corpus::ua_parser_js::fixtures_dir())
        .unwrap();
    for row in rows {
        let a = agent(&row.ua);
        if a != Agent::Human {
            println!("{a:?} {}", row.ua);
        }
    }
}

#[test]
#[ignore = "a diagnostic: prints the list's instances the rules let through (CRAWLER_USER_AGENTS)"]
fn print_tuning_robots_let_through() {
    let list = std::env::var("CRAWLER_USER_AGENTS").expect("CRAWLER_USER_AGENTS");
    let split = crate::testing::ua_corpus::robots::tuning(std::path::Path::new(&list)).unwrap();
    for ua in split.robots {
        if agent(&ua) == Agent::Human {
            println!("{ua}");
        }
    }
}
