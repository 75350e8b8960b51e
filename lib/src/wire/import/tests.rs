use super::*;

fn rows(format: ImportFormat, content: &str) -> Vec<ImportRow> {
    read_import(format, content).expect("a readable file")
}

#[test]
fn our_csv_reads_each_row_as_its_link_with_tags_by_name() {
    let rows = rows(
        ImportFormat::Csv,
        "slug,url,name,tags,clicksLimit\nsummer,https://example.com/s,Summer,\"sale, Summer ,sale\",10\n",
    );
    let link = rows[0].input.clone().unwrap();
    assert_eq!(rows[0].line, 2);
    assert_eq!(link.link.slug.as_deref(), Some("summer"));
    assert_eq!(link.link.url.as_deref(), Some("https://example.com/s"));
    let tags: Vec<&str> = link.tags.iter().map(|t| t.as_str()).collect();
    assert_eq!(tags, ["sale", "Summer"]);
}

#[test]
fn an_unknown_column_in_our_csv_refuses_the_file() {
    let err = read_import(ImportFormat::Csv, "slug,url,nmae\na,https://e.com,x\n").unwrap_err();
    assert!(err.message.contains("\"nmae\""), "{}", err.message);
}

#[test]
fn a_peer_file_without_its_destination_column_is_refused_as_the_wrong_format() {
    let err = read_import(ImportFormat::Bitly, "slug,url\na,https://e.com\n").unwrap_err();
    assert!(err.message.contains("Bitly CSV export"), "{}", err.message);
}

#[test]
fn a_bad_cell_fails_its_row_alone() {
    let rows = rows(
        ImportFormat::Csv,
        "url,expiration\nhttps://a.example,soon\nhttps://b.example,\n",
    );
    assert_eq!(rows[0].input.clone().unwrap_err().field.as_deref(), Some("expiration"));
    assert!(rows[1].input.is_ok());
}

#[test]
fn more_rows_than_the_limit_refuse_the_file() {
    let mut content = String::from("url\n");
    for _ in 0..=MAX_IMPORT_ROWS {
        content.push_str("https://e.com\n");
    }
    assert!(read_import(ImportFormat::Csv, &content).is_err());
}

#[test]
fn a_json_line_takes_the_create_fields_and_tags_by_name() {
    let rows = rows(
        ImportFormat::Jsonl,
        "{\"name\":\"A\",\"url\":\"https://a.example\",\"tags\":[\"x\"]}\n\n{\"nmae\":1}\n",
    );
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].input.clone().unwrap().tags[0].as_str(), "x");
    assert_eq!(rows[1].line, 3);
    assert_eq!(rows[1].input.clone().unwrap_err().field.as_deref(), Some("nmae"));
}

#[test]
fn a_protected_link_without_its_password_fails_rather_than_open() {
    let rows = rows(
        ImportFormat::Jsonl,
        "{\"name\":\"A\",\"url\":\"https://a.example\",\"passwordProtected\":true}\n",
    );
    assert_eq!(
        rows[0].input.clone().unwrap_err().field.as_deref(),
        Some("passwordProtected")
    );
}

/// A row as one line of the golden tables below: line, domain, slug, name, destination (or how
/// many rules), tags, and the field a failing row names.
fn summary(row: &ImportRow) -> String {
    match &row.input {
        Ok(found) => {
            let link = &found.link;
            let destination = match (&link.url, &link.rules) {
                (Some(url), _) => url.clone(),
                (None, Some(rules)) => format!("{} rules", rules.len()),
                (None, None) => "-".to_string(),
            };
            let tags: Vec<&str> = found.tags.iter().map(|t| t.as_str()).collect();
            format!(
                "{} {} {} {:?} {} [{}]{}{}",
                row.line,
                link.domain.as_deref().unwrap_or("default"),
                link.slug.as_deref().unwrap_or("generated"),
                link.name.as_deref().unwrap_or_default(),
                destination,
                tags.join("|"),
                if link.active == Some(false) { " off" } else { "" },
                if link.ab_test.is_some() { " ab" } else { "" },
            )
        }
        Err(invalid) => format!(
            "{} fails at {}",
            row.line,
            invalid.field.as_deref().unwrap_or("the row")
        ),
    }
}

fn golden(format: ImportFormat, fixture: &str, expected: &[&str]) {
    let found: Vec<String> = rows(format, fixture).iter().map(summary).collect();
    assert_eq!(found, expected, "{format}");
}

#[test]
fn our_csv_fixture_reads_to_its_golden_rows() {
    golden(
        ImportFormat::Csv,
        include_str!("../../../../docs/import/csv.csv"),
        &[
            "2 default summer-sale \"Summer sale\" https://example.com/summer [sale|summer]",
            "3 default by-country \"By country\" 2 rules []",
            "4 default split \"Split test\" 1 rules [] off ab",
            "5 default bad_slug \"Bad slug\" https://example.com/x []",
            "6 default generated \"Bad url\" data:text/html;base64,SGk= []",
        ],
    );
}

#[test]
fn the_bitly_fixture_prefers_the_custom_link_and_moves_bitly_links_to_the_default_domain() {
    golden(
        ImportFormat::Bitly,
        include_str!("../../../../docs/import/bitly.csv"),
        &[
            "2 go.example.com spring \"Spring sale\" https://example.com/sale [promo|2025]",
            "3 default 4xyzq \"Docs\" https://example.com/docs []",
            "4 default 5qwer \"Broken\" javascript:alert(1) []",
        ],
    );
}

#[test]
fn the_dub_fixture_reads_short_links_tags_and_archived() {
    golden(
        ImportFormat::Dub,
        include_str!("../../../../docs/import/dub.csv"),
        &[
            "2 go.example.com launch \"launch\" https://example.com/launch?utm_source=x [promo|spring]",
            "3 default old-offer \"old-offer\" https://example.com/old [] off",
            "4 elsewhere.example.net x \"x\" https://example.com/x []",
        ],
    );
}

#[test]
fn the_shortio_fixture_reads_to_its_golden_rows() {
    golden(
        ImportFormat::Shortio,
        include_str!("../../../../docs/import/shortio.csv"),
        &[
            "2 go.example.com spring-io \"Spring sale\" https://example.com/sale [promo|2025]",
            "3 default about-us \"about-us\" https://example.com/about []",
        ],
    );
}

#[test]
fn the_shlink_fixture_reads_quoted_cells_and_piped_tags() {
    golden(
        ImportFormat::Shlink,
        include_str!("../../../../docs/import/shlink.csv"),
        &[
            "2 go.example.com spring-sale \"Spring sale\" https://example.com/sale [promo|2025]",
            "3 go.example.com docs \"docs\" https://example.com/docs []",
            "4 go.example.com a/b \"Two parts\" https://example.com/ab []",
        ],
    );
}

#[test]
fn the_json_lines_fixture_reads_rules_tests_and_refuses_a_lost_password() {
    golden(
        ImportFormat::Jsonl,
        include_str!("../../../../docs/import/jsonl.jsonl"),
        &[
            "1 go.example.com routed \"Routed\" 2 rules [promo]",
            "2 default split-test \"Split\" https://example.com/ [] ab",
            "3 fails at passwordProtected",
        ],
    );
}

#[test]
fn the_template_is_our_csv_with_every_column() {
    let template = include_str!("../../../../docs/import/template.csv");
    assert_eq!(template.lines().next().unwrap(), OUR_COLUMNS.join(","));
    assert!(rows(ImportFormat::Csv, template)[0].input.is_ok());
}
