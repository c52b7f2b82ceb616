/**
 * TON Connect, loaded only with the balance and payments screens (this module is lazy, and
 * brings @ton/core with it): the library's own connect button, dropdown and notifications, and
 * a handle the top-up panel uses to ask the connected wallet for a transfer.
 */
import { useEffect } from 'react';
import {
  TonConnectButton,
  TonConnectUIProvider,
  useTonConnectUI,
  useTonWallet,
  THEME,
} from '@tonconnect/ui-react';
import { useLocale } from '../../../lib/i18n';
import { useTheme } from '../../../lib/theme';
import { transactionRequest, type TonTransfer } from '../ton';

export type { TonTransfer } from '../ton';

export interface WalletHandle {
  /** Resolves when the wallet has sent it; rejects when the user declines or the wallet fails. */
  send(transfer: TonTransfer): Promise<void>;
}

/** The user declined in the wallet (the library has already said so in its own notification). */
export function isUserRejection(error: unknown): boolean {
  return error instanceof Error && /reject|declin|cancel/i.test(`${error.name} ${error.message}`);
}

function Bridge({ onChange }: { onChange: (wallet: WalletHandle | null) => void }) {
  const [ui] = useTonConnectUI();
  const wallet = useTonWallet();
  useEffect(() => {
    if (!wallet) {
      onChange(null);
      return;
    }
    onChange({
      async send(transfer) {
        await ui.sendTransaction(transactionRequest(transfer));
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

export default function WalletConnect({
  onChange,
  returnUrl,
}: {
  onChange: (wallet: WalletHandle | null) => void;
  /** Brings a Telegram user back into Seer after the wallet (Telegram Wallet and others). */
  returnUrl: string | null;
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
