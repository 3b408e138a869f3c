import {
  formatAmount,
  ORDER_CURRENCY,
  type KhataAdjustmentBody,
  type KhataCustomer,
  type KhataCustomerBody,
  type KhataPaymentBody,
} from '@kirana/shared';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useShop, useShopTimeZone } from '../../../common/shop-settings/use-shop';
import { Button } from '../../../common/ui/button';
import { Dialog, DialogTitle } from '../../../common/ui/dialog';
import { Spinner } from '../../../common/ui/spinner';
import { failureMessage, succeeded, tellSessionLost } from '../failure-message';
import { CustomerForm } from '../features/khata/components/customer-form';
import { AdjustDialog, ReceivePaymentDialog } from '../features/khata/components/entry-dialogs';
import { LedgerTable } from '../features/khata/components/ledger-table';
import { RemindDialog } from '../features/khata/components/remind-dialog';
import { StatementPanel } from '../features/khata/components/statement-panel';
import { valuesOf } from '../features/khata/customer-form';
import { khataMutations } from '../features/khata/mutations';
import { entriesOf, khataQueries } from '../features/khata/queries';
import { LoadProblem } from '../ui/load-problem';
import { Empty, Panel, Section, SellerPage } from '../ui/seller-page';
import './khata-customer-page.css';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

type Open = 'edit' | 'receive' | 'adjust' | 'remind' | null;

/**
 * /seller/khata/:id: one customer's khata: what they owe against their limit, their details
 * (Edit), the ledger with its running balance (newest first, older on asking), Receive payment,
 * Adjust, Remind (WhatsApp, copy, the UPI link) and a statement for any days. Live: each entry
 * written anywhere shows here at once (khata:updated).
 */
export function KhataCustomerPage() {
  const { id = '' } = useParams();
  const { data: customer, error, refetch } = useQuery(khataQueries.customer(id));

  useEffect(() => {
    if (error) tellSessionLost(error);
  }, [error]);

  if (!customer)
    return (
      <SellerPage title="Khata">
        <p>
          <Link to="/seller/khata">All customers</Link>
        </p>
        {error ? (
          <LoadProblem
            message={failureMessage(error, 'The customer could not be loaded.')}
            onRetry={() => void refetch()}
          />
        ) : (
          <Spinner label="Loading the customer…" />
        )}
      </SellerPage>
    );
  return <CustomerKhata customer={customer} />;
}

function CustomerKhata({ customer }: { customer: KhataCustomer }) {
  const timeZone = useShopTimeZone();
  const shop = useShop();
  const ledger = useInfiniteQuery(khataQueries.entries(customer._id));
  const save = useMutation(khataMutations.saveCustomer());
  const receive = useMutation(khataMutations.receivePayment());
  const adjust = useMutation(khataMutations.adjust());
  const [open, setOpen] = useState<Open>(null);
  // Each opening starts a dialog afresh (its key), with the balance as it is then.
  const [round, setRound] = useState(0);
  const editTitleId = useId();
  const show = (dialog: Open) => {
    setRound((current) => current + 1);
    setOpen(dialog);
  };
  const close = () => setOpen(null);

  async function edit(body: KhataCustomerBody) {
    await save.mutateAsync({ id: customer._id, body });
    close();
  }
  const onReceive = (body: KhataPaymentBody, key: string) =>
    succeeded(receive.mutateAsync({ id: customer._id, body, key }));
  const onAdjust = (body: KhataAdjustmentBody, key: string) =>
    succeeded(adjust.mutateAsync({ id: customer._id, body, key }));

  const left = customer.creditLimit - customer.balance;
  const entries = entriesOf(ledger.data);
  const upi = shop?.upiId ? { upiId: shop.upiId, upiName: shop.upiName } : null;

  return (
    <SellerPage
      title={`${customer.name} · Khata`}
      heading={customer.name}
      className="khata-customer"
    >
      <p>
        <Link to="/seller/khata">All customers</Link>
      </p>
      <Panel className="khata-customer__summary">
        <dl className="khata-customer__figures">
          <div>
            <dt>Owes</dt>
            <dd aria-live="polite" data-owing={customer.balance > 0 || undefined}>
              {rupees(customer.balance)}
            </dd>
          </div>
          <div>
            <dt>Credit limit</dt>
            <dd>{customer.creditLimit > 0 ? rupees(customer.creditLimit) : 'No credit'}</dd>
          </div>
          {customer.creditLimit > 0 && (
            <div>
              <dt>Left of the limit</dt>
              <dd>{rupees(Math.max(0, left))}</dd>
            </div>
          )}
        </dl>
        <p className="khata-customer__details">
          <a href={`tel:${customer.phone}`}>{customer.phone}</a>
          {customer.shopper && (
            <span>
              {' '}
              · Shopper account {customer.shopper.name} ({customer.shopper.email})
            </span>
          )}
          {customer.note && <span className="seller-muted"> · {customer.note}</span>}
        </p>
        <div className="khata-customer__actions">
          <Button type="button" look="seller" onClick={() => show('receive')}>
            Receive payment
          </Button>
          <Button type="button" look="seller" variant="secondary" onClick={() => show('remind')}>
            Remind
          </Button>
          <Button type="button" look="seller" variant="secondary" onClick={() => show('adjust')}>
            Adjust
          </Button>
          <Button type="button" look="seller" variant="secondary" onClick={() => show('edit')}>
            Edit details
          </Button>
        </div>
      </Panel>

      <Section title="Ledger">
        {!ledger.data && ledger.isError ? (
          <LoadProblem
            message="The ledger could not be loaded."
            onRetry={() => void ledger.refetch()}
          />
        ) : !ledger.data ? (
          <Spinner label="Loading the ledger…" />
        ) : entries.length === 0 ? (
          <Empty>No entries yet.</Empty>
        ) : (
          <>
            <LedgerTable entries={entries} timeZone={timeZone} />
            {ledger.hasNextPage && (
              <Button
                type="button"
                look="seller"
                variant="secondary"
                className="khata-customer__older"
                disabled={ledger.isFetchingNextPage}
                onClick={() => void ledger.fetchNextPage()}
              >
                {ledger.isFetchingNextPage ? 'Loading…' : 'Load older'}
              </Button>
            )}
          </>
        )}
      </Section>

      <StatementPanel customerId={customer._id} timeZone={timeZone} />

      <ReceivePaymentDialog
        key={`receive-${round}`}
        customer={customer}
        open={open === 'receive'}
        onClose={close}
        onRecord={onReceive}
        busy={receive.isPending}
        upi={upi}
      />
      <AdjustDialog
        key={`adjust-${round}`}
        customer={customer}
        open={open === 'adjust'}
        onClose={close}
        onRecord={onAdjust}
        busy={adjust.isPending}
      />
      <RemindDialog customer={customer} open={open === 'remind'} onClose={close} />
      <Dialog open={open === 'edit'} onClose={close} labelledBy={editTitleId}>
        <DialogTitle id={editTitleId}>Edit {customer.name}</DialogTitle>
        <CustomerForm
          key={`edit-${round}`}
          initial={valuesOf(customer)}
          onSave={edit}
          busy={save.isPending}
          submitLabel="Save"
          extra={
            <Button type="button" look="seller" variant="secondary" onClick={close}>
              Cancel
            </Button>
          }
        />
      </Dialog>
    </SellerPage>
  );
}
