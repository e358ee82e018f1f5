import fc from 'fast-check';
import { expect, it } from 'vitest';
import { compilePart, renderPart, type TemplateScope } from '../../control/messaging/templates/template-engine.js';
import { plainTemplate } from '../../control/messaging/templates/plain-template.js';

// Names a template may reach for: the contact's fields, attributes, and what liquidjs treats specially.
const NAMES = ['contact', 'name', 'phone', 'attributes', 'plan', 'n', 'list', 'nested', 'size', 'first', 'last', 'length', 'constructor', '__proto__', 'toString', 'nil', 'empty', 'x'];

const literal = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '\n', 'æ', 'ø', 'å', '!', '{', '}', '%', '-', '.', '😀'), maxLength: 12 });
const output = fc.tuple(fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 }), fc.constantFrom('', ' ', '  ', '\n'), fc.constantFrom('', ' ', '\t'))
  .map(([path, before, after]) => `{{${before}${path.join('.')}${after}}}`);
const source = fc.array(fc.oneof(literal, output, output), { maxLength: 8 }).map((pieces) => pieces.join(''));

const value = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...NAMES), fc.string({ maxLength: 3 }), { maxKeys: 3 }),
);
const scope = fc.record({
  name: fc.oneof(fc.string({ maxLength: 8 }), fc.constant(null)),
  phone: fc.oneof(fc.constant('+4741234567'), fc.constant(null)),
  attributes: fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 6 }),
}).map((c): TemplateScope => ({ contact: { name: c.name, phone: c.phone, email: null, externalRef: null, attributes: c.attributes as TemplateScope['contact']['attributes'] } }));

it('renders a plain template (text and outputs) exactly as liquidjs does, or leaves it to liquidjs', async () => {
  await fc.assert(fc.asyncProperty(source, scope, async (text, data) => {
    let part;
    try {
      part = compilePart(text, 'body');
    } catch {
      return; // liquidjs refuses it: nothing is rendered either way
    }
    const fast = part.plain?.render(data as unknown as Record<string, unknown>);
    if (fast === undefined) return;
    expect(fast).toBe(await renderPart({ liquid: part.liquid, plain: null }, data, 'body'));
  }), { numRuns: 3_000 });
});

it('takes the usual campaign template and leaves tags, filters and whitespace control to liquidjs', () => {
  expect(plainTemplate('Hei {{ contact.name }}! Din plan: {{ contact.attributes.plan }}. Svar STOPP for å avslutte.')).not.toBeNull();
  expect(plainTemplate('Velkommen')).not.toBeNull();
  for (const other of ['{{ contact.name | upcase }}', '{% if contact.name %}x{% endif %}', '{{- contact.name -}}', '{{ contact.attributes.size }}', '{{ "a" }}', 'a { b']) {
    expect(plainTemplate(other), other).toBeNull();
  }
});
