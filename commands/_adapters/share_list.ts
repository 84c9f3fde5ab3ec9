/**
 * Edge: lists a chain commit's tree with the git program, sizes included
 * (`git ls-tree -l -z`), in a fixed number of processes whatever the
 * number of entries: the root tree and the capsules/ folder, never deeper.
 * The output is read up to a bound and the process stopped past it (a
 * remote's tree may hold millions of entries). Nothing is inflated here.
 * @module
 */
import type { ChainListing, ListedEntry } from "../../core/share/vet_chain.ts";
import { SHARE_TREE_DIR } from "../../core/share/share_plan.ts";

/** Listing bytes allowed per entry on average (an archive name is about 30 bytes). */
const BYTES_PER_ENTRY = 512;

/** stdout of `git --git-dir GITDIR ARGS`; "over" past `maxBytes`; null when git failed. */
async function gitOutput(
  gitdir: string,
  args: string[],
  maxBytes: number,
): Promise<Uint8Array | "over" | null> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command("git", {
      args: ["--git-dir", gitdir, ...args],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).spawn();
  } catch {
    return null;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  for await (const chunk of child.stdout) {
    total += chunk.length;
    if (total > maxBytes) {
      over = true;
      try {
        child.kill("SIGKILL");
      } catch {
        // Already gone.
      }
      break;
    }
    chunks.push(chunk);
  }
  const status = await child.status;
  if (over) return "over";
  if (!status.success) return null;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Parses `git ls-tree -l -z` output; null when a record is not of its shape. */
function parseListing(bytes: Uint8Array): ListedEntry[] | null {
  const text = new TextDecoder().decode(bytes);
  const entries: ListedEntry[] = [];
  for (const record of text.split("\0")) {
    if (record === "") continue;
    const m = /^([0-7]{6}) ([a-z]+) ([0-9a-f]{40,64}) +(\d{1,15}|-)\t([^]*)$/.exec(record);
    if (m === null) return null;
    entries.push({
      mode: m[1]!,
      type: m[2]!,
      oid: m[3]!,
      size: m[4] === "-" ? null : Number(m[4]),
      name: m[5]!,
    });
  }
  return entries;
}

async function listTree(
  gitdir: string,
  treeish: string,
  maxEntries: number,
): Promise<ListedEntry[] | "too_many" | null> {
  const out = await gitOutput(
    gitdir,
    ["ls-tree", "-l", "-z", "--full-tree", treeish],
    maxEntries * BYTES_PER_ENTRY,
  );
  if (out === "over") return "too_many";
  const entries = out === null ? null : parseListing(out);
  if (entries !== null && entries.length > maxEntries) return "too_many";
  return entries;
}

/**
 * The tree of chain commit `oid`: its root entries and those of its capsules/
 * folder (when the root holds exactly one folder of that name), each with its
 * size; too_many past `maxEntries`; not_commit when `oid` names no commit (or
 * git cannot list it).
 */
export async function listChain(
  gitdir: string,
  oid: string,
  maxEntries: number,
): Promise<ChainListing> {
  if (!/^[0-9a-f]{40,64}$/.test(oid)) return { kind: "not_commit" };
  const type = await gitOutput(gitdir, ["cat-file", "-t", oid], 64);
  if (!(type instanceof Uint8Array) || new TextDecoder().decode(type).trim() !== "commit") {
    return { kind: "not_commit" };
  }
  const root = await listTree(gitdir, oid, maxEntries);
  if (root === "too_many") return { kind: "too_many", listed: maxEntries };
  if (root === null) return { kind: "not_commit" };
  const folders = root.filter((e) => e.name === SHARE_TREE_DIR && e.type === "tree");
  if (folders.length !== 1) return { kind: "listed", root, capsules: [] };
  const capsules = await listTree(gitdir, folders[0]!.oid, maxEntries);
  if (capsules === "too_many") return { kind: "too_many", listed: maxEntries };
  if (capsules === null) return { kind: "not_commit" };
  return { kind: "listed", root, capsules };
}
