import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';

// One run = one fresh database and one bus/Redis prefix, so two runs on a machine never collide.
const ADMIN_URL = process.env.SENTRAL_TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dbName = `sentral_${runId}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  project.provide('runId', runId);
  project.provide('databaseUrl', url.toString());
  project.provide('adminDatabaseUrl', ADMIN_URL);
  return async () => {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    runId: string;
    databaseUrl: string;
    adminDatabaseUrl: string;
  }
}
