/**
 * The test-mirror check run by `deno task check`: every source module in
 * core/ and commands/ that has behaviour has a test at the mirrored path,
 * core/a/b.ts → tests/core/a/b_test.ts, commands/x.ts →
 * tests/commands/x_test.ts.
 *
 * A module without one must be named in exactly one of three lists below,
 * each entry with its reason: {@linkcode EXEMPT} (no behaviour: types,
 * constants, re-exports), {@linkcode COVERED_BY} (behaviour tested through a
 * named test file, e.g. a folder-private helper or a program record that the
 * case table drives) and {@linkcode NOT_YET_TESTED} (behaviour with no focused
 * test yet: debt, reported on every run, to shrink). The check fails on a
 * module in no list, on a list entry whose file is gone, on a COVERED_BY test
 * that does not exist, and on a NOT_YET_TESTED or EXEMPT entry that has
 * gained its mirrored test (take it off the list).
 *
 *     deno run --allow-read tests/_tools/test_mirror.ts [--list] [--root <dir>]
 * @module
 */

/** Source roots the mirror covers. */
export const SOURCE_ROOTS = ["core", "commands"] as const;

/** Modules with no behaviour of their own, and why. */
export const EXEMPT: Readonly<Record<string, string>> = {
  "core/version.ts": "one constant (tests/e2e/cli_test.ts keeps it equal to deno.json)",
  "core/hosts/record.ts": "the host record type only",
  "core/hosts/hook_names_generated.ts":
    "generated data (deno task gen; the check fails when it is stale, and tests/core/hosts/records_test.ts holds it to the records)",
  "core/hosts/events.ts":
    "baton's hook-event list and two narrowing checks (driven by tests/core/hosts/ids_test.ts and the hook tests)",
  "core/hosts/runtime/hook_io.ts": "an interface only (the capability the hook runtime receives)",
  "core/transcript/store_io.ts": "interfaces only (the capability the transcript stores receive)",
  "core/workflow/context.ts": "an interface only (the capabilities a workflow receives)",
  "core/workflow/load_modules.ts":
    "re-exports only (what load imports when it needs it; driven by tests/core/workflow/load_test.ts)",
  "core/workflow/briefing_modules.ts":
    "re-exports only (what load imports when it redacts the facts; driven by tests/core/workflow/load_test.ts)",
  "core/capsule/types.ts": "types and the schema-id constant only",
  "core/facts/types.ts": "types only",
  "commands/_cli/completion_table.ts":
    "generated data (deno task gen; the check fails when it is stale, and tests/commands/completions_test.ts holds it to the command table)",
  "core/hosts/install/types.ts": "types and the marker constant only",
  "core/share/chain_git.ts": "interfaces only (what the sharing use cases are handed)",
  "core/capsule/draft_template.ts": "constants only (the draft template and notes)",
  "core/hosts/install/hosts.ts": "the table of host specs, a constant",
  "core/trust/key_ring.ts": "the KeyRing interface and the own-key name constant",
  "core/safety/secrets/rule.ts": "the SecretRule interface only",
  "core/facts/git/errors.ts":
    "error classes only (their codes are asserted by the git reader tests that throw them)",
  "core/fs.ts":
    "the file-system interface and its three error classes (tests/_helpers/temp_fs.ts implements it)",
};

