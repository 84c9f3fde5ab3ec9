/**
 * `baton doctor`'s checks, assembled: repository (located and readable),
 * store, hosts, clock, capsule chain (the walker of baton verify) and
 * progress log, and the verdict. Core: every effect goes through the
 * injected file system.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import { findBatonLayout } from "../store/find_layout.ts";
import { BatonDirLinkError, refuseFileLink } from "../store/check_baton_dir.ts";
import { checkInstall, type InstallState } from "../hosts/install/check_install.ts";
import { HOSTS } from "../hosts/install/hosts.ts";
import { HOST_IDS, type HostId } from "../hosts/ids.ts";
import type { HostContent, HostEnv } from "../hosts/install/types.ts";
import { type DoctorCheck, type DoctorStatus, doctorStatus } from "./check.ts";
import { checkChain } from "./check_chain.ts";
import { checkProgress } from "./check_progress.ts";
import { checkClock } from "./check_clock.ts";
import { checkStore } from "./check_store.ts";
import { checkRepo } from "./check_repo.ts";
import type { GitEnvironment } from "../facts/git/git_environment.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import { checkKeys } from "./check_keys.ts";
import {
  checkLauncher,
  type InstalledInvocation,
  isBare,
  type LauncherKind,
} from "./check_launcher.ts";

/** What doctor needs from the outside world. */
export interface DoctorContext {
  fs: WriteFs;
  cwd: string;
  now: () => Date;
  randomToken: () => string;
  /** Host locations; `home` is "" when unknown (the user scope is then skipped). */
  env: HostEnv;
  /** What this baton would install (its invocation above all). */
  content: HostContent;
  /** How this baton names itself (a launcher, a binary, the runtime). @default "binary" */
  launcherKind?: LauncherKind;
  /** BATON_LAUNCHER is set but names no file that starts this baton (it was ignored). */
  launcherIgnored?: boolean;
  /** Where git's user config lives under XDG, as a capture reads it. @default null */
  xdgConfigHome?: string | null;
  /** git's variables set in the environment, as a capture reads them. @default {{}} */
  gitEnvironment?: GitEnvironment;
  /** The PATH directories (a hook that names a bare `baton` is looked up there). @default [] */
  pathDirs?: readonly string[];
  /** The keys this machine trusts (the chain check reads the chain with them). @default none */
  trustedKeys?: TrustedKeys;
  /**
   * Why the baton home's key files were not read (the key ring's content-free line), or null;
   * absent: no keys check.
   */
  keysProblem?: string | null;
}

/** One host's install state in both scopes. */
export interface HostReport {
  host: HostId;
  project: InstallState;
  user: InstallState | null;
}

/** The doctor's report. */
export interface DoctorReport {
  status: DoctorStatus;
  checks: DoctorCheck[];
  hosts: HostReport[];
}

function hostCheck(report: HostReport): DoctorCheck | null {
  const spec = HOSTS[report.host];
  const states = [report.project, report.user].filter((s): s is InstallState =>
    s !== null && s.installed !== "none"
  );
  if (states.length === 0) return null;
  const where = states.map((s) => s.scope).join(" and ");
  const problems = [...new Set(states.flatMap((s) => s.problems))];
  if (problems.length > 0) {
    return {
      name: `host:${report.host}`,
      outcome: "warn",
      reason:
        `${spec.label} (${where}): ${problems.length} problem(s); run baton install ${report.host}`,
      detail: problems.join("; "),
    };
  }
  const hooks = spec.hookSupport === "none"
    ? "skill and command files only (the host's hook format is unconfirmed)"
    : spec.hookSupport === "rules"
    ? `no hooks: ${spec.hookNote}`
    : `hooks point at this baton: ${spec.hookNote}`;
  // The host's own trust steps (Codex): one still needed means its hooks do not run yet.
  const trust = states.flatMap((s) => s.trust);
  const needed = trust.some((t) => t.status === "needed");
  return {
    name: `host:${report.host}`,
    outcome: needed ? "warn" : "ok",
    reason: `${spec.label} (${where}): ${
      needed ? "the host's own trust step is still needed" : "installed"
    }`,
    detail: [hooks, ...trust.map((t) => t.explain)].join("; "),
  };
}

/**
 * The file in the project that sets PATH for the hosts' hooks, shown, when a hook names its
 * program by a bare name (else null: nothing is read).
 */
