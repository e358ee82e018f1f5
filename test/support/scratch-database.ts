import postgres from 'postgres';

/** An empty PostgreSQL database made for one test run or benchmark, and the way to drop it. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates database `name` through the server at `adminUrl` (a URL of any existing database). */
export async function createScratchDatabase(adminUrl: string, name: string): Promise<ScratchDatabase> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
