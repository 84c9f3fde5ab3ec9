/**
 * What doctor reports about one host in one scope: is anything of baton's
 * installed, do the files match what this baton would write, do the hook
 * configs parse, and do baton's hook entries point at this invocation?
 * Reads through the injected file system.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { isCodedError } from "../../errors.ts";
import { renderHookCommand } from "../hook_command.ts";
import { readOrNull, TOO_LARGE } from "./config_read.ts";
import { listHooks, MAX_CONFIG_BYTES } from "./hook_config.ts";
import {
  judgeSharedHooks,
  mayNameBaton,
  noteUnreadBaton,
  type SharedHook,
} from "./shared_hooks.ts";
import { mergeAllowRules } from "./allow_rules.ts";
import { blockBody } from "./rules_block.ts";
import { registeredLayout } from "./registered_hooks.ts";
import {
  BATON_MARKER,
  type HookSwitch,
  type HostContent,
  type HostEnv,
  type HostSpec,
  type InstallScope,
  type TrustStep,
} from "./types.ts";

/** The state of one host in one scope. */
export interface InstallState {
  scope: InstallScope;
  /** `none`: nothing of baton's; `complete`: everything as this baton would write it. */
  installed: "none" | "complete" | "partial";
  /** One sentence per problem; never file content. */
  problems: string[];
  /** The host's own trust steps, when baton is installed (Codex). */
  trust: TrustStep[];
  /** How the host's baton hook entries start baton (each distinct invocation once). */
  invocations: string[][];
  /**
   * How hooks that look like baton's start it in the host's other files (a repository's
   * shared settings, HostSpec.sharedHookFiles), each distinct file and invocation once; also
   * those in the installed hook files that name another host (`host`), which install never
   * writes there but the host runs all the same; and status lines that start baton's
   * (`statusLine`, HostSpec.statusLineFiles).
   */
  shared: SharedHook[];
  /**
   * Why hooks in the host's hook files (installed or shared) were not judged, one phrase each
   * naming the file or folder: a folder not listed in full, a file too large or that cannot be
   * parsed (the host may still read it: JSON readers take the last of two equal keys, which
   * baton refuses).
   */
  unjudged: string[];
}

/** Options of {@linkcode checkInstall}. */
export interface CheckInstallOptions {
  scope: InstallScope;
  env: HostEnv;
  content: HostContent;
}

/** The value of a switch in its file, or undefined when absent or unreadable. */
async function switchValue(text: string, sw: HookSwitch): Promise<unknown> {
  let value: unknown;
  try {
    if (sw.format === "toml") {
      const { parse } = await import("smol-toml");
      value = parse(text);
    } else {
      const { parse } = await import("jsonc-parser");
      value = parse(text.replace(/^\ufeff/, ""));
    }
  } catch {
    return undefined;
  }
  for (const k of sw.key) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[k];
  }
  return value;
}

/** The other scope whose switches apply too: the user's for a project, the project's for a user's. */
function otherScopes(scope: InstallScope, env: HostEnv): InstallScope[] {
  if (scope === "project") return env.home !== "" ? ["user"] : [];
  return env.projectRoot !== "" ? ["project"] : [];
}

/**
 * Checks one host's install in one scope.
 *
 * @param fs Read access.
 * @param spec The host.
 * @param options Scope, locations and the content this baton would install.
 * @returns The state.
 */
