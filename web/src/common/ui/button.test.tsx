import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, buttonClass } from './button';

describe('Button', () => {
  it("is the shop's primary button unless told otherwise, with the caller's class after its own", () => {
    expect(buttonClass()).toBe('ui-button--shop');
    expect(buttonClass({ className: 'cart-link' })).toBe('ui-button--shop cart-link');
  });

  it('takes one class for its look and one for each variant, size and width', () => {
    expect(
      buttonClass({ look: 'seller', variant: 'danger-outline', size: 'small', block: true }),
    ).toBe(
      'ui-button--seller ui-button--seller-danger-outline ui-button--seller-small ui-button--block',
    );
    expect(buttonClass({ look: 'agent', variant: 'cash', arming: true })).toBe(
      'ui-button--agent ui-button--agent-cash ui-button--agent-arming',
    );
  });

  it('is an icon or a link alike in every look', () => {
    expect(buttonClass({ look: 'seller', variant: 'icon' })).toBe('ui-button--icon');
    expect(buttonClass({ variant: 'link', className: 'more' })).toBe('ui-button--link more');
  });

  it('spins, is busy and refuses taps while pending', () => {
    const html = renderToStaticMarkup(
      <Button look="agent" pending>
        Accept
      </Button>,
    );
    expect(html).toBe(
      '<button class="ui-button--agent" disabled="" aria-busy="true"><span class="ui-button--spinner" aria-hidden="true"></span>Accept</button>',
    );
  });

  it("keeps the caller's type, busy state and other attributes", () => {
    const html = renderToStaticMarkup(
      <Button type="submit" aria-busy={false} aria-label="Save">
        Save
      </Button>,
    );
    expect(html).toBe(
      '<button type="submit" aria-label="Save" class="ui-button--shop" aria-busy="false">Save</button>',
    );
  });
});
