//! A visitor's visit: which destination a link sends them to, recording the click, the link cache, the password gate, automated visits, shared locations and conversions.

pub(crate) mod automated;
pub(crate) mod conversions;
pub(crate) mod destination;
pub(crate) mod link_cache;
pub(crate) mod locations;
pub(crate) mod password_gate;
pub(crate) mod recording;
pub(crate) mod visit;

pub use automated::BOT_VISIT_RETENTION_DAYS;
pub use conversions::PixelOutcome;
pub use destination::{CLICK_ID_PARAMETER, compose};
pub use link_cache::LinkCache;
pub use locations::SharedOutcome;
pub use password_gate::{LINK_WRONG_GUESSES_PER_HOUR, LockReason, LockedPage, PASSWORD_TRIES_PER_HOUR, Unlock};
pub use recording::{
    ClickRecorder, DEAD_LETTER_QUEUE_VARIABLE, DeadLetters, PendingClick, Recorded, Replayed, Visited,
};
pub use visit::{AppOpening, Location, LocationRequest, Visit, VisitOutcome, WithheldPage, plan};
