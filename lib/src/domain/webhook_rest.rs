//! An endpoint that stops answering is rested: after [`RESTING_AFTER`] attempts in a row that got
//! no answer (each holding a worker for up to five seconds), its deliveries wait, untried, until
//! the rest is over; then one of them probes (holding the endpoint for [`PROBE_WINDOW`]). An
//! answer of any status ends the rest; another silence doubles it, up to [`LONGEST_REST`]. So a
//! dead endpoint costs the shared workers a few attempts an hour, not one per event. (An
//! attempt's silence is counted with `ADD`, so attempts side by side all count.)

use chrono::{DateTime, Duration, Utc};

/// Attempts in a row without an answer that put an endpoint to rest.
pub const RESTING_AFTER: u32 = 3;

/// The first rest; each further unanswered probe doubles it, up to [`LONGEST_REST`].
pub const FIRST_REST: Duration = Duration::minutes(1);

/// The longest rest.
pub const LONGEST_REST: Duration = Duration::minutes(30);

/// How long the delivery that probes a rested endpoint holds it for itself (the attempt's five
/// seconds, and room to record it).
pub const PROBE_WINDOW: Duration = Duration::seconds(15);

/// How many attempts to its failing endpoints a workspace may make in a minute, together.
pub const FAILING_ATTEMPTS_PER_MINUTE: u64 = 10;

/// Until when an endpoint rests after `unanswered` attempts in a row without an answer, the
/// last at `now`: none before the [`RESTING_AFTER`]th.
pub fn resting_until(unanswered: u32, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    (unanswered >= RESTING_AFTER).then(|| now + rest(unanswered))
}

/// The rest after `unanswered` attempts in a row: one minute at the third, doubled at each more.
fn rest(unanswered: u32) -> Duration {
    let doublings = unanswered.saturating_sub(RESTING_AFTER).min(5);
    (FIRST_REST * 2i32.pow(doublings)).min(LONGEST_REST)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minute: i64) -> DateTime<Utc> {
        DateTime::<Utc>::UNIX_EPOCH + Duration::minutes(minute)
    }

    #[test]
    fn three_silences_in_a_row_rest_an_endpoint_a_minute() {
        assert_eq!(resting_until(2, at(0)), None);
        assert_eq!(resting_until(3, at(0)), Some(at(1)));
    }

    #[test]
    fn each_silent_probe_doubles_the_rest_up_to_half_an_hour() {
        let rests: Vec<i64> = (3..=10).map(|n| rest(n).num_minutes()).collect();
        assert_eq!(rests, [1, 2, 4, 8, 16, 30, 30, 30]);
    }
}
