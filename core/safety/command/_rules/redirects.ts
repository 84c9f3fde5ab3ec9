/**
 * Redirection rules: output into block devices, sysrq and raw network
 * sockets (/dev/tcp), into shell rc files and other persistence locations,
 * into privilege files, and any other file write (review). Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import { deviceKind, inAnyDir, isPersistencePath, isPrivilegePath } from "../paths.ts";

const WRITE_OPS = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&"]);

/** Programs that write nothing: redirecting their output empties the file. */
function writesNothing(inv: Invocation): boolean {
  const { program: p, argv } = inv;
  return p === "" || ((p === ":" || p === "true" || p === "false") && argv.length === 0) ||
    (p === "cat" && argv.length === 1 && argv[0] === "/dev/null") ||
    (p === "echo" && argv.length === 1 && argv[0] === "-n") ||
    (p === "printf" && argv.length === 1 && argv[0] === "");
}

/**
 * A command that is only a truncating redirection (`: > app.log`,
 * `> /var/log/auth.log`, `cat /dev/null > f`) empties the file: its
 * content is gone with no copy kept.
 */
export function truncationRule(inv: Invocation, out: Findings): void {
  if (!writesNothing(inv)) return;
  for (const r of inv.redirects) {
    if (r.op !== ">" && r.op !== ">|" && r.op !== "&>") continue;
    const target = r.target?.text ?? "";
    if (target === "" || deviceKind(target) !== null || r.target?.segments.length === 0) continue;
    out.dangerous("file_wipe", "a redirection of nothing empties a file");
  }
}

/** Judges every redirection of an invocation; returns true when one writes a file. */
export function redirectRule(inv: Invocation, out: Findings): boolean {
  let writes = false;
  for (const r of inv.redirects) {
    const target = r.target?.text ?? "";
    const kind = deviceKind(target);
    if (kind === "network") {
      out.dangerous(
        "interpreter_primitives",
        "a redirection to /dev/tcp or /dev/udp opens a raw network connection",
      );
      continue;
    }
    if (!WRITE_OPS.has(r.op)) continue;
    if (r.op === ">&" && /^(?:[0-9]+|-)$/.test(target)) continue; // 2>&1, >&-
    if (kind === "harmless") continue;
    if (kind === "disk") {
      out.dangerous("disk_write", "a redirection writes raw data to a block device");
      continue;
    }
    if (kind === "sysrq") {
      out.dangerous(
        "mass_kill_shutdown",
        "a write to /proc/sysrq-trigger can reboot or halt the machine",
      );
      continue;
    }
    if (inAnyDir(target, inv.dirs, isPersistencePath)) {
      out.dangerous(
        "persistence",
        "a redirection writes a file that runs code later (rc file, cron, unit, hook, authorized_keys)",
      );
      continue;
    }
    if (inAnyDir(target, inv.dirs, isPrivilegePath)) {
      out.dangerous(
        "privilege_escalation",
        "a redirection writes a privilege file (sudoers, passwd, shadow)",
      );
      continue;
    }
    if (kind === "other") out.review("a redirection writes to a device");
    else out.review("a redirection writes a file");
    writes = true;
  }
  return writes;
}
