/**
 * One fresh process of the secret scan, run by the secrets bench
 * (tests/bench/secrets.ts) with baton's V8 flags: the CPU time (user +
 * system, every thread) spent before this script's first line (the
 * runtime's start), loading the engine's modules, building the engine, then
 * two streamed scans of FILE from memory as baton redact makes them (1 MiB
 * chunks, output discarded). The first pass minus the second is what a
 * fresh process pays to warm the scan up (pattern compilation, JIT tiers,
 * first-touch memory, the heap's growth): a cost an in-process measurement
 * after a warm-up never shows. Prints one JSON object.
 *
 * Usage: deno run <baton's V8 flags> --allow-read secrets_cold.ts FILE
 * @module
 */
import process from "node:process";

/** CPU time of this process (user + system, every thread), in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

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
}

async function main(path: string): Promise<ColdRun> {
  const runtimeMs = cpuMs();
  const { defaultEngine } = await import("../../core/safety/secrets/default_engine.ts");
  const { scanStream } = await import("../../core/safety/secrets/stream.ts");
  const imported = cpuMs();
  const engine = defaultEngine();
  const built = cpuMs();
  const bytes = Deno.readFileSync(path);
  const pass = async () => {
    let off = 0;
    const reader = {
      read(into: Uint8Array): Promise<number | null> {
        if (off >= bytes.length) return Promise.resolve(null);
        const n = Math.min(into.length, bytes.length - off);
        into.set(bytes.subarray(off, off + n));
        off += n;
        return Promise.resolve(n);
      },
    };
    const t = cpuMs();
    await scanStream(engine, reader, { transient: true, collect: false, write: () => {} });
    return cpuMs() - t;
  };
  const firstPassMs = await pass();
  const secondPassMs = await pass();
  return {
    runtimeMs,
    importMs: imported - runtimeMs,
    buildMs: built - imported,
    firstPassMs,
    secondPassMs,
  };
}

if (import.meta.main) console.log(JSON.stringify(await main(Deno.args[0]!)));