export async function checkInstall(
  fs: ReadFs,
  spec: HostSpec,
  options: CheckInstallOptions,
): Promise<InstallState> {
  const layout = registeredLayout(spec, options.scope, options.env, options.content);
  let present = 0;
  let expected = 0;
  const problems: string[] = [];
  const invocations: string[][] = [];
  const seen = new Set<string>();
  const foreign: InstallState["shared"] = [];
  // Hook files the host reads that were not judged (below: the shared ones too).
  const unjudged: string[] = [];
  const foreignSeen = new Set<string>();
  // The commands of baton's hook entries: a host that skips hooks by command skips these.
  const ownCommands = new Set<unknown>();
  for (const file of layout.files) {
    const read = await readOrNull(fs, file.path);
    if (read === TOO_LARGE) {
      expected += file.kind === "hooks" ? file.hooks.length : 1;
      problems.push(`${file.path} is larger than ${MAX_CONFIG_BYTES} bytes: not read`);
      if (file.kind === "hooks") {
        unjudged.push(`${file.path} is larger than ${MAX_CONFIG_BYTES} bytes`);
      }
      continue;
    }
    const text = read;
    if (file.kind === "block") {
      expected++;
      let body: string | null = null;
      try {
        body = text === null ? null : blockBody(text.replace(/^\ufeff/, ""));
      } catch {
        problems.push(`${file.path} holds more than one baton block, or one without its end`);
        continue;
      }
      if (body === null) problems.push(`${file.path} has no baton block`);
      else {
        present++;
        if (body !== file.body) {
          problems.push(
            `${file.path}'s baton block differs from what this baton writes: run baton install again`,
          );
        }
      }
      continue;
    }
    if (file.kind !== "hooks") {
      expected++;
      if (text === null) problems.push(`${file.path} is missing`);
      else if (!text.includes(BATON_MARKER)) problems.push(`${file.path} was not written by baton`);
      else {
        present++;
        if (text !== file.content) {
          problems.push(
            `${file.path} differs from what this baton writes: run baton install again`,
          );
        }
      }
      continue;
    }
    expected += file.hooks.length;
    if (text === null && file.hooks.length === 0) {
      problems.push(
        `${file.path} is missing: no permission entries for baton's state commands; run baton install again`,
      );
      continue;
    }
    if (text === null) {
      problems.push(`${file.path} is missing: no hooks registered`);
      continue;
    }
    let hooks;
    try {
      hooks = listHooks(text.replace(/^\ufeff/, ""), file.format, {
        label: `"${file.path}"`,
        invocation: options.content.invocation,
      });
    } catch (e) {
      problems.push(isCodedError(e) ? e.message : `${file.path} cannot be parsed`);
      if (mayNameBaton(text)) unjudged.push(`${file.path} cannot be parsed as a hook config`);
      continue;
    }
    if (
      file.allow !== undefined &&
      mergeAllowRules(text.replace(/^\ufeff/, ""), file.allow, {
          invocation: options.content.invocation,
        }) !== text.replace(/^\ufeff/, "")
    ) {
      problems.push(
        `${file.path} lacks the permission entries for baton's state commands (or names another baton): run baton install again`,
      );
    }
    noteUnreadBaton(hooks, file.path, unjudged);
    for (const f of hooks) {
      if (f.baton === null) continue;
      const key = JSON.stringify(f.baton.invocation);
      if (f.baton.host !== spec.id) {
        // The host runs it like any other hook in the file: judged like a shared file's.
        const at = `${file.path}\n${key}`;
        if (!foreignSeen.has(at)) {
          foreignSeen.add(at);
          foreign.push({ path: file.path, invocation: f.baton.invocation, host: f.baton.host });
        }
        continue;
      }
      if (!seen.has(key)) {
        seen.add(key);
        invocations.push(f.baton.invocation);
      }
    }
    // Hooks an earlier baton registered that this one no longer does (the per-tool hooks of an
    // install from before the gate became opt-in): each costs a baton start per tool call.
    const outdated = [
      ...new Set(
        hooks.filter((f) =>
          f.baton !== null && f.baton.host === spec.id &&
          !file.hooks.some((h) => h.native === f.native && h.event === f.baton!.event)
        ).map((f) => f.native),
      ),
    ];
    if (outdated.length > 0) {
      problems.push(
        `${file.path} registers baton's ${
          outdated.join(" and ")
        } hook, which this install no longer needs (a baton process on every call): run baton install ${spec.id}${
          options.scope === "user" ? " --user" : ""
        }`,
      );
    }
    for (const f of hooks) if (f.baton?.host === spec.id) ownCommands.add(f.command);
    for (const h of file.hooks) {
      const want = renderHookCommand(options.content.invocation, { event: h.event, host: spec.id });
      ownCommands.add(want);
      const ours = hooks.filter((f) => f.native === h.native && f.baton?.host === spec.id);
      if (ours.length === 0) {
        problems.push(`${file.path} has no baton hook for ${h.native}`);
        continue;
      }
      present++;
      // A matcher this install uses and the registered hook lacks (Gemini CLI's PreCompress
      // from before it was registered for manual compression only: a start per model request).
      if (h.matcher !== undefined && !ours.some((f) => f.matcher === h.matcher)) {
        problems.push(
          `the ${h.native} hook in ${file.path} runs on more than this install registers it for (a baton process each time): run baton install ${spec.id}${
            options.scope === "user" ? " --user" : ""
          }`,
        );
      }
      if (!ours.some((f) => f.command === want && f.baton?.event === h.event)) {
        const program = ours[0]!.baton?.invocation[0] ?? "";
        const gone = program.startsWith("/") && (await fs.stat(program)) === null;
        problems.push(
          `the ${h.native} hook in ${file.path} points at ${
            gone ? "a baton program that no longer exists" : "another baton invocation"
          }: run baton install again`,
        );
      }
    }
  }
  // Hooks in the host's other files that look like baton's, and its status line.
  const { shared, unjudged: unjudgedShared } = await judgeSharedHooks(fs, spec, options);
  shared.unshift(...foreign);
  unjudged.push(...unjudgedShared);
  if (present > 0) {
    // User-level switches apply to every project, and a project's settings file (a commit can
    // bring one) overrides the user's in that project: either level turns off hooks of both.
    const scopes = [options.scope, ...otherScopes(options.scope, options.env)];
    const switches = scopes.flatMap((sc) => spec.hookSwitches?.(sc, options.env) ?? []);
    for (const sw of switches) {
      const text = await readOrNull(fs, sw.path);
      if (text === null || text === TOO_LARGE) continue;
      const value = await switchValue(text, sw);
      if ("off" in sw) {
        if (value === sw.off) {
          problems.push(`${sw.path} sets ${sw.key.join(".")} = ${sw.off}: the host runs no hooks`);
        }
      } else if (Array.isArray(value) && value.some((v) => v === sw.lists || ownCommands.has(v))) {
        problems.push(
          `${sw.path} lists baton's hooks in ${sw.key.join(".")}: the host runs none of them`,
        );
      }
    }
  }
  return {
    scope: options.scope,
    installed: present === 0
      ? "none"
      : problems.length === 0 && present === expected
      ? "complete"
      : "partial",
    problems: present === 0 ? [] : problems,
    trust: present === 0 ? [] : (await spec.trustSteps?.(fs, options.scope, options.env)) ?? [],
    invocations,
    shared,
    unjudged,
  };
}
