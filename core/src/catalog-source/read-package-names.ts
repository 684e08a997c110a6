/** Manifest files whose package name a repository profile reads, by path at the repository's root. */
export const PACKAGE_MANIFESTS = ["package.json", "go.mod", "pyproject.toml", "Cargo.toml"] as const;

/**
 * The package name a manifest declares (`package.json`'s `name`, `go.mod`'s `module`, the `name` of
 * `pyproject.toml`'s or `Cargo.toml`'s first table), or undefined when it declares none or does not
 * parse: a broken manifest costs the profile one word, never the refresh.
 */
export function readPackageName(path: string, text: string): string | undefined {
  switch (path) {
    case "package.json": {
      try {
        const name = (JSON.parse(text) as { name?: unknown }).name;
        return typeof name === "string" && name.length > 0 ? name : undefined;
      } catch {
        return undefined;
      }
    }
    case "go.mod":
      return /^module\s+(\S+)/m.exec(text)?.[1];
    case "pyproject.toml":
    case "Cargo.toml":
      return /^name\s*=\s*["']([^"']+)["']/m.exec(text)?.[1];
    default:
      return undefined;
  }
}

/** The owners CODEOWNERS names, in order of first appearance (comments and patterns left out). */
export function readCodeowners(text: string): string[] {
  const owners = new Set<string>();
  for (const line of text.split("\n")) {
    const [pattern, ...names] = line.replace(/#.*$/, "").trim().split(/\s+/);
    if (!pattern) continue;
    for (const name of names) if (name.startsWith("@")) owners.add(name);
  }
  return [...owners];
}
