/**
 * Same-process A/B of the two ways DenoFs.lstatEach stats tracked files:
 * statx through FFI (commands/_adapters/statx.ts) and Deno's lstatSync, over
 * every path `git ls-files` lists, in chunks of 2048 as the worktree scan
 * asks, rounds interleaved. Prints the median wall and on-CPU time of the
 * main thread (/proc/thread-self/schedstat) per pass.
 *
 *     deno run --allow-all tests/commands/_adapters/lstat_paths_bench.ts <work tree> [rounds]
 * @module
 */
import { DenoFs } from "../../../commands/_adapters/deno_fs.ts";
import { statxReader } from "../../../commands/_adapters/statx.ts";

const CHUNK = 2048;

function threadCpuMs(): number {
  try {
    return Number(Deno.readTextFileSync("/proc/thread-self/schedstat").split(" ")[0]) / 1e6;
  } catch {
    return NaN;
  }
}

async function pass(fs: DenoFs, paths: string[], base: string): Promise<[number, number, number]> {
  const wall = performance.now();
  const cpu = threadCpuMs();
  let sizes = 0;
  for (let at = 0; at < paths.length; at += CHUNK) {
    await fs.lstatEach(paths.slice(at, at + CHUNK), base, (_, s) => sizes += s?.size ?? 0);
  }
  return [performance.now() - wall, threadCpuMs() - cpu, sizes];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

async function main(args: string[]): Promise<number> {
  const base = args[0];
  if (base === undefined) {
    console.error("usage: lstat_paths_bench.ts <work tree> [rounds]");
    return 2;
  }
  const rounds = Number(args[1] ?? 9);
  const listed = new Deno.Command("git", { args: ["-C", base, "ls-files", "-z"], stdout: "piped" })
    .outputSync();
  const paths = new TextDecoder().decode(listed.stdout).split("\0").filter((p) => p !== "");
  if (statxReader() === null) console.log("statx unavailable here: both passes use Deno's lstat");
  const runs = { statx: new DenoFs({ statx: true }), deno: new DenoFs({ statx: false }) };
  const wall: Record<string, number[]> = { statx: [], deno: [] };
  const cpu: Record<string, number[]> = { statx: [], deno: [] };
  const sums = new Set<number>();
  for (let r = 0; r < rounds; r++) {
    const order: ("statx" | "deno")[] = r % 2 === 0 ? ["statx", "deno"] : ["deno", "statx"];
    for (const name of order) {
      const [w, c, sum] = await pass(runs[name], paths, base);
      wall[name]!.push(w);
      cpu[name]!.push(c);
      sums.add(sum);
    }
  }
  if (sums.size !== 1) throw new Error("the two passes saw different sizes");
  const row = (name: string) =>
    `${name.padEnd(6)} wall ${median(wall[name]!).toFixed(0).padStart(5)} ms  cpu ${
      median(cpu[name]!).toFixed(0).padStart(5)
    } ms`;
  console.log(`${paths.length} paths, ${rounds} rounds, medians`);
  console.log(row("statx"));
  console.log(row("deno"));
  const ratio = (m: Record<string, number[]>) => (median(m.statx!) / median(m.deno!)).toFixed(2);
  console.log(`statx / deno: wall ${ratio(wall)}, cpu ${ratio(cpu)}`);
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
