// The browser's copy of the wire secrets. They ship to browsers by design (the sign and the
// field encryption are obfuscation; TLS is the protection), but they are runtime settings, so
// the page cannot carry them in prerendered HTML: the web process answers /__wire.json from
// its live config (server.mjs) and the client reads it once.
import { z } from 'zod';

export const WIRE_CONFIG_PATH = '/__wire.json';

const PublicWireConfig = z.object({ signSecret: z.string(), aesSecret: z.string() });
export type PublicWireConfig = z.infer<typeof PublicWireConfig>;

let pending: Promise<PublicWireConfig> | undefined;

export function browserWireConfig(): Promise<PublicWireConfig> {
  pending ??= fetch(WIRE_CONFIG_PATH, { credentials: 'same-origin' })
    .then((res) => res.json())
    .then((body: unknown) => PublicWireConfig.parse(body))
    .catch((err: unknown) => {
      pending = undefined; // let the next call try again
      throw err;
    });
  return pending;
}
