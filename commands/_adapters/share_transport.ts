/**
 * Edge: talks to a remote through the user's own git program (its
 * configuration, credentials and SSH setup apply). Only `refs/baton/*`
 * refspecs are pushed or fetched; the work tree, index and HEAD stay as
 * they are. Without a git program, sharing is unavailable (isomorphic-git's
 * HTTP transport is not wired in: see the command's help).
 * @module
 */

import type { GitResult, Transport } from "../../core/share/chain_git.ts";

export type { GitResult, Transport };

/** Runs git in `dir`; stdin stays the terminal (a passphrase prompt works). */
export async function runGit(dir: string, args: string[]): Promise<GitResult> {
  const out = await new Deno.Command("git", {
    args: ["-C", dir, ...args],
    stdin: "inherit",
    stdout: "piped",
    stderr: "piped",
    env: { GIT_TERMINAL_PROMPT: "0" },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** Which transport is available. */
export async function findTransport(): Promise<Transport> {
  try {
    const out = await new Deno.Command("git", {
      args: ["--version"],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).output();
    if (out.code === 0) {
      return { kind: "git", detail: new TextDecoder().decode(out.stdout).trim() };
    }
    return { kind: "none", detail: "the git program did not run" };
  } catch (e) {
    return {
      kind: "none",
      detail: e instanceof Deno.errors.NotFound
        ? "no git program on PATH"
        : "the git program may not be run here",
    };
  }
}
