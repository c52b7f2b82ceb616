/**
 * In place of the composer while a block stands between the two parties (decision 048): who
 * blocked whom, said kindly, and "Unblock" for the caller's own block.
 */
import type { BlockState } from '@seer/contract';
import { useT } from '../../lib/i18n';
import './safety.css';

export function BlockedNotice({
  state,
  side,
  onUnblock,
}: {
  state: BlockState;
  /** Whose screen: the user's chat or the advisor's workspace. */
  side: 'user' | 'manager';
  onUnblock: () => void;
}) {
  const t = useT();
  return (
    <div className="blocked-notice" role="status" data-testid="blocked-notice">
      <p>
        {state.you_blocked
          ? t(side === 'user' ? 'safety.block.youBlockedAdvisor' : 'safety.block.youBlockedClient')
          : t(side === 'user' ? 'safety.block.advisorBlockedYou' : 'safety.block.clientBlockedYou')}
      </p>
      {state.you_blocked && (
        <button type="button" className="button button-secondary" onClick={onUnblock}>
          {t('safety.block.unblock')}
        </button>
      )}
    </div>
  );
}
