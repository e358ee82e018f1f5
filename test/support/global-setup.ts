import { randomBytes } from 'node:crypto';
import { createScratchDatabase } from './scratch-database.js';
import type { TestProject } from 'vitest/node';

// One run = one fresh database and one bus/Redis prefix, so two runs on a machine never collide.
const ADMIN_URL = process.env.SENTRAL_TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const db = await createScratchDatabase(ADMIN_URL, `sentral_${runId}`);
  project.provide('runId', runId);
  project.provide('databaseUrl', db.url);
  project.provide('adminDatabaseUrl', ADMIN_URL);
  return () => db.drop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    runId: string;
    databaseUrl: string;
    adminDatabaseUrl: string;
  }
}
