/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { currencies, languages, type Language, InvoiceStatus, SiteType } from '@gridline/contracts/enums';
import { errorCatalogue } from '@gridline/contracts/errors';
import { loadCopyBundle } from './load-copy-bundle.ts';
import type { CopyBundle, CopyTree } from './types.ts';

/**
 * Every text the portal asks i18next for must exist in the bundled defaults of all six
 * languages: the portal falls back to them for any key the server's answer lacks.
 *
 * The portal's convention (apps/portal/src/shared/i18n/i18n.ts): each copy group is an i18next
 * namespace; `useTranslation()` uses the default namespace (`my-pages`), `useTranslation('shared')`
 * another; a key may name its namespace (`t('shared:signOut')`) or pass `{ ns }`; every lookup
 * falls back to the fallback namespace (`shared`). This test reads the portal's sources with the
 * TypeScript parser and resolves each key the same way.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const portalSrc = path.join(root, 'apps/portal/src');
const relative = (file: string) => path.relative(root, file);

/** Keys the portal builds at run time: each expression (as written) with the keys it can take. */
const dynamicKeys: Record<string, { where: string; values: () => string[] }> = {
  '`errors.${key}`': {
    where: 'shared/errors.ts errorText: the key of any API error, from the server or the client',
    values: () => errorKeys().map((key) => `errors.${key}`),
  },
  '`invoiceStatus.${invoice.invoiceStatus}`': {
    where: "shared/invoices/invoice-row.tsx: an invoice's status",
    values: () => InvoiceStatus.options.map((status) => `invoiceStatus.${status}`),
  },
  '`languageNames.${code}`': {
    where: "shared/ui/language-select.tsx: each of the organisation's languages by its own name",
    values: () => languages.map((language) => `languageNames.${language}`),
  },
  '`agreement.serviceTypes.${agreement.siteType}`': {
    where: "features/agreement/agreement-page.tsx: an agreement's tab, titled by its service's site type",
    values: () => SiteType.options.map((type) => `agreement.serviceTypes.${type}`),
  },
  '`units.currency.${organisation.currency}`': {
    where: "features/agreement/agreement-page.tsx: the currency's sign in an agreement's templates",
    values: () => currencies.map((currency) => `units.currency.${currency}`),
  },
  titleKey: {
    where: "app/frame/protected-frame.tsx: the page title, a route handle's `titleKey`",
    values: () => titleKeys,
  },
};

/**
 * Texts an organisation may add and the platform has no default for; the portal asks
 * `i18n.exists` first and does without them.
 */
const optionalKeys = [
  'organisation:contactUrl',
  'organisation:email',
  // The organisation's external addresses (shared/external-links.ts)
  'organisation:urls.gridInvoice',
  'organisation:urls.invoiceFrame',
  'organisation:urls.invoiceFrameStage',
  'organisation:urls.agreementFrame',
  'organisation:urls.accountFrame',
  'organisation:urls.renewal',
  // The help page's contact block and the disruption info box (features/faq, shared/disruptions)
  'organisation:contact.openingHours',
  'organisation:contact.extraInfo',
  'organisation:urls.accessibilityStatement',
  'organisation:urls.disruptionInfo',
  // The broadband information call-to-action of the analysis page (features/analysis)
  'organisation:urls.broadbandInfo',
];

/** Keys of errors the portal can meet: the API's catalogue and those the client makes itself. */
function errorKeys(): string[] {
  const client = fs.readFileSync(path.join(root, 'packages/client/src/errors.ts'), 'utf8');
  const made = [...client.matchAll(/\bkey: '(\w+)'/g), ...client.matchAll(/\breturn '(\w+)'/g)].map((m) => m[1] as string);
  return [...new Set([...Object.keys(errorCatalogue), ...made, 'generic'])].sort();
}

interface Usage {
  key: string;
  /** The namespace given by the call (`{ ns }`, the hook's namespace), if any. */
  ns: string | undefined;
  keyPrefix: string | undefined;
  /** The call passes `count`, so i18next looks for plural forms first. */
  plural: boolean;
  at: string;
}

interface Dynamic {
  expression: string;
  ns: string | undefined;
  at: string;
}

interface Translator {
  ns: string | undefined;
  keyPrefix: string | undefined;
}

interface Scan {
  usages: Usage[];
  dynamic: Dynamic[];
  /** Keys asked with `i18n.exists`, as `ns:key` where the call names a namespace. */
  guarded: Set<string>;
  titleKeys: string[];
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const literal = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

function objectProperty(node: ts.Node | undefined, name: string): ts.Expression | undefined {
  if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property) && property.name.text === name) return property.name;
  }
  return undefined;
}

const isFunctionLike = (node: ts.Node) =>
  ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node);

function enclosingFunction(node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunctionLike(current)) return current;
  return undefined;
}

