import type { Socket } from "node:net";
import type { Cluster, Redis } from "ioredis";

/**
 * Makes the commands given to `connection` in one turn of the event loop leave in one write to
 * Redis, each still sent as soon as it is given and answered on its own. On a Cluster client the
 * same holds for each node's connection.
 *
 * Why not ioredis's `enableAutoPipelining`: it batches as well, but a connection sends its next
 * batch only once every reply to the last one is in. Under load the gateway then waits on Redis
 * and Redis on the gateway, by turns: with it, `baton gateway` took 0.57 to 0.79 of the
 * baseline's webhooks a second; with this, 0.91 to 1.01 (bench/README.md, "Ingest"). Without any
 * batching each command costs a write system call here and a read in Redis, and Redis's CPU per
 * webhook doubled.
 *
 * How: the connection's socket is corked at its first write in a turn and uncorked once the
 * turn's I/O callbacks have run (`setImmediate`, as ioredis's own batching waits), so Node sends
 * what was written meanwhile in one `writev`. A reconnect brings a new socket; it is corked the
 * same way.
 */
export function coalesceWrites(connection: Redis): void {
  if (connection.isCluster) {
    // The cluster client opens a connection for each node it learns of, on demand.
    const cluster = connection as unknown as Cluster;
    for (const node of cluster.nodes("all")) coalesceWrites(node);
    cluster.on("+node", (node: Redis) => coalesceWrites(node));
    return;
  }
  let batched: Socket | undefined;
  const corkCurrentSocket = () => {
    const socket = (connection as unknown as { stream?: Socket }).stream;
    if (!socket || socket === batched) return;
    batched = socket;
    corkEachTurn(socket);
  };
  corkCurrentSocket();
  connection.on("connect", corkCurrentSocket);
}

function corkEachTurn(socket: Socket): void {
  const write = socket.write;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  socket.write = function writeInThisTurnsBatch(this: Socket, ...args: Parameters<Socket["write"]>) {
    if (!corked) {
      corked = true;
      socket.cork();
      setImmediate(uncork);
    }
    return write.apply(this, args);
  } as Socket["write"];
}
