/**
 * The request form shared by /tarot and /dream (docs/product-rules.md#self-service-features): a text of up to 1000
 * characters with a counter and a category-3 advisor, sent as a chat message with request_type;
 * a success banner, then /chat/{advisor} after 1.5 s.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  LIMITS,
  SELF_SERVICE_CATEGORY_ID,
  TIMINGS,
  cleanText,
  countCharacters,
  fitText,
} from '@seer/contract';
import { callApi, isApiError } from '../../lib/api-client';
import { sendPaidMessage } from '../live-dialog/send-message';
import { formatPricePerMessage, useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { useData } from '../../lib/use-data';
import { navigate } from '../../lib/navigation';
import { Avatar } from '../ui/avatar';
import { useMainButton } from '../ui/main-button';
import { openModal } from '../ui/modal';
import { StarRating } from '../ui/star-rating';
import styles from './request-form.module.css';
import { errorText } from '../../lib/error-text';

/** The texts that differ between the tarot and the dream form, already translated. */
export interface RequestTexts {
  title: string;
  messageLabel: string;
  placeholder: string;
  /** 'Please enter a message' / 'Please describe your dream'. */
  messageRequired: string;
  advisorLabel: string;
  /** 'Please select a tarot reader' / 'Please select a dream interpreter'. */
  advisorRequired: string;
  /** 'No tarot readers available' / 'No dream interpreters available'. */
  noAdvisors: string;
}

interface RequestFormProps {
  requestType: 'tarot' | 'dream';
  texts: RequestTexts;
  /** Put before the user's text in the message (the drawn card); counts toward the 1000 characters. */
  context?: string;
}

function useSelfServiceAdvisors() {
  return useData(`advisors:category:${SELF_SERVICE_CATEGORY_ID}`, () =>
    callApi('GetManagersByCategory', { query: { category_id: SELF_SERVICE_CATEGORY_ID } }),
  );
}

const INSUFFICIENT_FUNDS = 'insufficient_funds';

/**
 * The counter under the text: the characters the request will have (the card line put before the
 * text counts) out of the request's 1000, as the server counts them.
 */
export function requestCounter(prefix: string, text: string): { count: number; max: number } {
  return {
    count: countCharacters(prefix) + countCharacters(text),
    max: LIMITS.requestMaxLength,
  };
}

export function RequestForm({ requestType, texts, context = '' }: RequestFormProps) {
  const t = useT();
  const ids = useId();
  const advisors = useSelfServiceAdvisors();
  const [text, setText] = useState('');
  const [advisorId, setAdvisorId] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ message?: string; advisor?: string; submit?: string }>({});
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<number | null>(null);

  const prefix = context ? `${context}\n` : '';
  // Counted in characters as people see them, like the server does.
  const maxLength = LIMITS.requestMaxLength - countCharacters(prefix);

  // After a successful request, go to the advisor's chat 1.5 s later.
  useEffect(() => {
    if (sentTo === null) return;
    const timer = setTimeout(() => navigate(`/chat/${sentTo}`), TIMINGS.redirectAfterRequestMs);
    return () => clearTimeout(timer);
  }, [sentTo]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || sentTo !== null) return;
    const cleaned = cleanText(text, { multiline: true });
    const found = {
      message: cleaned ? undefined : texts.messageRequired,
      advisor: advisorId === null ? texts.advisorRequired : undefined,
    };
    setErrors(found);
    if (found.message || found.advisor || advisorId === null) {
      haptic.notify('error');
      return;
    }
    setSending(true);
    try {
      await sendPaidMessage(advisorId, { text: prefix + cleaned, requestType });
      haptic.notify('success');
      setSentTo(advisorId);
    } catch (error) {
      // Why it was refused (by its error code), else 'Failed to send message'; no answer at all → the network text.
      const message =
        !isApiError(error) || error.status === 0
          ? t('request.networkError')
          : errorText(error, t('request.sendFailed'));
      setErrors({ submit: message });
      if (isApiError(error) && error.code === INSUFFICIENT_FUNDS)
        openModal({ variant: 'warn', onAction: () => navigate('/balance') });
    } finally {
      setSending(false);
    }
  };

  const messageId = `${ids}-message`;
  const formId = `${ids}-form`;
  // "Send a request": Telegram's MainButton inside Telegram, the form's own button elsewhere.
  const sendButton = useMainButton({
    text: t('request.submit'),
    form: formId,
    progress: sending,
    progressText: t('common.sending'),
    disabled: sentTo !== null,
  });
  const list = advisors.status === 'success' ? advisors.data : [];
  return (
    <form
      id={formId}
      className={`card ${styles.form}`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2>{texts.title}</h2>

      <div className="field">
        <label htmlFor={messageId}>{texts.messageLabel}</label>
        <textarea
          id={messageId}
          className={`input ${styles.textarea}`}
          rows={5}
          value={text}
          placeholder={texts.placeholder}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${messageId}-count${errors.message ? ` ${messageId}-error` : ''}`}
          onChange={(event) => {
            setText(fitText(event.target.value, maxLength));
            if (errors.message || errors.submit)
              setErrors((current) => ({ ...current, message: undefined, submit: undefined }));
          }}
        />
        <div className={styles.under}>
          {errors.message ? (
            <p id={`${messageId}-error`} className="field-error" role="alert">
              {errors.message}
            </p>
          ) : (
            <span />
          )}
          <span id={`${messageId}-count`} className={`small muted ${styles.counter}`}>
            {t('request.counter', requestCounter(prefix, text))}
          </span>
        </div>
      </div>

      <fieldset className={styles.advisors} aria-invalid={errors.advisor ? true : undefined}>
        <legend>{texts.advisorLabel}</legend>
        {advisors.status === 'loading' && <p className="muted small">{t('common.loading')}</p>}
        {advisors.status === 'error' && (
          <p className="field-error">
            {t('request.advisorsFailed')}{' '}
            <button type="button" className="button button-ghost" onClick={advisors.retry}>
              {t('common.retry')}
            </button>
          </p>
        )}
        {advisors.status === 'success' && list.length === 0 && (
          <p className="muted">{texts.noAdvisors}</p>
        )}
        {list.map((advisor) => (
          <label
            key={advisor.manager_id}
            className={`${styles.advisor} ${advisorId === advisor.manager_id ? styles.chosen : ''}`}
          >
            <input
              type="radio"
              name={`${ids}-advisor`}
              value={advisor.manager_id}
              checked={advisorId === advisor.manager_id}
              onChange={() => {
                haptic.selection();
                setAdvisorId(advisor.manager_id);
                if (errors.advisor) setErrors((current) => ({ ...current, advisor: undefined }));
              }}
            />
            <Avatar src={advisor.avatar} alt="" size={44} online={advisor.isOnline} />
            <span className={styles.advisorText}>
              <span className={styles.advisorName}>{advisor.name}</span>
              <span className={styles.advisorFacts}>
                <StarRating rating={advisor.rating} count={advisor.reviews} />
                <span className={styles.price}>{formatPricePerMessage(advisor.price_cents)}</span>
              </span>
            </span>
          </label>
        ))}
        {errors.advisor && (
          <p className="field-error" role="alert">
            {errors.advisor}
          </p>
        )}
      </fieldset>

      {errors.submit && (
        <p className="field-error" role="alert">
          {errors.submit}
        </p>
      )}
      {sentTo !== null ? (
        <p className={styles.success} role="status">
          {t('request.success')}
        </p>
      ) : (
        sendButton
      )}
    </form>
  );
}
