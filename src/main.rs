//! The `skirmish-studio` binary: parses arguments and hands over to the library.

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = skirmish_studio::cli::parse();
    ExitCode::from(skirmish_studio::cli::run(cli, &mut std::io::stdout(), &mut std::io::stderr()))
}
