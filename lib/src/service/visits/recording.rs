//! The write a visit leaves for after its answer: the raw click (or a robot's visit), which matters
//! to the link's owner, not to the visitor being redirected. The redirect answers first and hands
//! the [`PendingClick`] to a [`ClickRecorder`], which writes it with the SDK's retries and, if the
//! write still fails, keeps it in the dead-letter queue for `linkctl clicks replay`.
//! (What must hold before the answer, the conditional update of a click-limited link, is done
//! by the visit itself.)

use crate::domain::PasswordPass;
use crate::service::Service;
use crate::service::visits::visit::VisitOutcome;
pub use crate::store::DeadLetters;
/// The queue where clicks the table refused wait to be replayed, and the variable naming it.
pub use crate::store::dead_letters::QUEUE_URL_VARIABLE as DEAD_LETTER_QUEUE_VARIABLE;
use crate::store::{Click, ClickPlacement, DeadLetter, Store, StoreError};

/// A visit as served: the answer, and the click it still has to write (none for `HEAD`, a `404`,
/// a `410`).
#[derive(Debug)]
pub struct Visited {
    pub outcome: VisitOutcome,
    pub pending: Option<PendingClick>,
    /// The pass to hand a browser that just gave a protected link's password.
    pub pass: Option<PasswordPass>,
}

impl Visited {
    /// An answer that writes nothing.
    pub(in crate::service) fn answer(outcome: VisitOutcome) -> Self {
        Self {
            outcome,
            pending: None,
            pass: None,
        }
    }

    /// An answer whose click is written after it.
    pub(in crate::service) fn recording(outcome: VisitOutcome, click: Click, placement: ClickPlacement) -> Self {
        Self {
            outcome,
            pending: Some(PendingClick { click, placement }),
            pass: None,
        }
    }

    /// The same answer, handing the browser `pass`.
    pub(in crate::service) fn with_pass(self, pass: Option<PasswordPass>) -> Self {
        Self { pass, ..self }
    }
}

/// A click the answer has gone without.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingClick {
    click: Click,
    placement: ClickPlacement,
}

impl PendingClick {
    pub fn click(&self) -> &Click {
        &self.click
    }
}

/// What became of a pending click.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    Written,
    /// The write failed; the click waits in the dead-letter queue.
    DeadLettered,
    /// The write failed and no dead-letter queue took it (logged).
    Lost,
}

/// Writes pending clicks: the table, and the dead-letter queue when the write fails.
#[derive(Debug, Clone)]
pub struct ClickRecorder {
    store: Store,
    dead_letters: Option<DeadLetters>,
}

impl Service {
    /// The recorder of this service's clicks, failing over to `dead_letters`.
    pub fn click_recorder(&self, dead_letters: Option<DeadLetters>) -> ClickRecorder {
        ClickRecorder {
            store: self.store.clone(),
            dead_letters,
        }
    }
}

impl ClickRecorder {
    /// One `PutItem` (the SDK retries it); when it fails, one `SendMessage` to the dead-letter
    /// queue. Failures are logged with the link's id, never the visitor's data.
    pub async fn record(&self, pending: PendingClick) -> Recorded {
        let PendingClick { click, placement } = pending;
        let Err(err) = self.store.record_click(&click, placement).await else {
            return Recorded::Written;
        };
        let link = click.link_id.clone();
        let write_error = crate::telemetry::error_chain(&err);
        let Some(queue) = &self.dead_letters else {
            tracing::error!(link = %link, error = %write_error, "click not recorded and no dead-letter queue: lost");
            return Recorded::Lost;
        };
        match queue.send(&DeadLetter::new(click, placement)).await {
            Ok(()) => {
                tracing::warn!(link = %link, error = %write_error, "click not recorded: kept in the dead-letter queue");
                Recorded::DeadLettered
            }
            Err(queue_err) => {
                tracing::error!(
                    link = %link,
                    error = %write_error,
                    queue_error = %crate::telemetry::error_chain(&queue_err),
                    "click not recorded nor kept in the dead-letter queue: lost"
                );
                Recorded::Lost
            }
        }
    }
}

/// What a replay of the dead-letter queue did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Replayed {
    /// Clicks written and removed from the queue.
    pub written: usize,
    /// Clicks that were stored already (their first write went through after all), removed.
    pub already_stored: usize,
    /// Messages that hold no click, left in the queue for a person to look at.
    pub unreadable: usize,
}

impl Service {
    /// Writes the clicks waiting in `queue`, at most `max` messages: each one a conditional
    /// `PutItem` (a click is never written twice), then its `DeleteMessage`. A failed write stops
    /// the replay with an error; its message, and every one not yet read, stays in the queue.
    pub async fn replay_dead_letters(&self, queue: &DeadLetters, max: usize) -> Result<Replayed, StoreError> {
        let mut replayed = Replayed::default();
        let mut seen = 0;
        while seen < max {
            let batch = queue.receive().await?;
            if batch.is_empty() {
                break;
            }
            for received in batch {
                if seen == max {
                    // Hidden for a minute, then back in the queue for the next replay.
                    break;
                }
                seen += 1;
                let Some(letter) = received.letter else {
                    replayed.unreadable += 1;
                    continue;
                };
                if self.store.record_click_once(&letter.click, letter.placement()).await? {
                    replayed.written += 1;
                } else {
                    replayed.already_stored += 1;
                }
                queue.delete(&received.receipt).await?;
            }
        }
        Ok(replayed)
    }
}
