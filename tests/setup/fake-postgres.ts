/**
 * A PostgreSQL server on loopback that speaks just enough of the wire protocol to fail the way
 * a real server, or a pooler in front of one, fails — so the errors a test sees are the ones
 * the real driver (pg, its pool, Drizzle over it) builds from those bytes, not objects a test
 * made up. The messages and SQLSTATEs are PostgreSQL's (src/backend/utils/errcodes.txt and the
 * server's own texts) and PgBouncer's.
 *
 * `at` says when it fails:
 * - "startup": the connection attempt is answered with `error` (FATAL), then closed — a
 *   database that refuses new connections, a server starting or stopping, a pooler that
 *   cannot reach its server;
 * - "query": the connection is accepted (AuthenticationOk, ReadyForQuery), and the first
 *   statement is answered with `error`, then the connection closed — a terminated backend, a
 *   pooler giving up on a wait. Without `error`, the socket is just closed under the query;
 *   with `notice`, that notice comes first (a crash of another backend: PostgreSQL warns
 *   and closes, it sends no error).
 * - "reset": the connection attempt is reset (TCP RST: ECONNRESET);
 * - "never": the connection is accepted at TCP level and nothing is ever answered (a paused
 *   pooler, a frozen server).
 */
import net from "node:net";

export type ErrorFields = { severity: "FATAL" | "ERROR" | "WARNING"; code: string; message: string };

export interface FakePostgresBehaviour {
  at: "startup" | "query" | "reset" | "never";
  error?: ErrorFields;
  notice?: ErrorFields;
}

export interface FakePostgres {
  url: string;
  close(): Promise<void>;
}

function message(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
}

/** ErrorResponse ('E') or NoticeResponse ('N'): S, V, C, M fields, each a C string, then a zero byte. */
function report(type: "E" | "N", fields: ErrorFields): Buffer {
  const field = (code: string, value: string) => Buffer.concat([Buffer.from(code), Buffer.from(value, "utf8"), Buffer.from([0])]);
  return message(type, Buffer.concat([field("S", fields.severity), field("V", fields.severity), field("C", fields.code), field("M", fields.message), Buffer.from([0])]));
}

const AUTHENTICATION_OK = message("R", Buffer.from([0, 0, 0, 0]));
const READY_FOR_QUERY = message("Z", Buffer.from("I"));

export async function startFakePostgres(behaviour: FakePostgresBehaviour): Promise<FakePostgres> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let started = false;
    socket.on("data", () => {
      if (behaviour.at === "never") return;
      if (behaviour.at === "reset") {
        socket.resetAndDestroy();
        return;
      }
      if (!started) {
        // The StartupMessage (the driver sends it in one write).
        started = true;
        if (behaviour.at === "startup") {
          socket.end(report("E", behaviour.error!));
          return;
        }
        socket.write(Buffer.concat([AUTHENTICATION_OK, READY_FOR_QUERY]));
        return;
      }
      // The first statement (Query, or Parse/Bind/…): fail it.
      const parts = [behaviour.notice && report("N", behaviour.notice), behaviour.error && report("E", behaviour.error)].filter((p): p is Buffer => Boolean(p));
      socket.end(Buffer.concat(parts));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://tickerlab@127.0.0.1:${port}/tickerlab`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port nobody listens on (connecting to it is refused: ECONNREFUSED). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
