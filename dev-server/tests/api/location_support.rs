//! Helpers of the location tests: links that ask for location, their consent page, and the
//! position a visitor's browser posts back.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{DEFAULT_DOMAIN, TestApp, TestWorkspace, Visit};

/// Where CloudFront places a Paris visitor.
pub const PARIS: [(&str, &str); 2] = [
    ("cloudfront-viewer-latitude", "48.85661"),
    ("cloudfront-viewer-longitude", "2.35222"),
];

/// Where CloudFront places a New York visitor.
pub const NEW_YORK: [(&str, &str); 2] = [
    ("cloudfront-viewer-latitude", "40.71427"),
    ("cloudfront-viewer-longitude", "-74.00597"),
];

/// The report cell (its geohash) of a point.
pub fn cell(lat: f64, lon: f64) -> String {
    lib::domain::Cell::of(lat, lon).as_str().to_string()
}

impl TestApp {
    /// A link to `https://shop.example/landing` that asks people for their location.
    pub async fn gps_link(&self, ws: &TestWorkspace, slug: &str, extra: Value) -> String {
        let mut body = json!({ "name": "Venue", "slug": slug, "url": "https://shop.example/landing",
                               "gpsTracking": true });
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            body.extend(extra.clone());
        }
        self.create_ok(ws, body).await
    }

    /// A link `plain` to `https://e.com/` that asks nobody for location.
    pub async fn plain_link(&self, ws: &TestWorkspace) -> String {
        self.create_ok(ws, json!({ "name": "Plain", "slug": "plain", "url": "https://e.com/" }))
            .await
    }

    /// What the browser posts once a person shared a position.
    pub async fn share_position(&self, body: Value, headers: &[(&str, &str)]) -> StatusCode {
        let mut request = self
            .http
            .request(Method::POST, format!("{}/_sl/location", self.address))
            .header("host", DEFAULT_DOMAIN)
            .header("content-type", "application/json")
            .body(body.to_string());
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.expect("post");
        let status = response.status();
        assert!(
            response.headers().get("set-cookie").is_none(),
            "the endpoint sets nothing"
        );
        status
    }

    /// Shares a position with a page's grant (`token`).
    pub async fn share(&self, token: &str, lat: f64, lon: f64, accuracy: f64) -> StatusCode {
        self.share_position(
            json!({ "token": token, "latitude": lat, "longitude": lon, "accuracy": accuracy }),
            &[],
        )
        .await
    }

    /// Every position shared for the workspace's clicks today.
    pub async fn shared_positions(&self, ws: &TestWorkspace) -> Vec<lib::store::SharedLocation> {
        self.shared_positions_on(ws, self.clock_now().date_naive()).await
    }

    /// The positions shared on `day` (a test that moves the clock may cross midnight).
    pub async fn shared_positions_on(
        &self,
        ws: &TestWorkspace,
        day: chrono::NaiveDate,
    ) -> Vec<lib::store::SharedLocation> {
        self.store()
            .shared_locations_on(&crate::helpers::oid(&ws.id), day)
            .await
            .expect("shared positions")
    }
}

/// The grant a consent page carries (its button's `data-token`).
pub fn grant_of(page: &Visit) -> String {
    let (_, rest) = page.body.split_once("data-token=\"").expect("a grant on the page");
    rest.split('"').next().expect("a quoted grant").to_string()
}

/// The `Continue` link of a consent page.
pub fn continue_href(page: &Visit) -> String {
    let (_, rest) = page
        .body
        .split_once("id=\"continue\" href=\"")
        .expect("a Continue link");
    rest.split('"').next().expect("a quoted href").replace("&amp;", "&")
}

/// Whether an answer is the consent page.
pub fn is_consent_page(visit: &Visit) -> bool {
    visit.status == StatusCode::OK && visit.body.contains("would like to know your approximate location")
}

impl TestApp {
    /// The owner's access to `ws`, as a door opens it.
    pub async fn owner_access(&self, ws: &TestWorkspace) -> lib::service::accounts::Access {
        self.service
            .open_workspace_as(crate::helpers::oid(&ws.owner), &crate::helpers::oid(&ws.id))
            .await
            .expect("the owner opens the workspace")
    }

    /// The items of every position shared today in `ws`, as stored (with their `ttl`).
    pub async fn shared_position_items(&self, ws: &TestWorkspace) -> Vec<lib::store::Item> {
        use aws_sdk_dynamodb::types::AttributeValue;
        let day = self.clock_now().date_naive();
        let mut items = Vec::new();
        for shard in 0..lib::store::keys::CLICK_SHARDS {
            let pk = lib::store::keys::shared_location_day(&crate::helpers::oid(&ws.id), day, shard);
            let found = self
                .store()
                .client()
                .query()
                .table_name(self.service.table_name())
                .key_condition_expression("PK = :pk")
                .expression_attribute_values(":pk", AttributeValue::S(pk))
                .send()
                .await
                .expect("query");
            items.extend(found.items.unwrap_or_default());
        }
        items
    }

    /// The expiry (`ttl`, epoch seconds) of the one position shared today in `ws`.
    pub async fn position_ttl(&self, ws: &TestWorkspace) -> i64 {
        let items = self.shared_position_items(ws).await;
        assert_eq!(items.len(), 1, "one shared position");
        match items[0].get(lib::store::keys::TTL) {
            Some(aws_sdk_dynamodb::types::AttributeValue::N(ttl)) => ttl.parse().expect("a number"),
            other => panic!("no ttl: {other:?}"),
        }
    }

    /// What DynamoDB's TTL does once `GPS_RETENTION_DAYS` have passed: every shared position
    /// of today is gone.
    pub async fn expire_shared_positions(&self, ws: &TestWorkspace) {
        for item in self.shared_position_items(ws).await {
            self.store()
                .client()
                .delete_item()
                .table_name(self.service.table_name())
                .key("PK", item["PK"].clone())
                .key("SK", item["SK"].clone())
                .send()
                .await
                .expect("delete");
        }
    }
}
