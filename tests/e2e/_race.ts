/**
 * Test helper: the store race. Rounds of N real `baton finalize` processes
 * started together, each round beginning with a stale lock (a dead owner on
 * this host), an owner-less lock (a bare lock directory, old or fresh) or a
 * live holder (a real process that holds the lock, with an acquisition time
 * far in the past, and checks afterwards that nobody took it from it).
 * After each round: every writer that reported success must be on the chain
 * walked from latest.md through `previous`, no two capsules may share a
 * previous (a fork), no writer may exit 70, and no temp file or lock may be
 * left behind. Returns the figures; the caller asserts on them.
 * @module
 */
import { BATON_PERMISSIONS, BATON_RUNTIME_FLAGS, MAIN, testBatonHome } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

/**
 * How long a live holder keeps the lock: long enough for the writers, which
 * start slowly on a loaded machine, to reach it (60% of the previous round's
 * time), short of their 15 s wait.
 */
function holdMs(lastRoundMs: number): number {
  return Math.min(12_000, Math.max(3_000, Math.round(lastRoundMs * 0.6)));
}

/** How a round starts. */
export type RoundStart = "stale" | "ownerless_old" | "ownerless_fresh" | "live_holder";

/** All round starts, cycled through in order. */
export const ROUND_STARTS: readonly RoundStart[] = [
  "stale",
  "ownerless_old",
  "live_holder",
  "ownerless_fresh",
];

/** What went wrong, counted over all rounds. */
export interface RaceFigures {
  writers: number;
  rounds: number;
  succeeded: number;
  /** Writers that exited 70 (internal error). */
  exit70: number;
  /** Writers that exited with any other non-zero status (kept with the first message). */
  otherFailures: number;
  /** Capsules that reported success but are not on latest's chain. */
  missingFromChain: number;
  /** Capsules sharing their `previous` with another one. */
  forks: number;
  /** Rounds that ended with a *.tmp file anywhere in .baton. */
  leftoverTemp: number;
  /** Rounds that ended with .baton/lock (or a set-aside lock) still present. */
  leftoverLock: number;
  /** Live holders whose lock was taken from them. */
  holderLockStolen: number;
  /** Writers that began committing while a live holder held the lock (so were made to wait). */
  waitedForHolder: number;
  /** A few example messages. */
  examples: string[];
}

const LOCK_MODULE = new URL("../../core/store/lock.ts", import.meta.url).href;
const FS_MODULE = new URL("../../commands/_adapters/deno_fs.ts", import.meta.url).href;
const PROC_MODULE = new URL("../../commands/_adapters/process_identity.ts", import.meta.url).href;

/** A pid that is not running (the highest pid the kernel can hand out, plus one). */
function deadPid(): number {
  try {
    return Number(Deno.readTextFileSync("/proc/sys/kernel/pid_max").trim()) + 1;
  } catch {
    return 2 ** 22 + 1;
  }
}

const HOLDER_SCRIPT = `
import { acquireLock, releaseLock } from "${LOCK_MODULE}";
import { DenoFs } from "${FS_MODULE}";
import { processIdentity, processAlive } from "${PROC_MODULE}";
const [dir, holdMs] = Deno.args;
const fs = new DenoFs();
const me = processIdentity();
const lock = await acquireLock(fs, dir + "/.baton/lock", {
  token: "holder-" + crypto.randomUUID(), pid: Deno.pid, host: Deno.hostname(),
  started: me.started,
  now: () => Date.now() - 3_600_000, // acquired, as far as anyone can tell, an hour ago
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  processAlive,
});
console.log("held");
await new Promise((r) => setTimeout(r, Number(holdMs)));
let intact = false;
try {
  const o = JSON.parse(Deno.readTextFileSync(dir + "/.baton/lock/owner.json"));
  intact = o.token === lock.owner.token;
} catch { intact = false; }
const releasedAt = Date.now();
await releaseLock(fs, lock);
console.log((intact ? "intact" : "stolen") + " " + releasedAt);
`;

async function startHolder(dir: string, holdMs: number): Promise<Deno.ChildProcess> {
  const script = `${dir}/../holder-${crypto.randomUUID()}.ts`;
  await Deno.writeTextFile(script, HOLDER_SCRIPT);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-all", script, dir, String(holdMs)],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // Wait for "held" before the writers start.
  const reader = child.stdout.getReader();
  let seen = "";
  while (!seen.includes("held")) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  (child as unknown as { scriptPath: string }).scriptPath = script;
  return child;
}

async function prepareRound(
  dir: string,
  start: RoundStart,
  lastRoundMs: number,
): Promise<Deno.ChildProcess | null> {
  const lock = `${dir}/.baton/lock`;
  await Deno.mkdir(`${dir}/.baton/capsules`, { recursive: true });
  if (start === "live_holder") return await startHolder(dir, holdMs(lastRoundMs));
  await Deno.mkdir(lock);
  if (start === "stale") {
    const owner = {
      token: `dead-${crypto.randomUUID()}`,
      pid: deadPid(),
      host: Deno.hostname(),
      started: "1",
      acquired_at_ms: Date.now() - 600_000,
    };
    await Deno.writeTextFile(`${lock}/owner.json`, JSON.stringify(owner));
    await Deno.writeTextFile(`${lock}/alive`, "");
  } else if (start === "ownerless_old") {
    const past = new Date(Date.now() - 600_000);
    await Deno.utime(lock, past, past);
  }
  return null;
}

interface CapsuleLink {
  id: string;
  previous: string | null;
  created_at: string;
}

function readCapsule(text: string): CapsuleLink {
  const m = /```json baton-capsule\n([\s\S]*?)\n```/.exec(text);
  if (m === null) throw new Error("capsule without its JSON block");
  const c = JSON.parse(m[1]!) as CapsuleLink;
  return { id: c.id, previous: c.previous, created_at: c.created_at };
}

