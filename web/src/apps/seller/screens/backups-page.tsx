import { SELLER_MESSAGES, type Backup, type BackupFailure } from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../common/ui/spinner';
import { backupDownloadUrl } from '../features/backups/api/get-backups';
import {
  backupAge,
  backupSchedule,
  backupSize,
  backupsKept,
  backupTime,
} from '../features/backups/backups';
import { failureMessage } from '../failure-message';
import { useShopTimeZone } from '../../../common/shop-settings/use-shop';
import { backupMutations } from '../features/backups/mutations';
import { backupQueries } from '../features/backups/queries';
import { LoadProblem } from '../ui/load-problem';
import { Empty, Panel, Section, SellerPage } from '../ui/seller-page';
import { Button, buttonClass } from '../../../common/ui/button';
import { DataTable, dataCell } from '../../../common/ui/data-table';
import './backups-page.css';

/** The last backup failed: when, and why (its first line; the rest when asked). */
function FailureAlert({ failure }: { failure: BackupFailure }) {
  const short = SELLER_MESSAGES.backupFailedBody(failure.message);
  const timeZone = useShopTimeZone();
  return (
    <div className="seller-backups__failure" role="alert">
      <p>
        <strong>The last backup failed</strong> ({backupTime(failure.at, timeZone)}): {short}
      </p>
      {failure.message.trim() !== short && (
        <details>
          <summary>All the tool said</summary>
          <pre>{failure.message}</pre>
        </details>
      )}
    </div>
  );
}

/** The backups kept, newest first, each downloadable. */
function BackupTable({ backups }: { backups: Backup[] }) {
  const timeZone = useShopTimeZone();
  if (backups.length === 0) return <Empty>No backups yet.</Empty>;
  return (
    <DataTable caption="Backups, newest first">
      <thead>
        <tr>
          <th scope="col">Written</th>
          <th scope="col" className={dataCell.number}>
            Size
          </th>
          <th scope="col">
            <span className="visually-hidden">Download</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {backups.map((backup) => {
          const time = backupTime(backup.createdAt, timeZone);
          return (
            <tr key={backup.name}>
              <th scope="row">{time}</th>
              <td className={dataCell.number}>{backupSize(backup.bytes)}</td>
              <td className={dataCell.actions}>
                {/* A plain link: the browser downloads with the seller's cookie. */}
                <a
                  className={buttonClass({ look: 'seller', variant: 'secondary', size: 'small' })}
                  href={backupDownloadUrl(backup.name)}
                  download
                >
                  Download<span className="visually-hidden"> the backup of {time}</span>
                </a>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

/**
 * /seller/backups: the last backup's time and size, where backups are written, how often and how
 * many are kept; Back up now; every backup kept, to download; and, when the last one failed, when
 * and why (docs/backups.md#the-backups-screen).
 */
export function BackupsPage() {
  const { data, error, refetch } = useQuery(backupQueries.backups());
  const backUp = useMutation(backupMutations.backUpNow());
  const failure = data ? null : error && failureMessage(error, 'Failed to load the backups');
  // A scheduled backup being written is waited for, as one asked for here.
  const busy = backUp.isPending || data?.running === true;
  const last = data?.backups[0];
  const timeZone = useShopTimeZone();

  return (
    <SellerPage
      title="Backups"
      className="seller-backups"
      head={
        <Button
          type="button"
          look="seller"
          className="seller-backups__now"
          aria-busy={busy}
          onClick={() => {
            if (!busy) backUp.mutate();
          }}
        >
          {busy ? 'Backing up…' : 'Back up now'}
        </Button>
      }
    >
      {/* Said to screen readers as it changes: the button's busy state, then how it went. */}
      <p className="visually-hidden" role="status">
        {busy ? 'Backing up…' : backUp.isSuccess ? backUp.data.message : ''}
      </p>
      {data?.failure && <FailureAlert failure={data.failure} />}
      {failure ? (
        <LoadProblem message={failure} onRetry={() => void refetch()} />
      ) : !data ? (
        <Spinner label="Loading the backups…" />
      ) : (
        <>
          <Panel title="Last backup" className="seller-backups__last">
            <dl className="seller-backups__facts">
              <div>
                <dt>Written</dt>
                <dd>
                  {last ? (
                    <>
                      {backupTime(last.createdAt, timeZone)}{' '}
                      <span className="seller-muted">({backupAge(last.createdAt)})</span>
                    </>
                  ) : (
                    'None yet'
                  )}
                </dd>
              </div>
              <div>
                <dt>Size</dt>
                <dd>{last ? backupSize(last.bytes) : '—'}</dd>
              </div>
              <div>
                <dt>Written to</dt>
                <dd>
                  <code className="seller-backups__dir">{data.dir}</code>
                </dd>
              </div>
              <div>
                <dt>How often</dt>
                <dd>{backupSchedule(data.everyHours)}</dd>
              </div>
              <div>
                <dt>Kept</dt>
                <dd>{backupsKept(data.keep)}</dd>
              </div>
            </dl>
          </Panel>
          <Section title="All backups">
            <BackupTable backups={data.backups} />
          </Section>
        </>
      )}
    </SellerPage>
  );
}
