import { useMemo, useState } from 'react';
import { dateKeyInZone } from '@gridline/locale/dates';
import { keys, organisationSlug } from '../../shared/api/client.ts';
import type { StoreApp } from '../../shared/app/store-app.ts';
import { locationNotice } from '../../shared/location/location-notice.ts';
import { useSelectedLocation } from '../../shared/location/selected-location.ts';
import { readStored } from '../../shared/storage.ts';
import { hasSeenWelcome, welcomeCookie } from '../../shared/welcome/welcome-cookie.ts';
import { DownloadAppDialog } from './download-app-dialog.tsx';
import { LocationInfoDialog } from './location-info-dialog.tsx';
import { WelcomeDialog } from './welcome-dialog.tsx';

/** The location info dialog is shown once per location in a browser session (sessionStorage). */
const infoSeenKey = `gridline.locationInfoSeen.${organisationSlug || 'unknown'}`;

function readInfoSeen(): string[] {
  try {
    const value: unknown = JSON.parse(globalThis.sessionStorage?.getItem(infoSeenKey) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeInfoSeen(ids: readonly string[]): void {
  try {
    globalThis.sessionStorage?.setItem(infoSeenKey, JSON.stringify(ids));
  } catch {
    // not remembered: the dialog shows again on the next page load
  }
}

/**
 * The frame's dialogs, one at a time, in this order (spec 000 §2.2, §2.3):
 * 1. the welcome dialog, for an account that has not dismissed it in this browser (the cookie
 *    `hasSeenWelcome`); the account is the selected location's, so a location of another account
 *    greets that account too;
 * 2. the location info dialog, when the selected location is PENDING or ACTIVE_PROCESS, once per
 *    location and browser session;
 * 3. the download-app dialog, once, when the organisation offers its app.
 */
export function FrameDialogs({ app, organisationName }: { app: StoreApp; organisationName: string }) {
  const { selected, accountId } = useSelectedLocation();
  const [welcomed, setWelcomed] = useState<readonly string[]>([]);
  const [infoSeen, setInfoSeen] = useState<readonly string[]>(readInfoSeen);

  const showWelcome = accountId !== null && !welcomed.includes(accountId) && !hasSeenWelcome(document.cookie, accountId);
  const notice = useMemo(
    () => (selected ? locationNotice(selected, dateKeyInZone(new Date(), selected.timeZone, 'day'), readStored(keys.startDate)) : null),
    [selected],
  );

  if (showWelcome) {
    return (
      <WelcomeDialog
        key={accountId}
        organisationName={organisationName}
        onDismissed={() => {
          document.cookie = welcomeCookie(document.cookie, accountId, { secure: window.location.protocol === 'https:' });
          setWelcomed((ids) => [...ids, accountId]);
        }}
      />
    );
  }
  if (selected && notice && !infoSeen.includes(selected._id)) {
    return (
      <LocationInfoDialog
        key={selected._id}
        location={selected}
        notice={notice}
        onClosed={() => {
          const ids = [...infoSeen, selected._id];
          writeInfoSeen(ids);
          setInfoSeen(ids);
        }}
      />
    );
  }
  return app.offerPopup ? <DownloadAppDialog links={app.links} /> : null;
}
