/**
 * The use case of `baton evidence`: runs the command (no shell unless
 * asked), passes its output through as it arrives, digests each stream in
 * full while keeping only its last bytes (bounded memory whatever the
 * command prints), then redacts the excerpt and the argv, signs the record
 * with this machine's key and stores it atomically. Before the command
 * runs, the work tree's state is collected (HEAD, every changed and
 * untracked path and its content hash: worktree_state.ts), so the record
 * says which tree it ran on, not only which commit. Starting the program,
 * streaming SHA-256, the passthrough and the monotonic clock are handed in
 * ({@linkcode EvidenceEnv}, built at the edge).
 * @module
 */
import type { WriteFs } from "../fs.ts";
import type { GitEnvironment } from "../facts/git/git_environment.ts";
import { findBatonLayout } from "../store/find_layout.ts";
import { privateStateDir } from "../store/private_dir.ts";
import { readHeadAsGit } from "../facts/git/head_refusal.ts";
import { collectFacts } from "../facts/collect.ts";
import { TailBuffer } from "./tail_buffer.ts";
import { type EvidenceBody, type EvidenceRecord, sealEvidence } from "./evidence_record.ts";
import { writeEvidence } from "./evidence_store.ts";
import { BatonError, StorageError } from "../errors.ts";
import { type WorktreeState, worktreeState } from "./worktree_state.ts";
import type { RepoLocation } from "../facts/types.ts";
import type { KeyRing } from "../trust/key_ring.ts";
import { defaultEngine } from "../safety/secrets/default_engine.ts";
import { redactText } from "../safety/secrets/redact.ts";
import { redactArgv } from "./redact_argv.ts";
import { runEnvironmentDigest } from "./run_environment.ts";
import { loadScriptReaders, type ProjectScripts, scriptScope } from "./script_scope.ts";

/** Bytes kept from the end of each stream for the excerpt. */
export const EXCERPT_BYTES = 2048;

/** A started program. */
export interface StartedCommand {
  stdout: ReadableStream<Uint8Array>;
  stderr: ReadableStream<Uint8Array>;
  /** How it ended: an exit code, or the signal that ended it. */
  status: Promise<{ code: number; signal: string | null }>;
}

/** A streaming SHA-256. */
export interface StreamHash {
  update(chunk: Uint8Array): void;
  /** Lowercase hex of everything given. */
  hex(): string;
}

/** What the use case is handed. */
export interface EvidenceEnv {
  fs: WriteFs;
  cwd: string;
  now(): Date;
  /** A monotonic clock in ms (for the duration). */
  elapsedMs(): number;
  /**
   * Starts `program` in `cwd` with stdin inherited.
   * @throws {NotFoundError} (`program_not_runnable`) when it cannot be started.
   */
  start(program: string, args: string[], cwd: string): StartedCommand;
  sha256(): StreamHash;
  /** Writes a chunk of the command's output through (to stderr) as it arrives. */
  passthrough(chunk: Uint8Array): void;
  keys: KeyRing;
  /** For collecting the tree's facts. */
  homeDir: string | null;
  xdgConfigHome: string | null;
  /** git's variables set in the environment (facts/git/git_environment.ts). */
  gitEnvironment?: GitEnvironment;
  maxHashBytes?: number;
  /** Reads an environment variable (for the run environment's digest: run_environment.ts). */
  environment?: (name: string) => string | undefined;
  /**
   * Reads, before the command runs, the package.json and deno.json a script
   * runner started in `cwd` would use, searching no higher than `workTree`
   * (script_scope.ts judges them).
   */
  projectScripts?: (cwd: string, workTree: string) => Promise<ProjectScripts>;
}

/** What is read when no repository or reader is at hand: no script can be judged. */
const NOTHING_READ: ProjectScripts = {
  packageJson: { kind: "absent" },
  denoJson: { kind: "absent" },
  runnerMoved: false,
  makeFlags: [],
};

/** What a run produced. */
export interface EvidenceRun {
  record: EvidenceRecord;
  path: string;
  /** Why the record is unsigned; null when signed. */
  unsigned: string | null;
}

async function drain(
  stream: ReadableStream<Uint8Array>,
  tail: TailBuffer,
  hash: StreamHash,
  env: EvidenceEnv,
): Promise<void> {
  for await (const chunk of stream) {
    hash.update(chunk);
    tail.push(chunk);
    env.passthrough(chunk);
  }
}

