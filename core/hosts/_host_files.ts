/**
 * Helpers the host integrations share to lay out their files: the skill
 * folder and one command file per canonical prompt. Pure; private to
 * core/hosts.
 * @module
 */
import type { BatonInvocation } from "./hook_command.ts";
import { renderSkillFile } from "./render_files.ts";
import type { HostContent, HostEnv, InstallScope, OwnedFile, PromptSource } from "./types.ts";

/** Joins path segments with "/" and drops a trailing slash of the first. */
export function joinPath(first: string, ...rest: string[]): string {
  return [first.replace(/\/+$/, ""), ...rest].join("/");
}

/** A documented environment override, when set to an absolute path. */
export function envDir(env: HostEnv, name: string): string | null {
  const v = env.env(name)?.replaceAll("\\", "/");
  return v !== undefined && (v.startsWith("/") || /^[A-Za-z]:\//.test(v)) ? v : null;
}

/** `<skillsDir>/baton/SKILL.md` with the invocation filled in. */
export function skillFile(skillsDir: string, content: HostContent): OwnedFile {
  return {
    kind: "skill",
    path: joinPath(skillsDir, "baton", "SKILL.md"),
    content: renderSkillFile(content.skill, content.invocation),
  };
}

/** One command file per prompt: `<dir>/<name><suffix>`. */
export function commandFiles(
  dir: string,
  suffix: string,
  content: HostContent,
  render: (prompt: PromptSource, invocation: BatonInvocation) => string,
): OwnedFile[] {
  return content.prompts.map((p) => ({
    kind: "command" as const,
    path: joinPath(dir, `${p.name}${suffix}`),
    content: render(p, content.invocation),
  }));
}

/**
 * The note for a project hook file that others may share through git: its
 * commands name this machine's baton path.
 */
export function sharedConfigNote(scope: InstallScope, rel: string): string[] {
  return scope === "project"
    ? [`${rel} names this machine's baton path: keep it out of git, or install with --user`]
    : [];
}
