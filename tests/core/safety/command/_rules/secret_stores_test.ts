/** printsStoredSecret(): secret stores' clients that print a stored secret, and their reads that do not. */
import assert from "node:assert/strict";
import { printsStoredSecret } from "../../../../../core/safety/command/_rules/secret_stores.ts";

const split = (line: string): [string, string[]] => {
  const [p, ...argv] = line.split(" ");
  return [p!, argv];
};

Deno.test("printsStoredSecret() is true for each client's decrypting or raw read", () => {
  for (
    const line of [
      "aws ssm get-parameter --name x --with-decryption",
      "aws --region eu-west-1 ssm get-parameters-by-path --path /app --with-decryption",
      "aws secretsmanager get-secret-value --secret-id x",
      "aws kms decrypt --ciphertext-blob fileb://x",
      "gcloud secrets versions access latest --secret=x",
      "az keyvault secret show --name x --vault-name y",
      "terraform output -raw db_password",
      "terraform output -json api_token",
      "terraform output db_password",
      "tofu output -no-color api_token",
      "tofu state pull",
      "nmcli -s connection show home",
      "nmcli --show-secrets con show home",
      "nmcli dev wifi show-password",
      "getent shadow",
      "getent gshadow root",
      "wg showconf wg0",
      "wg show wg0 private-key",
      "sops -d secrets.enc.yaml",
      "sops --decrypt=true x.json",
      "ansible-vault view vault.yml",
      "doppler secrets get API_KEY --plain",
      "infisical export",
      "bw get password github",
      "lpass show mail",
      "gopass show web/x",
      "gopass web/x",
      "gopass cat web/x",
      "gopass grep smtp",
      "gopass otp web/x",
      "keyring get svc user",
      "kwallet-query -r mail kdewallet",
      "kwallet-query --read-password=mail kdewallet",
      "chamber read svc key",
    ]
  ) {
    assert.equal(printsStoredSecret(...split(line)), true, line);
  }
});

Deno.test("printsStoredSecret() is false for the same clients' reads that print no secret (controls)", () => {
  for (
    const line of [
      "aws ssm get-parameter --name x",
      "aws secretsmanager list-secrets",
      "aws kms list-keys",
      "gcloud secrets list",
      "az keyvault secret list --vault-name y",
      "terraform output",
      "terraform output -json",
      "terraform output -raw bucket_name",
      "terraform show -json",
      "terraform state list",
      "terraform show",
      "nmcli connection show home",
      "nmcli dev wifi list",
      "getent passwd",
      "wg show",
      "wg show wg0 public-key",
      "sops -e x.yaml",
      "ansible-vault encrypt x.yml",
      "doppler projects",
      "bw list folders",
      "lpass ls",
      "gopass ls",
      "gopass sync",
      "gopass find web",
      "gopass",
      "keyring set svc user",
      "kwallet-query -l kdewallet",
      "chamber list svc",
      "kubectl get pods",
    ]
  ) {
    assert.equal(printsStoredSecret(...split(line)), false, line);
  }
});
