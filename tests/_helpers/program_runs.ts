/**
 * Test helper: whether a program is installed here, told by running it with
 * harmless arguments (`--version` and the like). Tests that hold a verdict
 * to what the real program does are skipped where it is missing.
 * @module
 */

/**
 * True when `program args…` runs and exits 0.
 * @param program The program's name, looked up on PATH.
 * @param args Arguments that only print (a version, a help line).
 */
export function programRuns(program: string, args: readonly string[]): boolean {
  try {
    // CHECKPOINT_DISABLE: terraform otherwise writes ~/.terraform.d and calls HashiCorp's server.
    return new Deno.Command(program, {
      args: [...args],
      stdout: "null",
      stderr: "null",
      env: { CHECKPOINT_DISABLE: "1" },
    })
      .outputSync().success;
  } catch {
    return false;
  }
}