/** Modules whose behaviour a named test file covers, and why that one. */
export const COVERED_BY: Readonly<Record<string, { test: string; reason: string }>> = {
  ...Object.fromEntries(
    [
      "assignments",
      "container",
      "data",
      "exec",
      "filesystem",
      "pipeline",
      "produced",
      "redirects",
      "script_block",
      "system",
      "text_shapes",
      "traits",
    ].map((name) => [`core/safety/command/_rules/${name}.ts`, {
      test: "tests/core/safety/command/classify_test.ts",
      reason: "a cross-cutting rule of the classifier, driven by the case table",
    }]),
  ),
  ...Object.fromEntries(
    [
      "awk",
      "editors",
      "find",
      "interpreters",
      "pagers",
      "search",
      "sed",
      "services",
      "shells",
      "sort",
      "effects",
      "_record",
    ].map((name) => [`core/safety/command/programs/${name}.ts`, {
      test: "tests/core/safety/command/programs/records_test.ts",
      reason: "a program record of the classifier, driven by the case table and the record checks",
    }]),
  ),
  "core/facts/worktree/gitmodules_blob.ts": {
    test: "tests/core/facts/git_partial_clone_test.ts",
    reason: "one error class, thrown by the scan and the submodule reader in a real partial clone",
  },
  "core/facts/worktree/index_path.ts": {
    test: "tests/core/facts/git/moving_in_effect_test.ts",
    reason: "GIT_INDEX_FILE followed or not, against git, through the collector",
  },
  "core/safety/command/programs/_options.ts": {
    test: "tests/core/safety/command/programs/records_test.ts",
    reason: "option parsing of program records, tested there directly (parseOptions, matchLong)",
  },
  "core/safety/command/programs/_sed_script.ts": {
    test: "tests/core/safety/command/programs/records_test.ts",
    reason: "the sed script scanner, tested there directly (scanSed)",
  },
  "core/safety/command/families.ts": {
    test: "tests/core/safety/command/classify_test.ts",
    reason: "the family table the classifier reports from",
  },
  "core/safety/command/_shell_lexer.ts": {
    test: "tests/core/safety/command/parse_shell_test.ts",
    reason: "the lexer behind parseShell, private to its folder",
  },
  "core/facts/git/head_refusal.ts": {
    test: "tests/e2e/git_refuses_head_test.ts",
    reason:
      "git's refusal to read HEAD, checked against git through its readers (also unreadable_git_config_test.ts for the collector)",
  },
  "core/facts/git/read_format.ts": {
    test: "tests/core/facts/worktree/read_index_test.ts",
    reason: "the format check is tested where it refuses: the SHA-256 index read",
  },
  "core/facts/git/_pack.ts": {
    test: "tests/core/facts/git/object_reader_test.ts",
    reason: "pack reading behind the object reader (also object_reader_large_pack_test.ts)",
  },
  "core/facts/git/_pack_index.ts": {
    test: "tests/core/facts/git/object_reader_test.ts",
    reason: "pack index lookup behind the object reader",
  },
  "core/facts/git/_delta.ts": {
    test: "tests/core/facts/git/object_reader_test.ts",
    reason: "delta application behind the object reader (deltified packs)",
  },
  "core/facts/git/_loose.ts": {
    test: "tests/core/facts/git/object_reader_test.ts",
    reason: "loose-object reading behind the object reader",
  },
  "core/facts/git/_lru.ts": {
    test: "tests/core/facts/git/object_reader_test.ts",
    reason: "the object reader's cache",
  },
  "core/facts/git/_commit_graph.ts": {
    test: "tests/core/facts/git/check_published_test.ts",
    reason: "commit-graph reading behind the published check",
  },
  "core/facts/git/_ref_store.ts": {
    test: "tests/core/facts/git/resolve_ref_test.ts",
    reason: "loose and packed ref lookup behind resolveRef",
  },
  "core/facts/git/git_refusals.ts": {
    test: "tests/core/facts/git_agreement_test.ts",
    reason:
      "each refusal is decided against git itself there (git refuses, baton says unknown; controls)",
  },
  "core/facts/git/_ref_name.ts": {
    test: "tests/core/facts/git/resolve_ref_test.ts",
    reason: "ref-name validation behind resolveRef",
  },
  "core/doctor/run_doctor.ts": {
    test: "tests/commands/doctor_test.ts",
    reason:
      "the doctor command is a thin wrapper over runDoctor; its test drives every check in-process",
  },
  "core/hosts/install/plan.ts": {
    test: "tests/commands/install_test.ts",
    reason:
      "planInstall and planUninstall, driven for every host and scope (backups, conflicts, dry-run diffs)",
  },
  "core/hosts/install/apply_plan.ts": {
    test: "tests/commands/install_test.ts",
    reason:
      "applyPlans, driven by every install and uninstall there (and its config-changed refusal directly)",
  },
  "core/hosts/install/shared_hooks.ts": {
    test: "tests/e2e/doctor_launcher_test.ts",
    reason:
      "checkInstall's judging of the hooks and status lines in files install never writes, driven through doctor for every host that has them",
  },
  "core/hosts/install/config_read.ts": {
    test: "tests/commands/doctor_test.ts",
    reason: "checkInstall's bounded read of a host config (absent, too large, text)",
  },
  "core/hosts/install/_host_files.ts": {
    test: "tests/commands/install_test.ts",
    reason: "the shared file builders of the host specs, private to core/hosts",
  },
  "core/hosts/install/claude_code.ts": {
    test: "tests/commands/install_test.ts",
    reason:
      "a host spec: installed, parsed and uninstalled for both scopes, env overrides included",
  },
  "core/hosts/install/codex.ts": {
    test: "tests/commands/install_test.ts",
    reason:
      "a host spec: installed, parsed and uninstalled for both scopes, env overrides included",
  },
  "core/hosts/install/copilot.ts": {
    test: "tests/commands/install_test.ts",
    reason: "a host spec: installed, parsed and uninstalled for both scopes",
  },
  "core/hosts/install/cursor.ts": {
    test: "tests/commands/install_test.ts",
    reason: "a host spec: installed, parsed and uninstalled for both scopes",
  },
  "core/hosts/install/gemini.ts": {
    test: "tests/commands/install_test.ts",
    reason: "a host spec: installed, parsed and uninstalled for both scopes",
  },
  "core/hosts/install/opencode.ts": {
    test: "tests/commands/install_test.ts",
    reason: "a host spec: installed, parsed and uninstalled for both scopes",
  },
  "core/hosts/install/qwen_code.ts": {
    test: "tests/commands/install_test.ts",
    reason: "a host spec: installed, parsed and uninstalled for both scopes",
  },
  "core/hosts/install/crush.ts": {
    test: "tests/commands/install_test.ts",
    reason: "a host spec: installed, parsed and uninstalled for both scopes",
  },
  "core/hosts/install/cline.ts": {
    test: "tests/commands/install_test.ts",
    reason: "a host spec: installed, parsed and uninstalled for both scopes",
  },
  "core/hosts/install/cline_plugin.ts": {
    test: "tests/hosts/real_hosts.ts",
    reason:
      "Cline's plugin module, run by the Cline CLI itself in the real-host suite (briefing, capture); its text is also installed and removed by tests/commands/install_test.ts",
  },
  "core/hosts/install/kilo_code.ts": {
    test: "tests/commands/install_test.ts",
    reason: "a host spec: installed, parsed and uninstalled for both scopes",
  },
  "core/hosts/install/pi.ts": {
    test: "tests/commands/install_test.ts",
    reason: "a host spec: installed, parsed and uninstalled for both scopes",
  },
  "core/hosts/install/pi_extension.ts": {
    test: "tests/hosts/real_hosts.ts",
    reason:
      "pi's extension module, run by pi itself in the real-host suite (briefing, capture, compaction); its text is also installed and removed by tests/commands/install_test.ts",
  },
  "core/hosts/install/check_install.ts": {
    test: "tests/commands/doctor_test.ts",
    reason:
      "what doctor reports per host: installed, foreign hooks, unparseable configs, hooks switched off",
  },
  "core/safety/command/invocation.ts": {
    test: "tests/core/safety/command/classify_test.ts",
    reason:
      "how the classifier reads one program invocation (wrappers, options), driven by the case table",
  },
  "core/safety/command/paths.ts": {
    test: "tests/core/safety/command/classify_test.ts",
    reason:
      "path classification of the classifier (system, home, repository paths), driven by the case table",
  },
  "core/safety/command/program_guess.ts": {
    test: "tests/core/safety/command/classify_test.ts",
    reason: "program-name guesses through variables, driven by the case table's evasion transforms",
  },
  "core/safety/command/resolve_word.ts": {
    test: "tests/core/safety/command/classify_test.ts",
    reason:
      "word resolution through quotes and known variables, driven by the case table's evasion transforms",
  },
  "core/safety/secrets/csv_rules.ts": {
    test: "tests/core/safety/secrets/csvs_test.ts",
    reason:
      "the CSV head rules are data; csvs_test judges them through the engine (every separator, quoting and escape level, and their look-alikes)",
  },
  "core/safety/secrets/rules_wifi.ts": {
    test: "tests/core/safety/secrets/held_out_shapes_test.ts",
    reason: "the Wi-Fi key shapes and look-alikes run beside the other held-out shapes (review50)",
  },
  "core/safety/secrets/copy_forms.ts": {
    test: "tests/core/safety/secrets/copies_test.ts",
    reason: "the forms a copy takes are tested through CopyMemory, which finds them",
  },
  "core/safety/secrets/armor.ts": {
    test: "tests/core/safety/secrets/rules_test.ts",
    reason:
      "where a PEM block ends, used by the private-key rules and checked with them (also stream_test.ts)",
  },
  "commands/uninstall.ts": {
    test: "tests/commands/install_test.ts",
    reason: "uninstall for every host and scope: restores the tree byte for byte, keeps user edits",
  },
  "commands/_cli/hosts_args.ts": {
    test: "tests/commands/install_test.ts",
    reason:
      "the install/uninstall argument parsing and plan reporting, driven by every install test",
  },
  "commands/hook.ts": {
    test: "tests/e2e/hook_test.ts",
    reason:
      "the hook command runs only as a host runs it, a subprocess fed a payload (also hook_budget_test, hook_freshness_test, hook_fail_open_test)",
  },
  "commands/_adapters/hook_json.ts": {
    test: "tests/e2e/hook_test.ts",
    reason: "baton hook --json, the runner with its report printer, driven through the real CLI",
  },
  "core/hosts/runtime/compression_capture.ts": {
    test: "tests/e2e/hook_compression_capture_test.ts",
    reason: "decided inside a real prompt hook process, with and without the host's record field",
  },
  "core/hosts/claude_code.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason: "a host record, held there to the gate's tool table, deny shapes and event names",
  },
  "core/hosts/codex.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason: "a host record, held there to the gate's tool table, deny shapes and event names",
  },
  "core/hosts/cursor.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason: "a host record, held there to the gate's tool table, deny shapes and event names",
  },
  "core/hosts/gemini.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason: "a host record, held there to the gate's tool table, deny shapes and event names",
  },
  "core/hosts/opencode.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason: "a host record, held there to the gate's tool table, deny shapes and event names",
  },
  "core/hosts/copilot.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason: "a host record, held there to the gate's tool table, deny shapes and event names",
  },
  "core/hosts/crush.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "a host record, held there to the gate's tool table, deny shapes and event names (Crush itself cannot run here: tests/hosts/crush_schema.ts checks its files)",
  },
  "core/hosts/cline.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "a host record, held there to the gate's tool table, deny shapes and event names (and proven on the Cline CLI itself in tests/hosts)",
  },
  "core/hosts/kilo_code.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "a host record, held there to the gate's tool table, deny shapes and event names (and proven on Kilo Code itself in tests/hosts)",
  },
  "core/hosts/pi.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "a host record, held there to the gate's tool table, deny shapes and event names (and proven on pi itself in tests/hosts)",
  },
  "core/hosts/qwen_code.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "a host record, held there to the gate's tool table, deny shapes and event names (and proven on Qwen Code itself in tests/hosts)",
  },
  "core/hosts/continue_cli.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "a host record, held there to the gate's tool table and event names (its rules block proven on cn itself in tests/hosts)",
  },
  "core/hosts/grok_cli.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "a host record, held there to the gate's tool table and event names (its rules block proven on grok itself in tests/hosts)",
  },
  "core/hosts/droid.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "a host record, held there to the gate's tool table, deny shapes and event names (and proven on droid itself in tests/hosts)",
  },
  "core/hosts/auggie.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "a host record, held there to the gate's tool table, deny shapes and event names (install and schema only: Auggie needs an account)",
  },
  "core/hosts/qoder.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "a host record, held there to the gate's tool table, deny shapes and event names (install and schema only: Qoder needs an account)",
  },
  "core/hosts/full_records.ts": {
    test: "tests/core/hosts/records_test.ts",
    reason:
      "whole records by id and perHostRecord(), driven there and by the transcript and install tests",
  },
  "commands/_adapters/transcript_io.ts": {
    test: "tests/e2e/source_test.ts",
    reason:
      "the real edge of the transcript stores, driven through baton source (also transcript_capture_test)",
  },
  "commands/_cli/handoff_report.ts": {
    test: "tests/e2e/handoff_commit_test.ts",
    reason: "what baton commit and clean print, driven through the real CLI",
  },
  "core/transcript/hook_sources.ts": {
    test: "tests/core/transcript/project_hooks_test.ts",
    reason: "the table of where each host reads project hooks, driven through projectHooks",
  },
  "core/transcript/find_session.ts": {
    test: "tests/e2e/source_test.ts",
    reason: "baton source show's lookup by id prefix or file path, driven through the real CLI",
  },
  "commands/_adapters/hook_worker.ts": {
    test: "tests/e2e/hook_budget_test.ts",
    reason:
      "the Worker entry of a bounded hook job; only a real process can show it is killed at the deadline",
  },
  "commands/_adapters/bounded_job.ts": {
    test: "tests/e2e/hook_budget_test.ts",
    reason:
      "the deadline around a hook job: exits within the budget, leaves no half-written file or live process",
  },
  "commands/_adapters/stalled_fs.ts": {
    test: "tests/e2e/hook_budget_test.ts",
    reason:
      "the budget tests' stalled read: only a real hook process can show it never returns and the budget ends the hook",
  },

  "commands/demo.ts": {
    test: "tests/e2e/self_contained_test.ts",
    reason: "the demo runs end to end under limited permissions",
  },
  "commands/_adapters/demo_repo.ts": {
    test: "tests/e2e/self_contained_test.ts",
    reason: "the demo's scratch repository, made and removed by the demo run",
  },
  "commands/_adapters/key_ring.ts": {
    test: "tests/commands/trust_test.ts",
    reason:
      "the key files behind baton trust: made once, refused when writable by others or inside the repository",
  },
  "commands/mod.ts": {
    test: "tests/skills/mod_test.ts",
    reason:
      "the command table, loaded whole there (and by tests/commands/_cli/overview_test.ts, tests/e2e/cli_test.ts)",
  },
  "core/safety/secrets/prefilter_ts.ts": {
    test: "tests/core/safety/secrets/prefilter_parity_test.ts",
    reason: "the TypeScript prefilter, held equal to the wasm one there",
  },
  // Modules of the transcripts, bands, continuity and lifecycle work, merged
  // after the mirror check: each is driven by the named test; a focused
  // test of its own is owed.
  "core/briefing/recheck_access.ts": {
    test: "tests/core/trust/recheck_access_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/capsule/recorded_facts.ts": {
    test: "tests/e2e/hostile_capsule_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/chain/tombstone.ts": {
    test: "tests/core/chain/walk_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/config/bands_section.ts": {
    test: "tests/core/config/parse_config_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/config/config_error.ts": {
    test: "tests/core/config/parse_config_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/enforce/deny_record.ts": {
    test: "tests/core/enforce/gate_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/enforce/manifest.ts": {
    test: "tests/e2e/enforce_lifecycle_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/enforce/recovery.ts": {
    test: "tests/core/enforce/gate_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/enforce/tool_call.ts": {
    test: "tests/core/enforce/gate_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/evidence/evidence_record.ts": {
    test: "tests/e2e/evidence_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/search/search_documents.ts": {
    test: "tests/core/search/search_index_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/search/search_query.ts": {
    test: "tests/core/search/search_index_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/transcript/parse_transcript.ts": {
    test: "tests/core/transcript/codex_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/transcript/types.ts": {
    test: "tests/core/transcript/opencode_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "core/trust/base64url.ts": {
    test: "tests/core/trust/_base64url_test.ts",
    reason: "imported and driven by that test (the merged feature brought no test of its own)",
  },
  "commands/_cli/bands_report.ts": {
    test: "tests/e2e/bands_test.ts",
    reason: "driven through the real CLI (baton bands) by that end-to-end test",
  },
  "core/transcript/capture_session.ts": {
    test: "tests/e2e/degraded_repo_test.ts",
    reason: "driven through the real CLI (baton hook) by that end-to-end test",
  },
  "commands/_cli/confirm.ts": {
    test: "tests/e2e/enforce_lifecycle_test.ts",
    reason: "driven through the real CLI (baton enforce) by that end-to-end test",
  },
  "core/done/record_forced.ts": {
    test: "tests/e2e/done_test.ts",
    reason: "driven through the real CLI (baton done) by that end-to-end test",
  },
  "core/done/run_done.ts": {
    test: "tests/e2e/done_test.ts",
    reason: "driven through the real CLI (baton done) by that end-to-end test",
  },
  "core/evidence/evidence_run.ts": {
    test: "tests/e2e/evidence_test.ts",
    reason:
      "driven through the real CLI (baton evidence, a real subprocess) by that end-to-end test",
  },
  "commands/_adapters/evidence_env.ts": {
    test: "tests/e2e/evidence_test.ts",
    reason: "driven through the real CLI (baton evidence) by that end-to-end test",
  },
  "commands/_adapters/handoff_git.ts": {
    test: "tests/e2e/drift_tree_test.ts",
    reason: "driven through the real CLI (baton commit) by that end-to-end test",
  },
  "core/enforce/handoff_lifecycle.ts": {
    test: "tests/e2e/enforce_lifecycle_test.ts",
    reason: "driven through the real CLI (baton handoff) and the band hook by that end-to-end test",
  },
  "core/doctor/check_handoff.ts": {
    test: "tests/e2e/enforce_trust_test.ts",
    reason: "driven through the real CLI (baton doctor) against a verified and a broken manifest",
  },
  "core/enforce/enforce_mode.ts": {
    test: "tests/e2e/enforce_lifecycle_test.ts",
    reason: "driven through the real CLI (baton enforce) by that end-to-end test",
  },
  "core/enforce/resume_hint.ts": {
    test: "tests/e2e/enforce_lifecycle_test.ts",
    reason: "driven through the real session-start hook by that end-to-end test",
  },
  "core/enforce/enforce_paths.ts": {
    test: "tests/core/enforce/deny_store_test.ts",
    reason: "the store's paths, exercised by the store's own test",
  },
  "core/enforce/sentences.ts": {
    test: "tests/core/enforce/gate_test.ts",
    reason: "every sentence is printed by the gate decisions that test checks",
  },
  "commands/_cli/after_handoff.ts": {
    test: "tests/core/enforce/gate_test.ts",
    reason: "the table is what that test hands the gate",
  },
  "commands/_adapters/deny_env.ts": {
    test: "tests/e2e/enforce_lifecycle_test.ts",
    reason: "driven through the real CLI (baton handoff, enforce) by that end-to-end test",
  },
  "commands/_adapters/gate_env.ts": {
    test: "tests/e2e/enforce_lifecycle_test.ts",
    reason: "driven through the real CLI (baton hook pre-tool) by that end-to-end test",
  },
  "core/handoff/handoff_commit.ts": {
    test: "tests/e2e/drift_tree_test.ts",
    reason: "driven through the real CLI (baton commit) by that end-to-end test",
  },
  "core/hosts/runtime/band_hook.ts": {
    test: "tests/e2e/degraded_repo_test.ts",
    reason: "driven through the real CLI (baton hook) by that end-to-end test",
  },
  "commands/_adapters/run_check.ts": {
    test: "tests/e2e/done_test.ts",
    reason: "driven through the real CLI (baton done) by that end-to-end test",
  },
  "commands/_adapters/walk_chain.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton log, verify and decisions) by that end-to-end test",
  },
  "commands/_cli/completions.ts": {
    test: "tests/commands/completions_test.ts",
    reason: "rendered through the completions command, and bash runs the script it renders",
  },
  "core/workflow/rolled_back_guard.ts": {
    test: "tests/e2e/finalize_rolled_back_test.ts",
    reason:
      "driven through the real CLI (baton finalize on latest.md rolled back or removed by a commit, with controls) by that end-to-end test",
  },
  "core/doctor/check_keys.ts": {
    test: "tests/e2e/key_home_parent_test.ts",
    reason:
      "run through the real CLI (baton doctor --json with a baton home whose parent folder others can write, and the controls) by that end-to-end test",
  },
  "commands/_adapters/git_lock.ts": {
    test: "tests/e2e/chain_ref_lock_test.ts",
    reason:
      "git's lock protocol, driven through the real CLI: push and pull refused while refs/baton/main.lock exists, and written once it is gone (the handoff commit's refs and index: tests/e2e/handoff_commit_test.ts)",
  },
  "core/share/ref_lock.ts": {
    test: "tests/e2e/chain_ref_lock_test.ts",
    reason:
      "its refusals are raised by the real CLI (push and pull while git holds refs/baton/main.lock, with controls) in that end-to-end test; ref_moved by tests/commands/_adapters/share_git_test.ts",
  },
  "commands/_adapters/home_parents.ts": {
    test: "tests/e2e/key_home_parent_test.ts",
    reason:
      "driven through the real CLI (finalize and doctor with the baton home's parent at 0777, 0775, another owner, through a link, and sticky or 0755 controls) by that end-to-end test",
  },
  "core/chain/displaced_head.ts": {
    test: "tests/e2e/stranger_leaves_out_head_test.ts",
    reason:
      "driven through the real CLI (load, the stop hook and finalize over a stranger's capsule pulled on top of an older one of mine, with the on-top control) by that end-to-end test",
  },
  "core/share/head_check.ts": {
    test: "tests/e2e/revive_head_test.ts",
    reason:
      "driven through the real CLI (revive and pull over a newest deleted by a commit and over a teammate's fork, with the own-chain control) by that end-to-end test",
  },
  "core/workflow/fork_head.ts": {
    test: "tests/e2e/teammate_fork_capture_test.ts",
    reason:
      "driven through the real CLI (the pre-compact hook and finalize over a trusted teammate's capsule from another fork, with the continuing control) by that end-to-end test",
  },
  "core/workflow/fork_kept_line.ts": {
    test: "tests/e2e/teammate_fork_capture_test.ts",
    reason:
      "its line is read from the hook's and finalize's output by that end-to-end test; its doc example checks an id not in a capsule id's shape is not printed",
  },
  "core/workflow/supersedes_check.ts": {
    test: "tests/e2e/draft_retry_test.ts",
    reason:
      "driven through the real CLI (baton finalize over a real chain) by that end-to-end test",
  },
  "core/search/search_chain.ts": {
    test: "tests/e2e/search_test.ts",
    reason: "driven through the real CLI (baton search) by that end-to-end test",
  },
  "core/search/index_files.ts": {
    test: "tests/e2e/search_index_link_test.ts",
    reason: "planted links at the index path, driven through the real CLI (baton search)",
  },
  "commands/_adapters/share_env.ts": {
    test: "tests/e2e/share_test.ts",
    reason: "driven through the real CLI (baton push, pull, revive) by that end-to-end test",
  },
  "commands/_adapters/share_transport.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton doctor) by that end-to-end test",
  },
  "core/transcript/session_stores.ts": {
    test: "tests/e2e/degraded_repo_test.ts",
    reason: "driven through the real CLI (baton hook) by that end-to-end test",
  },
  "commands/bands.ts": {
    test: "tests/e2e/bands_test.ts",
    reason: "driven through the real CLI (baton bands) by that end-to-end test",
  },
  "commands/capsule.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton capsule) by that end-to-end test",
  },
  "commands/clean.ts": {
    test: "tests/e2e/handoff_commit_test.ts",
    reason: "driven through the real CLI (baton clean) by that end-to-end test",
  },
  "commands/commit.ts": {
    test: "tests/e2e/drift_tree_test.ts",
    reason: "driven through the real CLI (baton commit) by that end-to-end test",
  },
  "commands/decisions.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton decisions) by that end-to-end test",
  },
  "commands/done.ts": {
    test: "tests/e2e/done_test.ts",
    reason: "driven through the real CLI (baton done) by that end-to-end test",
  },
  "commands/enforce.ts": {
    test: "tests/e2e/enforce_lifecycle_test.ts",
    reason: "driven through the real CLI (baton enforce) by that end-to-end test",
  },
  "commands/evidence.ts": {
    test: "tests/e2e/evidence_test.ts",
    reason: "driven through the real CLI (baton evidence) by that end-to-end test",
  },
  "commands/handoff.ts": {
    test: "tests/e2e/enforce_lifecycle_test.ts",
    reason: "driven through the real CLI (baton handoff) by that end-to-end test",
  },
  "commands/log.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton log) by that end-to-end test",
  },
  "commands/progress.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton progress) by that end-to-end test",
  },
  "commands/pull.ts": {
    test: "tests/e2e/share_test.ts",
    reason: "driven through the real CLI (baton pull) by that end-to-end test",
  },
  "commands/push.ts": {
    test: "tests/e2e/share_test.ts",
    reason: "driven through the real CLI (baton push) by that end-to-end test",
  },
  "commands/revive.ts": {
    test: "tests/e2e/share_test.ts",
    reason: "driven through the real CLI (baton revive) by that end-to-end test",
  },
  "commands/rotate.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton rotate) by that end-to-end test",
  },
  "commands/search.ts": {
    test: "tests/e2e/search_test.ts",
    reason: "driven through the real CLI (baton search) by that end-to-end test",
  },
  "commands/source.ts": {
    test: "tests/e2e/source_test.ts",
    reason: "driven through the real CLI (baton source) by that end-to-end test",
  },
  "commands/statusline.ts": {
    test: "tests/e2e/bands_test.ts",
    reason: "driven through the real CLI (baton statusline) by that end-to-end test",
  },
  "commands/verify.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton verify) by that end-to-end test",
  },
  "core/bands/status_line.ts": {
    test: "tests/e2e/bands_test.ts",
    reason: "driven through the real CLI (baton statusline) by that end-to-end test",
  },
  "core/budget/fit_sections.ts": {
    test: "tests/e2e/degraded_repo_test.ts",
    reason: "driven through the real CLI (baton hook) by that end-to-end test",
  },
  "core/chain/read_chain.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton doctor) by that end-to-end test",
  },
  "core/chain/report.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton verify) by that end-to-end test",
  },
  "core/chain/rotate.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton rotate) by that end-to-end test",
  },
  "core/config/enforce_section.ts": {
    test: "tests/e2e/degraded_repo_test.ts",
    reason: "driven through the real CLI (baton hook) by that end-to-end test",
  },
  "core/doctor/check_progress.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton doctor) by that end-to-end test",
  },
  "core/doctor/check_sharing.ts": {
    test: "tests/e2e/chain_test.ts",
    reason: "driven through the real CLI (baton doctor) by that end-to-end test",
  },
  "core/enforce/deny_output.ts": {
    test: "tests/e2e/degraded_repo_test.ts",
    reason: "driven through the real CLI (baton hook) by that end-to-end test",
  },
  "core/evidence/evidence_store.ts": {
    test: "tests/e2e/paste_ingest_test.ts",
    reason: "driven through the real CLI (baton ingest) by that end-to-end test",
  },
  "core/handoff/plan_commit.ts": {
    test: "tests/e2e/drift_tree_test.ts",
    reason: "driven through the real CLI (baton commit) by that end-to-end test",
  },
  "core/handoff/tracked_handoff.ts": {
    test: "tests/e2e/handoff_commit_test.ts",
    reason: "driven through the real CLI (baton check-clean) by that end-to-end test",
  },
  "core/safety/command/programs/effects.ts": {
    test: "tests/e2e/degraded_repo_test.ts",
    reason: "driven through the real CLI (baton hook) by that end-to-end test",
  },
  "core/search/sync_capsules.ts": {
    test: "tests/e2e/search_test.ts",
    reason: "driven through the real CLI (baton search) by that end-to-end test",
  },
  "core/store/own_places.ts": {
    test: "tests/core/store/written_elsewhere_test.ts",
    reason:
      "this repository's places (work trees, linked ones, remotes) are what that test ties capsules to",
  },
  "core/store/private_dir.ts": {
    test: "tests/e2e/paste_ingest_test.ts",
    reason: "driven through the real CLI (baton ingest) by that end-to-end test",
  },
  "core/transcript/record_text.ts": {
    test: "tests/e2e/degraded_repo_test.ts",
    reason: "driven through the real CLI (baton hook) by that end-to-end test",
  },
};

