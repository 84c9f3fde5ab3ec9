/**
 * `baton completions SHELL`: prints the completion script for bash, zsh,
 * fish or PowerShell, generated from the command table.
 * @module
 */
import { UsageError } from "../core/errors.ts";
import type { Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";
import { boolFlag } from "./_cli/command.ts";

const SHELL_NAMES = ["bash", "zsh", "fish", "powershell"];

/** The completions command. */
export const completionsCommand: Command = {
  name: "completions",
  category: "setup",
  summary: "Print a shell completion script: bash, zsh, fish, powershell",
  usage: "SHELL",
  description: [
    "Prints the completion script for SHELL on stdout: every command with its summary, its flags, host names after install, uninstall and --host, and shells after completions. The script is generated from the command table, so it stays in step with the baton that printed it.",
    "To install: bash, add `source <(baton completions bash)` to ~/.bashrc (or save the output as ~/.local/share/bash-completion/completions/baton); zsh, save it as _baton in a directory on $fpath (for example ~/.zfunc, with fpath+=~/.zfunc before compinit); fish, save it as ~/.config/fish/completions/baton.fish; PowerShell, add `baton completions powershell | Out-String | Invoke-Expression` to $PROFILE.",
  ].join("\n\n"),
  examples: [
    "baton completions bash > ~/.local/share/bash-completion/completions/baton",
    "baton completions fish > ~/.config/fish/completions/baton.fish",
  ],
  flags: [],
  maxPositionals: 1,
  async run(args, io) {
    const shell = args.positionals[0];
    if (shell === undefined || !SHELL_NAMES.includes(shell)) {
      throw new UsageError(
        `Expected one shell: baton completions ${SHELL_NAMES.join("|")}`,
      );
    }
    const { renderCompletions } = await import("./_cli/completions.ts");
    const { COMPLETION_TABLE } = await import("./_cli/completion_table.ts");
    const { HOST_IDS } = await import("../core/hosts/ids.ts");
    const script = renderCompletions(
      shell as "bash" | "zsh" | "fish" | "powershell",
      COMPLETION_TABLE,
      { hosts: HOST_IDS },
    );
    if (boolFlag(args, "json")) printJson(io, { shell, script });
    else io.stdout.write(script);
    return 0;
  },
};