function scanPortal(): Scan {
  const scan: Scan = { usages: [], dynamic: [], guarded: new Set(), titleKeys: [] };
  for (const file of sourceFiles(portalSrc)) {
    const text = fs.readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const at = (node: ts.Node) => `${relative(file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    /** Translator functions (`const { t } = useTranslation('shared')`) by the function that declares them. */
    const translators = new Map<ts.Node | undefined, Map<string, Translator>>();

    const declare = (node: ts.Node, name: string, translator: Translator) => {
      const scope = enclosingFunction(node);
      const names = translators.get(scope) ?? new Map<string, Translator>();
      names.set(name, translator);
      translators.set(scope, names);
    };
    const translatorFor = (node: ts.Node, name: string): Translator | undefined => {
      for (let scope = enclosingFunction(node); ; scope = scope ? enclosingFunction(scope) : undefined) {
        const found = translators.get(scope)?.get(name);
        if (found || !scope) return found;
      }
    };
    const record = (keyNode: ts.Expression | undefined, options: ts.Node | undefined, translator: Translator, node: ts.Node) => {
      if (!keyNode) return;
      const nsNode = objectProperty(options, 'ns');
      const ns = nsNode ? literal(nsNode) : translator.ns;
      if (nsNode && ns === undefined) {
        scan.dynamic.push({ expression: `{ ns: ${nsNode.getText()} }`, ns: undefined, at: at(node) });
        return;
      }
      const plural = objectProperty(options, 'count') !== undefined;
      const keys = ts.isConditionalExpression(keyNode) ? [keyNode.whenTrue, keyNode.whenFalse] : [keyNode];
      for (const k of keys) {
        const key = literal(k);
        if (key !== undefined) scan.usages.push({ key, ns, keyPrefix: translator.keyPrefix, plural, at: at(node) });
        else scan.dynamic.push({ expression: k.getText().replace(/\s+/g, ' '), ns, at: at(node) });
      }
    };

    // First the translators, so that a use before its declaration in the file still resolves.
    const findTranslators = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && node.initializer && ts.isCallExpression(node.initializer)) {
        const call = node.initializer;
        const callee = call.expression.getText();
        if (callee === 'useTranslation' && ts.isObjectBindingPattern(node.name)) {
          const [nsArg, optionsArg] = call.arguments;
          const translator = { ns: literal(nsArg), keyPrefix: literal(objectProperty(optionsArg, 'keyPrefix')) };
          for (const element of node.name.elements) {
            const property = element.propertyName?.getText() ?? element.name.getText();
            if (property === 't') declare(node, element.name.getText(), translator);
          }
        }
        if (callee.endsWith('.getFixedT') && ts.isIdentifier(node.name)) {
          const [, nsArg, prefixArg] = call.arguments;
          declare(node, node.name.text, { ns: literal(nsArg), keyPrefix: literal(prefixArg) });
        }
      }
      ts.forEachChild(node, findTranslators);
    };
    findTranslators(source);

    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const [keyNode, options] = node.arguments;
        const callee = node.expression;
        if (ts.isIdentifier(callee)) {
          const translator = translatorFor(node, callee.text);
          if (translator) record(keyNode, options, translator, node);
        } else if (ts.isPropertyAccessExpression(callee) && callee.name.text === 't') {
          // The i18next instance's own `t` (`i18n.t`): the default namespace unless told otherwise.
          record(keyNode, options, { ns: undefined, keyPrefix: undefined }, node);
        } else if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'exists') {
          const key = literal(keyNode);
          const ns = literal(objectProperty(options, 'ns'));
          const text = key ?? keyNode?.getText();
          if (text) scan.guarded.add(ns ? `${ns}:${text}` : text);
        }
      }
      if (ts.isJsxAttribute(node) && node.name.getText() === 'i18nKey' && node.initializer) {
        const element = node.parent.parent;
        const nsAttribute = ts.isJsxOpeningLikeElement(element)
          ? element.attributes.properties.find((a) => ts.isJsxAttribute(a) && a.name.getText() === 'ns')
          : undefined;
        const nsValue = nsAttribute && ts.isJsxAttribute(nsAttribute) ? literal(nsAttribute.initializer) : undefined;
        const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
        record(value, undefined, { ns: nsValue, keyPrefix: undefined }, node);
      }
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'titleKey') {
        const key = literal(node.initializer);
        if (key !== undefined) scan.titleKeys.push(key);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return scan;
}

/** The portal's i18next settings, read from its source so that a change there is followed here. */
function portalI18nConfig() {
  const text = fs.readFileSync(path.join(portalSrc, 'shared/i18n/i18n.ts'), 'utf8');
  const setting = (name: string) => text.match(new RegExp(`\\b${name}:\\s*'([^']*)'`))?.[1];
  const defaultNS = setting('defaultNS');
  const fallbackNS = setting('fallbackNS');
  if (!defaultNS) throw new Error('apps/portal/src/shared/i18n/i18n.ts: no defaultNS found; teach portal-keys.test.ts the new convention');
  if (/\b(nsSeparator|keySeparator)\b/.test(text)) {
    throw new Error('apps/portal/src/shared/i18n/i18n.ts sets a separator; teach portal-keys.test.ts to use it');
  }
  return { defaultNS, fallbackNS };
}

