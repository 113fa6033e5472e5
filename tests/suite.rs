//! Every integration test but the two that measure the whole process's peak memory, built as
//! one test binary: each file of `tests/` is a module here and the helpers are shared modules,
//! so the suite links once instead of sixty times (a debug test binary is about 170 MB; sixty
//! of them filled a CI disk and spent most of its time linking). `bad_images` and
//! `hostile_input` read their own process's peak memory, so each stays a binary of its own
//! (the `[[test]]` entries in Cargo.toml).

// Helpers the test modules share.
mod armored_common;
mod cli_common;
mod common;
mod fairness_fixtures;
mod skirm_common;
mod window_common;

// One module a file of tests.
mod ai;
mod ai_fairness;
mod architecture;
mod armored_ai_levels;
mod armored_clauses;
mod armored_documents;
mod armored_fairness;
mod armored_hulls;
mod armored_keywords;
mod armored_rules;
mod armored_samples;
mod armored_stalls;
mod armored_ui;
mod art_kinds;
mod art_ui;
mod artwork;
mod bad_input;
mod balance;
mod board;
mod bundles;
mod cli;
mod diagnostics;
mod editor;
mod editor_ui;
mod export;
mod file_dialog_ui;
mod generate;
mod generate_ui;
mod golden_cli;
mod log_names;
mod modern_documents;
mod modern_fairness;
mod modern_rules;
mod modern_ui;
mod panels_ui;
mod parity_clipboard;
mod parity_disk;
mod parity_grid_tools;
mod parity_table_group;
mod playtest_undo;
mod print_jobs;
mod properties;
mod rules_core;
mod rules_docs;
mod rules_victory;
mod saved_games;
mod scenarios;
mod shard_merge;
mod skirm_ai_levels;
mod skirm_cards_agree;
mod skirm_documents;
mod skirm_engine;
mod skirm_engine_specials;
mod skirm_fairness;
mod skirm_print;
mod skirm_rules;
mod skirm_ui;
mod statistics;
mod strict_files;
mod suggest;
mod table_geometry;
mod text_size_ui;
mod tools;
mod undo_against_computer_ui;
