/**
 * Container and pod commands: what `docker exec`, `docker run IMAGE CMD`
 * (podman, nerdctl, `container run`, `compose exec|run`), `kubectl exec POD
 * -- CMD` (oc, `kubectl debug`) and `lxc exec NAME -- CMD` run inside the
 * container is classified as a command of its own (a deletion there still
 * destroys data, a download-and-run still runs). Option values are skipped
 * with the shared skipper, so `-e A=1 -w /app` is not taken for the image. Pure.
 * @module
 */
import {
  type Findings,
  type Invocation,
  shellJoin,
  takesValue,
  type ValueOptions,
} from "../invocation.ts";
import { KUBECTL_VALUES } from "../programs/cluster.ts";

/** docker/podman global options that take a value (`docker -H host run ...`). */
export const DOCKER_GLOBAL_VALUES: ValueOptions = {
  value: "Hcl",
  longValue: [
    "host",
    "context",
    "config",
    "log-level",
    "tlscacert",
    "tlscert",
    "tlskey",
    "url",
    "connection",
    "root",
    "runroot",
  ],
};

/**
 * docker/podman arguments after the global options.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dockerArgs } from "./container.ts";
 * assert.deepEqual(dockerArgs(["-H", "tcp://h", "--debug", "run", "x"]), ["run", "x"]);
 * ```
 */
export function dockerArgs(argv: readonly string[]): string[] {
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith("-") && argv[i] !== "--") {
    i += takesValue(DOCKER_GLOBAL_VALUES, argv[i]!) === "yes" ? 2 : 1;
  }
  return argv.slice(i);
}

const DOCKER_RUN: ValueOptions = {
  value: "acehlmpuvw",
  longValue: [
    "attach",
    "cpu-shares",
    "env",
    "env-file",
    "hostname",
    "label",
    "label-file",
    "memory",
    "publish",
    "user",
    "volume",
    "workdir",
    "name",
    "network",
    "net",
    "entrypoint",
    "mount",
    "platform",
    "restart",
    "add-host",
    "device",
    "cap-add",
    "cap-drop",
    "security-opt",
    "ulimit",
    "log-driver",
    "log-opt",
    "tmpfs",
    "pull",
    "dns",
    "ipc",
    "pid",
    "shm-size",
    "stop-signal",
    "stop-timeout",
    "gpus",
    "runtime",
    "cidfile",
    "cpus",
    "cpuset-cpus",
    "memory-swap",
    "expose",
    "group-add",
    "health-cmd",
    "ip",
    "link",
    "volumes-from",
    "detach-keys",
    "isolation",
    "uts",
    "userns",
    "cgroupns",
    "storage-opt",
    "sysctl",
    "annotation",
    "network-alias",
    "mac-address",
    "init-path",
    "device-cgroup-rule",
  ],
};
const DOCKER_EXEC: ValueOptions = {
  value: "euw",
  longValue: ["env", "env-file", "user", "workdir", "detach-keys", "index"],
};
const KUBE_EXEC: ValueOptions = {
  value: (KUBECTL_VALUES.value ?? "") + "c",
  longValue: [
    ...(KUBECTL_VALUES.longValue ?? []),
    "container",
    "pod-running-timeout",
    "image",
    "target",
  ],
};

/** argv after `count` operands, skipping option values; a `--` right there is dropped. */
function afterOperands(
  argv: readonly string[],
  spec: ValueOptions,
  count: number,
): string[] | null {
  let seen = 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (seen === count) return a === "--" ? argv.slice(i + 1) : argv.slice(i);
    if (a === "--") {
      // kubectl exec POD -- CMD: what follows is the command.
      return seen >= count - 1 ? argv.slice(i + 1) : null;
    }
    if (a.startsWith("-") && a !== "-") {
      if (takesValue(spec, a) === "yes") i++;
      continue;
    }
    seen++;
  }
  return seen === count ? [] : null;
}

/** The command run in the container, as words; null when there is none. */
export function containerCommand(inv: Invocation): string[] | null {
  const { program: p, argv } = inv;
  if (p === "docker" || p === "podman" || p === "nerdctl") {
    let sub = dockerArgs(argv);
    if (sub[0] === "container" || sub[0] === "compose") sub = sub.slice(1);
    const entry = sub.findIndex((a) => a === "--entrypoint" || a.startsWith("--entrypoint="));
    const entrypoint = entry < 0
      ? []
      : [sub[entry] === "--entrypoint" ? sub[entry + 1] ?? "" : sub[entry]!.slice(13)];
    if (sub[0] === "exec") return afterOperands(sub, DOCKER_EXEC, 2);
    if (sub[0] === "run" || sub[0] === "create") {
      const cmd = afterOperands(sub, DOCKER_RUN, 2);
      return cmd === null ? null : [...entrypoint, ...cmd];
    }
    return null;
  }
  if (p === "kubectl" || p === "oc" || p === "k") {
    const i = argv.findIndex((a) => a === "exec" || a === "debug");
    if (i < 0) return null;
    const cmd = afterOperands(argv.slice(i), KUBE_EXEC, 2);
    return cmd;
  }
  if ((p === "lxc" || p === "incus") && argv[0] === "exec") {
    const dd = argv.indexOf("--");
    return dd < 0 ? null : argv.slice(dd + 1);
  }
  return null;
}

/** Classifies the command a container or pod runs. */
export function containerRule(inv: Invocation, out: Findings): void {
  const cmd = containerCommand(inv);
  if (cmd === null || cmd.length === 0) return;
  out.review(`${inv.program}: runs a command in a container or pod`);
  out.nested(shellJoin(cmd), "container");
}
