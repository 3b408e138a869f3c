import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { chooseLocale, LOCALE_NAMES, useAgentLocale } from '../i18n/locale';
import './language-switch.css';

/**
 * One tap switches the app between English and Hindi: the button names the other language in
 * its own script, so an agent who cannot read the current one still finds it.
 */
export function LanguageSwitch() {
  const locale = useAgentLocale();
  const other = locale === 'en' ? 'hi' : 'en';
  const [pending, setPending] = useState(false);

  const onClick = async () => {
    setPending(true);
    try {
      await chooseLocale(other);
    } catch {
      // Hindi is fetched on first use: without a signal it cannot be.
      toast.error(t`The language could not be changed. Check your connection and try again.`);
    } finally {
      setPending(false);
    }
  };

  return (
    <button
      type="button"
      className="agent-language"
      disabled={pending}
      aria-busy={pending}
      onClick={() => void onClick()}
    >
      <span className="visually-hidden">{t`Switch to`} </span>
      <span lang={other}>{LOCALE_NAMES[other]}</span>
    </button>
  );
}
