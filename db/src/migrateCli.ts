import { runMigrateCli } from './migrate.ts';

// Entry point of the compiled `migrate` command (dist/migrate/migrate.js; `npm run db:migrate` / `db:status`).
process.exitCode = await runMigrateCli(process.argv.slice(2));
