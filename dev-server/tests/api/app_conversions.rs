//! Conversions in the app: the analytics pages show them beside the clicks, with the numbers
//! of the API's report, the CSV downloads carry them, and the editor shows what a site copies
//! to report them.

use std::collections::BTreeMap;

use lib::admin;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::conversion_support::day;
use crate::helpers::{TestApp, TestWorkspace};
use crate::pages_support::{Browser, signed_in_owner_with_key};

/// Today, for every test here: the pages' default range (30 days) ends on it.
const TODAY: &str = "2026-11-25";

/// A signed-in owner and their workspace (with its key), today.
async fn owner(app: &TestApp) -> (Browser<'_>, TestWorkspace) {
    app.clock.set(day(TODAY));
    signed_in_owner_with_key(app).await
}

/// A tracked link with a German rule and a default, visited today by four people from Germany
/// and one from the US; the first German visitor signs up (the pixel), the American buys twice
/// (19.99 EUR each, reported by a server): (browser, workspace, link id).
async fn converted_link(app: &TestApp) -> (Browser<'_>, TestWorkspace, String) {
    let (browser, ws) = owner(app).await;
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "Campaign", "slug": "campaign", "conversionTracking": true, "rules": [
                { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"], "name": "Germany" },
                { "targetUrl": "https://example.com/", "isDefault": true } ] }),
        )
        .await;
    let (_, german) = app.visit_for_id("campaign", "DE").await;
    for _ in 0..3 {
        app.visit_for_id("campaign", "DE").await;
    }
    let (_, american) = app.visit_for_id("campaign", "US").await;
    app.fire_pixel(&german, "signup").await;
    for order in ["o-1", "o-2"] {
        let sale = json!({ "clickId": american, "event": "sale", "amount": 1999, "currency": "EUR", "eventId": order });
        app.convert(&ws, sale).await;
    }
    app.aggregate().await;
    (browser, ws, id)
}

/// A tracked A/B test of "Variant A" and "Variant B" visited thirty times: every other visitor
/// of B signs up (the 1st, 3rd…), every third of A (the 1st, 4th…), so B leads, though not
/// beyond doubt however the visitors split: (browser, workspace, link id).
async fn converted_ab_test(app: &TestApp) -> (Browser<'_>, TestWorkspace, String) {
    let (browser, ws) = owner(app).await;
    let id = app.tracked_ab_test(&ws, "ab").await;
    let mut visits: BTreeMap<String, usize> = BTreeMap::new();
    for _ in 0..30 {
        let (target, cid) = app.visit_for_id("ab", "FR").await;
        let every = if target.ends_with("/b") { 2 } else { 3 };
        let seen = visits.entry(target).or_default();
        if seen.is_multiple_of(every) {
            app.fire_pixel(&cid, "signup").await;
        }
        *seen += 1;
    }
    app.aggregate().await;
    (browser, ws, id)
}

async fn api_analytics(app: &TestApp, ws: &TestWorkspace, id: &str) -> Value {
    let path = format!(
        "/apiv1/links/{id}/analytics?workspaceId={}&from=2026-10-27&to={TODAY}",
        ws.id
    );
    let (status, body) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// A CSV file as rows of cells by column name (the test files hold no quoted commas).
fn records(csv: &str) -> Vec<BTreeMap<String, String>> {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    lines
        .map(|line| {
            header
                .iter()
                .map(|h| h.to_string())
                .zip(line.split(',').map(str::to_string))
                .collect()
        })
        .collect()
}

/// The HTML of the table `id` on a page.
fn table<'h>(html: &'h str, id: &str) -> &'h str {
    let start = html.find(&format!("id=\"{id}\"")).expect("the table");
    let end = html[start..].find("</table>").expect("its end") + start;
    &html[start..end]
}

/// The row of a table whose first cell is `first`.
fn row<'h>(table: &'h str, first: &str) -> &'h str {
    let start = table.find(&format!("<tr><td>{first}</td>")).expect("the row");
    let end = table[start..].find("</tr>").expect("its end") + start;
    &table[start..end]
}

