//! A TCP proxy on loopback for tests: in front of DynamoDB Local it holds back every chunk a client
//! sends for a set delay (a slow DynamoDB), or, failed, closes every connection (a DynamoDB that
//! cannot be reached), so tests see what the code does then.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::AbortHandle;

/// The proxy; it stops when dropped.
#[derive(Debug)]
pub struct DelayingProxy {
    address: SocketAddr,
    state: Arc<State>,
    accepting: AbortHandle,
}

#[derive(Debug, Default)]
struct State {
    delay_ms: AtomicU64,
    failed: AtomicBool,
    connections: Mutex<Vec<AbortHandle>>,
}

impl DelayingProxy {
    /// A proxy to `upstream` (an `http://host:port` endpoint), passing bytes through at once.
    pub async fn start(upstream: &str) -> Self {
        let upstream = upstream.trim_start_matches("http://").trim_end_matches('/').to_string();
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind the proxy");
        let address = listener.local_addr().expect("the proxy's address");
        let state = Arc::new(State::default());
        let accepting = tokio::spawn(accept(listener, upstream, state.clone())).abort_handle();
        Self {
            address,
            state,
            accepting,
        }
    }

    /// The endpoint a client is given instead of the upstream's.
    pub fn endpoint(&self) -> String {
        format!("http://{}", self.address)
    }

    /// Holds every chunk a client sends from now on for `delay`.
    pub fn delay(&self, delay: Duration) {
        let millis = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX);
        self.state.delay_ms.store(millis, Ordering::SeqCst);
    }

    /// Closes every open connection, and every new one at once, until [`DelayingProxy::recover`].
    pub fn fail(&self) {
        self.state.failed.store(true, Ordering::SeqCst);
        for connection in self.state.connections.lock().expect("connections").drain(..) {
            connection.abort();
        }
    }

    /// Passes bytes through again.
    pub fn recover(&self) {
        self.state.failed.store(false, Ordering::SeqCst);
    }
}

impl Drop for DelayingProxy {
    fn drop(&mut self) {
        self.accepting.abort();
        self.fail();
    }
}

async fn accept(listener: TcpListener, upstream: String, state: Arc<State>) {
    while let Ok((client, _)) = listener.accept().await {
        if state.failed.load(Ordering::SeqCst) {
            drop(client);
            continue;
        }
        let connection = tokio::spawn(relay(client, upstream.clone(), state.clone())).abort_handle();
        let mut connections = state.connections.lock().expect("connections");
        connections.retain(|c| !c.is_finished());
        connections.push(connection);
    }
}

/// Relays one connection: the client's bytes each held for the current delay, the upstream's
/// passed back at once.
async fn relay(client: TcpStream, upstream: String, state: Arc<State>) {
    let Ok(server) = TcpStream::connect(&upstream).await else {
        return;
    };
    let (mut client_read, mut client_write) = client.into_split();
    let (mut server_read, mut server_write) = server.into_split();
    let requests = async {
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            let read = match client_read.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(read) => read,
            };
            let delay = state.delay_ms.load(Ordering::SeqCst);
            if delay > 0 {
                tokio::time::sleep(Duration::from_millis(delay)).await;
            }
            if server_write.write_all(&buffer[..read]).await.is_err() {
                break;
            }
        }
        let _ = server_write.shutdown().await;
    };
    let responses = async {
        let _ = tokio::io::copy(&mut server_read, &mut client_write).await;
        let _ = client_write.shutdown().await;
    };
    tokio::join!(requests, responses);
}
