import { describe, expect, it } from 'vitest';
import { compilePart, renderPart, type TemplateScope } from '../../control/messaging/templates/template-engine.js';

const scope: TemplateScope = { contact: { name: 'Ola', phone: '+4741234567', email: null, externalRef: 'crm-1', attributes: { plan: 'gold', n: 3 } } };
const render = async (source: string) => renderPart(compilePart(source, 'body'), scope, 'body');

describe('template engine', () => {
  it('renders the contact and its attributes', async () => {
    expect(await render('Hei {{ contact.name }} ({{ contact.attributes.plan | upcase }}, {{ contact.attributes.n | plus: 1 }})')).toBe('Hei Ola (GOLD, 4)');
    expect(await render('{{ contact.email | default: "ingen e-post" }}')).toBe('ingen e-post');
  });

  it('stops loops that would run forever, by time or by memory, with template_limit_exceeded naming the line', async () => {
    const hostile = [
      '{% for i in (1..1000000000) %}x{% endfor %}',
      'a\n{% for a in (1..1000) %}{% for b in (1..1000) %}{% for c in (1..1000) %}{% endfor %}{% endfor %}{% endfor %}',
      '{% tablerow i in (1..100000000) %}{{ i }}{% endtablerow %}',
    ];
    for (const source of hostile) {
      await expect(render(source)).rejects.toMatchObject({ code: 'template_limit_exceeded', param: 'body', message: expect.stringMatching(/^body, line \d+, column \d+: /) });
    }
  });

  it('stops output that doubles itself, and output past the length limit', async () => {
    await expect(render('{% assign s = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s }}')).rejects.toMatchObject({ code: 'template_limit_exceeded' });
    await expect(render('{% for i in (1..30000) %}0123456789{% endfor %}')).rejects.toMatchObject({ code: 'template_limit_exceeded' });
  });

  it('gives no access to prototypes, constructors, globals or the process', async () => {
    const out = await render('[{{ contact.constructor }}][{{ contact.__proto__ }}][{{ contact.toString }}][{{ contact.name.constructor.name }}][{{ process.env.HOME }}][{{ global }}][{{ this }}][{{ globalThis }}][{{ require }}]');
    expect(out).toBe('[][][][][][][][][]');
    await expect(render('{{ contact | constructor }}')).rejects.toMatchObject({ code: 'template_syntax_error' });
    await expect(render('{% include "/etc/passwd" %}')).rejects.toMatchObject({ code: 'template_syntax_error' });
  });

  it('names the line of a render error', async () => {
    await expect(render('one\ntwo\n{{ contact.name | append }}')).rejects.toMatchObject({ code: 'template_render_error', message: expect.stringMatching(/^body, line 3, column 1: append/) });
  });
});
