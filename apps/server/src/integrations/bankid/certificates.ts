import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A small certificate authority for the BankID simulator's mutual TLS: a CA, a server
 * certificate for localhost and a relying-party client certificate, all ECDSA P-256, written once
 * into a folder and reused. Node can sign but not build X.509 certificates, so the DER is
 * assembled here (RFC 5280, only the fields TLS needs).
 */

export interface PemPair {
  cert: string;
  key: string;
}

export interface SimulatorCertificates {
  ca: PemPair;
  server: PemPair;
  /** The relying party's client certificate, as a bank would issue it. */
  client: PemPair;
}

// ---- DER --------------------------------------------------------------------------------------

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, content: Buffer) => Buffer.concat([Buffer.from([tag]), length(content.length), content]);
const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const explicit = (n: number, content: Buffer) => tlv(0xa0 + n, content);
const octets = (content: Buffer) => tlv(0x04, content);
const bits = (content: Buffer, unused = 0) => tlv(0x03, Buffer.concat([Buffer.from([unused]), content]));
const bool = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));

function integer(content: Buffer): Buffer {
  let bytes = content;
  while (bytes.length > 1 && bytes[0] === 0 && ((bytes[1] as number) & 0x80) === 0) bytes = bytes.subarray(1);
  if (((bytes[0] as number) & 0x80) !== 0) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const out: number[] = [40 * (parts[0] as number) + (parts[1] as number)];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [];
    let v = part;
    do {
      chunk.unshift(v & 0x7f);
      v = Math.floor(v / 128);
    } while (v > 0);
    for (let i = 0; i < chunk.length - 1; i += 1) chunk[i] = (chunk[i] as number) | 0x80;
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  // UTCTime up to 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5)
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organisation: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
};

const name = (commonName: string) =>
  seq(set(seq(oid(OID.organisation), utf8('Gridline BankID simulator'))), set(seq(oid(OID.commonName), utf8(commonName))));

const extension = (id: string, critical: boolean, value: Buffer) => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));

const keyId = (publicKey: KeyObject) => createHash('sha1').update(publicKey.export({ type: 'spki', format: 'der' })).digest();

interface Issue {
  subject: string;
  publicKey: KeyObject;
  issuer: { name: string; privateKey: KeyObject; publicKey: KeyObject };
  ca: boolean;
  usage?: 'server' | 'client';
  dnsNames?: string[];
  ipAddresses?: string[];
  days: number;
}

function issue(options: Issue): string {
  const now = Date.now();
  const extensions = [
    extension(OID.basicConstraints, true, options.ca ? seq(bool(true)) : seq()),
    // CA: keyCertSign and cRLSign (bits 5, 6); leaf: digitalSignature (bit 0)
    extension(OID.keyUsage, true, options.ca ? bits(Buffer.from([0x06]), 1) : bits(Buffer.from([0x80]), 7)),
    extension(OID.subjectKeyIdentifier, false, octets(keyId(options.publicKey))),
    extension(OID.authorityKeyIdentifier, false, seq(tlv(0x80, keyId(options.issuer.publicKey)))),
  ];
  if (options.usage) extensions.push(extension(OID.extKeyUsage, false, seq(oid(options.usage === 'server' ? OID.serverAuth : OID.clientAuth))));
  const altNames = [
    ...(options.dnsNames ?? []).map((dns) => tlv(0x82, Buffer.from(dns, 'ascii'))),
    ...(options.ipAddresses ?? []).map((ip) => tlv(0x87, Buffer.from(ip.split('.').map(Number)))),
  ];
  if (altNames.length > 0) extensions.push(extension(OID.subjectAltName, false, seq(...altNames)));
  const algorithm = seq(oid(OID.ecdsaWithSha256));
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(randomBytes(16)),
    algorithm,
    name(options.issuer.name),
    seq(time(new Date(now - 60_000)), time(new Date(now + options.days * 86_400_000))),
    name(options.subject),
    options.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, seq(...extensions)),
  );
  const signature = sign('sha256', tbs, options.issuer.privateKey);
  const der = seq(tbs, algorithm, bits(signature));
  const base64 = der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '');
  return `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`;
}

const keyPair = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const pemKey = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

/** A new CA with a server certificate (localhost, 127.0.0.1) and a client certificate. */
export function createSimulatorCertificates(): SimulatorCertificates {
  const ca = keyPair();
  const issuer = { name: 'Gridline BankID simulator CA', privateKey: ca.privateKey, publicKey: ca.publicKey };
  const caCert = issue({ subject: issuer.name, publicKey: ca.publicKey, issuer, ca: true, days: 3650 });
  const server = keyPair();
  const serverCert = issue({ subject: 'localhost', publicKey: server.publicKey, issuer, ca: false, usage: 'server', dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'], days: 825 });
  const client = keyPair();
  const clientCert = issue({ subject: 'Gridline relying party (test)', publicKey: client.publicKey, issuer, ca: false, usage: 'client', days: 825 });
  return {
    ca: { cert: caCert, key: pemKey(ca.privateKey) },
    server: { cert: serverCert, key: pemKey(server.privateKey) },
    client: { cert: clientCert, key: pemKey(client.privateKey) },
  };
}

const FILES = ['ca.pem', 'ca-key.pem', 'server.pem', 'server-key.pem', 'client.pem', 'client-key.pem'] as const;

/** The simulator's certificates from `dir`, created there at first start. */
export function loadOrCreateSimulatorCertificates(dir: string): SimulatorCertificates {
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
  if (FILES.every((file) => fs.existsSync(path.join(dir, file)))) {
    const certificates = {
      ca: { cert: read('ca.pem'), key: read('ca-key.pem') },
      server: { cert: read('server.pem'), key: read('server-key.pem') },
      client: { cert: read('client.pem'), key: read('client-key.pem') },
    };
    // A pair that does not belong together (a half-copied folder) is made anew.
    if (createPublicKey(certificates.server.key).export({ format: 'jwk' }).x === createPublicKey(certificates.server.cert).export({ format: 'jwk' }).x) return certificates;
  }
  const certificates = createSimulatorCertificates();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const write = (file: string, text: string, secret: boolean) => fs.writeFileSync(path.join(dir, file), text, { mode: secret ? 0o600 : 0o644 });
  write('ca.pem', certificates.ca.cert, false);
  write('ca-key.pem', certificates.ca.key, true);
  write('server.pem', certificates.server.cert, false);
  write('server-key.pem', certificates.server.key, true);
  write('client.pem', certificates.client.cert, false);
  write('client-key.pem', certificates.client.key, true);
  return certificates;
}