function findTemps(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of Deno.readDirSync(d)) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory) walk(p);
      else if (e.name.endsWith(".tmp")) out.push(p.slice(root.length + 1));
    }
  };
  walk(root);
  return out;
}

async function runWriter(
  dir: string,
  i: number,
): Promise<{ code: number; id: string | null; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      ...BATON_RUNTIME_FLAGS,
      ...BATON_PERMISSIONS,
      MAIN,
      "finalize",
      "--draft",
      "-",
      "--json",
    ],
    cwd: dir,
    env: { NO_COLOR: "1", BATON_DEBUG: "1", BATON_HOME: testBatonHome() },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(JSON.stringify({ now: `writer ${i}` })));
  await w.close();
  const out = await child.output();
  const stdout = new TextDecoder().decode(out.stdout);
  let id: string | null = null;
  if (out.code === 0) {
    try {
      id = (JSON.parse(stdout) as { id: string }).id;
    } catch {
      id = null;
    }
  }
  return { code: out.code, id, stderr: new TextDecoder().decode(out.stderr) + stdout };
}

/** Runs the race; `log` receives one line per round. */
export async function runRace(
  writers: number,
  rounds: number,
  log: (line: string) => void = () => {},
): Promise<RaceFigures> {
  const f: RaceFigures = {
    writers,
    rounds,
    succeeded: 0,
    exit70: 0,
    otherFailures: 0,
    missingFromChain: 0,
    forks: 0,
    leftoverTemp: 0,
    leftoverLock: 0,
    holderLockStolen: 0,
    waitedForHolder: 0,
    examples: [],
  };
  const note = (s: string): void => {
    if (f.examples.length < 8) f.examples.push(s);
  };
  const dir = await makeRepo("baton-race-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const succeeded: string[] = [];
    let lastRoundMs = 5_000;
    for (let r = 0; r < rounds; r++) {
      const start = ROUND_STARTS[r % ROUND_STARTS.length]!;
      const roundStarted = Date.now();
      const holder = await prepareRound(dir, start, lastRoundMs);
      const results = await Promise.all(
        Array.from({ length: writers }, (_, i) => runWriter(dir, r * writers + i)),
      );
      let releasedAt: number | null = null;
      if (holder !== null) {
        const out = await holder.output();
        const text = new TextDecoder().decode(out.stdout);
        releasedAt = Number(/(?:intact|stolen) (\d+)/.exec(text)?.[1] ?? NaN);
        if (!text.includes("intact")) {
          f.holderLockStolen++;
          note(`round ${r}: live holder's lock was taken (${text.trim()})`);
        }
        await Deno.remove((holder as unknown as { scriptPath: string }).scriptPath);
      }
      for (const res of results) {
        if (res.code === 0 && res.id !== null) {
          f.succeeded++;
          succeeded.push(res.id);
        } else if (res.code === 70) {
          f.exit70++;
          note(`round ${r} (${start}): exit 70: ${res.stderr.trim().slice(0, 300)}`);
        } else {
          f.otherFailures++;
          note(`round ${r} (${start}): exit ${res.code}: ${res.stderr.trim().slice(0, 300)}`);
        }
      }
      // The chain from latest, and forks among all archived capsules.
      const byId = new Map<string, string | null>();
      const createdAt = new Map<string, number>();
      for (const e of Deno.readDirSync(`${dir}/.baton/capsules`)) {
        if (!e.isFile || !e.name.endsWith(".md")) continue;
        const c = readCapsule(Deno.readTextFileSync(`${dir}/.baton/capsules/${e.name}`));
        byId.set(c.id, c.previous);
        createdAt.set(c.id, Date.parse(c.created_at));
      }
      if (releasedAt !== null) {
        for (const res of results) {
          const t = res.id === null ? undefined : createdAt.get(res.id);
          if (t !== undefined && t < releasedAt) f.waitedForHolder++;
        }
      }
      const chain = new Set<string>();
      let cur: string | null = readCapsule(Deno.readTextFileSync(`${dir}/.baton/latest.md`)).id;
      while (cur !== null && !chain.has(cur)) {
        chain.add(cur);
        cur = byId.get(cur) ?? null;
      }
      const missing = succeeded.filter((id) => !chain.has(id));
      f.missingFromChain = missing.length;
      if (missing.length > 0) note(`round ${r} (${start}): ${missing.length} off the chain`);
      const prevCount = new Map<string, number>();
      for (const p of byId.values()) prevCount.set(String(p), (prevCount.get(String(p)) ?? 0) + 1);
      f.forks = [...prevCount.values()].filter((n) => n > 1).length;
      const temps = findTemps(`${dir}/.baton`);
      if (temps.length > 0) {
        f.leftoverTemp++;
        note(`round ${r} (${start}): temp files left: ${temps.join(", ")}`);
        for (const t of temps) await Deno.remove(`${dir}/.baton/${t}`);
      }
      const locks = [...Deno.readDirSync(`${dir}/.baton`)].filter((e) => e.name.startsWith("lock"));
      if (locks.length > 0) {
        f.leftoverLock++;
        note(`round ${r} (${start}): left behind: ${locks.map((e) => e.name).join(", ")}`);
        for (const l of locks) await Deno.remove(`${dir}/.baton/${l.name}`, { recursive: true });
      }
      lastRoundMs = Date.now() - roundStarted;
      log(
        `round ${r + 1}/${rounds} (${start}): ok ${
          results.filter((x) => x.code === 0).length
        }/${writers}, chain ${chain.size}, missing ${missing.length}, forks ${f.forks}`,
      );
    }
    return f;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
