//! Work a function finishes after its answer has gone: the redirect's click write, the account
//! function's mail to a stranger who asked for one.
//!
//! In Lambda ([`AfterResponse::with_internal_extension`]) the function registers an internal
//! extension for `INVOKE` events. Lambda returns a synchronous caller the response as soon as the
//! runtime posts it, but keeps the invocation's execution environment running until every
//! extension asks for its next event. So the handler spawns its after-work ([`AfterResponse::defer`])
//! and, once answered, hands it to the extension ([`AfterResponse::answered`]); the extension awaits
//! that work before it asks for the next event. Nothing is left half-done when the environment
//! freezes, and the visitor never waits for it.
//!
//! On the dev server and in tests ([`AfterResponse::detached`]) the work runs on the server's
//! runtime while the response is written; [`AfterResponse::settled`] waits until none is left.
//! Where no extension can be registered ([`AfterResponse::inline`]: an emulator without the
//! Extensions API) the handler awaits the work before it answers, as before: slower, never lossy.

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

/// The name a function's internal extension registers under (the redirect's, the account
/// function's).
pub const EXTENSION_NAME: &str = "after-response";

/// How long before the invocation's deadline the extension stops waiting for unfinished work (so
/// it still asks for the next event in time; the work itself goes on).
const DEADLINE_MARGIN: Duration = Duration::from_millis(50);

/// The internal extension's run loop (one that ends at once when none could be registered).
pub type ExtensionLoop = std::pin::Pin<Box<dyn Future<Output = Result<(), lambda_extension::Error>> + Send>>;

/// Where a function's after-work runs. Cheap to clone: clones share their work.
#[derive(Clone, Debug)]
pub struct AfterResponse {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    mode: Mode,
    /// Work spawned and not yet handed on (Lambda) or awaited (inline).
    spawned: Mutex<Vec<JoinHandle<()>>>,
    /// How much work is still running.
    in_flight: watch::Sender<usize>,
}

#[derive(Debug)]
enum Mode {
    /// The work runs on; nobody waits for it (the dev server, tests).
    Detached,
    /// The handler awaits the work before it answers.
    Inline,
    /// The internal extension awaits each answered invocation's work.
    Extension(mpsc::UnboundedSender<Vec<JoinHandle<()>>>),
}

impl AfterResponse {
    fn new(mode: Mode) -> Self {
        Self {
            inner: Arc::new(Inner {
                mode,
                spawned: Mutex::new(Vec::new()),
                in_flight: watch::Sender::new(0),
            }),
        }
    }

    /// Work runs on after the answer, on the caller's runtime (the dev server, tests).
    pub fn detached() -> Self {
        Self::new(Mode::Detached)
    }

    /// Work is awaited before the answer (where no extension can be registered).
    pub fn inline() -> Self {
        Self::new(Mode::Inline)
    }

    /// Registers the internal extension [`EXTENSION_NAME`] for `INVOKE` events (during init, as
    /// Lambda requires) and returns the after-work's place with the extension's run loop, to run
    /// beside the runtime's (`tokio::try_join!`). Without the Extensions API (an emulator), the
    /// work is awaited inline and the loop ends at once.
    pub async fn with_internal_extension() -> (Self, ExtensionLoop) {
        let (handoff, answered) = mpsc::unbounded_channel();
        let answered = Arc::new(tokio::sync::Mutex::new(answered));
        let processor = lambda_extension::service_fn(move |event: lambda_extension::LambdaEvent| {
            let answered = answered.clone();
            async move {
                if let lambda_extension::NextEvent::Invoke(invoke) = event.next {
                    finish_invocation(&answered, invoke.deadline_ms).await;
                }
                Ok::<(), lambda_extension::Error>(())
            }
        });
        let registered = lambda_extension::Extension::new()
            .with_events(&["INVOKE"])
            .with_extension_name(EXTENSION_NAME)
            .with_events_processor(processor)
            .register()
            .await;
        match registered {
            Ok(extension) => (Self::new(Mode::Extension(handoff)), Box::pin(extension.run())),
            Err(err) => {
                tracing::warn!(error = %err, "no internal extension: after-work is done before the answer");
                (Self::inline(), Box::pin(async { Ok(()) }))
            }
        }
    }

    /// Starts `work` now; it finishes after the answer (see the module's documentation).
    pub fn defer(&self, work: impl Future<Output = ()> + Send + 'static) {
        self.inner.in_flight.send_modify(|n| *n += 1);
        let in_flight = self.inner.in_flight.clone();
        let handle = tokio::spawn(async move {
            work.await;
            in_flight.send_modify(|n| *n -= 1);
        });
        if !matches!(self.inner.mode, Mode::Detached) {
            self.spawned().push(handle);
        }
    }

