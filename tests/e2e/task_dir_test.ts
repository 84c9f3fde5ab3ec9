/**
 * `deno task --config <checkout>/deno.json baton …` run from a project acts
 * on the project (INIT_CWD), never on the checkout. See: #10.
 */
import assert from "node:assert/strict";
import { makeRepo } from "../_helpers/git.ts";

const CHECKOUT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");

async function task(cwd: string, args: string[]): Promise<{ code: number; stdout: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "--config", `${CHECKOUT}/deno.json`, "baton", ...args],
    cwd,
    // As from a shell: an INIT_CWD inherited from an outer task (this test run's own
    // `deno task test`) is kept by deno task, as npm does, and would name another directory.
    clearEnv: true,
    env: {
      NO_COLOR: "1",
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: Deno.env.get("HOME") ?? "/",
      DENO_DIR: Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout) };
}

Deno.test("deno task baton with --config acts on the directory it was run from", async () => {
  const repo = await makeRepo("baton-e2e-taskdir-");
  try {
    const r = await task(repo, ["doctor", "--json"]);
    const checks = JSON.parse(r.stdout).checks as { name: string; reason: string }[];
    const where = checks.find((c) => c.name === "repository")!.reason;
    assert.ok(
      where.includes(`at ${repo},`) || where.endsWith(repo),
      `acts on the project: ${where}`,
    );
    // Positive control: run from the checkout itself, it acts on the checkout.
    const own = await task(CHECKOUT, ["doctor", "--json"]);
    const ownWhere = (JSON.parse(own.stdout).checks as { name: string; reason: string }[])
      .find((c) => c.name === "repository")!.reason;
    const checkout = await Deno.realPath(CHECKOUT);
    assert.ok(ownWhere.includes(`at ${checkout},`) || ownWhere.endsWith(checkout), ownWhere);
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});
