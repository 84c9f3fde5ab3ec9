/**
 * Edge, for tests only: when BATON_TEST_HOOK_LOG names a file, each hook run
 * appends one JSON line (event, host, action, milliseconds since the runtime
 * started) so the real-host suite can report the hook wall time every host
 * saw. Never throws: a hook goes on whatever happens here.
 * @module
 */

/** Appends the timing line of one hook run. */
export function logHookTiming(
  path: string | undefined,
  entry: { event: string | null; host: string | null; action: string },
): void {
  if (path === undefined || path === "") return;
  try {
    const { event, host, action } = entry;
    const line = JSON.stringify({
      event,
      host,
      action,
      ms: Math.round(performance.now()),
    }) + "\n";
    Deno.writeTextFileSync(path, line, { append: true });
  } catch {
    // Instrumentation only.
  }
}
