/**
 * The operator's wallet through TON Connect, for paying a batch of payouts (a lazy chunk, as the
 * top-up's wallet): the library's connect button, and a handle that sends one transaction with
 * the batch's messages as the server built them.
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

export interface OperatorWallet {
  /** The connected wallet's address (raw form, as TON Connect gives it). */
  address: string;
  /** Resolves once the wallet has sent it; rejects when declined or failed. */
  send(request: SendTransactionRequest): Promise<void>;
}

function Bridge({ onChange }: { onChange: (wallet: OperatorWallet | null) => void }) {
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

export default function PayoutsWallet({
  onChange,
}: {
  onChange: (wallet: OperatorWallet | null) => void;
}) {
  const locale = useLocale();
  const dark = useTheme() === 'dark';
  return (
    <TonConnectUIProvider
      manifestUrl={`${window.location.origin}/tonconnect-manifest.json`}
      analytics={{ mode: 'off' }}
      language={locale}
      uiPreferences={{ theme: dark ? THEME.DARK : THEME.LIGHT }}
    >
      <Bridge onChange={onChange} />
      <TonConnectButton />
    </TonConnectUIProvider>
  );
}
