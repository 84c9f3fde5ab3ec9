/**
 * Test helper: a temp git repo that is always removed, and a workflow
 * context over tests/_helpers/fs.ts's TestFs (the one file system core
 * tests use).
 * @module
 */
import { TestFs } from "./fs.ts";
import type { WorkflowContext } from "../../core/workflow/context.ts";
import { createSigningKeyFile, parseSigningKeyFile } from "../../core/trust/signing_key.ts";
import { makeRepo } from "./git.ts";

/** Runs `f` in a fresh temp git repo (real path), removed afterwards. */
export async function withRepo(f: (dir: string) => Promise<void>): Promise<void> {
  const made = await makeRepo("baton-test-");
  const dir = await Deno.realPath(made);
  try {
    await f(dir);
  } finally {
    await Deno.remove(made, { recursive: true });
  }
}

/** A workflow context on the real file system with a fixed clock and no keys. */
export function testContext(
  cwd: string,
  overrides: Partial<WorkflowContext> = {},
): WorkflowContext {
  let token = 0;
  return {
    fs: new TestFs(),
    cwd,
    now: () => new Date("2026-06-01T12:00:00.000Z"),
    homeDir: null,
    xdgConfigHome: null,
    pid: Deno.pid,
    host: "test-host",
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    randomToken: () => `tok${(token++).toString().padStart(5, "0")}`,
    ...overrides,
  };
}

/**
 * A context's `keys` holding one signing key (its 32 seed bytes all `fill`)
 * that the key ring trusts as this machine's own.
 */
export async function ownKeys(fill: number): Promise<NonNullable<WorkflowContext["keys"]>> {
  const key = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32).fill(fill)));
  return {
    signingKey: () => Promise.resolve({ ok: true as const, key }),
    trustedKeys: () =>
      Promise.resolve({
        keys: new Map([[key.fingerprint, { name: "t", own: true }]]),
        problem: null,
      }),
  };
}

/** Whether anything (a file, a folder, a link, even a dangling one) is at `path`. */
export async function lexists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}