function lookup(tree: CopyTree | undefined, key: string): string | undefined {
  let node: string | CopyTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

/** Whether i18next would find a text for the usage in this language's bundle. */
function resolves(bundle: CopyBundle, language: Language, usage: Omit<Usage, 'at'>, config: ReturnType<typeof portalI18nConfig>): boolean {
  let key = usage.keyPrefix ? `${usage.keyPrefix}.${usage.key}` : usage.key;
  let ns = usage.ns ?? config.defaultNS;
  const colon = key.indexOf(':');
  if (colon >= 0) {
    ns = key.slice(0, colon);
    key = key.slice(colon + 1);
  }
  const namespaces = [ns, ...(config.fallbackNS && config.fallbackNS !== ns ? [config.fallbackNS] : [])];
  const find = (k: string) => namespaces.some((n) => lookup((bundle as Record<string, CopyTree | undefined>)[n], k) !== undefined);
  if (!usage.plural) return find(key);
  // With a count i18next tries the language's plural form first and then the bare key.
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  return forms.every((form) => find(`${key}_${form}`) || find(key));
}

let scan: Scan;
let titleKeys: string[] = [];
let bundles: Record<Language, CopyBundle>;
let config: ReturnType<typeof portalI18nConfig>;

beforeAll(async () => {
  config = portalI18nConfig();
  scan = scanPortal();
  titleKeys = scan.titleKeys;
  bundles = Object.fromEntries(await Promise.all(languages.map(async (language) => [language, await loadCopyBundle(language)]))) as Record<
    Language,
    CopyBundle
  >;
});

const show = (lines: string[]) => `\n  ${lines.join('\n  ')}\n`;

describe('the keys the portal uses', () => {
  it('are found in its sources', () => {
    const found = new Set(scan.usages.map((usage) => `${usage.ns ?? ''}|${usage.key}`));
    // Known usages of each form, so that a scanner that finds nothing cannot pass.
    expect(found).toContain('|login.title'); // const { t } = useTranslation(); t('login.title')
    expect(found).toContain('|shared:signOut'); // a namespace in the key
    expect(found).toContain('shared|loading'); // useTranslation('shared')
    expect(found).toContain('shared|errors.generic'); // i18n.t(key, { ns })
    expect(titleKeys).toContain('dashboard.title');
    expect(errorKeys()).toEqual(expect.arrayContaining(['couldNotConnectToServer', 'couldNotParseData', 'tooManyRequests', 'timeout']));
  });

  it('each have a non-empty text in all six languages', () => {
    const missing: string[] = [];
    const optional = new Set(optionalKeys);
    const check = (usage: Omit<Usage, 'at'>, at: string) => {
      const key = usage.keyPrefix ? `${usage.keyPrefix}.${usage.key}` : usage.key;
      const name = key.includes(':') ? key : `${usage.ns ?? config.defaultNS}:${key}`;
      if (optional.has(name)) return;
      const lacking = languages.filter((language) => !resolves(bundles[language], language, usage, config));
      if (lacking.length > 0) missing.push(`${name}  [${lacking.join(', ')}]  ${at}`);
    };
    for (const usage of scan.usages) check(usage, usage.at);
    for (const use of scan.dynamic) {
      const listed = dynamicKeys[use.expression];
      for (const key of listed?.values() ?? []) check({ key, ns: use.ns, keyPrefix: undefined, plural: false }, `${use.at} (${use.expression})`);
    }
    expect(missing, `Portal keys without a text (key  [languages]  where):${show(missing)}`).toEqual([]);
  });

  it('built at run time are listed here with the values they can take', () => {
    const unlisted = scan.dynamic.filter((use) => !(use.expression in dynamicKeys)).map((use) => `${use.expression}  ${use.at}`);
    expect(unlisted, `Add these to dynamicKeys in packages/copy/src/portal-keys.test.ts:${show(unlisted)}`).toEqual([]);
    const used = new Set(scan.dynamic.map((use) => use.expression));
    const stale = Object.entries(dynamicKeys)
      .filter(([expression]) => !used.has(expression))
      .map(([expression, entry]) => `${expression}  (${entry.where})`);
    expect(stale, `No longer in the portal; remove from dynamicKeys:${show(stale)}`).toEqual([]);
  });

  it('without a default are optional: the portal checks i18n.exists before using them', () => {
    const unguarded = optionalKeys.filter((key) => !scan.guarded.has(key));
    expect(unguarded, `Optional keys the portal uses without i18n.exists:${show(unguarded)}`).toEqual([]);
  });
});
