/**
 * `baton doctor`: can baton work here, and is it wired into the hosts?
 * @module
 */
import { boolFlag, type Command } from "./_cli/command.ts";
import { gitDiscovery, printJson } from "./_adapters/context.ts";
import { gateOptedIn, hostContent, hostEnv } from "./_cli/hosts_args.ts";
import { invocationKind, launcherIgnored } from "./_adapters/invocation.ts";

/** The doctor command. */
export const doctorCommand: Command = {
  name: "doctor",
  category: "diagnostics",
  summary: "Check whether baton can work here and how hosts are wired",
  description: [
    "Checks, with a reason for each:\n- whether the current directory is inside a git repository and whether baton can read it (config, refs and HEAD, the HEAD commit, the index and its checksum, the work-tree scan; each damaged part is named, and capsules are still written with those facts unavailable);\n- whether .baton is writable (probed with a temp file that is removed);\n- which hosts have baton installed for the project and for the user, whether their configs parse and whether their hook entries point at this baton;\n- which launcher the hooks start baton with (BATON_LAUNCHER's launcher, a binary, `baton` on PATH or the Deno runtime and a checkout's main.ts), and whether it still resolves (a moved checkout or a deleted launcher leaves hooks that start nothing), with the hooks that look like baton's in a file the host also runs and install never writes (Claude Code's shared .claude/settings.json, Copilot's other .github/hooks/*.json, the inline [hooks] of Codex's project .codex/config.toml, and the .codex folders of the folders between the project root and the current one, which Codex loads when started here) or that name another host in an installed file, and a Claude Code status line (statusLine.command) that starts baton statusline: one starting a program in the project folder, or naming its program by a bare name while a file in the project (Claude Code's env block, a .env a host loads) sets the PATH the host runs it with, warns, and a hook file doctor cannot parse or read whole (a key written twice, which hosts read as the last), a hooks folder it cannot list whole, or a hook or status line that names baton in a form doctor does not read (a wrapper such as env, a redirection) is named as not judged, even where nothing is installed;\n- whether the clock is plausible (not before this build's year, no capsule dated in the future);\n- whether the capsule chain verifies (the walk of baton verify: every id, signature, link and archive name; any CRITICAL problem warns);\n- whether the progress log's hash chain verifies (baton progress verify);\n- the handoff state this machine keeps: the opt-in, the deny records (invalid ones counted) and whether the manifest verifies (baton handoff status);\n- and which transport baton push and pull would use (the git program, or none: informational, it never lowers the verdict).",
    "Prints one short line per check (ok, info, warn or FAIL; colour only on a terminal, and never with NO_COLOR set); --verbose adds every problem and path under its check, and --json gives each check's reason and detail. No host installed is information, not a problem. The verdict is supported, degraded (baton works with less) or unsupported (baton cannot write a capsule here). Exit 0 when supported, 1 otherwise.",
  ].join("\n\n"),
  examples: ["baton doctor", "baton doctor --json | jq .status"],
  flags: [{
    name: "verbose",
    short: "v",
    type: "boolean",
    summary: "Show every problem and path under each check",
  }],
  async run(args, io) {
    const env = await hostEnv(io);
    const content = await hostContent(io, await gateOptedIn(io, env));
    const { runDoctor } = await import("../core/doctor/run_doctor.ts");
    const { readGitEnvironment } = await import("../core/facts/git/git_environment.ts");
    const { homeDir, xdgConfigHome } = await import("./_adapters/home.ts");
    const { createKeyRing } = await import("./_adapters/key_ring.ts");
    const trusted = await createKeyRing(io).trustedKeys();
    const report = await runDoctor({
      fs: io.fs,
      cwd: io.cwd(),
      now: io.now,
      randomToken: io.randomToken,
      env,
      content,
      // The launcher judged with the guarded Io's home (main.ts), as install names it.
      launcherKind: invocationKind(homeDir(io)),
      launcherIgnored: launcherIgnored(undefined, homeDir(io)),
      xdgConfigHome: xdgConfigHome(io),
      gitEnvironment: readGitEnvironment((name) => io.env(name)),
      pathDirs: (io.env("PATH") ?? "").split(":"),
      trustedKeys: trusted.keys,
      keysProblem: trusted.problem,
    });
    const { findTransport } = await import("./_adapters/share_transport.ts");
    const { checkSharing } = await import("../core/doctor/check_sharing.ts");
    report.checks.push(checkSharing(await findTransport()));
    try {
      const { checkHandoff } = await import("../core/doctor/check_handoff.ts");
      const { denyStoreEnv, enforcePathsOf } = await import("./_adapters/deny_env.ts");
      const { findBatonLayout } = await import("../core/store/find_layout.ts");
      const found = await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io));
      report.checks.push(
        await checkHandoff(denyStoreEnv(io), enforcePathsOf(found), found.layout.dir),
      );
    } catch { /* no repository layout: the checks above say why */ }
    if (boolFlag(args, "json")) {
      printJson(io, {
        status: report.status,
        checks: report.checks,
        hosts: report.hosts.map((h) => ({
          host: h.host,
          project: h.project.installed,
          user: h.user?.installed ?? null,
        })),
      });
    } else {
      const { renderDoctorText } = await import("../core/doctor/render_doctor.ts");
      const noColor = (io.env("NO_COLOR") ?? "") !== "";
      io.stdout.write(renderDoctorText(report.checks, report.status, {
        verbose: boolFlag(args, "verbose"),
        color: io.stdout.isTerminal && !noColor,
        width: io.stdout.isTerminal ? Math.max(40, io.stdout.columns?.() ?? 100) : null,
      }));
    }
    return report.status === "supported" ? 0 : 1;
  },
};
