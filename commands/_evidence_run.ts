/**
 * Edge for `baton evidence`: runs the command (no shell unless asked),
 * passes its output through to stderr as it arrives, digests each stream
 * in full while keeping only its last bytes (bounded memory whatever the
 * command prints), then redacts the excerpt and the argv, signs the record
 * with this machine's key and stores it atomically. Before the command
 * runs, the work tree's state is collected (HEAD, every changed and
 * untracked path and its content hash: core/evidence/worktree_state.ts),
 * so the record says which tree it ran on, not only which commit.
 * @module
 */
import { createHash } from "node:crypto";
import type { Io } from "./_adapters/io.ts";
import { findBatonLayout } from "../core/store/find_layout.ts";
import { privateStateDir } from "../core/store/private_dir.ts";
import { readHead } from "../core/facts/git/read_head.ts";
import { TailBuffer } from "../core/evidence/tail_buffer.ts";
import {
  type EvidenceBody,
  type EvidenceRecord,
  sealEvidence,
} from "../core/evidence/evidence_record.ts";
import { writeEvidence } from "../core/evidence/evidence_store.ts";
import { BatonError, NotFoundError, StorageError } from "../core/errors.ts";
import { createKeyRing } from "./_adapters/key_ring.ts";
import { workflowContext } from "./_adapters/context.ts";
import { type WorktreeState, worktreeState } from "../core/evidence/worktree_state.ts";
import type { RepoLocation } from "../core/facts/types.ts";

/** Bytes kept from the end of each stream for the excerpt. */
export const EXCERPT_BYTES = 2048;

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
  hash: ReturnType<typeof createHash>,
  io: Io,
): Promise<void> {
  for await (const chunk of stream) {
    hash.update(chunk);
    tail.push(chunk);
    if (io.stderr.writeBytes !== undefined) io.stderr.writeBytes(chunk);
    else io.stderr.write(new TextDecoder().decode(chunk));
  }
}

/** The work tree the command is about to run on; null when it cannot be read. */
async function treeBefore(io: Io, repo: RepoLocation): Promise<WorktreeState | null> {
  try {
    const { collectFacts } = await import("../core/facts/collect.ts");
    const ctx = workflowContext(io);
    const facts = await collectFacts(io.fs, io.cwd(), {
      repo,
      cacheFs: io.fs,
      now: io.now,
      homeDir: ctx.homeDir,
      xdgConfigHome: ctx.xdgConfigHome,
      publishBudgetMs: 0,
      ...(ctx.maxHashBytes === undefined ? {} : { maxHashBytes: ctx.maxHashBytes }),
    });
    return await worktreeState(facts);
  } catch {
    return null; // recorded without a tree: the record then backs nothing
  }
}

/**
 * Runs `argv` (or `sh -c argv[0]` with `shell`) in the current directory and records it.
 * @throws {NotFoundError} when the program cannot be started.
 * @throws {StorageError} when the record cannot be written.
 */
export async function runEvidence(io: Io, argv: string[], shell: boolean): Promise<EvidenceRun> {
  const found = await findBatonLayout(io.fs, io.cwd());
  const worktree = found.repo === null ? null : await treeBefore(io, found.repo);
  let head: string | null = null;
  let branch: string | null = null;
  if (found.repo !== null) {
    try {
      const h = await readHead(io.fs, found.repo);
      head = h.oid;
      branch = h.branch;
    } catch {
      // an unreadable HEAD is recorded as unknown (null)
    }
  }
  const [program, ...args] = shell ? ["sh", "-c", argv.join(" ")] : argv;
  const started = performance.now();
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(program!, {
      args,
      cwd: io.cwd(),
      stdin: "inherit",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (e) {
    const why = e instanceof Deno.errors.NotFound
      ? "the program was not found"
      : e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.NotCapable
      ? "the program may not be run"
      : "the program could not be started";
    throw new NotFoundError(`Cannot run the command: ${why}`, "program_not_runnable", { cause: e });
  }
  const out = { tail: new TailBuffer(EXCERPT_BYTES), hash: createHash("sha256") };
  const err = { tail: new TailBuffer(EXCERPT_BYTES), hash: createHash("sha256") };
  const [status] = await Promise.all([
    child.status,
    drain(child.stdout, out.tail, out.hash, io),
    drain(child.stderr, err.tail, err.hash, io),
  ]);
  const duration = Math.round(performance.now() - started);
  const { defaultEngine } = await import("../core/safety/secrets/default_engine.ts");
  const { redactText } = await import("../core/safety/secrets/redact.ts");
  const engine = defaultEngine();
  let redactions = 0;
  const redact = (s: string): string => {
    const r = redactText(engine, s);
    redactions += r.kinds.length;
    return r.text;
  };
  const so = out.tail.text();
  const se = err.tail.text();
  const body: EvidenceBody = {
    schema: "baton.evidence/1",
    kind: "command",
    provenance: "tool",
    command: shell ? [redact(argv.join(" "))] : argv.map(redact),
    shell,
    exit_code: status.signal === null ? status.code : null,
    signal: status.signal,
    spawn_error: null,
    duration_ms: duration,
    stdout: { sha256: `sha256:${out.hash.digest("hex")}`, bytes: out.tail.total },
    stderr: { sha256: `sha256:${err.hash.digest("hex")}`, bytes: err.tail.total },
    excerpt: {
      stdout: redact(so.text),
      stderr: redact(se.text),
      truncated: so.truncated || se.truncated,
      redactions: 0,
    },
    head,
    branch,
    ...(worktree === null ? {} : { worktree }),
    recorded_at: io.now().toISOString(),
  };
  body.excerpt.redactions = redactions;
  const signer = await createKeyRing(io).signingKey(found.repo?.workTree ?? null);
  const record = await sealEvidence(body, signer.ok ? signer.key : null);
  let path: string;
  try {
    path = await writeEvidence(io.fs, privateStateDir(found), record);
  } catch (e) {
    if (e instanceof BatonError) throw e;
    throw new StorageError("Cannot write the evidence record: the write failed", { cause: e });
  }
  return { record, path, unsigned: signer.ok ? null : signer.reason };
}
