// The browser's copy of the wire secrets. They ship to browsers by design (the sign and the
// field encryption are obfuscation; TLS is the protection), but they are runtime settings, so
// the page cannot carry them in prerendered HTML: the web process answers /__wire.json from
// its live config (server.mjs) and the client reads it once.
export const WIRE_CONFIG_PATH = '/__wire.json';

export interface PublicWireConfig {
  signSecret: string;
  aesSecret: string;
}

// Checked by hand rather than with zod: this module is on every page's first load, zod is not.
function parseWireConfig(body: unknown): PublicWireConfig {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.signSecret !== 'string' || typeof b.aesSecret !== 'string') throw new Error(`${WIRE_CONFIG_PATH}: unexpected answer`);
  return { signSecret: b.signSecret, aesSecret: b.aesSecret };
}

let pending: Promise<PublicWireConfig> | undefined;

export function browserWireConfig(): Promise<PublicWireConfig> {
  pending ??= fetch(WIRE_CONFIG_PATH, { credentials: 'same-origin' })
    .then((res) => res.json())
    .then(parseWireConfig)
    .catch((err: unknown) => {
      pending = undefined; // let the next call try again
      throw err;
    });
  return pending;
}
