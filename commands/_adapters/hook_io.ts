/**
 * Edge: the real {@linkcode HookIo} of a running hook, built from an Io.
 * Every heavy piece (the bounded job, the config reader, deny arming, the
 * resume line, the invocation) is imported on its first call, so the hook's
 * light path loads none of them. For tests only: when BATON_TEST_HOOK_LOG
 * names, by its real path, a file called `hook_times.jsonl` that the harness made (one name,
 * a regular file this user owns; never created here), each hook run appends one JSON line (event, host, action,
 * milliseconds since the runtime started) so the real-host suite can report
 * the hook wall time every host saw; that never throws.
 * @module
 */
import type { HookIo } from "../../core/hosts/runtime/hook_io.ts";
import { type HookArgs, runHook } from "../../core/hosts/runtime/run_hook.ts";
import type { Io } from "./io.ts";
import { batonRoot } from "../../core/store/layout.ts";

/**
 * Runs the hook (core/hosts/runtime/run_hook.ts) with the real edge over
 * `io`; always 0. `print` writes the `--json` report: `baton hook --json`
 * hands in the printer (commands/_adapters/hook_json.ts), so a host's hook
 * never loads it.
 */
export function runHookWithIo(
  io: Io,
  args: HookArgs,
  print: (io: Io, value: unknown) => void = noReport,
): Promise<number> {
  return runHook(hookIo(io, print), args);
}

/** Without `--json` the runtime prints no report. */
function noReport(): void {}

/** The hook runtime's capability over `io`; `print` writes the `--json` report. */
export function hookIo(io: Io, print: (io: Io, value: unknown) => void): HookIo {
  return {
    fs: io.fs,
    env: (name) => io.env(name),
    cwd: () => io.cwd(),
    now: () => io.now(),
    elapsedMs: () => performance.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    within: <T>(work: Promise<T>, ms: number) => {
      // AbortSignal.timeout, not setTimeout: the process's first setTimeout cost the light
      // session start about 6 ms of CPU (0.5 ms this way), and its timer keeps nothing alive.
      const signal = AbortSignal.timeout(Math.max(0, ms));
      const late = new Promise<"late">((resolve) => {
        signal.addEventListener("abort", () => resolve("late"), { once: true });
      });
      return Promise.race([work, late]);
    },
    readStdin: (maxBytes, options) => io.readStdin(maxBytes, options),
    stdout: (text) => io.stdout.write(text),
    stderr: (text) => io.stderr.write(text),
    printJson: (value) => print(io, value),
    logTiming: (entry) => logHookTiming(io.env("BATON_TEST_HOOK_LOG"), entry),
    runJob: async (request, budgetMs) => {
      const { runBoundedJob } = await import("./bounded_job.ts");
      return await runBoundedJob(request, budgetMs);
    },
    startJob: async (kind, cwd) => (await import("./bounded_job.ts")).startBoundedJob(kind, cwd),
    resumeHint: async (layout, session) => {
      const { resumeHint } = await import("../../core/enforce/resume_hint.ts");
      const { printableBatonWords } = await import("./baton_words.ts");
      return await resumeHint(
        io.fs,
        layout,
        session,
        async () => (await printableBatonWords(io, await ownInvocation(io)))[0]!,
      );
    },
    readConfig: async (cwd) => {
      const { configBatonDir, readBatonConfig } = await import(
        "../../core/config/read_config.ts"
      );
      const [{ stateDirOfRoot }, { lightDiscovery }, { readGitEnvironment }] = await Promise.all([
        import("../../core/store/private_dir.ts"),
        import("../../core/store/discovery.ts"),
        import("../../core/facts/git/git_environment.ts"),
      ]);
      // Found where git finds the repository under the hook's environment (a ceiling or a
      // mount point that stops git leaves the folder's own), as the store's full discovery.
      const discovery = lightDiscovery(io.fs, readGitEnvironment((n) => io.env(n)));
      const batonDir = await configBatonDir(io.fs, cwd, discovery);
      const stateDir = await stateDirOfRoot(io.fs, batonRoot(batonDir));
      const config = await readBatonConfig(io.fs, batonDir, {
        cache: "read",
        ...(stateDir === null ? {} : { stateDir }),
      });
      return { batonDir, bands: config.bands, enforceMode: config.enforce.mode };
    },
    armHandoffDeny: async (session, host, cwd) => {
      const { armHandoffDeny } = await import("../../core/enforce/handoff_lifecycle.ts");
      const { handoffEnv } = await import("./deny_env.ts");
      // The manifest key is read from the baton home: one a repository's host file names (the
      // hook's Io is not guarded) would put the key in a folder of the repository's choosing.
      const { guardRepositoryEnv } = await import("./repo_env.ts");
      const guarded = await guardRepositoryEnv(io, { cwd });
      const env = handoffEnv(guarded, () => Promise.resolve(false), cwd);
      return await armHandoffDeny(env, session, host);
    },
    invocation: () => ownInvocation(io),
    printableBaton: async () => {
      const { printableBatonWords } = await import("./baton_words.ts");
      return (await printableBatonWords(io, await ownInvocation(io)))[0]!;
    },
  };
}

/**
 * This baton's invocation as a hook names it: the launcher judged with the
 * home the person set (a hook's Io is not guarded: commands/_adapters/home.ts).
 */
async function ownInvocation(io: Io) {
  const { currentInvocation } = await import("./invocation.ts");
  const { personsHomeDir } = await import("./home.ts");
  return currentInvocation(await personsHomeDir(io));
}

/** Appends the timing line of one hook run. */
export function logHookTiming(
  path: string | undefined,
  entry: { event: string | null; host: string | null; action: string },
): void {
  // The variable reaches hooks through any environment a host passes on, a repository's
  // committed host settings included, so in a user's run it must do nothing: it is honoured
  // only for a file of the log's own name that the test harness made beforehand (it is
  // never created here), a regular file this user owns, named by its real path (no
  // symbolic link anywhere on the way). A repository can then make a hook append only to
  // a log a test run left, never create one in a folder of its choosing, nor append to
  // ~/.gitconfig, a shell profile or a transcript.
  if (path === undefined || !/(?:^|[\\/])hook_times\.jsonl$/.test(path)) return;
  try {
    const info = Deno.lstatSync(path);
    // One name only: a hard link is another name of a file that is not the harness's log.
    if (!info.isFile || (info.nlink !== null && info.nlink > 1)) return;
    const uid = Deno.uid();
    if (uid !== null && info.uid !== null && info.uid !== uid) return;
    if (Deno.realPathSync(path) !== path) return;
  } catch {
    return;
  }
  try {
    const { event, host, action } = entry;
    const line = JSON.stringify({
      event,
      host,
      action,
      ms: Math.round(performance.now()),
    }) + "\n";
    Deno.writeTextFileSync(path, line, { append: true, create: false });
  } catch {
    // Instrumentation only.
  }
}
