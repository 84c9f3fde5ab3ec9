/**
 * Edge: asks a person at a terminal to confirm. Used by the commands only a
 * person may run (releasing a deny, turning enforcement off): an agent's
 * shell has no terminal on stdin, so it cannot answer.
 * @module
 */
import type { Io } from "../_adapters/io.ts";

/** True when stdin and stderr are terminals and the person typed y or yes. */
export async function confirmOnTerminal(io: Io, question: string): Promise<boolean> {
  if (!Deno.stdin.isTerminal() || !io.stderr.isTerminal) return false;
  io.stderr.write(`${question} [y/N] `);
  const buf = new Uint8Array(64);
  const n = await Deno.stdin.read(buf);
  const answer = n === null
    ? ""
    : new TextDecoder().decode(buf.subarray(0, n)).trim().toLowerCase();
  return answer === "y" || answer === "yes";
}
