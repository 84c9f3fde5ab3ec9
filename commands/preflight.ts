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
    "Collects the facts baton will record (repository root, remotes with credentials stripped, branch, HEAD, changed files with hashes, whether HEAD is on a remote) without running git, and prints the JSON draft a model fills in with meaning only. The text is compact for an agent to read (the facts in one block, the draft's fields once as one line of JSON); --json gives every fact, the annotated template and its notes.",
    "Names the repository supplies (branch, changed and untracked files, root, remotes) are printed with any secret redacted, in text and --json, and with control characters made visible in text.",
  ].join("\n\n"),
  examples: ["baton preflight", "baton preflight --json | jq .template"],
  flags: [],
  async run(args, io) {
    const { collectFacts } = await import("../core/facts/collect.ts");
    const { deepStrings, loadNeutralLine, loadSafeOutput, secretFree } = await import(
      "./_cli/safe_output.ts"
    );
    const ctx = workflowContext(io);
    // Branch names, paths and remotes are the repository's words, not baton's:
    // every string is redacted (a token in a branch or file name), and the
    // text form neutralised as well.
    // The scanner loads after the facts are collected: the scan's garbage is
    // gone by then, so the two never add up in peak memory.
    const collected = await collectFacts(ctx.fs, ctx.cwd, {
      cacheFs: ctx.fs,
      now: ctx.now,
      homeDir: ctx.homeDir,
      xdgConfigHome: ctx.xdgConfigHome,
      gitEnvironment: ctx.gitEnvironment ?? {},
    });
    // The rules and the engine load only when the keyword pass finds a hit
    // some rule could confirm in a string to be printed (secretFree): where
    // it finds none, redaction would change nothing, and the output is the
    // same without them.
    const strings = deepStrings(collected);
    if (boolFlag(args, "json")) {
      const facts = await secretFree(strings)
        ? collected
        // The facts are a few short strings: the TypeScript prefilter's engine is cheaper to build.
        : (await loadSafeOutput("ts")).deep(collected);
      const { DRAFT_TEMPLATE, DRAFT_NOTES } = await import("../core/capsule/draft_template.ts");
      printJson(io, { facts, template: DRAFT_TEMPLATE, notes: DRAFT_NOTES });
      return 0;
    }
    const { renderPreflight } = await import("../core/workflow/render_preflight.ts");
    // The texts the rendering shows, found by rendering once with nothing replaced.
    const shown: string[] = [];
    renderPreflight(collected, (text) => {
      shown.push(text);
      return text;
    });
    if (await secretFree([...strings, ...shown])) {
      io.stdout.write(renderPreflight(collected, await loadNeutralLine()));
      return 0;
    }
    const safe = await loadSafeOutput("ts");
    io.stdout.write(renderPreflight(safe.deep(collected), (text) => safe.line(text)));
    return 0;
  },
};
