import type { Language } from '@gridline/contracts/enums';
import type { CopyBundle } from './types.ts';
import de from './de.ts';
import { invoiceDocumentTexts } from './documents/invoice-document.ts';
import en from './en.ts';
import fi from './fi.ts';
import nb from './nb.ts';
import nn from './nn.ts';
import sv from './sv.ts';

/** A language's texts with the invoice document's labels added as `shared.invoiceDocument`. */
function withDocuments(language: Language, bundle: CopyBundle): CopyBundle {
  return {
    ...bundle,
    shared: { ...bundle.shared, invoiceDocument: { ...invoiceDocumentTexts[language] } },
  };
}

/**
 * Every language's default texts, for the server (`GET /v3/copy/aggregated` merges an
 * organisation's overrides over these). Web apps import `loadCopyBundle` from
 * `load-copy-bundle.ts` instead: importing this module puts every language in their bundle.
 */
export const copyBundles: Readonly<Record<Language, CopyBundle>> = {
  en: withDocuments('en', en),
  sv: withDocuments('sv', sv),
  nb: withDocuments('nb', nb),
  nn: withDocuments('nn', nn),
  fi: withDocuments('fi', fi),
  de: withDocuments('de', de),
};

export { loadCopyBundle } from './load-copy-bundle.ts';
