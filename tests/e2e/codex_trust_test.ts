/**
 * Codex's two trust steps: `install codex` and `doctor` say whether the
 * project is trusted in $CODEX_HOME/config.toml (read, not guessed), always
 * explain the hook review as unknown with the exact commands, and name the
 * headless switch. See: #10.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;

interface Installed {
  hosts: { notes: string[] }[];
}

async function setup(): Promise<{ repo: string; home: string; env: Record<string, string> }> {
  const repo = await Deno.realPath(await makeRepo());
  const home = (await tempDir("baton-e2e-codex-")).path;
  await Deno.mkdir(`${home}/.codex`, { recursive: true });
  return { repo, home, env: { HOME: home, CODEX_HOME: `${home}/.codex`, DENO_DIR } };
}

Deno.test("install codex and doctor detect an untrusted project and explain both trust steps with the exact commands", async () => {
  const { repo, home, env } = await setup();
  try {
    const r = await runBaton(["install", "codex", "--json"], { cwd: repo, env });
    assert.equal(r.code, 0, r.stderr);
    const notes = (JSON.parse(r.stdout) as Installed).hosts[0]!.notes.join("\n");
    assert.match(notes, /Codex project trust: needed \(no entry in .*config\.toml\)/);
    assert.ok(
      notes.includes(`[projects."${repo}"] trust_level = "trusted"`),
      "the exact entry to add",
    );
    assert.match(notes, /Codex hook review: unknown/);
    assert.match(notes, /\/hooks/);
    assert.match(notes, /codex exec --dangerously-bypass-hook-trust/);
    const d = await runBaton(["doctor", "--json"], { cwd: repo, env });
    const check = JSON.parse(d.stdout).checks.find((c: { name: string }) =>
      c.name === "host:codex"
    );
    assert.equal(check.outcome, "warn", "hooks that do not run yet are a warning");
    assert.match(`${check.reason}; ${check.detail}`, /project trust: needed/);

    // Explicitly untrusted is named as such.
    await Deno.writeTextFile(
      `${home}/.codex/config.toml`,
      `[projects."${repo}"]\ntrust_level = "untrusted"\n`,
    );
    const u = await runBaton(["doctor", "--json"], { cwd: repo, env });
    const uc = JSON.parse(u.stdout).checks.find((c: { name: string }) => c.name === "host:codex");
    assert.match(`${uc.reason}; ${uc.detail}`, /trust_level is "untrusted"/);
  } finally {
    await Deno.remove(repo, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("install codex and doctor report project trust as done when config.toml trusts the project; the review stays unknown", async () => {
  const { repo, home, env } = await setup();
  try {
    await Deno.writeTextFile(
      `${home}/.codex/config.toml`,
      `model = "m"\n\n[projects."${repo}"]\ntrust_level = "trusted"\n`,
    );
    const r = await runBaton(["install", "codex", "--json"], { cwd: repo, env });
    const notes = (JSON.parse(r.stdout) as Installed).hosts[0]!.notes.join("\n");
    assert.match(notes, /Codex project trust: done/);
    assert.match(notes, /Codex hook review: unknown/);
    const d = await runBaton(["doctor", "--json"], { cwd: repo, env });
    const check = JSON.parse(d.stdout).checks.find((c: { name: string }) =>
      c.name === "host:codex"
    );
    assert.equal(check.outcome, "ok");
    assert.match(`${check.reason}; ${check.detail}`, /project trust: done/);
    // A config that cannot be parsed is unknown, never done.
    await Deno.writeTextFile(`${home}/.codex/config.toml`, "[projects\nbroken");
    const b = await runBaton(["doctor", "--json"], { cwd: repo, env });
    const bc = JSON.parse(b.stdout).checks.find((c: { name: string }) => c.name === "host:codex");
    assert.match(`${bc.reason}; ${bc.detail}`, /project trust: unknown/);
  } finally {
    await Deno.remove(repo, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});
