/**
 * ingest: turn what a chat model produced from the paste-only instructions
 * into a capsule. The draft JSON is picked out of the answer, strictly
 * validated and normalised like any draft, so every claim is model-authored
 * (trust capped, rewrites recorded). Its facts are "unavailable" (nothing was
 * machine-checked when it was written) unless facts are collected now, in
 * which case the capsule says they were collected at ingest time. It joins
 * the chain through the normal finalize path, trigger "paste".
 * @module
 */
import { InputError } from "../errors.ts";
import {
  type AnswerBlock,
  extractAnswerJson,
  MAX_ANSWER_BYTES,
} from "../capsule/extract_answer.ts";
import { DRAFT_FIELDS, DRAFT_NESTED_FIELDS, DraftSchema } from "../capsule/draft_schema.ts";
import { describeZodIssue } from "../capsule/zod_issue.ts";
import { notARepoFacts } from "../facts/empty_facts.ts";
import { collectFacts } from "../facts/collect.ts";
import { findBatonLayout } from "../store/find_layout.ts";
import type { WorkflowContext } from "./context.ts";
import { finalizeParsedDraft, type FinalizeResult } from "./finalize.ts";

/** Options of {@linkcode ingestAnswer}. */
export interface IngestOptions {
  /** Attach facts collected now, labelled as collected at ingest time. @default {false} */
  withFacts?: boolean;
  /** Refuse to write on top of a rolled-back latest.md (./rolled_back_guard.ts). @default {false} */
  refuseRolledBack?: boolean;
}

/** What ingest wrote and where the draft was found. */
export interface IngestResult extends FinalizeResult {
  block: Pick<AnswerBlock, "kind" | "line" | "trailingCommas">;
}

/**
 * Ingests answer bytes (UTF-8 Markdown, prose or bare JSON).
 * @throws {InputError} when the answer is too large, not UTF-8, holds no single draft, or the draft is invalid.
 * @throws {StrictJsonError} when the draft block is malformed.
 * @throws {LockBusyError} {StorageError}
 */
export async function ingestAnswer(
  ctx: WorkflowContext,
  bytes: Uint8Array,
  options: IngestOptions = {},
): Promise<IngestResult> {
  if (bytes.length > MAX_ANSWER_BYTES) {
    throw new InputError(
      `Cannot ingest: the answer is ${bytes.length} bytes, more than ${MAX_ANSWER_BYTES}`,
      "answer_too_large",
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new InputError("Cannot ingest: the answer is not valid UTF-8", "answer_not_utf8");
  }
  const block = extractAnswerJson(text);
  const parsed = DraftSchema.safeParse(block.value);
  if (!parsed.success) {
    throw new InputError(
      `Cannot ingest the block at line ${block.line}: ${
        describeZodIssue(parsed.error, DRAFT_FIELDS, DRAFT_NESTED_FIELDS)
      }. Run "baton paste" for the instructions`,
      "draft_invalid",
    );
  }
  const found = await findBatonLayout(ctx.fs, ctx.cwd, ctx);
  const root = found.repo?.workTree ?? ctx.cwd;
  const facts = options.withFacts === true
    ? await collectFacts(ctx.fs, ctx.cwd, {
      repo: found.repo,
      now: ctx.now,
      homeDir: ctx.homeDir,
      xdgConfigHome: ctx.xdgConfigHome,
      gitEnvironment: ctx.gitEnvironment ?? {},
      cacheFs: ctx.fs,
    })
    // Never collected, but the work tree it was ingested in is signed with it: that alone
    // ties a pasted capsule to this repository (core/store/written_elsewhere.ts).
    : { ...notARepoFacts(null, "unavailable"), repo_root: found.repo?.workTree ?? null };
  const result = await finalizeParsedDraft({ ...ctx, cwd: root }, parsed.data, {
    trigger: "paste",
    facts,
    factsCollectedAtIngest: options.withFacts === true,
    refuseRolledBack: options.refuseRolledBack === true,
  });
  return {
    ...result,
    block: { kind: block.kind, line: block.line, trailingCommas: block.trailingCommas },
  };
}
