/** Live updates (Server-Sent Events): see src/features/market/server/live-stream.ts. */
import { serveLiveStream } from "@/features/market/server/live-stream";

// The response is a long-lived stream: no body parsing, no size limit warning.
export const config = { api: { bodyParser: false, responseLimit: false } };

export default serveLiveStream;
