/**
 * True when `subject` matches `pattern` under NATS rules: tokens separated by `.`, `*` matches exactly one
 * token, `>` (last token only) matches one or more remaining tokens.
 */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    if (token === '>') return i === p.length - 1 && s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return p.length === s.length;
}

/** Makes a name safe for a JetStream stream or KV bucket: anything outside `[A-Za-z0-9_-]` becomes `_`. */
export function sanitizeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

// NATS KV key rules: letters, digits and `-_=/.`, no empty tokens.
const KV_KEY = /^[-/=\w]+(\.[-/=\w]+)*$/;

/** True when `key` is a valid KV key (wildcards not allowed). */
export function isValidKvKey(key: string): boolean {
  return KV_KEY.test(key);
}
