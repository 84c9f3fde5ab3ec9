/**
 * `deno task bench --tokens`: what the agent-facing texts cost a model, in
 * tokens of an offline tokenizer (gpt-tokenizer's o200k_base: no network,
 * and close enough to the hosts' own tokenizers to compare texts with each
 * other and with a target). The texts are the real ones: the embedded skill,
 * and the output of the real CLI in a small repository with three changed
 * files (preflight, a typical draft round trip through finalize, the
 * briefing `load` prints) plus the band advisory at handoff. Reports
 * against targets and never asserts, like the rest of the bench.
 * @module
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { BATON_SKILL } from "../../skills/mod.ts";
import { evaluateBands } from "../../core/bands/evaluate.ts";
import { renderBandAdvice } from "../../core/bands/render_band.ts";
import { runBaton } from "../_helpers/cli.ts";
import { createTinyRepo } from "./repos.ts";

/** One measured text. */
export interface TokenRow {
  item: string;
  tokens: number;
  /** The most tokens the item should cost, or null when it is only shown. */
  target: number | null;
}

/** A typical draft: what a model writes at a handoff in a small task. */
export const TYPICAL_DRAFT = {
  now: "The CSV exporter writes headers; quoting of embedded newlines is half done in export.py.",
  completed: ["Header row written from the schema", "Tests for empty tables"],
  decisions: [{
    id: "csv-quoting",
    text: "Quote every field that holds a comma, quote or newline (RFC 4180)",
    why: "Spreadsheet imports broke on unquoted newlines",
  }],
  hypotheses: ["The Windows line endings come from the fixture files, not the writer"],
  next_steps: ["Run the whole export suite", "Update the README's format section"],
  next_action: { description: "Finish quote_field() for embedded newlines" },
};

async function git(dir: string, args: string[]): Promise<void> {
  const out = await new Deno.Command("git", { args, cwd: dir, stdout: "null", stderr: "null" })
    .output();
  if (!out.success) throw new Error(`git ${args[0]} failed`);
}

/** Measures every agent-facing text. `tmp` is a scratch directory the caller removes. */
export async function runTokenBench(tmp: string): Promise<TokenRow[]> {
  const home = `${tmp}/tokens-home`;
  await Deno.mkdir(`${tmp}/tokens`);
  const repo = await createTinyRepo(`${tmp}/tokens`);
  for (const name of ["export.py", "test_export.py", "README.md"]) {
    await Deno.writeTextFile(`${repo}/${name}`, `# ${name}\nchanged for the token bench\n`);
  }
  await git(repo, ["add", "-N", "."]);
  const env = { BATON_HOME: home };
  const body = BATON_SKILL.replace(/^---\n[\s\S]*?\n---\n/, "");
  const front = BATON_SKILL.slice(0, BATON_SKILL.length - body.length);
  const preflight = await runBaton(["preflight"], { cwd: repo, env });
  const preflightJson = await runBaton(["preflight", "--json"], { cwd: repo, env });
  const draft = JSON.stringify(TYPICAL_DRAFT);
  const finalize = await runBaton(["finalize", "--draft", "-"], { cwd: repo, env, stdin: draft });
  const load = await runBaton(["load"], { cwd: repo, env });
  for (const [name, r] of [["preflight", preflight], ["finalize", finalize], ["load", load]]) {
    const run = r as Awaited<ReturnType<typeof runBaton>>;
    if (run.code !== 0) throw new Error(`${name} exited ${run.code}: ${run.stderr.trim()}`);
  }
  const handoff = evaluateBands({ depth: { value: 33, source: "transcript" } });
  const advice = renderBandAdvice(handoff, { baton: "baton" });
  const roundTrip = draft + finalize.stdout + finalize.stderr;
  return [
    { item: "skill front matter", tokens: countTokens(front), target: 150 },
    { item: "skill body", tokens: countTokens(body), target: 900 },
    { item: "preflight (text)", tokens: countTokens(preflight.stdout), target: 400 },
    {
      item: "preflight --json (for comparison)",
      tokens: countTokens(preflightJson.stdout),
      target: null,
    },
    {
      item: "draft round trip (draft + finalize output)",
      tokens: countTokens(roundTrip),
      target: 400,
    },
    { item: "briefing (baton load)", tokens: countTokens(load.stdout), target: 600 },
    { item: "band advisory at handoff", tokens: countTokens(advice), target: 120 },
    {
      item: "one handoff: skill + preflight + round trip",
      tokens: countTokens(BATON_SKILL) + countTokens(preflight.stdout) + countTokens(roundTrip),
      target: 1_500,
    },
  ];
}

/** The table `--tokens` prints. */
export function renderTokenTable(rows: readonly TokenRow[]): string {
  const width = Math.max(...rows.map((r) => r.item.length));
  const lines = [`${"text".padEnd(width)}  tokens  target  verdict`];
  for (const r of rows) {
    const verdict = r.target === null ? "" : r.tokens <= r.target ? "PASS" : "MISS";
    lines.push(
      `${r.item.padEnd(width)}  ${String(r.tokens).padStart(6)}  ${
        String(r.target ?? "-").padStart(6)
      }  ${verdict}`,
    );
  }
  return lines.join("\n");
}
