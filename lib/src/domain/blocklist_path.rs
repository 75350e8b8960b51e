//! The one spelling a URL prefix's path and a destination's path are compared in, so that a
//! prefix cannot be walked around by spelling the path another way (`/%70hish`, `//phish`,
//! `/Phish` all read `/phish`): escapes of unreserved characters decoded, empty path segments
//! collapsed, and letters in lower case. Escapes of other characters stay escapes (`%2F` is
//! not `/`), their hex digits in lower case too.

/// `path_and_query` (`/a//B?x=%41`) in the spelling blocks compare (`/a/b?x=a`).
pub(super) fn normalise_path(path_and_query: &str) -> String {
    let (path, query) = match path_and_query.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (path_and_query, None),
    };
    let mut out = String::with_capacity(path_and_query.len());
    let mut after_slash = false;
    for c in decode_unreserved(path).chars() {
        if c == '/' && after_slash {
            continue;
        }
        after_slash = c == '/';
        out.push(c.to_ascii_lowercase());
    }
    if let Some(query) = query {
        out.push('?');
        out.push_str(&decode_unreserved(query).to_ascii_lowercase());
    }
    out
}

/// `text` with every escape of an unreserved character (RFC 3986: letters, digits, `-._~`)
/// replaced by the character.
fn decode_unreserved(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('%') {
        return std::borrow::Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = text.get(i + 1..i + 3)
            && let Ok(byte) = u8::from_str_radix(hex, 16)
            && (byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~'))
        {
            out.push(char::from(byte));
            i += 3;
            continue;
        }
        let len = text[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&text[i..i + len]);
        i += len;
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::normalise_path;

    #[test]
    fn unreserved_escapes_are_decoded_and_others_kept_in_lower_case() {
        assert_eq!(normalise_path("/%70hish%2Dx%7E"), "/phish-x~");
        assert_eq!(normalise_path("/a%2Fb%3F"), "/a%2fb%3f");
        assert_eq!(normalise_path("/a%zz%4"), "/a%zz%4");
    }

    #[test]
    fn empty_segments_collapse_in_the_path_but_not_the_query() {
        assert_eq!(normalise_path("//a///b/?next=//x"), "/a/b/?next=//x");
    }

    #[test]
    fn letters_compare_in_lower_case() {
        assert_eq!(normalise_path("/Phish?ID=%4A"), "/phish?id=j");
    }
}
