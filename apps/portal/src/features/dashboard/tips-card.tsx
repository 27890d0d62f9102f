import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LocationTip } from '@gridline/contracts/tips';
import { client } from '../../shared/api/client.ts';
import { READ_ONLY_NOTE_ID, useReadOnlySession } from '../../shared/api/read-only-session.ts';
import { useIsSignedIn } from '../../shared/api/use-is-signed-in.ts';
import { errorText } from '../../shared/errors.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import './tips-card.css';

const tipsKey = (locationId: string, language: string) => ['tips', locationId, language] as const;

/**
 * The home's energy tips (spec 001 §3, §7; issue 18, decision 0053): the organisation's tips
 * that match the selected location, in the interface language, each with "Mark as done" or
 * "Undo". Done tips go last, so what is left to do stays on top.
 */
export function TipsCard({ locationId }: { locationId: string | null }) {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  const signedIn = useIsSignedIn();
  const readOnly = useReadOnlySession();
  const queryClient = useQueryClient();
  const headingId = useId();
  const key = tipsKey(locationId ?? '', language);
  const tips = useQuery({
    queryKey: key,
    queryFn: () => client.getTips(locationId!, language),
    enabled: signedIn && locationId !== null,
  });
  const mark = useMutation({
    mutationFn: (tip: LocationTip) => client.setTipCompleted(locationId!, tip.tipId, !tip.completed, language),
    onSuccess: (saved) => {
      queryClient.setQueryData<LocationTip[]>(key, (list) => list?.map((tip) => (tip.tipId === saved.tipId ? saved : tip)));
    },
  });

  if (locationId === null) return null;
  const list = [...(tips.data ?? [])].sort((a, b) => Number(a.completed) - Number(b.completed));
  const done = list.filter((tip) => tip.completed).length;

  let body;
  if (tips.isPending) body = <Spinner label={t('tips.loading')} />;
  else if (tips.isError) body = <ErrorAlert>{t('tips.loadError')}</ErrorAlert>;
  else if (list.length === 0) body = <p className="empty-state">{t('tips.empty')}</p>;
  else
    body = (
      <>
        <p className="muted tips-progress">{t('tips.progress', { done, total: list.length })}</p>
        <ul className="tips-list">
          {list.map((tip) => {
            const titleId = `${headingId}-${tip.tipId}`;
            return (
              <li key={tip.tipId} className={tip.completed ? 'tip tip-done' : 'tip'} aria-labelledby={titleId} data-testid="tip">
                <div className="tip-text">
                  <h3 id={titleId} lang={tip.language}>
                    {tip.completed ? <span className="tip-check" aria-hidden="true">✓ </span> : null}
                    {tip.title}
                  </h3>
                  <p lang={tip.language}>{tip.body}</p>
                  {tip.completed ? <p className="tip-status">{t('tips.doneStatus')}</p> : null}
                </div>
                <button
                  type="button"
                  className={tip.completed ? 'button button-ghost button-small' : 'button button-secondary button-small'}
                  onClick={() => mark.mutate(tip)}
                  disabled={readOnly || (mark.isPending && mark.variables?.tipId === tip.tipId)}
                  aria-describedby={readOnly ? READ_ONLY_NOTE_ID : titleId}
                >
                  {tip.completed ? t('tips.undo') : t('tips.markDone')}
                </button>
              </li>
            );
          })}
        </ul>
      </>
    );

  return (
    <section className="card tips-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('tips.title')}</h2>
      <p className="muted">{t('tips.intro')}</p>
      {mark.isError ? <ErrorAlert>{errorText(mark.error, i18n)}</ErrorAlert> : null}
      {body}
    </section>
  );
}
