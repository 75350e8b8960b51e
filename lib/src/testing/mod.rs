//! Test support: compiled for unit tests and under the `testing` feature (benches), never
//! into a production Lambda.

pub mod ua_corpus;
