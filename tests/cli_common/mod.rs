//! Test helpers for the command line as a user runs it, in process: run a command and read
//! what it printed, and read the images a PDF it wrote holds.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use clap::Parser as _;
use skirmish_studio::cli::{Cli, run};

/// Runs `skirmish-studio ARGS...`: its exit code, standard output and standard error.
pub fn run_args(args: &[&str]) -> (u8, String, String) {
    let cli = Cli::try_parse_from(std::iter::once("skirmish-studio").chain(args.iter().copied())).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run(cli, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

/// The image XObjects of a PDF as (width, height), read from their dictionaries
/// (`<< ... /Subtype/Image ... /Width 300 ... >>`, spaced or not).
pub fn pdf_image_sizes(pdf: &[u8]) -> Vec<(u32, u32)> {
    let text = String::from_utf8_lossy(pdf);
    let number_after = |s: &str, key: &str| -> Option<u32> {
        let at = s.find(key)? + key.len();
        s[at..].trim_start().split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
    };
    text.split("<<")
        .filter_map(|rest| {
            let dict = &rest[..rest.find(">>").unwrap_or(rest.len())];
            let subtype = dict.find("/Subtype").map(|at| dict[at + "/Subtype".len()..].trim_start())?;
            subtype.starts_with("/Image").then_some(())?;
            Some((number_after(dict, "/Width")?, number_after(dict, "/Height")?))
        })
        .collect()
}
