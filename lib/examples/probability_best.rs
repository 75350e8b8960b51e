//! `lib::analytics::ab_result::probability_best` over stdin, for
//! tests/reference/probability_best.py, which holds it to scipy's numerical integration.
//!
//! Reads a JSON list of cases, each a list of `[clicks, conversions]` arms, and prints the JSON
//! list of each case's probabilities.

use lib::analytics::ab_result::{Arm, probability_best};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cases: Vec<Vec<(u64, u64)>> = serde_json::from_reader(std::io::stdin().lock())?;
    let answers: Vec<Vec<f64>> = cases
        .iter()
        .map(|case| {
            let arms: Vec<Arm> = case
                .iter()
                .map(|&(clicks, conversions)| Arm { clicks, conversions })
                .collect();
            probability_best(&arms)
        })
        .collect();
    println!("{}", serde_json::to_string(&answers)?);
    Ok(())
}
