import 'server-only';
// The web's validated settings for server components and route handlers.
import { loadWebConfig } from '../web-config.mjs';

export const webConfig = loadWebConfig();
export type WebConfig = typeof webConfig;
