import type { Agent, AgentInviteAnswer } from '@kirana/shared';
import { useId, useRef, useState } from 'react';
import { Dialog, DialogActions, DialogTitle } from '../../../../../common/ui/dialog';
import { formatOrderTime } from '../../../../../lib/format';
import { useShopTimeZone } from '../../../../../common/shop-settings/use-shop';
import { toast } from '../../../../../lib/toast';
import { QrCode } from '../../../ui/qr-code';
import { Button } from '../../../../../common/ui/button';
import { Field } from '../../../../../common/ui/field';
import './agent-invite-dialog.css';

interface AgentInviteDialogProps {
  open: boolean;
  /** Whose phone the invite pairs; the dialog keeps showing them while it closes. */
  agent: Agent | null;
  /** Creates the invite; null when it failed (the caller has said why). */
  onCreate: (agentId: string) => Promise<AgentInviteAnswer | null>;
  onClose: () => void;
}

/** A phone cannot open the shop computer's own loopback address. */
const isLoopbackLink = (url: string) =>
  /^(localhost|.+\.localhost|127(\.\d+){3}|\[::1\])$/.test(new URL(url).hostname);

/**
 * Inviting an agent's phone: first what an invite does (it signs the agent out of any phone
 * paired before, so it is asked for, not made on opening), then the one-time link to copy or its
 * QR code to scan with the phone's camera, and until when it works.
 */
export function AgentInviteDialog({ open, agent, onCreate, onClose }: AgentInviteDialogProps) {
  const titleId = useId();
  const timeZone = useShopTimeZone();
  const linkId = useId();
  const [creating, setCreating] = useState(false);
  const [invite, setInvite] = useState<AgentInviteAnswer | null>(null);
  const link = useRef<HTMLInputElement>(null);

  async function create() {
    if (!agent || creating) return;
    setCreating(true);
    setInvite(await onCreate(agent._id));
    setCreating(false);
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Invite link copied');
    } catch {
      // No clipboard (an http:// page, or permission refused): the link is selected instead.
      link.current?.select();
      toast.error('Could not copy the link: it is selected, copy it with Ctrl+C');
    }
  }

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <DialogTitle id={titleId}>Invite {agent?.name ?? 'agent'}</DialogTitle>
      {invite ? (
        <div className="seller-invite__body">
          <p>
            Open this link on {agent?.name}’s phone, or scan the code with its camera. It pairs that
            phone with the shop: {agent?.name} then logs in there with their phone number.
          </p>
          <QrCode text={invite.url} label={`QR code of the invite link for ${agent?.name}`} />
          <Field id={linkId} label="Invite link">
            {(control) => (
              <div className="seller-invite__link">
                <input
                  {...control}
                  ref={link}
                  readOnly
                  value={invite.url}
                  onFocus={(event) => event.target.select()}
                />
                <Button
                  type="button"
                  look="seller"
                  size="small"
                  onClick={() => void copy(invite.url)}
                >
                  Copy link
                </Button>
              </div>
            )}
          </Field>
          <p className="seller-muted">
            Works once, until {formatOrderTime(invite.expiresAt, timeZone)}. A new invite replaces
            it.
          </p>
          {isLoopbackLink(invite.url) && (
            <p className="seller-invite__warning" role="alert">
              This link points at this computer’s own address, which a phone cannot open. Open the
              seller screens through the computer’s network address (or set PUBLIC_URL) and invite
              again.
            </p>
          )}
          <DialogActions>
            <Button type="button" look="seller" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </div>
      ) : (
        <div className="seller-invite__body">
          <p>
            A one-time link pairs {agent?.name ?? 'the agent'}’s phone with the shop, so that they
            can log in there with their phone number. It works once, for 24 hours.
          </p>
          <p className="seller-muted">
            Any phone paired for {agent?.name ?? 'them'} before is signed out and can no longer log
            in.
          </p>
          <DialogActions>
            <Button type="button" look="seller" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="button" look="seller" aria-busy={creating} onClick={() => void create()}>
              {creating ? 'Creating…' : 'Create invite link'}
            </Button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
