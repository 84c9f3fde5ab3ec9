/**
 * Test helper: the run-time and permission flags of the `baton` task in a
 * checkout's deno.json (what `deno task baton` and a launcher install start
 * baton with), for tests, benches and the real-host harness that start
 * baton themselves.
 * @module
 */

/** The flags between `run` and `main.ts` of the `baton` task in `denoJson`; null when unreadable. */
export function batonTaskFlags(denoJson: string): string[] | null {
  try {
    const config = JSON.parse(Deno.readTextFileSync(denoJson));
    const words = String(config.tasks.baton).split(/\s+/);
    const run = words.indexOf("run");
    const script = words.findIndex((w) => w.endsWith("main.ts"));
    return run >= 0 && script > run ? words.slice(run + 1, script) : null;
  } catch {
    return null;
  }
}