/// Page text with the entities askama writes (`&#60;`, `&#34;`…) turned back into characters.
fn text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find("&#") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find(';').expect("an entity ends") + at;
        let code: u32 = rest[at + 2..end].parse().expect("a decimal entity");
        out.push(char::from_u32(code).expect("a character"));
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

fn link_page(ws: &TestWorkspace, id: &str) -> String {
    format!("/app/w/{}/links/{id}/analytics", ws.id)
}

fn link_csv(ws: &TestWorkspace, id: &str, part: &str) -> String {
    format!("/app/w/{}/links/{id}/analytics.csv?part={part}&range=30d", ws.id)
}

#[tokio::test]
async fn the_link_page_counts_the_conversions_of_the_range_and_draws_them_per_day() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws, id) = converted_link(&app).await;
    let page = browser.get(&link_page(&ws, &id)).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
    assert!(page.html.contains("<dd id=\"conversions\">3</dd>"), "{}", page.html);
    assert!(
        page.html
            .contains("aria-label=\"Conversions per day, 30 days, 3 conversions in total\"")
    );
    assert!(page.html.contains("aria-label=\"Download CSV of conversions per day\""));
}

#[tokio::test]
async fn each_rule_shows_its_conversions_rate_and_sales() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws, id) = converted_link(&app).await;
    let page = browser.get(&link_page(&ws, &id)).await;
    let rules = table(&page.html, "rules-table");
    let (germany, default) = (row(rules, "Germany"), row(rules, "Default rule"));
    let cells = |conversions: &str, rate: &str, sales: &str| {
        format!("<td class=\"num\">{conversions}</td><td class=\"num\">{rate}</td><td class=\"num money\">{sales}</td>")
    };
    assert!(germany.contains(&cells("1", "25.00 %", "—")), "{germany}");
    assert!(default.contains(&cells("2", "200.00 %", "39.98 EUR")), "{default}");
}

#[tokio::test]
async fn the_events_table_shows_each_event_with_its_sales_as_money() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws, id) = converted_link(&app).await;
    let page = browser.get(&link_page(&ws, &id)).await;
    let events = table(&page.html, "events-table");
    assert!(
        events.contains("<td>sale</td><td class=\"num\">2</td><td class=\"num money\">39.98 EUR</td>"),
        "{events}"
    );
    assert!(events.contains("<td>signup</td><td class=\"num\">1</td><td class=\"num money\">—</td>"));
}

#[tokio::test]
async fn a_link_without_tracking_or_conversions_shows_no_conversion_columns() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws) = owner(&app).await;
    let id = app
        .create_ok(&ws, json!({ "name": "Plain", "url": "https://example.com/" }))
        .await;
    let page = browser.get(&link_page(&ws, &id)).await;
    assert!(page.html.contains("<dd id=\"conversions\">0</dd>"));
    assert!(!page.html.contains("Conversion rate"), "{}", page.html);
    assert!(!page.html.contains("Conversions by event"));
}

#[tokio::test]
async fn an_ab_test_names_the_variant_most_likely_best_with_its_probability() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws, id) = converted_ab_test(&app).await;
    let api = api_analytics(&app, &ws, &id).await;
    let leader = api["abTestResult"]["leader"].as_str().expect("a leader").to_string();
    let best = api["abTestResult"]["probabilityBest"][&leader].as_f64().unwrap();
    let name = &api["abVariantsStats"][&leader]["name"];
    let page = browser.get(&link_page(&ws, &id)).await;
    let sentence = format!(
        "{} is best with {} % probability.",
        name.as_str().unwrap(),
        (best * 100.0).round()
    );
    assert!(page.html.contains(&sentence), "{sentence} in {}", page.html);
}

#[tokio::test]
async fn an_ab_test_without_conversions_says_no_variant_leads_yet() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws) = owner(&app).await;
    let id = app.tracked_ab_test(&ws, "ab").await;
    let page = browser.get(&link_page(&ws, &id)).await;
    assert!(
        page.html
            .contains("No variant leads yet: no conversions in this range.")
    );
}

