// Prints the shared settings' defaults (ENV_DEFAULTS of domain/src/env.ts, written there once) as shell lines that
// keep a value already set: `eval "$(npx tsx scripts/print-env-defaults.ts)"` in scripts/env-defaults.sh.
import { ENV_DEFAULTS } from '@walkon/domain/env';

const quote = (v: string) => `'${v.replaceAll("'", "'\\''")}'`;
for (const name of ['DATABASE_URL', 'REDIS_URL', 'WALKON_FIXTURES_DIR'] as const)
  process.stdout.write(`[ -n "\${${name}:-}" ] || ${name}=${quote(ENV_DEFAULTS[name])}; export ${name}\n`);
