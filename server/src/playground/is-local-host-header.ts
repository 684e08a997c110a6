const LOCAL_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * True when the `Host` a browser sent names this machine. A page from another site whose name
 * resolves to 127.0.0.1 (DNS rebinding) comes from loopback too, but with its own name here.
 */
export function isLocalHostHeader(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.replace(/:\d+$/, "").toLowerCase();
  return LOCAL_HOSTNAMES.has(name) || name.endsWith(".localhost");
}
