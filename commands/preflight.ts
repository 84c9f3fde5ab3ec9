/**
 * `baton preflight`: the facts baton collects now, and the draft template a
 * model fills in before `baton finalize`.
 * @module
 */
import type { Command } from "./_cli/command.ts";
import { boolFlag } from "./_cli/command.ts";
import { printJson, workflowContext } from "./_adapters/context.ts";

/** The preflight command. */
export const preflightCommand: Command = {
  name: "preflight",
  category: "agent-facing",
  summary: "Collect repository facts and print the draft template",
  description: [
    "Collects the facts baton will record (repository root, remotes with credentials stripped, branch, HEAD, changed files with hashes, whether HEAD is on a remote) without running git, and prints the JSON draft template a model fills in with meaning only.",
    "Names the repository supplies (branch, changed and untracked files, root, remotes) are printed with any secret redacted, in text and --json, and with control characters made visible in text.",
  ].join("\n\n"),
  examples: ["baton preflight", "baton preflight --json | jq .template"],
  flags: [],
  async run(args, io) {
    const { collectFacts } = await import("../core/facts/collect.ts");
    const { DRAFT_TEMPLATE, DRAFT_NOTES } = await import("../core/capsule/draft_template.ts");
    const { loadSafeOutput } = await import("./_cli/safe_output.ts");
    const ctx = workflowContext(io);
    // Branch names, paths and remotes are the repository's words, not baton's:
    // every string is redacted (a token in a branch or file name), and the
    // text form neutralised as well.
    const safe = await loadSafeOutput();
    const facts = safe.deep(
      await collectFacts(ctx.fs, ctx.cwd, {
        cacheFs: ctx.fs,
        now: ctx.now,
        homeDir: ctx.homeDir,
        xdgConfigHome: ctx.xdgConfigHome,
      }),
    );
    if (boolFlag(args, "json")) {
      printJson(io, { facts, template: DRAFT_TEMPLATE, notes: DRAFT_NOTES });
      return 0;
    }
    const lines: string[] = ["Facts (collected now):"];
    const show = (text: string) => safe.line(text);
    if (facts.status !== "collected") {
      lines.push("  not inside a git repository: capsules will carry no repository facts");
    } else {
      lines.push(
        `  root:      ${show(facts.repo_root ?? "(none)")}`,
        `  branch:    ${facts.detached ? "(detached HEAD)" : show(facts.branch ?? "(none)")}`,
        `  HEAD:      ${show(facts.head ?? "(no commits yet)")}`,
        `  remotes:   ${
          facts.remotes.map((r) => `${show(r.name)} ${show(r.url)}`).join(", ") || "(none)"
        }`,
        `  dirty:     ${
          facts.dirty ? "yes" : "no"
        } (${facts.changed_count} changed, ${facts.untracked_count}${
          facts.untracked_truncated ? "+" : ""
        } untracked)`,
        `  published: ${facts.published.status} (${facts.published.reason})`,
      );
      if (facts.operation !== null) lines.push(`  operation: ${show(facts.operation)} in progress`);
      for (const f of facts.changed_files.slice(0, 20)) {
        lines.push(`    ${show(f.xy)} ${show(JSON.stringify(f.path))}`);
      }
      if (facts.changed_files.length > 20) lines.push(`    … ${facts.changed_count - 20} more`);
    }
    lines.push(
      "",
      "Draft template (write JSON with any of these fields, then run baton finalize --draft FILE):",
    );
    lines.push(JSON.stringify(DRAFT_TEMPLATE, null, 2), "");
    for (const n of DRAFT_NOTES) lines.push(`- ${n}`);
    io.stdout.write(lines.join("\n") + "\n");
    return 0;
  },
};
