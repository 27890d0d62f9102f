import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, parseMail } from './mime.ts';

describe('reading mail for the outbox', () => {
  it('decodes encoded words in headers', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?Logga_in_p=C3=A5_Mina_sidor?=')).toBe('Logga in på Mina sidor');
    expect(decodeEncodedWords('=?UTF-8?B?w4Rsdm9y?= =?UTF-8?Q?_och_=C3=A4ngar?=')).toBe('Älvor och ängar');
    expect(decodeEncodedWords('plain')).toBe('plain');
  });

  it('reads a multipart/alternative message with quoted-printable and base64 parts', () => {
    const raw = [
      'From: Solvik <no-reply@solvik.example>',
      'To: anna@example.com',
      'Subject: =?UTF-8?Q?Din_inloggningsl=C3=A4nk?=',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Klicka p=C3=A5 l=C3=A4nken: http://solvik.localhost/login?ref=3Dabc',
      'som g=',
      '=C3=A4ller 15 minuter.',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Klicka på länken</p>').toString('base64'),
      '--b1--',
      '',
    ].join('\r\n');
    expect(parseMail(raw)).toEqual({
      from: 'Solvik <no-reply@solvik.example>',
      to: 'anna@example.com',
      subject: 'Din inloggningslänk',
      text: 'Klicka på länken: http://solvik.localhost/login?ref=abc\nsom gäller 15 minuter.',
      html: '<p>Klicka på länken</p>',
    });
  });

  it('reads a single 8-bit part in its charset', () => {
    const raw = Buffer.concat([Buffer.from('Subject: x\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n'), Buffer.from('Grüße')]).toString('latin1');
    expect(parseMail(raw).text).toBe('Grüße');
  });
});