#[tokio::test]
async fn the_rules_csv_carries_the_report_s_conversions_rates_and_sales() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws, id) = converted_link(&app).await;
    let api = api_analytics(&app, &ws, &id).await;
    let csv = browser.get(&link_csv(&ws, &id, "rules")).await;
    assert!(
        csv.html
            .starts_with("ruleId,name,targetUrl,clicks,uniqueClicks,conversions,conversionRate,amount EUR\n"),
        "{}",
        csv.html
    );
    let rows = records(&csv.html);
    assert_eq!(rows.len(), 2);
    for row in rows {
        let stats = &api["rulesStats"][&row["ruleId"]];
        assert_eq!(row["conversions"], stats["conversions"].to_string());
        assert_eq!(
            row["conversionRate"].parse::<f64>().unwrap(),
            stats["conversionRate"].as_f64().unwrap()
        );
        assert_eq!(
            json!(row["amount EUR"].parse::<u64>().unwrap()),
            stats["amounts"].get("EUR").cloned().unwrap_or(json!(0))
        );
    }
}

#[tokio::test]
async fn the_conversions_csv_lists_each_event_with_its_sales_in_minor_units() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws, id) = converted_link(&app).await;
    let csv = browser.get(&link_csv(&ws, &id, "conversions")).await;
    assert_eq!(
        csv.header("content-disposition"),
        Some("attachment; filename=\"campaign-conversions-2026-10-27-to-2026-11-25.csv\"")
    );
    assert_eq!(csv.html, "event,conversions,amount EUR\nsale,2,3998\nsignup,1,0\n");
}

#[tokio::test]
async fn the_daily_csv_has_the_report_s_conversions_per_day() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws, id) = converted_link(&app).await;
    let api = api_analytics(&app, &ws, &id).await;
    let csv = browser.get(&link_csv(&ws, &id, "daily")).await;
    let days = records(&csv.html);
    assert_eq!(days.len(), 30);
    for row in days {
        assert_eq!(
            json!(row["conversions"].parse::<u64>().unwrap()),
            api["dailyConversions"][&row["date"]]
        );
    }
}

#[tokio::test]
async fn the_workspace_page_and_its_links_csv_count_conversions_per_link() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws, id) = converted_link(&app).await;
    let page = browser.get(&format!("/app/w/{}/analytics", ws.id)).await;
    assert!(page.html.contains("<dd id=\"conversions\">3</dd>"));
    let top = table(&page.html, "top-links");
    assert!(
        top.contains("Campaign</a></td><td class=\"num\">5</td><td class=\"num\">100%</td><td class=\"num\">3</td>"),
        "{top}"
    );
    let csv = browser.get(&format!("/app/w/{}/analytics.csv?part=links", ws.id)).await;
    assert_eq!(csv.html, format!("linkId,name,clicks,conversions\n{id},Campaign,5,3\n"));
}

#[tokio::test]
async fn the_editor_shows_the_snippet_for_the_link_s_domain_and_the_curl_of_a_sale() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws) = owner(&app).await;
    admin::add_domain(&app.service, &ws.id, "go.example.com", true)
        .await
        .unwrap();
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "Shop", "url": "https://example.com/", "domain": "go.example.com", "conversionTracking": true }),
        )
        .await;
    let page = browser.get(&format!("/app/w/{}/links/{id}/edit", ws.id)).await;
    let html = text(&page.html);
    assert!(
        html.contains("<details class=\"snippet\" id=\"tracking-snippet\" open>"),
        "{html}"
    );
    assert!(
        html.contains("<script src=\"https://go.example.com/_sl/c.js\"></script>"),
        "{html}"
    );
    assert!(html.contains("smartlinks.convert('signup')"));
    assert!(
        html.contains(&format!("curl -X POST {}/apiv1/conversions", app.address)),
        "{html}"
    );
    assert!(html.contains(&format!(
        r#""workspaceId":"{}","clickId":"<sl_cid from the landing URL>""#,
        ws.id
    )));
}

#[tokio::test]
async fn a_new_link_s_editor_shows_the_snippet_for_the_default_domain() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws) = owner(&app).await;
    let page = browser.get(&format!("/app/w/{}/links/new", ws.id)).await;
    let html = text(&page.html);
    let script = format!(
        "<script src=\"https://{}/_sl/c.js\"></script>",
        crate::helpers::DEFAULT_DOMAIN
    );
    assert!(html.contains(&script), "{html}");
}
