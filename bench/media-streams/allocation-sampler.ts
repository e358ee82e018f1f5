import { Session } from 'node:inspector/promises';

/** One allocation site of a sampled window: the allocating function (file:line) and its share of the bytes. */
export interface AllocationSite {
  site: string;
  bytes: number;
  percent: number;
}

/** What a process allocated on its JavaScript heap over a window, estimated by V8's sampling heap profiler. */
export interface AllocationReport {
  /** Estimated bytes allocated in the window (objects that died young included). */
  bytes: number;
  /** The functions that allocated the most, by self bytes, each with its callers. */
  top: AllocationSite[];
}

/** Callers named with an allocating function (builtins such as `Map` or `slice` say little alone). */
const CALLERS = 2;

function name(f: ProfileNode['callFrame']): string {
  const where = f.url.replace(/^.*\/(media|shared|bench|protocol|node_modules)\//, '$1/');
  return `${f.functionName || '(anonymous)'}${where ? ` ${where}:${f.lineNumber + 1}` : ''}`;
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/**
 * Samples every allocation of this process's JavaScript heap, short-lived ones included (which `--heap-prof`
 * leaves out: it keeps only what is alive at its end), so a bench can say how many bytes a frame costs and
 * who allocates them. Buffers' backing stores outside the heap are not counted, their objects are.
 */
export class AllocationSampler {
  private session: Session | null = null;

  constructor(private readonly intervalBytes = 16 * 1024) {}

  /** Starts a window (ends any running one unread). */
  async start(): Promise<void> {
    if (this.session !== null) await this.session.post('HeapProfiler.stopSampling');
    else {
      this.session = new Session();
      this.session.connect();
      await this.session.post('HeapProfiler.enable');
    }
    await this.session.post('HeapProfiler.startSampling', {
      samplingInterval: this.intervalBytes,
      includeObjectsCollectedByMinorGC: true,
      includeObjectsCollectedByMajorGC: true,
    });
  }

  /** Ends the window: the bytes allocated in it and the top `count` allocating functions. */
  async stop(count = 16): Promise<AllocationReport> {
    const session = this.session;
    if (session === null) return { bytes: 0, top: [] };
    this.session = null;
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
    session.disconnect();
    const bySite = new Map<string, number>();
    let bytes = 0;
    const visit = (node: ProfileNode, callers: string[]): void => {
      const here = [name(node.callFrame), ...callers].slice(0, CALLERS + 1);
      if (node.selfSize > 0) {
        const site = here.join(' < ');
        bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
        bytes += node.selfSize;
      }
      for (const child of node.children) visit(child, here);
    };
    visit(profile.head, []);
    const top = [...bySite]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([site, b]) => ({ site, bytes: b, percent: Math.round((b / Math.max(1, bytes)) * 1000) / 10 }));
    return { bytes, top };
  }
}