    /// The handler's answer is ready: in Lambda the work goes to the extension, inline it is
    /// awaited here, detached it runs on.
    pub async fn answered(&self) {
        match &self.inner.mode {
            Mode::Detached => {}
            Mode::Inline => {
                let work = std::mem::take(&mut *self.spawned());
                join_all(work, None).await;
            }
            Mode::Extension(handoff) => {
                let work = std::mem::take(&mut *self.spawned());
                if handoff.send(work).is_err() {
                    tracing::error!("the after-response extension has stopped: its work runs unawaited");
                }
            }
        }
    }

    /// Waits until no deferred work is running.
    pub async fn settled(&self) {
        let mut in_flight = self.inner.in_flight.subscribe();
        // The sender lives as long as `self`: waiting cannot fail.
        let _ = in_flight.wait_for(|n| *n == 0).await;
    }

    fn spawned(&self) -> std::sync::MutexGuard<'_, Vec<JoinHandle<()>>> {
        self.inner
            .spawned
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The extension's part of one invocation: the work the handler hands over once answered, awaited
/// until shortly before the deadline. A request the runtime could not hand to the handler sends
/// nothing; the wait then ends at the deadline.
async fn finish_invocation(
    answered: &tokio::sync::Mutex<mpsc::UnboundedReceiver<Vec<JoinHandle<()>>>>,
    deadline_ms: u64,
) {
    let deadline = deadline_instant(deadline_ms);
    let mut answered = answered.lock().await;
    match tokio::time::timeout_at(deadline, answered.recv()).await {
        Ok(Some(work)) => join_all(work, Some(deadline)).await,
        Ok(None) => {}
        Err(_) => tracing::warn!("the invocation handed no work over before its deadline"),
    }
}

/// Awaits every piece of work, until `deadline` if one is given.
async fn join_all(work: Vec<JoinHandle<()>>, deadline: Option<tokio::time::Instant>) {
    for handle in work {
        let result = match deadline {
            Some(deadline) => match tokio::time::timeout_at(deadline, handle).await {
                Ok(result) => result,
                Err(_) => {
                    tracing::error!("deferred work still running at the invocation's deadline");
                    return;
                }
            },
            None => handle.await,
        };
        if let Err(err) = result {
            tracing::error!(error = %err, "deferred work failed");
        }
    }
}

/// The runtime's clock instant [`DEADLINE_MARGIN`] before `deadline_ms` (milliseconds since the
/// epoch, as Lambda gives it).
fn deadline_instant(deadline_ms: u64) -> tokio::time::Instant {
    let now_ms = chrono::Utc::now().timestamp_millis();
    let left_ms = u64::try_from(i64::try_from(deadline_ms).unwrap_or(i64::MAX) - now_ms).unwrap_or(0);
    tokio::time::Instant::now() + Duration::from_millis(left_ms).saturating_sub(DEADLINE_MARGIN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Defers 30 ms of work that raises the returned flag when it is done.
    fn defer_flagged_work(after: &AfterResponse) -> Arc<AtomicBool> {
        let done = Arc::new(AtomicBool::new(false));
        let flag = done.clone();
        after.defer(async move {
            tokio::time::sleep(Duration::from_millis(30)).await;
            flag.store(true, Ordering::SeqCst);
        });
        done
    }

    #[tokio::test]
    async fn detached_work_finishes_after_the_caller_moved_on_and_settled_waits_for_it() {
        let after = AfterResponse::detached();
        let done = defer_flagged_work(&after);
        after.answered().await;
        assert!(!done.load(Ordering::SeqCst));
        after.settled().await;
        assert!(done.load(Ordering::SeqCst));
    }

    #[tokio::test]
    async fn inline_work_is_done_when_the_answer_is() {
        let after = AfterResponse::inline();
        let done = defer_flagged_work(&after);
        after.answered().await;
        assert!(done.load(Ordering::SeqCst));
    }

    #[tokio::test]
    async fn the_extension_awaits_the_work_an_answered_invocation_hands_over() {
        let (handoff, answered) = mpsc::unbounded_channel();
        let after = AfterResponse::new(Mode::Extension(handoff));
        let done = defer_flagged_work(&after);
        after.answered().await;
        assert!(!done.load(Ordering::SeqCst), "answering does not wait for the work");
        let deadline = u64::try_from(chrono::Utc::now().timestamp_millis()).expect("after 1970") + 3_000;
        finish_invocation(&tokio::sync::Mutex::new(answered), deadline).await;
        assert!(done.load(Ordering::SeqCst), "the extension waited for it");
    }

    #[tokio::test]
    async fn an_invocation_that_hands_nothing_over_is_waited_for_only_until_its_deadline() {
        let (_handoff, answered) = mpsc::unbounded_channel();
        let deadline = u64::try_from(chrono::Utc::now().timestamp_millis()).expect("after 1970") + 100;
        let started = std::time::Instant::now();
        finish_invocation(&tokio::sync::Mutex::new(answered), deadline).await;
        assert!(started.elapsed() < Duration::from_secs(1));
    }
}
