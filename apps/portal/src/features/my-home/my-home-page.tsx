import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  carOptions,
  gadgetOptions,
  HOME_CAREFULNESS,
  HOME_RESIDENTS,
  HOME_SIZE,
  homeExtrasForSave,
  homeFormFromExtras,
  homePropertyTypes,
  heatingOptions,
  NO_GADGETS,
  NO_SECONDARY_HEATING,
  NO_VEHICLE,
  onCarefulnessScale,
  secondaryHeatingOptions,
  toggleChoice,
  type Car,
  type Gadget,
  type HomeForm,
} from '@gridline/contracts/home';
import type { Location } from '@gridline/contracts/locations';
import { formatNumber } from '@gridline/locale/numbers';
import { READ_ONLY_NOTE_ID, useReadOnlySession } from '../../shared/api/read-only-session.ts';
import { errorText } from '../../shared/errors.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import { useSelectedLocation } from '../../shared/location/selected-location.ts';
import { CountList } from './count-list.tsx';
import { useHomeLabels } from './home-labels.ts';
import { useRefetchUserOnLeave, useSaveHome } from './use-save-home.ts';
import { parseWholeNumber } from './whole-number.ts';
import './my-home.css';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

const countedCars = carOptions.filter((car): car is Exclude<Car, typeof NO_VEHICLE> => car !== NO_VEHICLE);
const countedGadgets = gadgetOptions.filter((gadget): gadget is Exclude<Gadget, typeof NO_GADGETS> => gadget !== NO_GADGETS);

/**
 * My home (spec 000 §2.11, §4.7): the selected location's home details as a form, filled from
 * its extras or the defaults. Hidden with HIDE_MY_HOME (app/flagged-routes.tsx). Leaving the
 * page for any route but login refetches the user.
 */
export default function MyHomePage() {
  const { t } = useTranslation();
  const { selected } = useSelectedLocation();
  useRefetchUserOnLeave();

  if (!selected) {
    return (
      <div className="page-content">
        <section className="card">
          <p className="empty-state">{t('myHome.noLocation')}</p>
        </section>
      </div>
    );
  }
  // A form of its own per location: choosing another location starts from its extras.
  return <HomeFormCard key={selected._id} location={selected} />;
}

