import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogActions, DialogMessage, DialogTitle } from './dialog';

describe('Dialog', () => {
  it('takes its parts’ classes from its own sheet, and a phone’s width when narrow', () => {
    const html = renderToStaticMarkup(
      <Dialog open={false} onClose={() => {}} labelledBy="t" narrow className="mine">
        <DialogTitle id="t">Close the day?</DialogTitle>
        <DialogMessage>The drawer holds ₹1,200.</DialogMessage>
        <DialogActions stacked>ok</DialogActions>
      </Dialog>,
    );
    expect(html).toContain('<dialog class="dialog dialog--narrow mine" aria-labelledby="t">');
    expect(html).toContain('<h2 id="t" class="dialog__title">Close the day?</h2>');
    expect(html).toContain('<div class="dialog__message">The drawer holds ₹1,200.</div>');
    expect(html).toContain('<div class="dialog__actions dialog__actions--stacked">ok</div>');
  });
});
