const decoder = new TextDecoder();

/** The JSON value in `bytes` (UTF-8), or null when they hold no JSON: the caller's schema check refuses both alike. */
export function jsonOrNull(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    return null;
  }
}
