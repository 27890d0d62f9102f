import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedLocation } from '../../shared/location/selected-location.ts';
import { LoadingOverlay } from '../loading-overlay.tsx';

interface LocationPickerProps {
  title: string;
}

/**
 * The page title and the selected location's street address (spec 000 §2.2). Disabled when only
 * one location is selectable; absent when there is none.
 */
export function LocationPicker({ title }: LocationPickerProps) {
  const { t } = useTranslation();
  const { locations, selected, select, changing, changeError } = useSelectedLocation();
  const selectId = useId();

  return (
    <div className="page-header">
      <h1>{title}</h1>
      {locations.length > 0 && selected ? (
        <div className="location-picker">
          <label htmlFor={selectId}>{t('location.label')}</label>
          {/* Not disabled while a change is under way: that would take the keyboard focus away.
              Choices made meanwhile are ignored (the overlay covers the page for the pointer). */}
          <select
            id={selectId}
            value={selected._id}
            disabled={locations.length < 2}
            aria-busy={changing || undefined}
            onChange={(event) => {
              if (!changing) select(event.target.value);
            }}
          >
            {locations.map((location) => (
              <option key={location._id} value={location._id}>
                {location.position.address || location.address}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {changeError ? (
        <p className="alert alert-error page-header-alert" role="alert">
          {t('location.changeError')}
        </p>
      ) : null}
      {changing ? <LoadingOverlay label={t('shared:loading')} /> : null}
    </div>
  );
}
