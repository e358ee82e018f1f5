/** The part of autocannon's programmatic API the calls benchmark uses (the package ships no types). */
declare module 'autocannon' {
  /** One request template; `setupRequest` may change each request before it is sent. */
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  /** Options of a run. */
  interface AutocannonOptions {
    url: string;
    connections?: number;
    amount?: number;
    duration?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
  }
  /** Percentiles of a histogram. */
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  /** A finished run. */
  interface AutocannonResult {
    start: Date;
    finish: Date;
    duration: number;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  /** Runs a benchmark and resolves with its result. */
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
