/**
 * Doctor's launcher check: how the installed hooks start baton (a launcher
 * named in BATON_LAUNCHER, a compiled binary, `baton` on PATH, or the Deno
 * runtime with a checkout's main.ts), and whether that still resolves: the
 * program exists, a Deno invocation's main.ts and deno.json exist, and a
 * launcher written by `deno task install` still finds the checkout it runs.
 * A checkout that moved or a launcher that was deleted leaves hooks that start
 * nothing; this check names them and the command that fixes them. A hook
 * that starts a program from the project folder (./program_in_project.ts)
 * is never "ok": a commit could have put it there. Reads through the
 * injected file system only.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { BatonInvocation } from "../hosts/hook_command.ts";
import { renderShellCommand } from "../hosts/shell_quote.ts";
import type { DoctorCheck } from "./check.ts";
import { fileUrlPath, programInProject } from "./program_in_project.ts";

/** How this baton names itself in the hooks it writes. */
export type LauncherKind = "launcher" | "binary" | "runtime";

/** One host install's hook invocation. */
export interface InstalledInvocation {
  /** The host's label and scope, e.g. `Claude Code (project)`, and its id. */
  where: string;
  host: string;
  scope: "project" | "user";
  invocation: readonly string[];
  /**
   * What fixes it, when not `run baton install HOST`: a hook in a file the host reads and
   * baton never writes (a repository's shared settings). @default {run baton install HOST}
   */
  fix?: string;
}

/** What the check is given. */
export interface LauncherContext {
  /** This process's invocation (what install would write now). */
  own: BatonInvocation;
  kind: LauncherKind;
  /**
   * BATON_LAUNCHER is set but was ignored: it names no file that starts this
   * baton (core/hosts/launcher_identity.ts), so hooks name `own` instead.
   */
  ignored?: boolean;
  /** Every install's hook invocations. */
  installed: readonly InstalledInvocation[];
  /**
   * Why hook files a host reads were not judged, one phrase each naming the file or folder
   * (a folder a commit filled past the bound, a file too large or that cannot be parsed):
   * a hook there that looks like baton's was not judged. @default {none}
   */
  unjudged?: readonly string[];
  /** The PATH directories, for an invocation that is a bare program name. */
  pathDirs: readonly string[];
  /** The project folder (the work tree, else the current directory); null: not judged. */
  projectDir?: string | null;
  /**
   * A file in the project (relative path, as shown) that sets PATH for the hosts' hooks
   * (core/trust/repository_env.ts: Claude Code's committed `env`, a `.env` a host loads), or
   * null: a hook naming its program by a bare name then starts whatever the repository put
   * first on that PATH, not what doctor finds on its own. @default {null}
   */
  pathSetBy?: string | null;
}

/** Whether a hook's program word is a bare name, looked up on PATH. */
export function isBare(program: string | undefined): boolean {
  return program !== undefined && !program.includes("/") && !/^[A-Za-z]:[\\/]/.test(program) &&
    !program.includes("\\");
}

/** Words shown in a message: a plain path, else a neutral phrase (never config content). */
function shown(invocation: readonly string[]): string {
  const text = renderShellCommand(invocation);
  if (!/^[\w@%+=:,./' -]+$/.test(text) || text.length > 400) return "a baton program";
  if (text.length <= 100) return text;
  const main = invocation.find((w) => w.endsWith("main.ts"));
  return main === undefined ? "a baton program" : `deno run … ${main}`;
}

const SHIM_MAX_BYTES = 4096;
const SHIM_MARK = "(written by deno task install)";

async function isFile(fs: ReadFs, path: string): Promise<boolean> {
  const st = await fs.stat(path).catch(() => null);
  return st !== null && st.isFile;
}

/**
 * The checkout a `deno task install` launcher runs (its main.ts path), or
 * null when the file is not such a launcher.
 */
async function shimTarget(fs: ReadFs, path: string): Promise<string | null> {
  let text: string;
  try {
    text = new TextDecoder().decode(await fs.readRange(path, 0, SHIM_MAX_BYTES));
  } catch {
    return null;
  }
  if (!text.startsWith("#!") || !text.includes(SHIM_MARK)) return null;
  return /'([^'\n]*\/main\.ts)'/.exec(text)?.[1] ?? null;
}

