/**
 * Which of a host's hooks install registers, so a tool call starts no baton
 * process where nothing needs one: the pre-tool gate only in a project whose
 * clone opted in on this machine (`baton enforce on`), and the post-tool
 * band check only for a host with no prompt hook to carry the advisory. A
 * kept pre-tool hook gets the host's tool matcher from its record (shell,
 * edit and write tools only). Pure.
 * @module
 */
import type {
  HookSpec,
  HostContent,
  HostEnv,
  HostLayout,
  HostSpec,
  InstallScope,
} from "./types.ts";

/** True when the layout for `scope` registers the pre-tool gate. */
export function registersGate(scope: InstallScope, content: HostContent): boolean {
  return scope === "project" && content.gate === true;
}

/**
 * The hooks of one config that are registered: `pre-tool` only when `gate`,
 * `post-tool` only when there is no `prompt` hook beside it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const h = (event: "prompt" | "post-tool" | "pre-tool") => ({ event, native: event, timeoutSeconds: 5 });
 * assert.deepEqual(chooseHooks([h("prompt"), h("post-tool"), h("pre-tool")], false).map((x) => x.event), ["prompt"]);
 * assert.deepEqual(chooseHooks([h("post-tool"), h("pre-tool")], true).map((x) => x.event), ["post-tool", "pre-tool"]);
 * ```
 */
export function chooseHooks(hooks: readonly HookSpec[], gate: boolean): HookSpec[] {
  const prompt = hooks.some((h) => h.event === "prompt");
  return hooks.filter((h) =>
    h.event === "pre-tool" ? gate : h.event === "post-tool" ? !prompt : true
  );
}

/** A host's layout with only the hooks that are registered for this scope and machine. */
export function registeredLayout(
  spec: HostSpec,
  scope: InstallScope,
  env: HostEnv,
  content: HostContent,
): HostLayout {
  const layout = spec.layout(scope, env, content);
  const gate = registersGate(scope, content);
  return {
    ...layout,
    files: layout.files.map((f) =>
      f.kind === "hooks" ? { ...f, hooks: chooseHooks(f.hooks, gate) } : f
    ),
  };
}
