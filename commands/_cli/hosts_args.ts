/**
 * What `baton install`, `baton uninstall` and `baton doctor` share: the host
 * list and scope from the command line, the locations (repository root, home,
 * documented overrides), the content the host files are made from, and the
 * rendering of a plan for people and for `--json`.
 * @module
 */
import { isCodedError, StorageError, UsageError } from "../../core/errors.ts";
import { HOST_IDS, type HostId, isHostId } from "../../core/hosts/ids.ts";
import type { HostContent, HostEnv, InstallScope } from "../../core/hosts/install/types.ts";
import type { HostPlan } from "../../core/hosts/install/plan.ts";
import { closestMatch } from "../../core/closest.ts";
import { terminalLine } from "../../core/safety/render_safe.ts";
import { boolFlag, type FlagSpec, type ParsedArgs, safeWord } from "./command.ts";
import { printJson } from "../_adapters/context.ts";
import { batonHome, homeDir } from "../_adapters/home.ts";
import { homeFolderProblem, processUid } from "../_adapters/home_parents.ts";
import { currentInvocation } from "../_adapters/invocation.ts";
import type { Io } from "../_adapters/io.ts";

/** The flags install and uninstall share. */
export const SCOPE_FLAGS: readonly FlagSpec[] = [
  {
    name: "project",
    type: "boolean",
    summary: "Use the repository's own host folders (the default)",
    doc:
      "The root of the git repository around the current directory (the directory itself outside git).",
  },
  {
    name: "user",
    type: "boolean",
    summary: "Use the host folders in your home directory",
    doc: "Honours CLAUDE_CONFIG_DIR, CODEX_HOME and XDG_CONFIG_HOME where the host documents them.",
  },
  {
    name: "dry-run",
    short: "n",
    type: "boolean",
    summary: "Print the exact unified diff and write nothing",
  },
];

/** The hosts named on the command line (`all` for every host), without repeats. */
export function parseHosts(args: ParsedArgs, command: string): HostId[] {
  if (args.positionals.length === 0) {
    throw new UsageError(
      `Missing host for "${command}": expected one or more of ${HOST_IDS.join(", ")} (or all)`,
    );
  }
  const out: HostId[] = [];
  for (const word of args.positionals) {
    const ids: readonly string[] = word === "all" ? HOST_IDS : [word];
    for (const id of ids) {
      if (!isHostId(id)) {
        const hint = closestMatch(id, [...HOST_IDS]);
        throw new UsageError(
          `Unknown host ${safeWord(id)}: expected one of ${HOST_IDS.join(", ")}` +
            (hint === undefined ? "" : ` (did you mean "${hint}"?)`),
        );
      }
      if (!out.includes(id)) out.push(id);
    }
  }
  return out;
}

/** --project or --user (the default is the project). */
export function parseScope(args: ParsedArgs): InstallScope {
  const project = boolFlag(args, "project");
  const user = boolFlag(args, "user");
  if (project && user) {
    throw new UsageError("Cannot use --project and --user together: pick one scope");
  }
  return user ? "user" : "project";
}

/** The home directory, or null (one resolver for every command: commands/_adapters/home.ts). */
export { homeDir };

/** Locations for the hosts: repository root (or cwd outside git), home and overrides. */
export async function hostEnv(io: Io): Promise<HostEnv & { inRepo: boolean }> {
  const { findRepo } = await import("../../core/facts/git/find_repo.ts");
  let repo: { workTree: string } | null;
  try {
    repo = await findRepo(io.fs, io.cwd());
  } catch (e) {
    // A .git file naming nothing: its directory is still the project root
    // (doctor reports the damage; see core/store/find_layout.ts).
    const at = (e as { data?: Record<string, unknown> }).data?.["path"];
    if (typeof at !== "string" || !at.endsWith("/.git")) throw e;
    repo = { workTree: at.slice(0, -"/.git".length) || "/" };
  }
  return {
    projectRoot: repo?.workTree ?? io.cwd(),
    home: homeDir(io) ?? "",
    cwd: io.cwd(),
    env: (name) => io.env(name),
    ...recordHome(io),
    inRepo: repo !== null,
  };
}

/**
 * Where install keeps its record of the files it wrote outside git: the baton home, unless
 * its folder or one above it is another user's to write (home_parents.ts), where the record
 * could be theirs (then none is kept or read, and the plan says why).
 */
function recordHome(io: Io): { recordDir: string | null; recordRefused: string | null } {
  const home = batonHome(io);
  if (!home.ok) return { recordDir: null, recordRefused: null };
  const problem = Deno.build.os === "windows" ? null : homeFolderProblem(home.path, processUid());
  return problem === null
    ? { recordDir: home.path, recordRefused: null }
    : { recordDir: null, recordRefused: problem };
}

