/**
 * TON Connect, loaded only with the balance and payments screens (this module is lazy):
 * the library's own connect button, dropdown and notifications, and a handle the top-up
 * panel uses to ask the connected wallet for a transfer.
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

export interface TonTransfer {
  address: string;
  nanotons: bigint;
  /** Base64 BOC of the text comment. */
  payload: string;
}

export interface WalletHandle {
  /** Resolves when the wallet has sent it; rejects when the user declines or the wallet fails. */
  send(transfer: TonTransfer): Promise<void>;
}

/** The user declined in the wallet (the library has already said so in its own notification). */
export function isUserRejection(error: unknown): boolean {
  return error instanceof Error && /reject|declin|cancel/i.test(`${error.name} ${error.message}`);
}

/** How long the wallet may take to send before the request expires. */
const VALID_FOR_SECONDS = 10 * 60;

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
        await ui.sendTransaction({
          validUntil: Math.floor(Date.now() / 1000) + VALID_FOR_SECONDS,
          messages: [
            {
              address: transfer.address,
              amount: transfer.nanotons.toString(),
              payload: transfer.payload,
            },
          ],
        });
      },
    });
    return () => onChange(null);
  }, [wallet, ui, onChange]);
  return null;
}

export default function WalletConnect({
  onChange,
}: {
  onChange: (wallet: WalletHandle | null) => void;
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
