/**
 * TON Connect as Seer shows it: the library's own connect button, dropdown and notifications in
 * the app's language and theme, without analytics, and the connected wallet handed to the screen
 * as a handle that sends a transaction. Only lazy chunks import this (the top-up's wallet and the
 * admin's payout wallet): the library is large and stays out of the first screen.
 */
import { useEffect } from 'react';
import {
  TonConnectButton,
  TonConnectUIProvider,
  useTonConnectUI,
  useTonWallet,
  THEME,
  type SendTransactionRequest,
} from '@tonconnect/ui-react';
import { useLocale } from '../../lib/i18n';
import { useTheme } from '../../lib/theme';

export interface ConnectedWallet {
  /** The connected wallet's address (raw form, as TON Connect gives it). */
  address: string;
  /** Resolves once the wallet has sent it; rejects when the user declines or the wallet fails. */
  send(request: SendTransactionRequest): Promise<void>;
}

function Bridge({ onChange }: { onChange: (wallet: ConnectedWallet | null) => void }) {
  const [ui] = useTonConnectUI();
  const wallet = useTonWallet();
  useEffect(() => {
    if (!wallet) {
      onChange(null);
      return;
    }
    onChange({
      address: wallet.account.address,
      async send(request) {
        await ui.sendTransaction(request);
      },
    });
    return () => onChange(null);
  }, [wallet, ui, onChange]);
  return null;
}

/** A t.me link is a `scheme://…` URL, as TON Connect's type asks. */
function isReturnUrl(url: string | null): url is `${string}://${string}` {
  return url !== null && /^[a-z][a-z0-9+.-]*:\/\/./i.test(url);
}

/** `onChange` must keep its identity across renders (useCallback): each new one is told again. */
export default function TonConnect({
  onChange,
  returnUrl = null,
}: {
  onChange: (wallet: ConnectedWallet | null) => void;
  /** Brings a Telegram user back into Seer after the wallet (Telegram Wallet and others). */
  returnUrl?: string | null;
}) {
  const locale = useLocale();
  const dark = useTheme() === 'dark';
  return (
    <TonConnectUIProvider
      manifestUrl={`${window.location.origin}/tonconnect-manifest.json`}
      analytics={{ mode: 'off' }}
      language={locale}
      uiPreferences={{ theme: dark ? THEME.DARK : THEME.LIGHT }}
      {...(isReturnUrl(returnUrl) ? { actionsConfiguration: { twaReturnUrl: returnUrl } } : {})}
    >
      <Bridge onChange={onChange} />
      <TonConnectButton />
    </TonConnectUIProvider>
  );
}