/**
 * True when the clone at `env.projectRoot` opted in to the mutation gate on
 * this machine (`baton enforce on`), so its project scope registers the
 * pre-tool hook.
 */
export async function gateOptedIn(io: Io, env: HostEnv): Promise<boolean> {
  const { stateDirOfRoot } = await import("../../core/store/private_dir.ts");
  const { enforcePaths } = await import("../../core/enforce/enforce_paths.ts");
  const { optInState } = await import("../../core/enforce/opt_in.ts");
  const dir = await stateDirOfRoot(io.fs, env.projectRoot).catch(() => null);
  if (dir === null) return false;
  // This machine's only: one that arrived with the folder registers nothing (opt_in.ts).
  const p = enforcePaths(dir);
  return await optInState(io.fs, p.dir, p.optIn).catch(() => "off") === "on";
}

/**
 * The content the host files are made from, for this process's invocation
 * (judged with `io`'s home: a command's Io is guarded, so a home a host file
 * in the repository sets is not the person's); `gate` registers the
 * pre-tool hook in the project scope.
 */
export async function hostContent(io: Io, gate = false): Promise<HostContent> {
  const { parsePromptSource } = await import("../../core/hosts/install/parse_prompt.ts");
  const { BATON_SKILL } = await import("../../skills/mod.ts");
  const { PROMPT_TEXTS } = await import("../../integrations/mod.ts");
  return {
    invocation: currentInvocation(homeDir(io)),
    skill: BATON_SKILL,
    prompts: Object.entries(PROMPT_TEXTS).map(([name, text]) => parsePromptSource(name, text)),
    gate,
  };
}

/** The directories uninstall never prunes for a scope. */
export function keepDirs(scope: InstallScope, env: HostEnv): string[] {
  return scope === "project" ? [env.projectRoot] : [env.home];
}

/** Requires a home directory for the user scope. */
export function requireHome(scope: InstallScope, env: HostEnv): void {
  if (scope === "user" && env.home === "") {
    throw new UsageError("Cannot use --user: HOME is not set (set HOME or use --project)");
  }
}

/** Options of {@linkcode reportPlans}. */
export interface ReportOptions {
  action: "install" | "uninstall";
  dryRun: boolean;
  json: boolean;
  /** Files written or removed. */
  changed: number;
}

/**
 * Prints plans: with --dry-run the unified diff of every change on stdout
 * (a summary on stderr), otherwise one line per file; --json gives the same
 * data as one document.
 */
export async function reportPlans(
  io: Io,
  plans: readonly HostPlan[],
  options: ReportOptions,
): Promise<void> {
  const { renderUnifiedDiff } = await import("../../core/hosts/install/unified_diff.ts");
  const diffs = (p: HostPlan) =>
    p.changes.flatMap((c) => [
      ...(c.backup === null
        ? []
        : [renderUnifiedDiff(c.backup.path, { before: null, after: c.backup.content })]),
      renderUnifiedDiff(c.path, {
        before: c.before,
        after: c.action === "kept" ? c.before : c.after,
      }),
      ...(c.dropBackup === null
        ? []
        : [renderUnifiedDiff(c.dropBackup, { before: c.after, after: null })]),
    ]).join("");
  if (options.json) {
    printJson(io, {
      action: options.action,
      dry_run: options.dryRun,
      changed: options.changed,
      hosts: plans.map((p) => ({
        host: p.host,
        scope: p.scope,
        hooks: p.hookSupport,
        notes: p.notes,
        files: p.changes.map((c) => ({
          path: c.path,
          kind: c.kind,
          action: c.action,
          backup: c.backup?.path ?? null,
        })),
        ...(options.dryRun ? { diff: diffs(p) } : {}),
      })),
    });
    return;
  }
  const out = options.dryRun ? io.stderr : io.stdout;
  for (const p of plans) {
    if (options.dryRun) io.stdout.write(diffs(p));
    const verb = options.dryRun ? "would " : "";
    out.write(`${p.label} (${p.scope}):\n`);
    if (p.changes.length === 0) out.write("  nothing of baton's is installed\n");
    for (const c of p.changes) {
      const backup = c.backup === null ? "" : ` (backup: ${terminalLine(c.backup.path)})`;
      const label = c.action === "kept" ? "kept (not written by baton)" : c.action;
      out.write(
        `  ${c.action === "unchanged" || c.action === "kept" ? "" : verb}${label}  ${
          terminalLine(c.path)
        }${backup}\n`,
      );
    }
    // A path (the repository's folder, a host home) or a note's words act on no terminal.
    for (const n of p.notes) out.write(`  note: ${terminalLine(n)}\n`);
  }
  if (!options.dryRun) {
    out.write(
      options.changed === 0
        ? "Nothing to change\n"
        : `${
          options.action === "install" ? "Installed" : "Uninstalled"
        }: ${options.changed} file(s) changed\n`,
    );
  }
}

