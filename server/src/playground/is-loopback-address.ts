import { isIPv4 } from "node:net";

/** True for 127.0.0.0/8 and ::1, including IPv4 addresses mapped into IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === "::1") return true;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return isIPv4(v4) && v4.startsWith("127.");
}
