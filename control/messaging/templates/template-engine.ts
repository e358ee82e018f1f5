import { Liquid, LiquidError, type FS, type Template } from 'liquidjs';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Metadata } from '../../../protocol/api/common.js';
import { plainTemplate, type PlainTemplate } from './plain-template.js';

/** Longest template source, in characters, that is parsed at all. */
export const TEMPLATE_PARSE_LIMIT = 200_000;
/** Longest a render may take, in ms of wall time (liquidjs checks it between template nodes; a loaded machine needs room). */
export const TEMPLATE_RENDER_LIMIT_MS = 500;
/** Characters a render may allocate (strings and arrays liquidjs builds), so a loop cannot fill memory. */
export const TEMPLATE_MEMORY_LIMIT = 1_000_000;
/** Longest rendered text of one part (subject, body or html), in characters. */
export const TEMPLATE_OUTPUT_LIMIT = 256 * 1024;

// A template reads only the data it is given: no file system behind include, render or layout.
const noFiles: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async () => { throw new Error('templates cannot read files'); },
  readFileSync: () => { throw new Error('templates cannot read files'); },
  resolve: (_dir, file) => file,
  contains: async () => false,
  containsSync: () => false,
};

/**
 * liquidjs as customers' templates need it: own properties only (no prototype, no constructor), no
 * globals, strict filters (a misspelt filter is an error, not silence), no file access, and the parse,
 * render and memory limits set (they default to unlimited).
 */
const engine = new Liquid({
  ownPropertyOnly: true,
  strictFilters: true,
  strictVariables: false,
  globals: {},
  fs: noFiles,
  root: [],
  partials: [],
  layouts: [],
  relativeReference: false,
  cache: false,
  parseLimit: TEMPLATE_PARSE_LIMIT,
  renderLimit: TEMPLATE_RENDER_LIMIT_MS,
  memoryLimit: TEMPLATE_MEMORY_LIMIT,
});
for (const tag of ['include', 'render', 'layout']) {
  engine.registerTag(tag, {
    parse() {
      throw new Error(`the ${tag} tag is not available: a template reads only the contact's data`);
    },
    render() {
      return '';
    },
  });
}

/** A parsed template part, ready to render many times (its plain form when it is only text and outputs). */
export interface CompiledPart {
  liquid: Template[];
  plain: PlainTemplate | null;
}

/** What a template sees: the contact's fields and attributes (never its national identity number). */
export interface TemplateScope {
  contact: { name: string | null; phone: string | null; email: string | null; externalRef: string | null; attributes: Metadata };
}

/** Parses one part of a template; a syntax error is template_syntax_error naming the part and the line. */
export function compilePart(source: string, param: string): CompiledPart {
  let liquid: Template[];
  try {
    liquid = engine.parse(source);
  } catch (err) {
    throw templateError(err, param, 'template_syntax_error');
  }
  return { liquid, plain: plainTemplate(source) };
}

/**
 * Renders a parsed part with `scope`. Running past the render or memory limit, or rendering more than
 * TEMPLATE_OUTPUT_LIMIT characters, is template_limit_exceeded; any other failure template_render_error;
 * both name the part and the line.
 */
export async function renderPart(part: CompiledPart, scope: TemplateScope, param: string): Promise<string> {
  const plain = renderPlainPart(part, scope, param);
  if (plain !== undefined) return plain;
  let out: string;
  try {
    out = (await engine.render(part.liquid, scope as unknown as Record<string, unknown>)) as string;
  } catch (err) {
    throw templateError(err, param, 'template_render_error');
  }
  return checkedOutput(out, param);
}

/**
 * renderPart without liquidjs, at once: the text when the part is plain (text and outputs) and the scope
 * holds nothing liquidjs treats specially; undefined when renderPart must be used.
 */
export function renderPlainPart(part: CompiledPart, scope: TemplateScope, param: string): string | undefined {
  const out = part.plain?.render(scope as unknown as Record<string, unknown>);
  return out === undefined ? undefined : checkedOutput(out, param);
}

function checkedOutput(out: string, param: string): string {
  if (out.length > TEMPLATE_OUTPUT_LIMIT) {
    throw new SentralError('template_limit_exceeded', { message: `${param}: the rendered text is longer than ${TEMPLATE_OUTPUT_LIMIT} characters.`, param });
  }
  return out;
}

function templateError(err: unknown, param: string, code: 'template_syntax_error' | 'template_render_error'): SentralError {
  if (!(err instanceof LiquidError)) return new SentralError(code, { message: `${param}: ${String((err as Error)?.message ?? err)}`, param, cause: err });
  const [line, column] = err.token?.getPosition() ?? [];
  // liquidjs appends ", line:N, col:M" to the message; it is said once, in front.
  const what = err.message.replace(/, line:\d+, col:\d+$/, '').replace(/\n[\s\S]*$/, '');
  const where = line === undefined ? param : `${param}, line ${line}, column ${column}`;
  const limit = /limit exceeded/.test(what);
  return new SentralError(limit ? 'template_limit_exceeded' : code, { message: `${where}: ${what}`, param, cause: err });
}
