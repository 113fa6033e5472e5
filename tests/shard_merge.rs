//! A lab run split into shards, each played by its own process, and merged gives byte for
//! byte the JSON of the same run on one machine (issue 39, item 4): for `balance` with its CO
//! matrix, levels and a sweep, on an open table with its house readings, and for a cost
//! calibration; and so do the per-index command lines of the
//! three scheduler recipes in `docs/distributed/`. Parts of different runs are refused by name.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

const STUDIO: &str = env!("CARGO_BIN_EXE_skirmish-studio");

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-shards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the studio; its standard output, whatever the exit (a favoured seat exits 1).
fn studio(args: &[&str]) -> Vec<u8> {
    let output = Command::new(STUDIO).args(args).output().unwrap();
    let code = output.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "skirmish-studio {args:?} exited {code:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// The one-machine JSON, and the merge of `shards` parts each played by its own process.
fn one_and_merged(
    (command, scenario): (&str, &Path),
    options: &[&str],
    shards: usize,
    dir: &Path,
) -> (Vec<u8>, Vec<u8>) {
    let file = scenario.to_str().unwrap();
    let mut one_args = vec![command, file, "--json"];
    one_args.extend_from_slice(options);
    let one = studio(&one_args);
    let mut parts = Vec::new();
    for k in 1..=shards {
        let shard = format!("{k}/{shards}");
        let mut args = vec![command, file, "--threads", "1", "--shard", &shard];
        args.extend_from_slice(options);
        let part = dir.join(format!("part-{k}.json"));
        std::fs::write(&part, studio(&args)).unwrap();
        parts.push(part);
    }
    let mut merge_args = vec!["merge".to_owned(), "--json".to_owned()];
    // Given out of order: the merge orders them itself.
    merge_args.extend(parts.iter().rev().map(|p| p.to_str().unwrap().to_owned()));
    let merged = studio(&merge_args.iter().map(String::as_str).collect::<Vec<_>>());
    (one, merged)
}

#[test]
fn three_shards_merged_give_the_one_machine_json_with_cos_levels_and_a_sweep() {
    let dir = scratch("cos");
    let (one, merged) = one_and_merged(
        ("balance", &repo("scenarios/crossroads-duel.ron")),
        &["--games", "8", "--cos", "--across-levels", "--sweep", "funds:1=0..2000:1000"],
        3,
        &dir,
    );
    assert!(String::from_utf8_lossy(&one).contains("\"co_matrix\":["), "the run has a CO matrix");
    assert!(String::from_utf8_lossy(&one).contains("\"sweep\":["), "the run has a sweep");
    assert_eq!(String::from_utf8_lossy(&merged), String::from_utf8_lossy(&one));
}

#[test]
fn four_shards_of_an_open_table_with_its_house_readings_merged_give_the_one_machine_json() {
    let dir = scratch("readings");
    let (one, merged) = one_and_merged(
        ("balance", &repo("scenarios/ms-open-field.ron")),
        &["--games", "6", "--readings", "--levels", "hard,normal", "--seed", "77"],
        4,
        &dir,
    );
    assert!(String::from_utf8_lossy(&one).contains("\"readings\":["), "the run has readings");
    assert_eq!(String::from_utf8_lossy(&merged), String::from_utf8_lossy(&one));
}

#[test]
fn three_shards_of_a_readings_report_that_copies_unchanged_games_merged_give_the_one_machine_json() {
    // Armored Advance's readings are watched: a shard copies or replays only its own games.
    let dir = scratch("watched-readings");
    let (one, merged) = one_and_merged(
        ("balance", &repo("scenarios/aa-three-farms.ron")),
        &["--games", "4", "--readings", "--seed", "21"],
        3,
        &dir,
    );
    assert!(String::from_utf8_lossy(&one).contains("\"readings\":["), "the run has readings");
    assert_eq!(String::from_utf8_lossy(&merged), String::from_utf8_lossy(&one));
}

#[test]
fn three_shards_of_a_cost_calibration_merged_give_the_one_machine_json() {
    let dir = scratch("calibrate");
    let (one, merged) = one_and_merged(
        ("calibrate", &repo("scenarios/aa-three-farms.ron")),
        &["--games", "100", "--seed", "9"],
        3,
        &dir,
    );
    assert!(String::from_utf8_lossy(&one).contains("\"profiles\":["), "the run prices profiles");
    assert_eq!(String::from_utf8_lossy(&merged), String::from_utf8_lossy(&one));
    // A balance part of the same table, seed and games does not merge with a calibration's.
    let file = repo("scenarios/aa-three-farms.ron");
    let balance_part = dir.join("balance-part-2.json");
    std::fs::write(
        &balance_part,
        studio(&["balance", file.to_str().unwrap(), "--games", "100", "--seed", "9", "--shard", "2/3"]),
    )
    .unwrap();
    let output = Command::new(STUDIO)
        .args(["merge", dir.join("part-1.json").to_str().unwrap(), balance_part.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("the setting 'command': \"balance\" against \"calibrate\""), "{message}");
}

/// Runs a recipe's per-shard shell lines for shards 1 to `shards` with `env` (the index
/// variable the scheduler sets comes from `index_of(k)`), then merges the parts they wrote.
fn run_recipe(script: &str, shards: usize, dir: &Path, index: &dyn Fn(usize) -> (String, String)) -> Vec<u8> {
    for k in 1..=shards {
        let (name, value) = index(k);
        let output = Command::new("bash")
            .arg("-c")
            .arg(script)
            .env(name, value)
            .env("SHARDS", shards.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", shards.to_string())
            .env("STUDIO", STUDIO)
            .env("SCENARIO", repo("scenarios/bridgehead.ron"))
            .env("LAB_COMMAND", "balance")
            .env("LAB_OPTIONS", "--games 24 --seed 5")
            .env("OUT", dir)
            .output()
            .unwrap();
        assert!(output.status.success(), "shard {k}: {}", String::from_utf8_lossy(&output.stderr));
    }
    let parts: Vec<String> = (1..=shards).map(|k| dir.join(format!("part-{k}.json")).display().to_string()).collect();
    let mut args = vec!["merge", "--json"];
    args.extend(parts.iter().map(String::as_str));
    studio(&args)
}

fn bridgehead_one_machine() -> Vec<u8> {
    studio(&["balance", repo("scenarios/bridgehead.ron").to_str().unwrap(), "--json", "--games", "24", "--seed", "5"])
}

#[test]
fn the_slurm_array_script_run_per_task_id_gives_the_one_machine_json() {
    let script = std::fs::read_to_string(repo("docs/distributed/slurm-array.sbatch")).unwrap();
    assert!(script.contains("#SBATCH --array=1-"), "the script is a job array");
    let dir = scratch("slurm");
    let merged = run_recipe(&script, 3, &dir, &|k| ("SLURM_ARRAY_TASK_ID".into(), k.to_string()));
    assert_eq!(String::from_utf8_lossy(&merged), String::from_utf8_lossy(&bridgehead_one_machine()));
}

#[test]
fn the_kubernetes_indexed_job_command_run_per_completion_index_gives_the_one_machine_json() {
    let yaml = std::fs::read_to_string(repo("docs/distributed/k8s-indexed-job.yaml")).unwrap();
    assert!(yaml.contains("completionMode: Indexed"));
    // The container's shell lines: the block under `args: - |`, with the pod's paths and the
    // image's program replaced by this machine's.
    let block: Vec<&str> = yaml
        .lines()
        .skip_while(|line| !line.trim_start().starts_with("- |"))
        .skip(1)
        .take_while(|line| line.starts_with("              "))
        .map(str::trim)
        .collect();
    assert_eq!(block.len(), 2, "the command block: {block:?}");
    let script = block
        .join("\n")
        .replace("skirmish-studio ", "\"$STUDIO\" ")
        .replace("/scenario/scenario.ron", "\"$SCENARIO\"")
        .replace("/parts/", "\"$OUT\"/");
    let dir = scratch("k8s");
    let merged = run_recipe(&script, 3, &dir, &|k| ("JOB_COMPLETION_INDEX".into(), (k - 1).to_string()));
    assert_eq!(String::from_utf8_lossy(&merged), String::from_utf8_lossy(&bridgehead_one_machine()));
}

#[test]
fn the_gnu_parallel_shard_command_run_per_slot_gives_the_one_machine_json() {
    let script = std::fs::read_to_string(repo("docs/distributed/gnu-parallel.sh")).unwrap();
    assert!(script.contains("parallel --sshloginfile"));
    let line = script.lines().find(|l| l.starts_with("SHARD_COMMAND=")).expect("the shard command");
    // Parallel puts the slot's shard number for {}; here the shell does.
    let command = line.trim_start_matches("SHARD_COMMAND=").trim_matches('"').replace("{}", "$K");
    let dir = scratch("parallel");
    let merged = run_recipe(&command, 3, &dir, &|k| ("K".into(), k.to_string()));
    assert_eq!(String::from_utf8_lossy(&merged), String::from_utf8_lossy(&bridgehead_one_machine()));
}

#[test]
fn merge_refuses_parts_of_another_seed_a_missing_shard_and_a_bad_shard_number() {
    let dir = scratch("refuse");
    let file = repo("scenarios/crossroads-duel.ron");
    let file = file.to_str().unwrap();
    let part = |k: usize, seed: &str| {
        let path = dir.join(format!("part-{k}-{seed}.json"));
        std::fs::write(
            &path,
            studio(&["balance", file, "--games", "10", "--seed", seed, "--shard", &format!("{k}/2")]),
        )
        .unwrap();
        path.display().to_string()
    };
    let (first, second, other_seed) = (part(1, "1"), part(2, "1"), part(2, "9"));
    let refused = |args: &[&str]| {
        let output = Command::new(STUDIO).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?} was not refused");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let message = refused(&["merge", &first, &other_seed]);
    assert!(message.contains("the setting 'seed': 9 against 1"), "{message}");
    let message = refused(&["merge", &first]);
    assert!(message.contains("shard 2 of 2 is missing"), "{message}");
    let message = refused(&["merge", &first, &first, &second]);
    assert!(message.contains("are both shard 1 of 2"), "{message}");
    let message = refused(&["balance", file, "--shard", "3/2"]);
    assert!(message.contains("K runs from 1 to N"), "{message}");
    let message = refused(&["balance", file, "--shard", "1/2", "--until-clear"]);
    assert!(message.contains("leave out --until-clear"), "{message}");
}

/// Parts that passed the settings check but disagree inside (edited by hand, say) are still
/// refused, counting runs and games in words ("1 run", "1 game", never "1 runs").
#[test]
fn parts_that_disagree_on_runs_or_games_are_refused_counting_them_in_words() {
    use skirmish_studio::balance::ledger::{RunPart, combine};
    let run = |games: usize| RunPart { games, records: Vec::new() };
    let refused = combine(&[("a.json".into(), vec![run(3), run(3)]), ("b.json".into(), vec![run(3)])]);
    let one_run = refused.err().unwrap();
    assert!(one_run.contains("b.json has 1 run of games where a.json has 2"), "{one_run}");
    // A later part with more runs than the first is refused too, not merged short.
    let refused = combine(&[("a.json".into(), vec![run(3)]), ("b.json".into(), vec![run(3), run(3)])]);
    let more_runs = refused.err().unwrap();
    assert!(more_runs.contains("b.json has 2 runs of games where a.json has 1"), "{more_runs}");
    let refused = combine(&[("a.json".into(), vec![run(3)]), ("b.json".into(), vec![run(1)])]);
    let one_game = refused.err().unwrap();
    assert!(one_game.contains("run 1 has 1 game in b.json and 3 in a.json"), "{one_game}");
}
