import type { SecretPattern } from "./secret-patterns.js";

/**
 * Token formats ported from secretlint's recommended preset
 * (@secretlint/secretlint-rule-preset-recommend 13.1.0, MIT, © 2020 azu,
 * https://github.com/secretlint/secretlint). secretlint itself is not a dependency: its engine
 * lints asynchronously, file by file, while share pages redact synchronously, entry by entry. Only
 * the formats Baton's own list lacked are here; when the preset adds one, port it with a corpus line.
 */
export const SECRETLINT_PATTERNS: readonly SecretPattern[] = [
  { name: "groq-key", pattern: /(?<!\p{L})gsk_[a-zA-Z0-9]{52}(?![a-zA-Z0-9])/gu },
  { name: "huggingface-token", pattern: /(?<!\p{L})hf_[a-zA-Z]{34}(?![a-zA-Z])/gu },
  { name: "vault-token", pattern: /(?<!\p{L})hv[sr]\.[A-Za-z0-9_-]{90,120}(?![A-Za-z0-9_-])/gu },
  { name: "vault-token", pattern: /(?<!\p{L})hvb\.[A-Za-z0-9_-]{138,300}(?![A-Za-z0-9_-])/gu },
  {
    name: "1password-token",
    pattern: /(?<!\p{L})ops_ey[A-Za-z0-9+/=]{100,1280}fQ={0,2}(?![A-Za-z0-9+/=])/gu,
  },
  { name: "databricks-token", pattern: /(?<!\p{L})dapi[A-Fa-f0-9]{32}(?:-[0-9])?(?![A-Fa-f0-9])/gu },
  { name: "figma-token", pattern: /(?<!\p{L})figd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])/gu },
  {
    name: "tailscale-key",
    pattern: /(?<!\p{L})tskey-[a-z]{2,20}-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}(?![0-9A-Za-z_])/gu,
  },
  { name: "vercel-token", pattern: /(?<!\p{L})(?:vcp|vci|vca|vcr|vck)_[A-Za-z0-9]{20,60}(?![A-Za-z0-9])/gu },
  { name: "grafana-token", pattern: /(?<!\p{L})glc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])/gu },
  { name: "grafana-token", pattern: /(?<!\p{L})glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Fa-f0-9])/gu },
  {
    name: "shopify-token",
    pattern: /(?<!\p{L})(?:shppa|shpca|shpat|shpss)_[a-zA-Z0-9]{32,64}(?![a-zA-Z0-9])/gu,
  },
  { name: "aws-access-key-id", pattern: /\b(?:A3T[A-Z0-9]|AGPA|AIPA|ANPA|ANVA)[A-Z0-9]{16}\b/g },
  // `.npmrc`: any value after `_authToken=` that is not a variable.
  { name: "npm-token", pattern: /(?<pre>_authToken=)[^$\s][^\s]*/g },
];
