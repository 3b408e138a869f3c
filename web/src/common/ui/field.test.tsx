import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

const render = (props: { hint?: string; problem?: string; optional?: boolean }) =>
  renderToStaticMarkup(
    <Field id="price" label="Price (₹)" {...props}>
      {(control) => <input {...control} />}
    </Field>,
  );

describe('Field', () => {
  it('labels its control, and says nothing more when it has no hint and nothing is wrong', () => {
    expect(render({})).toBe(
      '<div class="ui-field"><label for="price">Price (₹)</label><input id="price"/></div>',
    );
  });

  it('marks an optional field after its label', () => {
    expect(render({ optional: true })).toContain(
      '<label for="price">Price (₹) <span class="ui-field__optional">(optional)</span></label>',
    );
  });

  it('describes its control by its hint and what is wrong, and marks it invalid', () => {
    const html = render({ hint: '0: free.', problem: 'Price must be rupees' });
    expect(html).toContain(
      '<input id="price" aria-describedby="price-hint price-problem" aria-invalid="true"/>',
    );
    expect(html).toContain('<p class="ui-field__hint" id="price-hint">0: free.</p>');
    expect(html).toContain(
      '<p class="ui-field__problem" id="price-problem">Price must be rupees</p>',
    );
  });

  it('is described by its hint alone, and valid, while nothing is wrong', () => {
    expect(render({ hint: '0: free.' })).toContain(
      '<input id="price" aria-describedby="price-hint"/>',
    );
  });
});
