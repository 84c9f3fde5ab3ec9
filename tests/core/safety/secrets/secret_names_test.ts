/**
 * The credential-name judgement the assignment rules and the CSV columns share
 * (secret_names.ts, redact105): names with a secret word and a prefix are a
 * credential's, the excluded ones (counts, resets, public and ordinary keys) are not.
 * @module
 */
import assert from "node:assert/strict";
import { rejectAssignmentName } from "../../../../core/safety/secrets/secret_names.ts";
import { isCredentialColumn } from "../../../../core/safety/secrets/csv_rules.ts";

const CREDENTIAL = [
  "password",
  "db_password",
  "admin_password",
  "aws_secret_access_key",
  "github_token",
  "stripe_api_key",
  "DB_PASS",
  "LDAP_BIND_PW",
  "SSHPASS",
];
const ORDINARY = [
  "token_count",
  "password_reset_at",
  "primary_key",
  "public_key",
  "cache_key",
  "id",
];

Deno.test("redact105: rejectAssignmentName() takes credential names with a prefix, and rejects the look-alikes", () => {
  for (const n of CREDENTIAL) assert.ok(!rejectAssignmentName(n), n);
  for (const n of ORDINARY) assert.ok(rejectAssignmentName(n), n);
});

Deno.test("redact105: isCredentialColumn() asks the same judgement of a name ending in a credential word, blanks read as `_`", () => {
  for (const n of ["db_password", "github_token", "API Key", "Secret access key", "smtp_pass"]) {
    assert.ok(isCredentialColumn(n), n);
  }
  // Ending in no credential word (a suffix after it), a bare `key`, or more than three words.
  for (const n of [...ORDINARY, "key", "Access key ID", "private_key_id", "paste your api key"]) {
    assert.ok(!isCredentialColumn(n), n);
  }
});
