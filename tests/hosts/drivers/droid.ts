/**
 * Factory Droid: a custom model (BYOK, `generic-chat-completion-api`, OpenAI
 * Chat Completions) in ~/.factory/settings.json, chosen with
 * `-m custom:<model>`; `droid exec`. No Factory login is needed for a custom
 * model. Its hooks take Claude Code's payload and output; `droid exec` fires
 * SessionStart, Stop and SessionEnd. Compaction cannot be driven headless:
 * `droid exec -s <session> "/compress"` (or `/compact`) prints nothing and
 * runs no hook. The pinned @factory/cli 0.225.1 is a launcher whose platform
 * binary is an optional dependency the registry has only as 0.225.2, and npm
 * here runs no install scripts: tests/hosts/package.json names
 * @factory/cli-linux-x64 0.225.2 as an optional dependency of its own, which
 * the launcher finds, so the program that runs reports 0.225.2.
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";

/** The Droid driver. */
export const DROID: HostDriver = {
  host: "droid",
  bin: "droid",
  async prepare(sb, model) {
    await Deno.mkdir(`${sb.home}/.factory`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.factory/settings.json`,
      JSON.stringify({
        customModels: [{
          model: "fake-model",
          displayName: "Fake",
          baseUrl: `${model.url}/v1`,
          apiKey: "dummy",
          provider: "generic-chat-completion-api",
          maxOutputTokens: 1024,
        }],
      }),
    );
    // A user's project settings, which install must merge into and uninstall restore.
    await Deno.mkdir(`${sb.repo}/.factory`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.repo}/.factory/settings.json`,
      '{\n  "autonomyLevel": "low"\n}\n',
    );
  },
  env: () => ({}),
  turnArgs: (_sb, prompt) => ["exec", "-m", "custom:fake-model", prompt],
  toolTurnArgs: (_sb, prompt) => [
    "exec",
    "-m",
    "custom:fake-model",
    "--skip-permissions-unsafe",
    prompt,
  ],
  turnTimeoutMs: 90_000,
  compact: null,
  noCompactionWhy: 'droid exec runs no slash command: "/compress" prints nothing and fires no hook',
  reinjectsAfterCompaction: false,
  hookErrors: (out) => matchErrors(out),
};