function HomeFormCard({ location }: { location: Location }) {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  const labels = useHomeLabels();
  const save = useSaveHome();
  const readOnly = useReadOnlySession();
  const [form, setForm] = useState<HomeForm>(() => homeFormFromExtras(location.extras));
  const [sizeText, setSizeText] = useState(() => String(form.size));
  const [residentsText, setResidentsText] = useState(() => String(form.numberOfResidens));
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const size = parseWholeNumber(sizeText, HOME_SIZE.min, HOME_SIZE.max);
  const residents = parseWholeNumber(residentsText, HOME_RESIDENTS.min, HOME_RESIDENTS.max);
  const blocked = !location.accountId;
  const canSave = size !== null && residents !== null && !blocked && !readOnly && !save.isPending;
  const n = (value: number, digits = 0) => formatNumber(value, language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const change = (next: Partial<HomeForm>) => {
    setSavedAt(null);
    setForm((current) => ({ ...current, ...next }));
  };

  const carefulness = form.wasteful;
  const carefulnessText = t('myHome.carefulness.valueText', {
    value: n(carefulness, 1),
    description:
      carefulness < HOME_CAREFULNESS.default ? t('myHome.carefulness.careful')
      : carefulness > HOME_CAREFULNESS.default ? t('myHome.carefulness.generous')
      : t('myHome.carefulness.average'),
  });

  const showTop = () => {
    window.scrollTo({ top: 0 });
    messageRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || size === null || residents === null) return;
    setSavedAt(null);
    save.mutate(
      { accountId: location.accountId, locationId: location._id, extras: homeExtrasForSave({ ...form, size, numberOfResidens: residents }) },
      {
        onSuccess: (saved) => {
          const next = homeFormFromExtras(saved.extras);
          setForm(next);
          setSizeText(String(next.size));
          setResidentsText(String(next.numberOfResidens));
          setSavedAt(Date.now());
          showTop();
        },
        onError: showTop,
      },
    );
  };

  return (
    <div className="page-content">
      <div ref={messageRef} tabIndex={-1} className="home-message">
        <div role="status">{savedAt !== null ? <p className="alert home-saved">{t('myHome.saved')}</p> : null}</div>
        {save.isError ? <ErrorAlert>{errorText(save.error, i18n)}</ErrorAlert> : null}
      </div>

      <form className="card home-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <h2 id={`${id}-title`}>{t('myHome.formTitle')}</h2>
        <p className="muted">{t('myHome.intro')}</p>
        {blocked ? <p className="alert alert-error">{t('myHome.noAccount')}</p> : null}

        <fieldset className="home-fields" disabled={save.isPending}>
          <fieldset className="home-group">
            <legend>{t('myHome.propertyType.legend')}</legend>
            <div className="choice-grid">
              {homePropertyTypes.map((type) => (
                <label key={type} className="choice">
                  <input type="radio" name={`${id}-type`} value={type} checked={form.propertyType === type} onChange={() => change({ propertyType: type })} />
                  <span>{labels.propertyType[type]}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="home-numbers">
            <div className="field">
              <label htmlFor={`${id}-size`}>{t('myHome.size.label')}</label>
              <p id={`${id}-size-hint`} className="field-hint">
                {t('myHome.size.hint', { min: n(HOME_SIZE.min), max: n(HOME_SIZE.max) })}
              </p>
              <input
                id={`${id}-size`}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={sizeText}
                aria-invalid={size === null || undefined}
                aria-describedby={size === null ? `${id}-size-hint ${id}-size-error` : `${id}-size-hint`}
                onChange={(event) => {
                  setSavedAt(null);
                  setSizeText(event.target.value);
                }}
              />
              {size === null ? (
                <p id={`${id}-size-error`} className="field-error">
                  {t('myHome.size.error', { min: n(HOME_SIZE.min), max: n(HOME_SIZE.max) })}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={`${id}-residents`}>{t('myHome.residents.label')}</label>
              <p id={`${id}-residents-hint`} className="field-hint">
                {t('myHome.residents.hint', { min: n(HOME_RESIDENTS.min), max: n(HOME_RESIDENTS.max) })}
              </p>
              <input
                id={`${id}-residents`}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={residentsText}
                aria-invalid={residents === null || undefined}
                aria-describedby={residents === null ? `${id}-residents-hint ${id}-residents-error` : `${id}-residents-hint`}
                onChange={(event) => {
                  setSavedAt(null);
                  setResidentsText(event.target.value);
                }}
              />
              {residents === null ? (
                <p id={`${id}-residents-error`} className="field-error">
                  {t('myHome.residents.error', { min: n(HOME_RESIDENTS.min), max: n(HOME_RESIDENTS.max) })}
                </p>
              ) : null}
            </div>
          </div>

          <div className="field home-carefulness">
            <label htmlFor={`${id}-carefulness`}>{t('myHome.carefulness.label')}</label>
            <p id={`${id}-carefulness-hint`} className="field-hint">
              {t('myHome.carefulness.hint', { min: n(HOME_CAREFULNESS.min, 1), max: n(HOME_CAREFULNESS.max, 1), average: n(HOME_CAREFULNESS.default, 1) })}
            </p>
            <div className="range-row">
              <input
                id={`${id}-carefulness`}
                type="range"
                min={HOME_CAREFULNESS.min}
                max={HOME_CAREFULNESS.max}
                step={HOME_CAREFULNESS.step}
                value={carefulness}
                aria-valuetext={carefulnessText}
                aria-describedby={`${id}-carefulness-hint`}
                onChange={(event) => change({ wasteful: onCarefulnessScale(Number(event.target.value)) })}
              />
              <output htmlFor={`${id}-carefulness`} className="range-value">
                {carefulnessText}
              </output>
            </div>
          </div>

          <CountList
            legend={t('myHome.vehicles.legend')}
            hint={t('myHome.vehicles.hint')}
            options={countedCars}
            none={NO_VEHICLE}
            list={form.cars}
            labels={labels.cars}
            onChange={(cars) => change({ cars })}
          />

          <CountList
            legend={t('myHome.gadgets.legend')}
            hint={t('myHome.gadgets.hint')}
            options={countedGadgets}
            none={NO_GADGETS}
            list={form.gadgets}
            labels={labels.gadgets}
            onChange={(gadgets) => change({ gadgets })}
          />

          <fieldset className="home-group">
            <legend>{t('myHome.heatingLegend')}</legend>
            <div className="choice-grid">
              {heatingOptions.map((heating) => (
                <label key={heating} className="choice">
                  <input type="radio" name={`${id}-heating`} value={heating} checked={form.heating === heating} onChange={() => change({ heating })} />
                  <span>{labels.heating[heating]}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="home-group">
            <legend>{t('myHome.secondaryHeating.legend')}</legend>
            <div className="choice-grid">
              {secondaryHeatingOptions.map((heating) => (
                <label key={heating} className="choice">
                  <input
                    type="checkbox"
                    value={heating}
                    checked={form.heatingSecondary.includes(heating)}
                    onChange={() => change({ heatingSecondary: toggleChoice(form.heatingSecondary, heating, NO_SECONDARY_HEATING) })}
                  />
                  <span>{labels.heating[heating]}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="home-actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={!canSave}
              aria-busy={save.isPending || undefined}
              aria-describedby={readOnly ? READ_ONLY_NOTE_ID : undefined}
            >
              {save.isPending ? t('myHome.saving') : t('myHome.save')}
            </button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
