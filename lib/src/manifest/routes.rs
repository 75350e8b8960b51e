//! API Gateway's route matching, as the dev server needs it: which function a request's
//! method and path reach, and with which path parameters.

use super::{Api, DEFAULT_ROUTE, FUNCTIONS, Function};

/// A matched route: the function and the path parameters API Gateway would extract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched {
    pub function: &'static Function,
    pub parameters: Vec<(&'static str, String)>,
}

/// API Gateway's choice among the routes of `api` for a request: a route with more literal
/// segments wins over one with parameters (`/apiv1/links/analytics` over `/apiv1/links/{id}`),
/// an exact method over `ANY`, and `$default` takes what nothing else matches.
pub fn find(api: Api, method: &str, path: &str) -> Option<Matched> {
    find_route(api, method, path).or_else(|| default_route(api))
}

/// The function on `api`'s `$default` route.
pub fn default_route(api: Api) -> Option<Matched> {
    find_route(api, "ANY", DEFAULT_ROUTE)
}

/// The methods the routes of `api` answer on `path` (`HEAD` wherever `GET` is), empty when no
/// route has that path.
pub fn allowed_methods(api: Api, path: &str) -> Vec<&'static str> {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let mut methods: Vec<&'static str> = FUNCTIONS
        .iter()
        .flat_map(|f| f.routes.iter())
        .filter(|r| r.api == api && r.path != DEFAULT_ROUTE && match_path(r.path, &segments).is_some())
        .map(|r| r.method)
        .collect();
    methods.sort_unstable();
    methods.dedup();
    methods
}

/// The route of `api` a request matches, `$default` aside.
pub fn find_route(api: Api, method: &str, path: &str) -> Option<Matched> {
    if path == DEFAULT_ROUTE {
        return FUNCTIONS.iter().find_map(|function| {
            function
                .routes
                .iter()
                .any(|r| r.api == api && r.path == DEFAULT_ROUTE)
                .then_some(Matched {
                    function,
                    parameters: Vec::new(),
                })
        });
    }
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let mut best: Option<(usize, bool, Matched)> = None;
    for function in FUNCTIONS {
        for route in function
            .routes
            .iter()
            .filter(|r| r.api == api && r.path != DEFAULT_ROUTE)
        {
            let exact_method = route.method == method;
            if !exact_method && route.method != "ANY" {
                continue;
            }
            let Some((literals, parameters)) = match_path(route.path, &segments) else {
                continue;
            };
            let better = best
                .as_ref()
                .is_none_or(|(l, exact, _)| (literals, exact_method) > (*l, *exact));
            if better {
                best = Some((literals, exact_method, Matched { function, parameters }));
            }
        }
    }
    best.map(|(_, _, matched)| matched)
}