/** The work tree the command is about to run on; null when it cannot be read. */
async function treeBefore(env: EvidenceEnv, repo: RepoLocation): Promise<WorktreeState | null> {
  try {
    const facts = await collectFacts(env.fs, env.cwd, {
      repo,
      cacheFs: env.fs,
      now: env.now,
      homeDir: env.homeDir,
      xdgConfigHome: env.xdgConfigHome,
      gitEnvironment: env.gitEnvironment ?? {},
      publishBudgetMs: 0,
      ...(env.maxHashBytes === undefined ? {} : { maxHashBytes: env.maxHashBytes }),
    });
    return await worktreeState(facts);
  } catch {
    return null; // recorded without a tree: the record then backs nothing
  }
}

/**
 * Runs `argv` (or `sh -c argv[0]` with `shell`) in `env.cwd` and records it.
 * @throws {NotFoundError} when the program cannot be started.
 * @throws {StorageError} when the record cannot be written.
 */
export async function runEvidence(
  env: EvidenceEnv,
  argv: string[],
  shell: boolean,
): Promise<EvidenceRun> {
  const found = await findBatonLayout(env.fs, env.cwd, env);
  const worktree = found.repo === null ? null : await treeBefore(env, found.repo);
  let head: string | null = null;
  let branch: string | null = null;
  if (found.repo !== null) {
    try {
      // Where git would not read HEAD (its config does not read, its format
      // check stops, the owner is refused), none is recorded.
      const h = await readHeadAsGit(env.fs, found.repo, {
        homeDir: env.homeDir,
        xdgConfigHome: env.xdgConfigHome,
        gitEnvironment: env.gitEnvironment ?? {},
      });
      head = h.oid;
      branch = h.branch;
    } catch {
      // an unreadable HEAD, or one git would not read, is recorded as unknown (null)
    }
  }
  // The command inherits this process's environment: its digest is that of the run.
  const environment = env.environment === undefined
    ? null
    : await runEnvironmentDigest(env.environment);
  // The scripts a runner will run, read before it runs (it may rewrite them).
  const project = found.repo === null || env.projectScripts === undefined
    ? NOTHING_READ
    : await env.projectScripts(env.cwd, found.repo.workTree);
  await loadScriptReaders();
  const scripts = scriptScope(
    shell ? { command: [argv.join(" ")], shell } : { command: argv, shell },
    project,
  );
  const [program, ...args] = shell ? ["sh", "-c", argv.join(" ")] : argv;
  const started = env.elapsedMs();
  const child = env.start(program!, args, env.cwd);
  const out = { tail: new TailBuffer(EXCERPT_BYTES), hash: env.sha256() };
  const err = { tail: new TailBuffer(EXCERPT_BYTES), hash: env.sha256() };
  const [status] = await Promise.all([
    child.status,
    drain(child.stdout, out.tail, out.hash, env),
    drain(child.stderr, err.tail, err.hash, env),
  ]);
  const duration = Math.round(env.elapsedMs() - started);
  const engine = defaultEngine();
  let redactions = 0;
  const redact = (s: string): string => {
    const r = redactText(engine, s);
    redactions += r.kinds.length;
    return r.text;
  };
  // A secret only the option before it names ("--password VALUE") is found in the pair.
  const words = (a: string[]): string[] => {
    const r = redactArgv(a, (t) => redactText(engine, t));
    redactions += r.redactions;
    return r.argv;
  };
  const so = out.tail.text();
  const se = err.tail.text();
  const body: EvidenceBody = {
    schema: "baton.evidence/1",
    kind: "command",
    provenance: "tool",
    command: shell ? [redact(argv.join(" "))] : words(argv),
    shell,
    exit_code: status.signal === null ? status.code : null,
    signal: status.signal,
    spawn_error: null,
    duration_ms: duration,
    stdout: { sha256: `sha256:${out.hash.hex()}`, bytes: out.tail.total },
    stderr: { sha256: `sha256:${err.hash.hex()}`, bytes: err.tail.total },
    excerpt: {
      stdout: redact(so.text),
      stderr: redact(se.text),
      truncated: so.truncated || se.truncated,
      redactions: 0,
    },
    head,
    branch,
    ...(worktree === null ? {} : { worktree }),
    ...(environment === null ? {} : { environment }),
    ...(scripts === null ? {} : { scripts }),
    recorded_at: env.now().toISOString(),
  };
  body.excerpt.redactions = redactions;
  const signer = await env.keys.signingKey(found.repo?.workTree ?? null);
  const record = await sealEvidence(body, signer.ok ? signer.key : null);
  let path: string;
  try {
    path = await writeEvidence(env.fs, privateStateDir(found), record);
  } catch (e) {
    if (e instanceof BatonError) throw e;
    throw new StorageError("Cannot write the evidence record: the write failed", { cause: e });
  }
  return { record, path, unsigned: signer.ok ? null : signer.reason };
}
