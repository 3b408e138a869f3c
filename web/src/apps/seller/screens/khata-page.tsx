import {
  formatAmount,
  KHATA_PAGE_SIZE,
  ORDER_CURRENCY,
  type KhataCustomerBody,
} from '@kirana/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pageOf } from '../../../common/catalogue/queries';
import { useShopTimeZone } from '../../../common/shop-settings/use-shop';
import { Button, buttonClass } from '../../../common/ui/button';
import { Dialog, DialogTitle } from '../../../common/ui/dialog';
import { Field } from '../../../common/ui/field';
import { Spinner } from '../../../common/ui/spinner';
import { useClock } from '../../../lib/clock';
import { useAddressText } from '../../../lib/use-address-text';
import { tellSessionLost } from '../failure-message';
import type { KhataCustomerList } from '../features/khata/api/customers';
import { CustomerForm } from '../features/khata/components/customer-form';
import { CustomerTable } from '../features/khata/components/customer-table';
import { ImportDialog } from '../features/khata/components/import-dialog';
import { EMPTY_CUSTOMER } from '../features/khata/customer-form';
import { khataMutations } from '../features/khata/mutations';
import { khataQueries } from '../features/khata/queries';
import { LoadProblem } from '../ui/load-problem';
import { Empty, Note, SellerPage } from '../ui/seller-page';
import './khata-page.css';

/** Typing pauses this long before the list follows: one search per word, not per letter. */
const TYPING_PAUSE_MS = 250;

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** What the address asks the Khata screen for (`?q=&owing=true&page=`). */
function listOf(params: URLSearchParams): KhataCustomerList {
  return {
    q: params.get('q')?.trim() || undefined,
    owing: params.get('owing') === 'true' || undefined,
    page: pageOf(params),
  };
}

/** The address of `list`: its fields in one order, the first page unsaid. */
function addressOf({ q, owing, page }: KhataCustomerList): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (owing) params.set('owing', 'true');
  if (page !== undefined && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/**
 * /seller/khata: the shop's credit customers, a page at a time, found by name or phone, or only
 * those who owe (the longest owing first); each with what they owe, their limit, since when and
 * for how long; what all owe together; Add customer and Import (a paper khata's totals). The
 * search, the filter and the page are in the address.
 */
export function KhataPage() {
  const [params, setParams] = useSearchParams();
  const list = listOf(params);
  const answer = useQuery({ ...khataQueries.customers(list), placeholderData: keepPreviousData });
  const timeZone = useShopTimeZone();
  const now = useClock();
  const navigate = useNavigate();
  const save = useMutation(khataMutations.saveCustomer());
  const importCustomers = useMutation(khataMutations.importCustomers());
  const [text, setText] = useAddressText(list.q ?? '');
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [adding, setAdding] = useState(false);
  const [addRound, setAddRound] = useState(0);
  const [importing, setImporting] = useState(false);
  const [importRound, setImportRound] = useState(0);
  const searchId = useId();
  const addTitleId = useId();

  const { error } = answer;
  useEffect(() => {
    if (error) tellSessionLost(error);
  }, [error]);

  /** The list as `change` asks, with the search as typed, from its first page. */
  const show = (change: Partial<KhataCustomerList>, replace = false) => {
    clearTimeout(typing.current);
    const q = text.trim() || undefined;
    void setParams(addressOf({ ...list, q, page: 1, ...change }), { replace });
  };

  async function add(body: KhataCustomerBody) {
    const { customer } = await save.mutateAsync({ id: null, body });
    setAdding(false);
    void navigate(`/seller/khata/${encodeURIComponent(customer._id)}`);
  }

  const page = answer.data;
  const current = list.page ?? 1;
  const narrowed = Boolean(list.q || list.owing);

  return (
    <SellerPage
      title="Khata"
      className="khata-page"
      head={
        page && (
          <Note status>
            To collect <strong className="khata-page__to-collect">{rupees(page.toCollect)}</strong>
            {' · '}
            {page.total.toLocaleString('en-IN')} {page.total === 1 ? 'customer' : 'customers'}
            {list.owing && ' owing'}
          </Note>
        )
      }
    >
      <div className="khata-page__bar">
        <form
          className="khata-page__filters"
          role="search"
          aria-label="Khata customers"
          onSubmit={(event) => {
            event.preventDefault();
            show({});
          }}
        >
          <Field id={searchId} label="Search" className="khata-page__search">
            {(control) => (
              <input
                {...control}
                type="search"
                name="q"
                value={text}
                placeholder="Name or phone"
                autoComplete="off"
                onChange={(event) => {
                  const typed = event.target.value;
                  setText(typed);
                  clearTimeout(typing.current);
                  typing.current = setTimeout(
                    () => show({ q: typed.trim() || undefined }, true),
                    TYPING_PAUSE_MS,
                  );
                }}
              />
            )}
          </Field>
          <label className="khata-page__owing">
            <input
              type="checkbox"
              checked={list.owing ?? false}
              onChange={(event) => show({ owing: event.target.checked || undefined })}
            />
            Owing only
          </label>
        </form>
        <div className="khata-page__actions">
          <Button
            type="button"
            look="seller"
            onClick={() => {
              setAddRound((round) => round + 1);
              setAdding(true);
            }}
          >
            Add customer
          </Button>
          <Button
            type="button"
            look="seller"
            variant="secondary"
            onClick={() => {
              setImportRound((round) => round + 1);
              setImporting(true);
            }}
          >
            Import
          </Button>
        </div>
      </div>

      {!page && answer.isError ? (
        <LoadProblem
          message="The khata could not be loaded."
          onRetry={() => void answer.refetch()}
        />
      ) : !page ? (
        <Spinner label="Loading the khata…" />
      ) : page.customers.length === 0 ? (
        <Empty>
          {narrowed
            ? 'No customer matches. Try another name or phone.'
            : 'No customers on the khata yet. Add the first one, or import your paper khata.'}
        </Empty>
      ) : (
        <>
          <CustomerTable customers={page.customers} timeZone={timeZone} now={now} />
          {page.pages > 1 && (
            <nav className="khata-page__pager" aria-label="Pages of customers">
              {current > 1 && (
                <Link
                  className={buttonClass({ look: 'seller', variant: 'secondary', size: 'small' })}
                  to={addressOf({ ...list, page: current - 1 })}
                >
                  Previous page
                </Link>
              )}
              <span aria-current="page">
                Page {current} of {page.pages}
              </span>
              {current < page.pages && (
                <Link
                  className={buttonClass({ look: 'seller', variant: 'secondary', size: 'small' })}
                  to={addressOf({ ...list, page: current + 1 })}
                >
                  Next page
                </Link>
              )}
            </nav>
          )}
          <p className="seller-muted">Up to {KHATA_PAGE_SIZE} customers a page.</p>
        </>
      )}

      <Dialog open={adding} onClose={() => setAdding(false)} labelledBy={addTitleId}>
        <DialogTitle id={addTitleId}>Add a customer</DialogTitle>
        <CustomerForm
          key={addRound}
          initial={EMPTY_CUSTOMER}
          onSave={add}
          busy={save.isPending}
          submitLabel="Add customer"
          extra={
            <Button
              type="button"
              look="seller"
              variant="secondary"
              onClick={() => setAdding(false)}
            >
              Cancel
            </Button>
          }
        />
      </Dialog>

      <ImportDialog
        key={importRound}
        open={importing}
        onClose={() => setImporting(false)}
        onImport={(file) => importCustomers.mutateAsync(file)}
        busy={importCustomers.isPending}
      />
    </SellerPage>
  );
}
