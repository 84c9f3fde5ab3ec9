/**
 * One fresh process of the secret scan, run by the secrets bench
 * (tests/bench/secrets.ts) with baton's V8 flags: the CPU time (user +
 * system, every thread) spent before this script's first line (the
 * runtime's start), loading the engine's modules, building the engine, then
 * two streamed scans of FILE from memory as baton redact makes them (1 MiB
 * chunks, output discarded). The first pass minus the second is what a
 * fresh process pays to warm the scan up (pattern compilation, JIT tiers,
 * first-touch memory, the heap's growth): a cost an in-process measurement
 * after a warm-up never shows. Each pass is also given as user and system
 * time and minor page faults (memory touched fresh: a fault costs about
 * 15 us of system time on this VM), and its first buffer apart, where most
 * of the warm-up falls.
 *
 * With `--prewarm=<part>` one part of the warm-up is done before the first
 * scan, and its own cost is reported, so the first scan shows what is left:
 * `wasm` (the keyword pass over one full buffer, its masked copy: the
 * WebAssembly memory's growth and its code's tier-up), `patterns` (every
 * rule's pattern compiled as a scan compiles it, and run: the
 * regular-expression compiler; a scan compiles those of the rules its
 * keywords reach, 300 of 377 on the bench transcript) or
 * `young` (4 MiB of 64 KiB strings decoded: the young generation's first
 * use). Prints one JSON object.
 *
 * Usage: deno run <baton's V8 flags> --allow-read --allow-sys secrets_cold.ts FILE [--prewarm=PART]
 * @module
 */
import process from "node:process";

/** CPU time of this process (user + system, every thread), in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** What one step cost: user and system CPU ms, minor page faults. */
export interface StepCost {
  userMs: number;
  sysMs: number;
  faults: number;
}

/** The parts of the warm-up `--prewarm` can do first. */
export const PREWARM_PARTS = ["wasm", "patterns", "young"] as const;

/** One part of {@linkcode PREWARM_PARTS}. */
export type PrewarmPart = typeof PREWARM_PARTS[number];

/** What one fresh process spent, in CPU ms. */
export interface ColdRun {
  /** Before this script's first line: the runtime's start. */
  runtimeMs: number;
  /** Loading the engine's modules (rules, tables, the WebAssembly glue). */
  importMs: number;
  /** Building the engine (tables decoded, patterns compiled lazily, WebAssembly instantiated). */
  buildMs: number;
  /** The first streamed scan of the file. */
  firstPassMs: number;
  /** The same scan again, in the same process. */
  secondPassMs: number;
  /** The first scan, split. */
  firstPass: StepCost;
  /** The second scan, split. */
  secondPass: StepCost;
  /** The first scan's first buffer (read and scanned), split. */
  firstBuffer: StepCost;
  /** The second scan's first buffer, split. */
  secondBuffer: StepCost;
  /** The part done before the first scan, and its own cost (null without --prewarm). */
  prewarm: { part: PrewarmPart; cost: StepCost } | null;
}

function usage(): StepCost {
  const r = process.resourceUsage();
  return { userMs: r.userCPUTime / 1000, sysMs: r.systemCPUTime / 1000, faults: r.minorPageFault };
}

function since(a: StepCost, b: StepCost = usage()): StepCost {
  return { userMs: b.userMs - a.userMs, sysMs: b.sysMs - a.sysMs, faults: b.faults - a.faults };
}

async function main(path: string, part: PrewarmPart | null): Promise<ColdRun> {
  const runtimeMs = cpuMs();
  const { defaultEngine } = await import("../../core/safety/secrets/default_engine.ts");
  const { scanStream } = await import("../../core/safety/secrets/stream.ts");
  const { numberGroups } = await import("../../core/safety/secrets/numbered.ts");
  const imported = cpuMs();
  const engine = defaultEngine();
  const built = cpuMs();
  const bytes = Deno.readFileSync(path);
  let prewarm: ColdRun["prewarm"] = null;
  if (part !== null) {
    const before = usage();
    const full = bytes.subarray(0, 1088 * 1024);
    if (part === "wasm") {
      engine.scanKeywords(full);
      engine.maskedCopy(full);
    } else if (part === "patterns") {
      // The patterns as the scan compiles them (engine.ts fastOf: named groups numbered, no `d`
      // flag), on a subject past V8's 1,000 characters, which a scan's windows always are (V8
      // then compiles to machine code at once); V8 keeps compiled patterns by source and flags,
      // so the scan's own are warm. Every rule: more than one scan compiles.
      const sample = 'token=abc password: x api_key="y" secret Bearer AKIA eyJ ://a:b@h '.repeat(
        20,
      );
      for (const c of engine.rules) {
        const numbered = numberGroups(c.rule.pattern.source);
        const source = numbered !== null && numbered.names.size > 0
          ? numbered.source
          : c.rule.pattern.source;
        const re = new RegExp(source, c.reFlags.replace("d", ""));
        for (let k = 0; k < 3; k++) {
          re.lastIndex = k;
          re.exec(sample);
        }
      }
    } else {
      const decoder = new TextDecoder();
      let kept = 0;
      for (let at = 0; at + 65536 <= Math.min(bytes.length, 4 << 20); at += 65536) {
        kept += decoder.decode(bytes.subarray(at, at + 65536)).length;
      }
      if (kept < 0) console.error(kept);
    }
    prewarm = { part, cost: since(before) };
  }
  const pass = async () => {
    let off = 0;
    const start = usage();
    let firstBuffer: StepCost | null = null;
    const reader = {
      read(into: Uint8Array): Promise<number | null> {
        // The buffer fills to 1 MiB and its carry (64 KiB, 256 KiB, 1 MiB, then the
        // rest), is scanned, then reads on: the first read past 1 MiB ends that round.
        if (firstBuffer === null && off > 1024 * 1024) firstBuffer = since(start);
        if (off >= bytes.length) return Promise.resolve(null);
        const n = Math.min(into.length, bytes.length - off);
        into.set(bytes.subarray(off, off + n));
        off += n;
        return Promise.resolve(n);
      },
    };
    const t = cpuMs();
    await scanStream(engine, reader, { transient: true, collect: false, write: () => {} });
    const ms = cpuMs() - t;
    const cost = since(start);
    return { ms, cost, firstBuffer: firstBuffer ?? cost };
  };
  const first = await pass();
  const second = await pass();
  return {
    runtimeMs,
    importMs: imported - runtimeMs,
    buildMs: built - imported,
    firstPassMs: first.ms,
    secondPassMs: second.ms,
    firstPass: first.cost,
    secondPass: second.cost,
    firstBuffer: first.firstBuffer,
    secondBuffer: second.firstBuffer,
    prewarm,
  };
}

if (import.meta.main) {
  const flag = Deno.args.find((a) => a.startsWith("--prewarm="))?.slice("--prewarm=".length);
  const part = PREWARM_PARTS.find((p) => p === flag) ?? null;
  if (flag !== undefined && part === null) throw new Error(`unknown --prewarm part: ${flag}`);
  console.log(JSON.stringify(await main(Deno.args[0]!, part)));
}
