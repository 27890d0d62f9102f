/** Text for an HTML page or e-mail: `& < > " '` as character references. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
