/**
 * TON Connect, loaded only with the balance and payments screens (this module is lazy, and
 * brings @ton/core with it): the library's own connect button, dropdown and notifications, and
 * a handle the top-up panel uses to ask the connected wallet for a transfer.
 */
import { useCallback } from 'react';
import TonConnect, { type ConnectedWallet } from '../../../shared/ton-wallet/ton-connect';
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

export default function WalletConnect({
  onChange,
  returnUrl,
}: {
  onChange: (wallet: WalletHandle | null) => void;
  /** Brings a Telegram user back into Seer after the wallet (Telegram Wallet and others). */
  returnUrl: string | null;
}) {
  const onWallet = useCallback(
    (wallet: ConnectedWallet | null) =>
      onChange(wallet && { send: (transfer) => wallet.send(transactionRequest(transfer)) }),
    [onChange],
  );
  return <TonConnect onChange={onWallet} returnUrl={returnUrl} />;
}
