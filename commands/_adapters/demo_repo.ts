/**
 * Edge: builds the demo's throwaway repository with isomorphic-git (no git
 * binary), including a remote-tracking ref so publication can be shown.
 * @module
 */
import fs from "node:fs";
import git from "isomorphic-git";

const AUTHOR = { name: "baton demo", email: "demo@example.invalid", timestamp: 1_790_000_000 };

/** Creates the repository with one commit and origin/main at HEAD. */
export async function createDemoRepo(dir: string): Promise<void> {
  await git.init({ fs, dir, defaultBranch: "main" });
  await Deno.mkdir(`${dir}/src`, { recursive: true });
  await Deno.writeTextFile(
    `${dir}/README.md`,
    "# demo\n\nA throwaway repository made by baton demo.\n",
  );
  await Deno.writeTextFile(
    `${dir}/src/tokenizer.ts`,
    "export function tokenize(s: string): string[] {\n  return s.split(/\\s+/);\n}\n",
  );
  await git.add({ fs, dir, filepath: "." });
  const oid = await git.commit({
    fs,
    dir,
    message: "Initial tokenizer",
    author: AUTHOR,
    committer: AUTHOR,
  });
  await git.addRemote({ fs, dir, remote: "origin", url: "https://example.invalid/demo.git" });
  await git.writeRef({ fs, dir, ref: "refs/remotes/origin/main", value: oid });
  // Work in progress at capsule time: one modified file.
  await Deno.writeTextFile(
    `${dir}/src/tokenizer.ts`,
    "export function tokenize(s: string): string[] {\n  return s.trim().split(/\\s+/);\n}\n",
  );
}

/** Changes a file after the capsule was written, so load shows drift. */
export async function editDemoFile(dir: string): Promise<void> {
  await Deno.writeTextFile(
    `${dir}/src/tokenizer.ts`,
    "// edited after the handoff\nexport const tokenize = (s: string) => s.split(' ');\n",
  );
}
