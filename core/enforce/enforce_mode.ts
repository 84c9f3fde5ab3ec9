/**
 * The work of `baton enforce`: the opt-in is recorded on this machine, in
 * baton's private state directory (`<git dir>/baton/enforce/opt-in`), never
 * in a file a commit carries: a committed `enforce: deny` in
 * `.baton/config.yaml` (or anything else a clone brings) opts nobody in;
 * `status` shows it beside the real mode so the difference is visible.
 * Turning it off clears every deny record. Edge-free: the deny store's
 * environment and a person's confirmation are handed in.
 * @module
 */
import { UsageError } from "../errors.ts";
import { readBatonConfig } from "../config/read_config.ts";
import * as store from "./deny_store.ts";
import { type HandoffEnv, locate } from "./handoff_lifecycle.ts";
import { PERSON_ONLY } from "./sentences.ts";
import { optInState } from "./opt_in.ts";
import { repositoryOffSwitch } from "./repo_off_switch.ts";
import { shownEnvFile } from "../trust/repository_env.ts";

/** What to print. */
export interface EnforceResult {
  text: string;
  json: Record<string, unknown>;
}

/** Runs one action; `yes` confirms `on` without asking (off always asks a person). */
export async function runEnforce(
  env: HandoffEnv,
  action: "on" | "off" | "status",
  yes: boolean,
): Promise<EnforceResult> {
  const { found, paths } = await locate(env, env.cwd);
  const now = env.now().toISOString();
  if (action === "status") {
    const state = await optInState(env.fs, paths.dir, paths.optIn);
    const on = state === "on";
    let asked: string | null = null;
    let error: string | null = null;
    try {
      asked = (await readBatonConfig(env.fs, found.layout.dir)).enforce.mode;
    } catch (e) {
      error = e instanceof Error ? e.message : "unreadable";
    }
    const { records, faults } = await store.readDenies(env.fs, paths);
    const open = records.filter((r) => r.status === "open").length;
    const mode = on ? "deny" : "advise";
    const { outermostWorkTree } = await import("../facts/git/outer_work_tree.ts");
    const root = found.repo === null
      ? null
      : await outermostWorkTree(env.fs, env.cwd, env.home ?? null).catch(() => null) ??
        found.repo.workTree;
    const offFile = root === null ? null : await repositoryOffSwitch(env.fs, root, env.cwd);
    const note = state === "foreign"
      ? " (the opt-in here was not made here: it arrived with the folder, from an archive, a copy or an older baton, and opts nobody in; its deny records block nobody. A person runs baton enforce on)"
      : !on && asked === "deny"
      ? " (.baton/config.yaml asks for deny, but a committed file opts nobody in: a person runs baton enforce on)"
      : "";
    return {
      text: `enforce: ${mode}${note}${
        error === null ? "" : `\nconfig: ${error}`
      }\ndenies: ${records.length} (${open} open)${faults > 0 ? `, ${faults} invalid` : ""}${
        offFile === null
          ? ""
          : `\noff switch: ${
            shownEnvFile(offFile)
          } in the repository names BATON_ENFORCE; the gate does not honour an off a repository can set`
      }`,
      json: {
        mode,
        opted_in: on,
        opt_in: state,
        config_mode: asked,
        config_error: error,
        denies: records.length,
        open,
        invalid: faults,
        repository_off_switch: offFile === null ? null : shownEnvFile(offFile),
      },
    };
  }
  if (action === "on") {
    if (!yes && !(await env.confirm("Turn on the mutation gate for this repository?"))) {
      throw new UsageError("Not confirmed: run baton enforce on --yes, or answer y on a terminal");
    }
    await store.setOptIn(env.fs, paths, true, env.now());
    await store.appendManifest(env, paths, {
      at: now,
      action: "enforce",
      session: null,
      detail: { mode: "deny" },
    });
    return {
      text:
        "enforce: deny (recorded on this machine only). baton handoff write can now deny a session's changes; baton enforce off (a person, at a terminal) undoes it.",
      json: { mode: "deny" },
    };
  }
  if (!(await env.confirm("Turn the mutation gate off and clear every deny?"))) {
    throw new UsageError(`Turning enforcement off ${PERSON_ONLY}`);
  }
  await store.setOptIn(env.fs, paths, false, env.now());
  const cleared = await store.clearDenies(env.fs, paths, env.now());
  await store.appendManifest(env, paths, {
    at: now,
    action: "enforce",
    session: null,
    detail: { mode: "off", cleared },
  }).catch(() => {});
  return {
    text: `enforce: off. ${cleared} deny record(s) moved aside.`,
    json: { mode: "off", cleared },
  };
}
