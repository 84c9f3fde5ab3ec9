import assert from "node:assert/strict";
import { HOST_RECORDS } from "../../../core/hosts/records.ts";
import {
  guardedSet,
  REPOSITORY_GUARDED_LOCATION_NAMES,
} from "../../../core/trust/guarded_settings.ts";

/** Every variable a host record names as the place of its user settings or its sessions. */
function hostPlaceVariables(): string[] {
  const names = new Set<string>();
  for (const r of HOST_RECORDS) {
    if (r.install.userDir.env !== null) names.add(r.install.userDir.env);
    const root = r.transcript.root;
    if (root.kind === "home" && root.env !== null) names.add(root.env);
    if (root.kind === "xdg-data") names.add("XDG_DATA_HOME");
  }
  return [...names].sort();
}

Deno.test("every variable that moves a host's user settings or sessions is a guarded location", () => {
  const places = hostPlaceVariables();
  assert.ok(places.includes("CODEX_HOME") && places.length >= 6, places.join(","));
  const missing = places.filter((n) => !REPOSITORY_GUARDED_LOCATION_NAMES.includes(n));
  assert.deepEqual(missing, []);
  const env: Record<string, string> = Object.fromEntries(places.map((n) => [n, "/x"]));
  assert.deepEqual(guardedSet((n) => env[n]).sort(), places);
});