/**
 * Modules with behaviour and no focused test yet. Debt, not exemption: each
 * run prints the count, and an entry that gains its test must be removed.
 */
export const NOT_YET_TESTED: readonly string[] = [];

/** What the check found. */
export interface MirrorReport {
  tested: string[];
  exempt: string[];
  coveredBy: string[];
  notYetTested: string[];
  /** Modules with no test and in no list. */
  missing: string[];
  /** List entries that are wrong now: file gone, test gone, or test added. */
  stale: string[];
}

/** The lists the check compares against (the module's own by default). */
export interface MirrorLists {
  exempt: Readonly<Record<string, string>>;
  coveredBy: Readonly<Record<string, { test: string; reason: string }>>;
  notYetTested: readonly string[];
}

/** Where the mirrored test of a source module lives. */
export function mirroredTestPath(source: string): string {
  return `tests/${source.replace(/\.ts$/, "")}_test.ts`;
}

/**
 * Compares the source modules with the test files present.
 * @param sources Source module paths relative to the repo root.
 * @param files Every file path relative to the repo root that exists (tests included).
 */
export function mirrorReport(
  sources: readonly string[],
  files: ReadonlySet<string>,
  lists: MirrorLists = { exempt: EXEMPT, coveredBy: COVERED_BY, notYetTested: NOT_YET_TESTED },
): MirrorReport {
  const report: MirrorReport = {
    tested: [],
    exempt: [],
    coveredBy: [],
    notYetTested: [],
    missing: [],
    stale: [],
  };
  const notYet = new Set(lists.notYetTested);
  const listed = new Map<string, number>();
  const count = (p: string) => listed.set(p, (listed.get(p) ?? 0) + 1);
  Object.keys(lists.exempt).forEach(count);
  Object.keys(lists.coveredBy).forEach(count);
  notYet.forEach(count);
  for (const [path, n] of listed) {
    if (n > 1) report.stale.push(`${path}: named in more than one list`);
    if (!files.has(path)) report.stale.push(`${path}: listed but the file no longer exists`);
  }
  for (const [path, { test }] of Object.entries(lists.coveredBy)) {
    if (!files.has(test)) report.stale.push(`${path}: its covering test ${test} does not exist`);
  }
  for (const source of [...sources].sort()) {
    const hasTest = files.has(mirroredTestPath(source));
    if (hasTest) {
      report.tested.push(source);
      if (notYet.has(source) || source in lists.exempt || source in lists.coveredBy) {
        report.stale.push(`${source}: has ${mirroredTestPath(source)} now; take it off the list`);
      }
    } else if (source in lists.exempt) report.exempt.push(source);
    else if (source in lists.coveredBy) report.coveredBy.push(source);
    else if (notYet.has(source)) report.notYetTested.push(source);
    else report.missing.push(source);
  }
  return report;
}

