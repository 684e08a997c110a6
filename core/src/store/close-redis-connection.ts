import type { Redis } from "ioredis";

/**
 * Closes a connection politely (QUIT), or drops it when it cannot say goodbye; leaves one its
 * owner already closed alone. ioredis' `disconnect` of an ended connection waits two seconds for a
 * socket that will never close again, on a timer that keeps a stopped process alive that long.
 */
export async function closeRedisConnection(
  connection: Pick<Redis, "status" | "quit" | "disconnect">,
): Promise<void> {
  if (connection.status === "end") return;
  await connection.quit().catch(() => {
    if (connection.status !== "end") connection.disconnect();
  });
}