async function repositoryPath(
  ctx: DoctorContext,
  projectDir: string,
  installed: readonly InstalledInvocation[],
): Promise<string | null> {
  if (!installed.some((i) => isBare(i.invocation[0]))) return null;
  const { repositorySetVariables, shownEnvFile } = await import("../trust/repository_env.ts");
  try {
    const file = (await repositorySetVariables(ctx.fs, projectDir, ctx.cwd, ["PATH"], "as-key"))
      .get("PATH");
    return file === undefined ? null : shownEnvFile(file);
  } catch {
    return "a host settings file";
  }
}

/**
 * Runs every check.
 *
 * @param ctx The outside world.
 * @returns The report.
 */
export async function runDoctor(ctx: DoctorContext): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [];
  let found: Awaited<ReturnType<typeof findBatonLayout>> | null = null;
  try {
    const at = await findBatonLayout(ctx.fs, ctx.cwd, ctx);
    await refuseFileLink(ctx.fs, at.layout.latest);
    found = at;
  } catch (e) {
    // A planted link where baton keeps its state: a failed check, and the others still run.
    if (!(e instanceof BatonDirLinkError)) throw e;
    checks.push({ name: "store", outcome: "fail", reason: e.message });
  }
  if (found !== null) {
    checks.push(
      await checkRepo(ctx.fs, found, {
        now: ctx.now,
        homeDir: ctx.env.home || null,
        xdgConfigHome: ctx.xdgConfigHome ?? null,
        gitEnvironment: ctx.gitEnvironment ?? {},
      }),
    );
    checks.push(await checkStore(ctx.fs, found.layout, { token: ctx.randomToken() }));
  }
  const hosts: HostReport[] = [];
  for (const id of HOST_IDS) {
    const opts = { env: ctx.env, content: ctx.content };
    hosts.push({
      host: id,
      project: await checkInstall(ctx.fs, HOSTS[id], { ...opts, scope: "project" }),
      user: ctx.env.home === ""
        ? null
        : await checkInstall(ctx.fs, HOSTS[id], { ...opts, scope: "user" }),
    });
  }
  const hostChecks = hosts.map(hostCheck).filter((c): c is DoctorCheck => c !== null);
  checks.push(
    ...(hostChecks.length > 0 ? hostChecks : [{
      name: "hosts",
      outcome: "info" as const,
      reason:
        "No host has baton installed: capsules are written only when asked (run baton install HOST)",
    }]),
  );
  const installed: InstalledInvocation[] = hosts.flatMap((h) =>
    [h.project, h.user].flatMap((st) =>
      st === null ? [] : [
        ...st.invocations.map((invocation) => ({
          where: `${HOSTS[h.host].label} (${st.scope})`,
          host: h.host,
          scope: st.scope,
          invocation,
        })),
        ...st.shared.map(({ path, invocation, host, statusLine }) => ({
          where: `${HOSTS[h.host].label} (${st.scope}, ${path})`,
          host: h.host,
          scope: st.scope,
          invocation,
          fix: statusLine
            ? `remove that status line from ${path} (baton install never writes one)`
            : `remove that hook from ${path} (baton install never writes ${
              host === undefined ? "there" : `hooks for another host there`
            })`,
        })),
      ]
    )
  );
  checks.push(
    await checkLauncher(ctx.fs, {
      own: ctx.content.invocation,
      kind: ctx.launcherKind ?? "binary",
      ignored: ctx.launcherIgnored === true,
      installed,
      unjudged: [
        ...new Set(hosts.flatMap((h) => [h.project, h.user].flatMap((st) => st?.unjudged ?? []))),
      ],
      pathDirs: ctx.pathDirs ?? [],
      projectDir: found?.repo?.workTree ?? ctx.cwd,
      pathSetBy: await repositoryPath(ctx, found?.repo?.workTree ?? ctx.cwd, installed),
    }),
  );
  if (found !== null) {
    const chain = await checkChain(ctx.fs, found.layout, ctx.trustedKeys);
    checks.push(
      checkClock(ctx.now(), {
        latestCreatedAt: chain.latestCreatedAt,
        chainNewestCreatedAt: chain.newestCreatedAt ?? null,
      }),
    );
    checks.push(chain.check);
    checks.push(await checkProgress(ctx.fs, found.layout));
  }
  if (ctx.keysProblem !== undefined) {
    checks.push(checkKeys(ctx.keysProblem, ctx.trustedKeys?.size ?? 0));
  }
  return { status: doctorStatus(checks), checks, hosts };
}