/**
 * The whole of install and uninstall: plan every host first (a config that
 * cannot be parsed stops here, before any write), then apply unless
 * --dry-run, then report.
 */
export async function runHostPlans(
  args: ParsedArgs,
  io: Io,
  options: { action: "install" | "uninstall" },
): Promise<number> {
  const { action } = options;
  const hosts = parseHosts(args, action);
  const scope = parseScope(args);
  const dryRun = boolFlag(args, "dry-run");
  const env = await hostEnv(io);
  requireHome(scope, env);
  const content = await hostContent(io, scope === "project" && await gateOptedIn(io, env));
  const { HOSTS } = await import("../../core/hosts/install/hosts.ts");
  const { planInstall, planUninstall } = await import("../../core/hosts/install/plan.ts");
  const plan = action === "install" ? planInstall : planUninstall;
  const plans: HostPlan[] = [];
  for (const id of hosts) plans.push(await plan(io.fs, HOSTS[id], { scope, env, content }));
  let changed = 0;
  if (dryRun) {
    changed = plans.flatMap((p) => p.changes)
      .filter((c) => c.action !== "unchanged" && c.action !== "kept").length;
  } else {
    const { applyPlans } = await import("../../core/hosts/install/apply_plan.ts");
    try {
      const root = scope === "project" ? env.projectRoot : env.home;
      const { findRepo } = await import("../../core/facts/git/find_repo.ts");
      const repo = scope === "project" ? await findRepo(io.fs, io.cwd()) : null;
      const { storeLock } = await import("../_adapters/store_lock.ts");
      changed = await applyPlans(io.fs, plans, {
        keepDirs: keepDirs(scope, env),
        root,
        lock: storeLock(io),
        ...(repo === null ? {} : {
          repo: { workTree: repo.workTree, commonDir: repo.commonDir, action },
          gitDirs: [repo.gitDir, repo.commonDir],
        }),
      });
    } catch (e) {
      if (isCodedError(e)) throw e;
      throw new StorageError(`Cannot ${action} the host files: a write failed`, { cause: e });
    }
  }
  await reportPlans(io, plans, { action, dryRun, json: boolFlag(args, "json"), changed });
  return 0;
}

/** What {@linkcode syncGateHooks} did. */
export interface GateSync {
  /** Labels of the hosts whose config changed. */
  updated: string[];
  /** One line per host whose config could not be read or written (content-free). */
  failed: string[];
}

/**
 * After `baton enforce on|off`: brings the pre-tool hook of every host
 * installed in this repository (project scope, found by its baton hook
 * entries) in line with the opt-in, changing only hook configs, each by an
 * atomic rename. A host whose config cannot be parsed is named and skipped;
 * the others are still brought in line.
 */
export async function syncGateHooks(io: Io): Promise<GateSync> {
  const env = await hostEnv(io);
  const content = await hostContent(io, await gateOptedIn(io, env));
  const { HOSTS } = await import("../../core/hosts/install/hosts.ts");
  const { planInstall, planUninstall } = await import("../../core/hosts/install/plan.ts");
  const { applyPlans } = await import("../../core/hosts/install/apply_plan.ts");
  const options = { scope: "project" as const, env, content };
  const { findRepo } = await import("../../core/facts/git/find_repo.ts");
  const repo = await findRepo(io.fs, io.cwd()).catch(() => null);
  const gitDirs = repo === null ? [] : [repo.gitDir, repo.commonDir];
  const out: GateSync = { updated: [], failed: [] };
  for (const id of HOST_IDS) {
    const spec = HOSTS[id];
    try {
      const installed = (await planUninstall(io.fs, spec, options)).changes
        .some((c) => c.kind === "hooks" && c.action !== "unchanged");
      if (!installed) continue;
      const plan = await planInstall(io.fs, spec, options);
      // No backup: the config already holds baton's entries, so a backup taken now would be
      // baton's text; the user's own copy, if any, was kept when baton first installed.
      const changes = plan.changes
        .filter((c) => c.kind === "hooks" && c.action !== "unchanged")
        .map((c) => ({ ...c, backup: null }));
      if (changes.length === 0) continue;
      const { storeLock } = await import("../_adapters/store_lock.ts");
      await applyPlans(io.fs, [{ ...plan, changes }], {
        keepDirs: keepDirs("project", env),
        root: env.projectRoot,
        gitDirs,
        lock: storeLock(io),
      });
      out.updated.push(spec.label);
    } catch (e) {
      out.failed.push(
        `${spec.label}: ${isCodedError(e) ? e.message : "the hook config could not be written"}`,
      );
    }
  }
  return out;
}