function walk(root: string, rel: string, out: string[]): void {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(rel === "" ? root : `${root}/${rel}`)];
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const path = rel === "" ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory) walk(root, path, out);
    else if (e.isFile) out.push(path);
  }
}

/** Source modules (.ts, not tests, not generated) under the source roots of `root`. */
export function listSources(root: string): { sources: string[]; files: Set<string> } {
  const all: string[] = [];
  for (const dir of [...SOURCE_ROOTS, "tests"]) walk(root, dir, all);
  const sources = all.filter((p) =>
    SOURCE_ROOTS.some((r) => p.startsWith(`${r}/`)) && p.endsWith(".ts") &&
    !p.endsWith("_test.ts") && !p.endsWith("_generated.ts")
  );
  return { sources, files: new Set(all) };
}

if (import.meta.main) {
  const args = [...Deno.args];
  const rootAt = args.indexOf("--root");
  const root = rootAt >= 0 ? args[rootAt + 1] ?? "." : ".";
  const { sources, files } = listSources(root);
  const r = mirrorReport(sources, files);
  if (args.includes("--list")) {
    for (const s of r.tested) console.log(`tested         ${s}`);
    for (const s of r.exempt) console.log(`exempt         ${s}  (${EXEMPT[s]})`);
    for (const s of r.coveredBy) {
      console.log(`covered by     ${s}  -> ${COVERED_BY[s]?.test}`);
    }
    for (const s of r.notYetTested) console.log(`NOT YET TESTED ${s}`);
  }
  for (const s of r.missing) {
    console.error(
      `${s}: no test at ${
        mirroredTestPath(s)
      } (write one, or name the module in EXEMPT, COVERED_BY or NOT_YET_TESTED in tests/_tools/test_mirror.ts with a reason)`,
    );
  }
  for (const s of r.stale) console.error(`tests/_tools/test_mirror.ts: ${s}`);
  console.log(
    `test mirror: ${sources.length} modules, ${r.tested.length} with a mirrored test, ` +
      `${r.exempt.length} exempt, ${r.coveredBy.length} covered by another test, ` +
      `${r.notYetTested.length} not yet tested`,
  );
  if (r.missing.length > 0 || r.stale.length > 0) Deno.exit(1);
}
