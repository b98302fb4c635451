// The environment a CLI command's configuration comes from, when the command runs inside the server.
//
// A command handed to the server must behave as if the CLI had run it itself, so it gets the CLI's settings
// (BASE_DOMAIN, for instance, shapes what company:create prints), not the server's. The CLI records which
// variables loadConfig reads, rather than keeping a list that a new setting would make stale, and sends those.
// Three are left out: the database is the server's (DATA_DIR, DATABASE_URL), and the secret key never
// travels (the server uses its own, which in embedded mode is the one the CLI would have read from DATA_DIR).
import { loadConfig, type Config } from '../config/config.js';

type Env = Record<string, string | undefined>;

const SERVER_OWNED = new Set(['DATA_DIR', 'DATABASE_URL', 'SECRET_KEY']);

/** Loads the configuration, and returns with it the variables it was read from that a server needs. */
export function loadConfigNotingEnv(env: Env): { config: Config; forwardedEnv: Record<string, string> } {
  const read = new Set<string>();
  const noting = new Proxy(env, {
    get(target, name, receiver) {
      if (typeof name === 'string') read.add(name);
      return Reflect.get(target, name, receiver);
    },
    has(target, name) {
      if (typeof name === 'string') read.add(name);
      return Reflect.has(target, name);
    },
  });
  const config = loadConfig(noting);
  const forwardedEnv: Record<string, string> = {};
  for (const name of [...read].sort()) {
    const value = env[name];
    if (value !== undefined && !SERVER_OWNED.has(name)) forwardedEnv[name] = value;
  }
  return { config, forwardedEnv };
}

/** The environment a handed-over command's configuration is loaded from, on the server that runs it. */
export function commandEnvOnServer(forwarded: Record<string, string>, server: Config): Env {
  const env: Env = Object.create(null); // a forwarded "__proto__" stays a plain (ignored) entry
  for (const [name, value] of Object.entries(forwarded)) if (!SERVER_OWNED.has(name)) env[name] = value;
  env.DATA_DIR = server.dataDir;
  env.SECRET_KEY = server.secretKey;
  return env;
}