/** Why an invocation no longer starts baton, or null when it resolves. */
export async function whyUnresolved(
  fs: ReadFs,
  invocation: readonly string[],
  pathDirs: readonly string[],
): Promise<string | null> {
  const program = invocation[0];
  if (program === undefined) return "it is empty";
  const absolute = program.startsWith("/") || /^[A-Za-z]:[\\/]/.test(program);
  if (!absolute) {
    for (const dir of pathDirs) {
      if (dir !== "" && await isFile(fs, `${dir}/${program}`)) return null;
    }
    return `${shown([program])} is not on PATH`;
  }
  if (!(await isFile(fs, program))) return "the program no longer exists";
  if (invocation.length === 1) {
    const main = await shimTarget(fs, program);
    if (main !== null && !(await isFile(fs, main))) {
      return "the launcher's checkout is gone (moved or deleted)";
    }
    return null;
  }
  for (const w of invocation.slice(1)) {
    const file = fileUrlPath(w.startsWith("--config=") ? w.slice("--config=".length) : w);
    if (!(file.endsWith("main.ts") || w.startsWith("--config="))) continue;
    if (!(await isFile(fs, file))) return "the checkout it runs is gone (moved or deleted)";
  }
  return null;
}

const KIND_TEXT: Readonly<Record<LauncherKind, string>> = {
  launcher: "the launcher named in BATON_LAUNCHER",
  binary: "this baton binary",
  runtime:
    "the Deno runtime with this checkout's main.ts (deno task install gives a stable launcher)",
};

/**
 * The launcher check.
 *
 * @param fs Read access.
 * @param ctx This baton's invocation and every install's.
 * @returns One check: ok when every installed hook resolves, warn naming each that does not.
 */
export async function checkLauncher(fs: ReadFs, ctx: LauncherContext): Promise<DoctorCheck> {
  const own = `This baton starts as ${shown(ctx.own)}, ${KIND_TEXT[ctx.kind]}`;
  if (ctx.ignored === true) {
    return {
      name: "launcher",
      outcome: "warn",
      reason:
        `BATON_LAUNCHER names a file that does not start this baton (not this program, and not a script that runs this baton's main.ts) or that lies inside this repository (which a commit could have put there): it was ignored; ${own}`,
      ...(ctx.installed.length === 0 ? {} : {
        detail: ctx.installed.map((i) => `${i.where}: hooks start ${shown(i.invocation)}`).join(
          "; ",
        ),
      }),
    };
  }
  if (ctx.installed.length === 0) {
    // A file the host reads and doctor could not judge may hold a hook that starts "baton".
    const unjudged = ctx.unjudged ?? [];
    return unjudged.length === 0
      ? { name: "launcher", outcome: "info", reason: `${own}; no host's hooks name it yet` }
      : {
        name: "launcher",
        outcome: "warn",
        reason: `No host's hooks name baton as far as read: ${
          unjudged.join("; ")
        }, so a hook there that looks like baton's was not judged; ${own}`,
      };
  }
  const broken: string[] = [];
  const fixes = new Set<string>();
  const lines: string[] = [];
  const local: string[] = [];
  const localFixes = new Set<string>();
  for (const i of ctx.installed) {
    const why = await whyUnresolved(fs, i.invocation, ctx.pathDirs);
    const fix = i.fix ?? `run baton install ${i.host}${i.scope === "user" ? " --user" : ""}`;
    const pathSetBy = ctx.pathSetBy ?? null;
    const inProject = pathSetBy !== null && isBare(i.invocation[0])
      ? `looked up on a PATH that ${pathSetBy} in the project sets`
      : ctx.projectDir === undefined || ctx.projectDir === null
      ? null
      : await programInProject(fs, i.invocation, ctx.projectDir);
    lines.push(
      `${i.where}: hooks start ${shown(i.invocation)}${why === null ? "" : ` (${why})`}${
        inProject === null ? "" : ` (${inProject})`
      }`,
    );
    if (why !== null) {
      broken.push(`${i.where} (${why})`);
      fixes.add(fix);
    }
    if (inProject !== null) {
      local.push(`${i.where} (${inProject})`);
      localFixes.add(fix);
    }
  }
  // First: a program a commit could have put there matters more than one that is gone.
  if (local.length > 0) {
    return {
      name: "launcher",
      outcome: "warn",
      reason: `The hooks of ${
        local.join(", ")
      } start a program in the project folder (which a commit could have put there); check it, or ${
        [...localFixes].join(" and ")
      }`,
      detail: [own, ...lines].join("; "),
    };
  }
  if (broken.length > 0) {
    return {
      name: "launcher",
      outcome: "warn",
      reason: `The hooks of ${broken.join(", ")} start nothing; ${[...fixes].join(" and ")}`,
      detail: [own, ...lines].join("; "),
    };
  }
  const uses = [...new Set(ctx.installed.map((i) => shown(i.invocation)))];
  const unjudged = ctx.unjudged ?? [];
  if (unjudged.length > 0) {
    return {
      name: "launcher",
      outcome: "warn",
      reason: `Hooks start baton as ${uses.join(" and ")}, as far as read: ${
        unjudged.join("; ")
      }, so a hook there that looks like baton's was not judged`,
      detail: [own, ...lines].join("; "),
    };
  }
  return {
    name: "launcher",
    outcome: "ok",
    reason: `Hooks start baton as ${uses.join(" and ")}`,
    detail: [own, ...lines].join("; "),
  };
}
