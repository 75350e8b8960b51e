//! A DNS server for the tests, on loopback: it answers TXT questions from records a test sets
//! (and, for the browser tests' server process, from a JSON zone file read at every question,
//! `{ "<name>": ["<text>", …] }`). Messages are read and written with hickory's own codec; a
//! name without records answers NXDOMAIN, a name set to fail answers SERVFAIL.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use hickory_resolver::proto::op::{Message, MessageType, ResponseCode};
use hickory_resolver::proto::rr::rdata::TXT;
use hickory_resolver::proto::rr::{RData, Record, RecordType};
use tokio::net::UdpSocket;

use crate::dns::TxtResolver;

#[derive(Debug, Clone)]
enum Answer {
    Texts(Vec<String>),
    Fail,
}

type Records = Arc<Mutex<HashMap<String, Answer>>>;
/// The names asked about, in the order the questions came.
type Asked = Arc<Mutex<Vec<String>>>;

/// A running test DNS server; it stops when dropped.
#[derive(Debug)]
pub struct TestDns {
    addr: SocketAddr,
    records: Records,
    asked: Asked,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for TestDns {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn key(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

impl TestDns {
    /// A server on a free loopback port with no records.
    pub async fn start() -> Self {
        Self::start_at("127.0.0.1:0".parse().expect("an address"), None)
            .await
            .expect("a loopback UDP port")
    }

    /// A server on `addr`, answering from `zone` (re-read at every question) as well as from the
    /// records set on it.
    pub async fn start_at(addr: SocketAddr, zone: Option<PathBuf>) -> std::io::Result<Self> {
        let socket = UdpSocket::bind(addr).await?;
        let addr = socket.local_addr()?;
        let records: Records = Arc::default();
        let asked: Asked = Arc::default();
        let task = tokio::spawn(serve(socket, records.clone(), asked.clone(), zone));
        Ok(Self {
            addr,
            records,
            asked,
            task,
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// A resolver asking this server.
    pub fn resolver(&self) -> TxtResolver {
        TxtResolver::at(self.addr)
    }

    /// Publishes TXT records at `name` (replacing what was there).
    pub fn set_txt(&self, name: &str, texts: &[&str]) {
        let texts = texts.iter().map(|t| t.to_string()).collect();
        self.records
            .lock()
            .expect("records")
            .insert(key(name), Answer::Texts(texts));
    }

    /// Takes every record at `name` away (the name answers NXDOMAIN).
    pub fn remove(&self, name: &str) {
        self.records.lock().expect("records").remove(&key(name));
    }

    /// The names ending in `suffix` asked about so far, each once, in order.
    pub fn names_asked_under(&self, suffix: &str) -> std::collections::BTreeSet<String> {
        let suffix = key(suffix);
        let asked = self.asked.lock().expect("questions");
        asked.iter().filter(|name| name.ends_with(&suffix)).cloned().collect()
    }

    /// Makes questions about `name` fail (SERVFAIL), as a broken name server does.
    pub fn fail(&self, name: &str) {
        self.records.lock().expect("records").insert(key(name), Answer::Fail);
    }
}

async fn serve(socket: UdpSocket, records: Records, asked: Asked, zone: Option<PathBuf>) {
    let mut buffer = vec![0u8; 4096];
    loop {
        let Ok((len, peer)) = socket.recv_from(&mut buffer).await else {
            continue;
        };
        let Ok(question) = Message::from_vec(&buffer[..len]) else {
            continue;
        };
        if let Some(query) = question.queries.first() {
            asked.lock().expect("questions").push(key(&query.name().to_ascii()));
        }
        let answer = answer(&question, &records, zone.as_ref());
        if let Ok(bytes) = answer.to_vec() {
            let _ = socket.send_to(&bytes, peer).await;
        }
    }
}

fn from_zone(zone: &PathBuf, name: &str) -> Option<Answer> {
    let text = std::fs::read_to_string(zone).ok()?;
    let map: HashMap<String, Vec<String>> = serde_json::from_str(&text).ok()?;
    map.into_iter()
        .find(|(n, _)| key(n) == name)
        .map(|(_, texts)| Answer::Texts(texts))
}

fn answer(question: &Message, records: &Records, zone: Option<&PathBuf>) -> Message {
    let mut response = Message::new(question.metadata.id, MessageType::Response, question.metadata.op_code);
    response.metadata.recursion_desired = question.metadata.recursion_desired;
    response.metadata.recursion_available = true;
    response.metadata.authoritative = true;
    let Some(query) = question.queries.first() else {
        response.metadata.response_code = ResponseCode::FormErr;
        return response;
    };
    response.add_query(query.clone());
    let name = key(&query.name().to_ascii());
    let found = records
        .lock()
        .expect("records")
        .get(&name)
        .cloned()
        .or_else(|| zone.and_then(|z| from_zone(z, &name)));
    match found {
        None => response.metadata.response_code = ResponseCode::NXDomain,
        Some(Answer::Fail) => response.metadata.response_code = ResponseCode::ServFail,
        Some(Answer::Texts(texts)) => {
            if query.query_type() == RecordType::TXT {
                for text in texts {
                    response.add_answer(Record::from_rdata(
                        query.name().clone(),
                        60,
                        RData::TXT(TXT::new(vec![text])),
                    ));
                }
            }
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TxtLookup;

    #[tokio::test]
    async fn the_resolver_reads_back_what_the_server_was_given() {
        let dns = TestDns::start().await;
        let resolver = dns.resolver();
        assert_eq!(resolver.txt("_smartlinks.a.example.test").await, TxtLookup::NoRecord);
        dns.set_txt("_smartlinks.a.example.test", &["one", "smartlinks-verify=two"]);
        assert_eq!(
            resolver.txt("_smartlinks.a.example.test").await,
            TxtLookup::Records(vec!["one".into(), "smartlinks-verify=two".into()])
        );
        dns.fail("_smartlinks.a.example.test");
        assert_eq!(resolver.txt("_smartlinks.a.example.test").await, TxtLookup::Failed);
        dns.remove("_smartlinks.a.example.test");
        assert_eq!(resolver.txt("_smartlinks.a.example.test").await, TxtLookup::NoRecord);
    }
}