/// Whether `pattern` matches the request's segments: how many literal segments it has, and the
/// parameters it extracts. A last part `{name+}` (API Gateway's greedy parameter) takes one or
/// more remaining segments.
fn match_path(pattern: &'static str, segments: &[&str]) -> Option<(usize, Vec<(&'static str, String)>)> {
    let parts: Vec<&'static str> = pattern.trim_start_matches('/').split('/').collect();
    let greedy = parts
        .last()
        .and_then(|p| p.strip_prefix('{'))
        .and_then(|p| p.strip_suffix("+}"));
    let fixed = if greedy.is_some() { parts.len() - 1 } else { parts.len() };
    let fits = match greedy {
        Some(_) => segments.len() > fixed,
        None => segments.len() == fixed,
    };
    if !fits {
        return None;
    }
    let mut literals = 0;
    let mut parameters = Vec::new();
    for (part, segment) in parts[..fixed].iter().zip(segments) {
        match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
            Some(name) if !segment.is_empty() => parameters.push((name, (*segment).to_string())),
            Some(_) => return None,
            None if part == segment => literals += 1,
            None => return None,
        }
    }
    if let Some(name) = greedy {
        let rest = segments[fixed..].join("/");
        if rest.is_empty() {
            return None;
        }
        parameters.push((name, rest));
    }
    Some((literals, parameters))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(api: Api, method: &str, path: &str) -> Option<&'static str> {
        find(api, method, path).map(|m| m.function.name)
    }

    #[test]
    fn a_literal_route_wins_over_a_parameter() {
        assert_eq!(
            name(Api::Service, "GET", "/apiv1/links/analytics"),
            Some("workspace-analytics")
        );
        assert_eq!(name(Api::Service, "GET", "/apiv1/links/abc"), Some("get-link"));
    }

    #[test]
    fn path_parameters_are_extracted() {
        let matched = find(Api::Service, "GET", "/apiv1/links/abc/analytics").unwrap();
        assert_eq!(matched.function.name, "link-analytics");
        assert_eq!(matched.parameters, vec![("id", "abc".to_string())]);
    }

    #[test]
    fn the_qr_route_is_its_own_function() {
        let matched = find(Api::Service, "GET", "/apiv1/links/abc/qr").unwrap();
        assert_eq!(matched.function.name, "link-qr");
        assert_eq!(matched.parameters, vec![("id", "abc".to_string())]);
        assert_eq!(allowed_methods(Api::Service, "/apiv1/links/abc/qr"), ["GET", "HEAD"]);
    }

    #[test]
    fn a_greedy_parameter_takes_the_rest_of_the_path() {
        let matched = find(Api::Service, "POST", "/account/integrations/keys").unwrap();
        assert_eq!(matched.function.name, "account");
        assert_eq!(matched.parameters, vec![("proxy", "integrations/keys".to_string())]);
        assert_eq!(name(Api::Service, "GET", "/account"), Some("account"));
        assert_eq!(name(Api::Service, "GET", "/accounts"), Some("fallback"));
    }

    #[test]
    fn the_authorization_server_takes_its_well_known_documents_and_everything_under_oauth() {
        assert_eq!(
            name(Api::Service, "GET", "/.well-known/oauth-authorization-server"),
            Some("oauth")
        );
        assert_eq!(
            name(Api::Service, "GET", "/.well-known/oauth-protected-resource/apiv1/mcp"),
            Some("oauth")
        );
        assert_eq!(name(Api::Service, "POST", "/oauth/token"), Some("oauth"));
        assert_eq!(name(Api::Service, "GET", "/.well-known/other"), Some("fallback"));
    }

    #[test]
    fn the_root_and_app_paths_go_to_the_app() {
        assert_eq!(name(Api::Service, "GET", "/"), Some("app"));
        assert_eq!(name(Api::Service, "POST", "/app/w/abc/links/new"), Some("app"));
        assert_eq!(name(Api::Service, "GET", "/app"), Some("app"));
        assert_eq!(name(Api::Service, "GET", "/apps"), Some("fallback"));
        assert_eq!(name(Api::ShortLinks, "GET", "/"), Some("redirect"));
    }

    #[test]
    fn any_matches_every_method() {
        assert_eq!(name(Api::Service, "DELETE", "/apiv1/mcp"), Some("mcp"));
    }

    #[test]
    fn routes_belong_to_their_api() {
        assert_eq!(name(Api::Service, "GET", "/abc"), Some("fallback"));
        assert_eq!(name(Api::ShortLinks, "GET", "/abc"), Some("redirect"));
    }

    #[test]
    fn what_no_route_matches_goes_to_the_default_route() {
        assert_eq!(name(Api::Service, "PATCH", "/apiv1/link/create"), Some("fallback"));
        assert_eq!(name(Api::Service, "GET", "/apiv1/nope"), Some("fallback"));
        assert_eq!(name(Api::ShortLinks, "GET", "/a/b"), Some("redirect"));
        assert_eq!(name(Api::ShortLinks, "POST", "/abc"), Some("redirect"));
    }

    #[test]
    fn every_api_but_function_urls_has_a_default_route() {
        for api in [Api::Service, Api::ShortLinks] {
            assert!(find(api, "GET", DEFAULT_ROUTE).is_some(), "{api:?}");
        }
    }

    #[test]
    fn every_get_route_has_a_head_twin() {
        for route in FUNCTIONS.iter().flat_map(|f| f.routes.iter()) {
            if route.method == "GET" {
                let twin = FUNCTIONS
                    .iter()
                    .flat_map(|f| f.routes.iter())
                    .any(|r| r.method == "HEAD" && r.path == route.path && r.api == route.api);
                assert!(twin, "{} has no HEAD route", route.path);
            }
        }
    }

    #[test]
    fn head_is_allowed_wherever_get_is() {
        assert_eq!(allowed_methods(Api::Service, "/apiv1/links/x"), ["GET", "HEAD"]);
        assert_eq!(allowed_methods(Api::Service, "/apiv1/link/create"), ["POST"]);
        assert!(allowed_methods(Api::Service, "/apiv1/LINKS").is_empty());
    }
}
